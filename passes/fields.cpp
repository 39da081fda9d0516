// See fields.h. Reads LLVM's debug-info types of the globals (DIGlobalVariable, DIType) into
// the site table's plain arrays; naming an offset with them is report/fields.c's job.
#include "fields.h"

#include <cstdlib>
#include <cstring>

#include <llvm/ADT/DenseMap.h>
#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/GlobalVariable.h>

namespace {

constexpr uint32_t kNone = UINT32_MAX;

// Whether type ty is declared in a system header: its members are the C library's.
bool system_type(const llvm::DIType *ty) {
  const llvm::DIFile *f = ty->getFile();
  if (!f) return false;
  llvm::StringRef dir = f->getDirectory(), name = f->getFilename();
  return name.starts_with("/usr/") || (!name.starts_with("/") && dir.starts_with("/usr/"));
}

// The size of ty in bytes: a typedef or a qualifier has none of its own (DWARF gives it to
// the type it names).
uint64_t size_of(const llvm::DIType *ty) {
  for (unsigned depth = 0; ty && depth < 64; depth++) {
    if (ty->getSizeInBits()) return ty->getSizeInBits() / 8;
    auto *d = llvm::dyn_cast<llvm::DIDerivedType>(ty);
    if (!d) break;
    ty = d->getBaseType();
  }
  return 0;
}

template <typename T> T *grow(T *v, size_t n) {
  // Doubling: n is a count the caller just reached.
  if (n & (n - 1)) return v;
  void *p = realloc(v, 2 * (n ? n : 1) * sizeof(T));
  if (!p) abort();
  return static_cast<T *>(p);
}

struct builder {
  dpu_site_table *t;
  llvm::DenseMap<const llvm::DIType *, uint32_t> seen;

  uint32_t add_type(uint64_t size, uint32_t kind, uint32_t first, uint32_t n) {
    t->types = grow(t->types, t->ntypes);
    t->types[t->ntypes] = dpu_field_type{size, kind, first, n};
    return static_cast<uint32_t>(t->ntypes++);
  }

  // The type's index, added with what it is made of. Typedefs and qualifiers are looked
  // through unless the typedef is a system header's (pthread_mutex_t is a leaf).
  uint32_t type_of(const llvm::DIType *ty) {
    if (!ty) return kNone;
    auto it = seen.find(ty);
    if (it != seen.end()) return it->second;
    uint32_t r = build(ty);
    seen[ty] = r;
    return r;
  }

  uint32_t build(const llvm::DIType *ty) {
    uint64_t size = size_of(ty);
    if (system_type(ty)) return add_type(size, DPU_FT_LEAF, 0, 0);
    if (auto *d = llvm::dyn_cast<llvm::DIDerivedType>(ty)) {
      switch (d->getTag()) {
      case llvm::dwarf::DW_TAG_typedef:
      case llvm::dwarf::DW_TAG_const_type:
      case llvm::dwarf::DW_TAG_volatile_type:
      case llvm::dwarf::DW_TAG_atomic_type:
      case llvm::dwarf::DW_TAG_restrict_type:
        return type_of(d->getBaseType());
      default:
        return add_type(size, DPU_FT_LEAF, 0, 0); // a pointer
      }
    }
    auto *c = llvm::dyn_cast<llvm::DICompositeType>(ty);
    if (!c) return add_type(size, DPU_FT_LEAF, 0, 0);
    if (c->getTag() == llvm::dwarf::DW_TAG_array_type) return array(c, 0);
    if (c->getTag() != llvm::dwarf::DW_TAG_structure_type &&
        c->getTag() != llvm::dwarf::DW_TAG_union_type)
      return add_type(size, DPU_FT_LEAF, 0, 0); // an enum
    // Members first (their types may add members of their own), then their entries.
    llvm::SmallVector<std::pair<const llvm::DIDerivedType *, uint32_t>, 8> ms;
    for (const llvm::DINode *e : c->getElements())
      if (auto *m = llvm::dyn_cast<llvm::DIDerivedType>(e))
        // A bit-field shares its bytes with its neighbours: no byte names it.
        if (m->getTag() == llvm::dwarf::DW_TAG_member && !m->isStaticMember() &&
            !m->isBitField())
          ms.push_back({m, type_of(m->getBaseType())});
    uint32_t first = static_cast<uint32_t>(t->nmembers);
    for (auto &[m, mt] : ms) {
      t->members = grow(t->members, t->nmembers);
      llvm::StringRef nm = m->getName(); // an anonymous member's data() may be NULL
      char *name = static_cast<char *>(malloc(nm.size() + 1));
      if (!name) abort();
      if (!nm.empty()) memcpy(name, nm.data(), nm.size());
      name[nm.size()] = 0;
      t->members[t->nmembers++] = dpu_field_member{name, m->getOffsetInBits() / 8, mt};
    }
    return add_type(size, DPU_FT_STRUCT, first, static_cast<uint32_t>(ms.size()));
  }

  // An array type from its dimension dim on (int a[2][3]: an array of 2 arrays of 3).
  uint32_t array(const llvm::DICompositeType *c, unsigned dim) {
    llvm::DINodeArray subs = c->getElements();
    if (dim >= subs.size()) return type_of(c->getBaseType());
    uint64_t count = 0;
    if (auto *sr = llvm::dyn_cast<llvm::DISubrange>(subs[dim]))
      if (auto *ci = llvm::dyn_cast_if_present<llvm::ConstantInt *>(sr->getCount()))
        count = ci->getSExtValue() > 0 ? ci->getZExtValue() : 0;
    uint32_t elem = array(c, dim + 1);
    uint64_t esize = elem == kNone ? 0 : t->types[elem].size;
    return add_type(esize * count, DPU_FT_ARRAY, elem, static_cast<uint32_t>(count));
  }
};

} // namespace

extern "C" void dpu_fields_of_globals(dpu_site_table *t, LLVMValueRef *g, size_t n) {
  t->global_type = static_cast<uint32_t *>(malloc((n ? n : 1) * sizeof *t->global_type));
  if (!t->global_type) abort();
  builder b{t, llvm::DenseMap<const llvm::DIType *, uint32_t>()};
  for (size_t i = 0; i < n; i++) {
    t->global_type[i] = kNone;
    auto *gv = llvm::dyn_cast<llvm::GlobalVariable>(llvm::unwrap(g[i]));
    if (!gv) continue;
    llvm::SmallVector<llvm::DIGlobalVariableExpression *, 1> dis;
    gv->getDebugInfo(dis);
    if (!dis.empty() && dis[0]->getVariable())
      t->global_type[i] = b.type_of(dis[0]->getVariable()->getType());
  }
}
