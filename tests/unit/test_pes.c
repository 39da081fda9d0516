/* Unit tests of the event structure (explorer/pes.h, explorer/tree.h): on random event
 * structures of thousands of events, every causality and conflict query answered through the
 * trees, skip pointers and Def. 7 maps (Theorem 6) is compared with the naive definitions over
 * explicit local configurations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../explorer/pes.h"

#define MAXN 2048
#define WORDS (MAXN / 64)

/* The naive model: each event's local configuration as a bitset. */
struct naive {
  uint64_t cfg[WORDS];
  uint32_t tid, obj;
  struct dpu_event *e;
};
static struct naive ev[MAXN];
static uint32_t n;

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(uint32_t m) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng % m);
}

static int in(const uint64_t *s, uint32_t i) { return (s[i / 64] >> (i % 64)) & 1; }

/* a # b by definition: some pair of events of one tree (same thread or same object), one in
 * ⌈a⌉ only and one in ⌈b⌉ only, neither in the other's local configuration. */
static int naive_conflict(uint32_t a, uint32_t b) {
  for (uint32_t x = 0; x < n; x++) {
    if (!in(ev[a].cfg, x) || in(ev[b].cfg, x)) continue;
    for (uint32_t y = 0; y < n; y++) {
      if (!in(ev[b].cfg, y) || in(ev[a].cfg, y)) continue;
      int same_tree = ev[x].tid == ev[y].tid ||
                      (ev[x].obj != DPU_NO_OBJECT && ev[x].obj == ev[y].obj);
      if (same_tree && !in(ev[y].cfg, x) && !in(ev[x].cfg, y)) return 1;
    }
  }
  return 0;
}

/* The action of the next event of thread t after event pt (-1: its first event): like a
 * program's thread, whose next step is determined by its own history, every child of pt in the
 * thread tree does the same action; children differ by their other causes only. Returns an
 * object index, or DPU_NO_OBJECT. */
static uint32_t next_object(uint32_t t, int32_t pt, uint32_t objects) {
  uint64_t h = (uint64_t)(pt + 1) * 0x9e3779b97f4a7c15ull + t * 0xbf58476d1ce4e5b9ull;
  h ^= h >> 31;
  uint32_t k = (uint32_t)(h % (objects + 2));
  return k < objects ? k : DPU_NO_OBJECT;
}

/* Builds a random PES of `count` events over `threads` threads and `objects` objects, shaped
 * like a program's unfolding: an event is a thread's next action after a history, no two
 * events have the same causes, and events without an object have no cause outside their
 * thread (so every branching comes from a conflict on an object, as in Sec. 5.1). */
static void build(struct dpu_pes *p, uint32_t count, uint32_t threads, uint32_t objects,
                  uint32_t step) {
  assert_int_equal(dpu_pes_init(p, step), 0);
  n = 0;
  static int32_t causes_of[MAXN][3];
  uint32_t tries = 0;
  while (n < count && tries++ < count * 400) {
    uint32_t t = rnd(threads);
    /* Candidate causes: mostly recent events, so that trees grow deep. */
    int32_t pt = -1, pm = -1, px = -1;
    for (int k = 0; k < 8 && n && pt < 0; k++) {
      uint32_t c = n - 1 - rnd(n < 64 ? n : 64);
      if (ev[c].tid == t) pt = (int32_t)c;
    }
    if (rnd(20) == 0) pt = -1;
    uint32_t o = next_object(t, pt, objects);
    if (o != DPU_NO_OBJECT) {
      for (int k = 0; k < 8 && n && pm < 0; k++) {
        uint32_t c = n - 1 - rnd(n < 64 ? n : 64);
        if (ev[c].obj == o) pm = (int32_t)c;
      }
      if (n && rnd(4) == 0) px = (int32_t)rnd(n);
    }
    int32_t causes[3] = {pt, pm, px};
    int ok = 1;
    for (uint32_t x = 0; x < n && ok; x++)
      if (ev[x].tid == t && causes_of[x][0] == pt && causes_of[x][1] == pm && causes_of[x][2] == px)
        ok = 0; /* the same event again */
    uint64_t u[WORDS] = {0};
    for (int i = 0; i < 3; i++)
      if (causes[i] >= 0)
        for (int w = 0; w < WORDS; w++) u[w] |= ev[causes[i]].cfg[w];
    /* The union must be a configuration ... */
    for (int i = 0; i < 3 && ok; i++)
      for (int j = i + 1; j < 3 && ok; j++)
        if (causes[i] >= 0 && causes[j] >= 0 &&
            naive_conflict((uint32_t)causes[i], (uint32_t)causes[j]))
          ok = 0;
    /* ... whose latest event of thread t is pt and on object o is pm. */
    for (uint32_t x = 0; x < n && ok; x++) {
      if (!in(u, x)) continue;
      if (ev[x].tid == t && (pt < 0 || !in(ev[pt].cfg, x))) ok = 0;
      if (o != DPU_NO_OBJECT && ev[x].obj == o && (pm < 0 || !in(ev[pm].cfg, x))) ok = 0;
    }
    if (!ok) continue;
    struct dpu_event *e =
        dpu_pes_add(p, (uint16_t)t, 0, 0, o, pt >= 0 ? ev[pt].e : NULL,
                    pm >= 0 ? ev[pm].e : NULL, px >= 0 ? ev[px].e : NULL, NULL, 0);
    assert_non_null(e);
    assert_int_equal(e->id, n);
    memcpy(ev[n].cfg, u, sizeof u);
    ev[n].cfg[n / 64] |= 1ull << (n % 64);
    ev[n].tid = t;
    ev[n].obj = o;
    ev[n].e = e;
    memcpy(causes_of[n], causes, sizeof causes);
    n++;
  }
  assert_int_equal(n, count);
}

static void check_queries(struct dpu_pes *p, uint32_t queries) {
  uint32_t conflicts = 0, causal = 0;
  for (uint32_t q = 0; q < queries; q++) {
    uint32_t a = rnd(n), b = rnd(n);
    if (q & 1) { /* half the pairs: a from b's local configuration, to exercise causality */
      uint32_t pick = rnd(n);
      while (!in(ev[b].cfg, pick)) pick = (pick + 1) % n;
      a = pick;
    }
    int leq = in(ev[b].cfg, a);
    assert_int_equal(dpu_pes_leq(p, ev[a].e, ev[b].e), leq);
    int cf = naive_conflict(a, b);
    assert_int_equal(dpu_pes_conflict(p, ev[a].e, ev[b].e), cf);
    assert_int_equal(dpu_pes_conflict(p, ev[b].e, ev[a].e), cf);
    conflicts += (uint32_t)cf;
    causal += (uint32_t)(leq && a != b);
  }
  /* The random structure must exercise both relations, or the test proves little. */
  assert_true(conflicts > queries / 20);
  assert_true(causal > queries / 20);
}

static void theorem6_matches_naive_step4(void **state) {
  (void)state;
  struct dpu_pes p;
  build(&p, 2000, 5, 4, 4);
  check_queries(&p, 4000);
  dpu_pes_destroy(&p);
}

static void theorem6_matches_naive_step2_many_objects(void **state) {
  (void)state;
  struct dpu_pes p;
  build(&p, 1500, 8, 12, 2);
  check_queries(&p, 3000);
  dpu_pes_destroy(&p);
}

/* Skip pointers: q(n, g) agrees with walking parents, on a long chain. */
static void skip_pointers_find_ancestors(void **state) {
  (void)state;
  enum { LEN = 5000 };
  for (uint32_t step = 2; step <= 5; step++) {
    static struct dpu_node nodes[LEN];
    static struct dpu_node *skips[LEN][16];
    for (uint32_t i = 0; i < LEN; i++) {
      assert_true(dpu_node_nskip(i, step) <= 16);
      dpu_node_init(&nodes[i], i ? &nodes[i - 1] : NULL, skips[i], step);
      assert_int_equal(nodes[i].depth, i);
    }
    uint64_t followed = 0;
    for (uint32_t k = 0; k < 2000; k++) {
      uint32_t a = rnd(LEN), g = rnd(a + 1);
      assert_ptr_equal(dpu_node_ancestor_at(&nodes[a], g, step, &followed), &nodes[g]);
    }
    /* Logarithmic: far fewer pointers than the average distance (~LEN/3) per query. */
    assert_true(followed < 2000ull * 64);
    assert_true(dpu_node_is_ancestor(&nodes[10], &nodes[4000], step, NULL));
    assert_false(dpu_node_is_ancestor(&nodes[4000], &nodes[10], step, NULL));
  }
  assert_int_equal(dpu_node_nskip(16, 2), 4);
  assert_int_equal(dpu_node_nskip(12, 2), 2);
  assert_int_equal(dpu_node_nskip(32, 4), 2);
  assert_int_equal(dpu_node_nskip(0, 4), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(skip_pointers_find_ancestors),
      cmocka_unit_test(theorem6_matches_naive_step4),
      cmocka_unit_test(theorem6_matches_naive_step2_many_objects),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
