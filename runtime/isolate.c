/* Run isolation for files: one overlay per written-to directory, its upper layer a detached
 * tmpfs replaced whenever a run left something in it; see isolate.h. */
#include "isolate.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#define ISO_MAX 3
#define ISO_MAX_STACK 256            /* overlays a runner mounts before it retires */
#define ISO_MAX_BYTES (64ull << 20)  /* bytes its tmpfs may hold before it retires */

static struct overlay {
  char path[PATH_MAX]; /* the directory overlaid: absolute, canonical */
  int lower;           /* runner: O_PATH descriptor of the real directory underneath */
  int upper;           /* runner: the current upper layer's root (its number stays fixed) */
  int root;            /* runner: O_PATH descriptor of the current overlay's root (idem) */
  off_t empty_size;    /* st_size of that root while empty: tmpfs counts a directory's entries
                        * in its size, so any creation, copy-up or whiteout changes it */
} ovl[ISO_MAX];
static int novl;
static bool in_userns; /* mounted from a user namespace: overlayfs keeps its own metadata in
                        * user.* extended attributes (option userxattr) */
static char cwd[PATH_MAX];
static int cwd_in = -1;         /* the overlay that holds the working directory, or -1 */
static char cwd_rel[PATH_MAX];  /* the working directory relative to it ("." for itself) */
static int tmpfs_fd = -1;       /* runner: its tmpfs (a detached mount) */
static unsigned stacked;        /* runner: overlays it mounted (their layers: u<k>, w<k>) */
static char dirs_text[ISO_MAX * (PATH_MAX + 2)];

static int mount_all(char *why, size_t n);

static int fail(char *why, size_t n, const char *what, const char *path) {
  snprintf(why, n, "%s%s%s: %s", what, path ? " " : "", path ? path : "", strerror(errno));
  return -1;
}

static int write_file(const char *path, const char *text) {
  int fd = open(path, O_WRONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  ssize_t len = (ssize_t)strlen(text);
  int ok = write(fd, text, (size_t)len) == len;
  close(fd);
  return ok ? 0 : -1;
}

/* A new tmpfs, detached: its descriptor in tmpfs_fd. */
static int new_tmpfs(char *why, size_t n) {
  int fs = fsopen("tmpfs", FSOPEN_CLOEXEC);
  if (fs < 0) return fail(why, n, "fsopen tmpfs", NULL);
  if (fsconfig(fs, FSCONFIG_CMD_CREATE, NULL, NULL, 0) != 0 ||
      (tmpfs_fd = fsmount(fs, FSMOUNT_CLOEXEC, 0)) < 0) {
    fail(why, n, "tmpfs", NULL);
    close(fs);
    return -1;
  }
  close(fs);
  return 0;
}

/* Moves the descriptor *fd to number *slot (if *slot is open; else *slot takes it), and
 * consumes *fd (-1 after). */
static int keep_number(int *slot, int *fd) {
  if (*slot >= 0 && *fd != *slot) {
    if (dup3(*fd, *slot, O_CLOEXEC) < 0) return -1;
    close(*fd);
  } else {
    *slot = *fd;
  }
  *fd = -1;
  return 0;
}

/* Mounts a fresh overlay over o->path, on top of whatever is mounted there, with layers
 * u<k> and w<k> of the tmpfs, and enters it if it holds the working directory. o->upper keeps
 * its descriptor number across calls (numbers above the runtime's are the program's, closed
 * between runs: sched.c). */
static int mount_overlay(struct overlay *o, char *why, size_t n) {
  struct stat ls;
  if (fstat(o->lower, &ls) != 0) return fail(why, n, "stat", o->path);
  char u[32], w[32];
  unsigned k = stacked++;
  snprintf(u, sizeof u, "u%u", k);
  snprintf(w, sizeof w, "w%u", k);
  int up = -1, wd = -1, ov = -1, m = -1, err = -1;
  const char *step = "upper layer for";
  if (mkdirat(tmpfs_fd, u, 0700) != 0 || mkdirat(tmpfs_fd, w, 0700) != 0) goto out;
  /* The overlay's root takes the upper root's owner and mode: those of the real directory
   * (/tmp's sticky bit matters). Ownership may not be settable in a user namespace. */
  if (fchmodat(tmpfs_fd, u, ls.st_mode & 07777, 0) != 0) goto out;
  (void)fchownat(tmpfs_fd, u, ls.st_uid, ls.st_gid, 0);
  if ((up = openat(tmpfs_fd, u, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 ||
      (wd = openat(tmpfs_fd, w, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
    goto out;
  step = "overlay on";
  if ((ov = fsopen("overlay", FSOPEN_CLOEXEC)) < 0) goto out;
  if (in_userns && fsconfig(ov, FSCONFIG_SET_FLAG, "userxattr", NULL, 0) != 0) goto out;
  if (fsconfig(ov, FSCONFIG_SET_FD, "lowerdir+", NULL, o->lower) != 0 ||
      fsconfig(ov, FSCONFIG_SET_FD, "upperdir", NULL, up) != 0 ||
      fsconfig(ov, FSCONFIG_SET_FD, "workdir", NULL, wd) != 0 ||
      fsconfig(ov, FSCONFIG_CMD_CREATE, NULL, NULL, 0) != 0 ||
      (m = fsmount(ov, FSMOUNT_CLOEXEC, 0)) < 0 ||
      move_mount(m, "", AT_FDCWD, o->path, MOVE_MOUNT_F_EMPTY_PATH) != 0)
    goto out;
  step = "entering";
  /* m is the mount's root (O_PATH), kept as o->root below. */
  if (cwd_in >= 0 && o == &ovl[cwd_in]) {
    /* From the new mount itself: no path walk through the stack of mounts. */
    int d = openat(m, cwd_rel, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (d < 0 || fchdir(d) != 0) {
      if (d >= 0) close(d);
      goto out;
    }
    close(d);
  }
  struct stat us;
  if (fstat(up, &us) != 0) goto out;
  o->empty_size = us.st_size;
  if (keep_number(&o->upper, &up) != 0 || keep_number(&o->root, &m) != 0) goto out;
  err = 0;
out:
  if (err) fail(why, n, step, o->path);
  int fds[] = {up, wd, ov, m};
  for (size_t i = 0; i < sizeof fds / sizeof *fds; i++)
    if (fds[i] >= 0) close(fds[i]);
  return err;
}

/* Undoes the \ooo escapes of /proc/self/mountinfo in place. */
static void unescape(char *s) {
  char *d = s;
  for (; *s; s++) {
    if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
        s[3] >= '0' && s[3] <= '7') {
      *d++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
      s += 3;
    } else {
      *d++ = *s;
    }
  }
  *d = 0;
}

/* True when dir is path or an ancestor of it. */
static bool under(const char *path, const char *dir) {
  size_t k = strlen(dir);
  if (k == 1) return true; /* "/" */
  return strncmp(path, dir, k) == 0 && (path[k] == 0 || path[k] == '/');
}

/* True when a file system is mounted strictly below dir: an overlay would hide it (overlayfs
 * layers one mount's directory, not the mounts inside it). */
static bool has_submounts(const char *dir) {
  FILE *f = fopen("/proc/self/mountinfo", "re");
  if (!f) return true;
  char line[2 * PATH_MAX + 256];
  bool found = false;
  while (!found && fgets(line, sizeof line, f)) {
    /* id parent major:minor root mount-point ... */
    char *save = NULL, *tok = strtok_r(line, " ", &save);
    for (int i = 0; tok && i < 4; i++) tok = strtok_r(NULL, " ", &save);
    if (!tok) continue;
    unescape(tok);
    found = strcmp(tok, dir) != 0 && under(tok, dir);
  }
  fclose(f);
  return found;
}

int dpu_iso_setup(char *why, size_t n) {
  if (!getcwd(cwd, sizeof cwd)) return fail(why, n, "getcwd", NULL);
  uid_t uid = getuid();
  gid_t gid = getgid();
  if (unshare(CLONE_NEWNS) != 0) {
    /* Without CAP_SYS_ADMIN, a user namespace gives it (over its own mounts only), with the
     * same user and group ids inside as outside. */
    if (errno != EPERM || unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0)
      return fail(why, n, "unshare", NULL);
    in_userns = true;
    char map[64];
    snprintf(map, sizeof map, "%u %u 1", (unsigned)uid, (unsigned)uid);
    if (write_file("/proc/self/setgroups", "deny") != 0 ||
        write_file("/proc/self/uid_map", map) != 0)
      return fail(why, n, "writing", "/proc/self/uid_map");
    snprintf(map, sizeof map, "%u %u 1", (unsigned)gid, (unsigned)gid);
    if (write_file("/proc/self/gid_map", map) != 0)
      return fail(why, n, "writing", "/proc/self/gid_map");
  }
  /* Nothing mounted here may reach the rest of the system. */
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
    return fail(why, n, "making the mounts private", NULL);

  /* The directories to overlay: each one once, none under another, none with mounts below. */
  const char *want[ISO_MAX] = {cwd, "/tmp", "/dev/shm"};
  char real[ISO_MAX][PATH_MAX];
  int nreal = 0;
  for (int i = 0; i < ISO_MAX; i++) {
    struct stat st;
    if (!realpath(want[i], real[nreal]) || stat(real[nreal], &st) != 0 || !S_ISDIR(st.st_mode))
      continue;
    if (strcmp(real[nreal], "/") == 0 || has_submounts(real[nreal])) continue;
    nreal++;
  }
  /* Outer directories first: an overlay over a directory inside another one (the working
   * directory under /tmp) is mounted on top of the outer overlay, and mounted again whenever
   * the outer one is. */
  for (int i = 0; i < nreal; i++)
    for (int j = i + 1; j < nreal; j++)
      if (strlen(real[j]) < strlen(real[i])) {
        char t[PATH_MAX];
        memcpy(t, real[i], sizeof t);
        memcpy(real[i], real[j], sizeof t);
        memcpy(real[j], t, sizeof t);
      }
  for (int i = 0; i < nreal; i++) {
    bool twice = false;
    for (int j = 0; j < i && !twice; j++) twice = strcmp(real[i], real[j]) == 0;
    if (twice) continue;
    struct overlay *o = &ovl[novl];
    memcpy(o->path, real[i], sizeof o->path);
    o->lower = o->upper = o->root = -1;
    if (under(cwd, o->path)) { /* the innermost one that holds it: the last */
      cwd_in = novl;
      size_t k = strlen(o->path);
      snprintf(cwd_rel, sizeof cwd_rel, "%s", cwd[k] ? cwd + k + 1 : ".");
    }
    novl++;
  }
  /* A trial of what each runner will do, here (not in a child: `dpu --gdb` follows the
   * zygote's children): whether the kernel mounts these overlays at all, so that a refusal is
   * said once. Undone at once: the zygote's namespace stays without overlays. */
  int r = mount_all(why, n);
  for (int i = novl; i-- > 0;) {
    if (ovl[i].root >= 0) umount2(ovl[i].path, MNT_DETACH);
    int *fds[] = {&ovl[i].lower, &ovl[i].upper, &ovl[i].root};
    for (size_t k = 0; k < 3; k++)
      if (*fds[k] >= 0) close(*fds[k]), *fds[k] = -1;
  }
  if (tmpfs_fd >= 0) close(tmpfs_fd);
  tmpfs_fd = -1;
  stacked = 0;
  if (chdir(cwd) != 0 && r == 0) r = fail(why, n, "chdir", cwd);
  if (r != 0) {
    novl = 0;
    return -1;
  }
  size_t len = 0;
  for (int i = 0; i < novl; i++)
    len += (size_t)snprintf(dirs_text + len, sizeof dirs_text - len, "%s%s", i ? ", " : "",
                            ovl[i].path);
  return 0;
}

int dpu_iso_runner_start(char *why, size_t n) {
  if (novl == 0) return 0;
  if (unshare(CLONE_NEWNS) != 0) return fail(why, n, "unshare", NULL);
  return mount_all(why, n);
}

/* The tmpfs, the real directories and an overlay over each. */
static int mount_all(char *why, size_t n) {
  if (new_tmpfs(why, n) != 0) return -1;
  for (int i = 0; i < novl; i++) {
    /* Opened inside the runner's namespace: overlayfs clones a private mount of each layer,
     * which must belong to the caller's namespace. */
    if ((ovl[i].lower = open(ovl[i].path, O_PATH | O_DIRECTORY | O_CLOEXEC)) < 0)
      return fail(why, n, "open", ovl[i].path);
  }
  for (int i = 0; i < novl; i++)
    if (mount_overlay(&ovl[i], why, n) != 0) return -1;
  return 0;
}

/* Empties the upper layer of o through the overlay itself when all the run left there is files
 * of its own in the top directory (a log, a temporary file): unlinking such a file, which has
 * no counterpart in the lower layer, removes it from the upper layer and leaves no whiteout.
 * Returns whether o is clean now. Anything else (a changed or deleted file of the real
 * directory, a new directory) is left to a fresh overlay. */
static bool clean_in_place(struct overlay *o) {
  int fd = openat(o->upper, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  DIR *dir = fd >= 0 ? fdopendir(fd) : NULL;
  if (!dir) {
    if (fd >= 0) close(fd);
    return false;
  }
  bool ok = true;
  struct stat st;
  for (struct dirent *e; ok && (e = readdir(dir));) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    ok = (e->d_type == DT_REG || e->d_type == DT_LNK) &&
         fstatat(o->lower, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT &&
         unlinkat(o->root, e->d_name, 0) == 0;
  }
  closedir(dir);
  return ok && fstat(o->upper, &st) == 0 && st.st_size == o->empty_size;
}

int dpu_iso_after_run(char *why, size_t n) {
  bool fresh[ISO_MAX] = {false}; /* mounted afresh: those inside them must be too */
  for (int i = 0; i < novl; i++) {
    struct overlay *o = &ovl[i];
    struct stat st;
    if (fstat(o->upper, &st) != 0) return fail(why, n, "stat of the upper layer of", o->path);
    for (int j = 0; j < i; j++) fresh[i] |= fresh[j] && under(o->path, ovl[j].path);
    if (!fresh[i] && st.st_size != o->empty_size && !clean_in_place(o)) fresh[i] = true;
    if (fresh[i] && mount_overlay(o, why, n) != 0) return -1;
  }
  if (novl == 0 || stacked < (unsigned)novl * 2) return 0; /* nothing stacked yet */
  struct statfs fs;
  if (stacked >= ISO_MAX_STACK ||
      (fstatfs(tmpfs_fd, &fs) == 0 &&
       (unsigned long long)(fs.f_blocks - fs.f_bfree) * (unsigned long long)fs.f_bsize >
           ISO_MAX_BYTES))
    return 1;
  return 0;
}

bool dpu_iso_covers(const char *path) {
  if (novl == 0) return false;
  char abs[2 * PATH_MAX];
  size_t len = 0;
  if (path[0] != '/') len = (size_t)snprintf(abs, sizeof abs, "%s", cwd);
  /* Append path's components, resolving "." and ".." lexically. */
  for (const char *p = path; *p;) {
    while (*p == '/') p++;
    const char *e = strchr(p, '/');
    size_t k = e ? (size_t)(e - p) : strlen(p);
    if (k == 0) break;
    if (k == 2 && p[0] == '.' && p[1] == '.') {
      while (len > 0 && abs[len - 1] != '/') len--;
      if (len > 0) len--;
    } else if (!(k == 1 && p[0] == '.')) {
      if (len + 1 + k >= sizeof abs) return true;
      abs[len++] = '/';
      memcpy(abs + len, p, k);
      len += k;
    }
    p += k;
  }
  abs[len] = 0;
  if (len == 0) return false; /* "/" itself */
  for (int i = 0; i < novl; i++)
    if (under(abs, ovl[i].path)) return true;
  return false;
}

void dpu_iso_off(void) {
  novl = 0;
  dirs_text[0] = 0;
}

const char *dpu_iso_dirs(void) { return dirs_text; }
