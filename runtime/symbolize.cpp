// See symbolize.h. The only C++ of the runtime: LLVM reads ELF and DWARF only through its C++
// API. Kept to reading; everything else (unwinding, the run protocol) is C.
#include "symbolize.h"

#include <llvm/BinaryFormat/ELF.h>
#include <llvm/DebugInfo/DIContext.h>
#include <llvm/DebugInfo/DWARF/DWARFContext.h>
#include <llvm/DebugInfo/DWARF/DWARFDataExtractor.h>
#include <llvm/DebugInfo/DWARF/DWARFDebugFrame.h>
#include <llvm/Object/ELFObjectFile.h>
#include <llvm/Object/ObjectFile.h>
#include <llvm/Support/Error.h>
#include <llvm/TargetParser/Triple.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <unistd.h>
#include <vector>

// The GDB JIT interface (gdb/jit.h; LLVM's JITLoaderGDB.cpp defines the descriptor, and the
// JIT's debug plugin appends one in-memory ELF object per compiled module to its list).
struct jit_code_entry {
  jit_code_entry *next_entry;
  jit_code_entry *prev_entry;
  const char *symfile_addr;
  uint64_t symfile_size;
};
struct jit_descriptor {
  uint32_t version;
  uint32_t action_flag;
  jit_code_entry *relevant_entry;
  jit_code_entry *first_entry;
};
extern "C" jit_descriptor __jit_debug_descriptor;

using namespace llvm;

namespace {

// One JIT object: the ELF copy the debug plugin registered, with the load address of every
// section the JIT allocated patched into its section header.
struct JitObject {
  std::unique_ptr<object::ObjectFile> obj;
  std::unique_ptr<DWARFContext> dwarf;
};

// A piece of program code: [start, end) is section `section` of object `object`.
struct CodeRange {
  uint64_t start, end;
  uint32_t object;
  uint64_t section;
};

struct FunctionSymbol {
  uint64_t start, end;
  const char *name;
};

std::vector<JitObject> objects;
std::vector<CodeRange> code;     // sorted by start, disjoint
std::vector<FunctionSymbol> functions; // sorted by start
std::vector<dpu_sym_fde> fdes;   // sorted by start
std::set<std::string> strings;   // interned names (node-based: c_str() stays valid)
std::string cwd;

const char *intern(const std::string &s) { return strings.insert(s).first->c_str(); }

// A path as the reports show it: relative to the working directory when below it.
const char *intern_path(const std::string &path) {
  if (!cwd.empty() && path.size() > cwd.size() + 1 && path.compare(0, cwd.size(), cwd) == 0 &&
      path[cwd.size()] == '/')
    return intern(path.substr(cwd.size() + 1));
  return intern(path);
}

// The records of the in-memory .eh_frame at addr, up to its zero terminator (the JIT's linker
// appends one) or max bytes. The JIT has applied its relocations there, unlike in the object.
size_t eh_frame_length(const char *addr, uint64_t max) {
  uint64_t off = 0;
  while (off + 4 <= max) {
    uint32_t len;
    memcpy(&len, addr + off, 4);
    if (len == 0) break;
    if (len == 0xffffffffu) return 0; // 64-bit DWARF: not emitted for x86-64 code
    if (off + 4 + len > max) break;
    off += 4 + len;
  }
  return off;
}

void read_fdes(uint64_t addr, uint64_t max) {
  const char *p = reinterpret_cast<const char *>(addr);
  size_t len = eh_frame_length(p, max);
  if (len == 0) return;
  DWARFDataExtractor data(StringRef(p, len), /*IsLittleEndian=*/true, /*AddressSize=*/8);
  DWARFDebugFrame frame(Triple::x86_64, /*IsEH=*/true, /*EHFrameAddress=*/addr);
  if (Error e = frame.parse(data)) {
    consumeError(std::move(e));
    return;
  }
  for (const dwarf::FrameEntry &entry : frame.entries())
    if (const auto *fde = dyn_cast<dwarf::FDE>(&entry))
      fdes.push_back({fde->getInitialLocation(), fde->getInitialLocation() + fde->getAddressRange(),
                      addr + fde->getOffset()});
}

void read_object(const char *addr, uint64_t size) {
  auto obj = object::ObjectFile::createObjectFile(MemoryBufferRef(StringRef(addr, size), "jit"));
  if (!obj) {
    consumeError(obj.takeError());
    return;
  }
  const auto *elf = dyn_cast<object::ELFObjectFileBase>(obj->get());
  if (!elf) return; // the JIT emits ELF on Linux
  uint32_t index = static_cast<uint32_t>(objects.size());
  for (const object::SectionRef &sec : (*obj)->sections()) {
    uint64_t start = sec.getAddress(), len = sec.getSize();
    if (start == 0 || len == 0) continue; // not allocated by the JIT
    if (sec.isText()) code.push_back({start, start + len, index, sec.getIndex()});
    Expected<StringRef> name = sec.getName();
    if (!name) {
      consumeError(name.takeError());
      continue;
    }
    if (*name == ".eh_frame") read_fdes(start, len);
  }
  for (const object::ELFSymbolRef sym : elf->symbols()) {
    Expected<object::SymbolRef::Type> type = sym.getType();
    Expected<uint64_t> start = sym.getAddress();
    Expected<StringRef> name = sym.getName();
    if (type && start && name && *type == object::SymbolRef::ST_Function && *start)
      functions.push_back({*start, *start + sym.getSize(), intern(name->str())});
    if (!type) consumeError(type.takeError());
    if (!start) consumeError(start.takeError());
    if (!name) consumeError(name.takeError());
  }
  auto ignore = [](Error e) { consumeError(std::move(e)); };
  std::unique_ptr<DWARFContext> dwarf = DWARFContext::create(
      **obj, DWARFContext::ProcessDebugRelocations::Process, nullptr, "", ignore, ignore);
  objects.push_back({std::move(*obj), std::move(dwarf)});
}

const CodeRange *code_range(uint64_t pc) {
  auto it = std::upper_bound(code.begin(), code.end(), pc,
                             [](uint64_t a, const CodeRange &r) { return a < r.start; });
  if (it == code.begin()) return nullptr;
  --it;
  return pc < it->end ? &*it : nullptr;
}

const FunctionSymbol *function_at(uint64_t pc) {
  auto it = std::upper_bound(functions.begin(), functions.end(), pc,
                             [](uint64_t a, const FunctionSymbol &f) { return a < f.start; });
  if (it == functions.begin()) return nullptr;
  --it;
  return pc < it->end || it->end == it->start ? &*it : nullptr;
}

} // namespace

extern "C" int dpu_sym_load(void) {
  char buf[4096];
  if (getcwd(buf, sizeof buf)) cwd = buf;
  int n = 0;
  for (jit_code_entry *e = __jit_debug_descriptor.first_entry; e; e = e->next_entry, n++)
    read_object(e->symfile_addr, e->symfile_size);
  std::sort(code.begin(), code.end(),
            [](const CodeRange &a, const CodeRange &b) { return a.start < b.start; });
  std::sort(functions.begin(), functions.end(),
            [](const FunctionSymbol &a, const FunctionSymbol &b) { return a.start < b.start; });
  std::sort(fdes.begin(), fdes.end(),
            [](const dpu_sym_fde &a, const dpu_sym_fde &b) { return a.start < b.start; });
  return n;
}

extern "C" bool dpu_sym_is_program(uint64_t pc) { return code_range(pc) != nullptr; }

extern "C" unsigned dpu_sym_lookup(uint64_t pc, struct dpu_sym_frame *out, unsigned max) {
  const CodeRange *r = code_range(pc);
  if (!r || max == 0) return 0;
  unsigned n = 0;
  if (DWARFContext *dwarf = objects[r->object].dwarf.get()) {
    DILineInfoSpecifier spec(DILineInfoSpecifier::FileLineInfoKind::AbsoluteFilePath,
                             DILineInfoSpecifier::FunctionNameKind::ShortName);
    DIInliningInfo info = dwarf->getInliningInfoForAddress({pc, r->section}, spec);
    for (uint32_t i = 0; i < info.getNumberOfFrames() && n < max; i++) {
      const DILineInfo &f = info.getFrame(i);
      bool has_fn = f.FunctionName != DILineInfo::BadString;
      bool has_file = f.FileName != DILineInfo::BadString && f.Line != 0;
      out[n++] = {has_fn ? intern(f.FunctionName) : nullptr,
                  has_file ? intern_path(f.FileName) : nullptr, has_file ? f.Line : 0,
                  has_file ? f.Column : 0};
    }
  }
  if (n == 0) { // no debug info: the symbol table still names the function
    const FunctionSymbol *f = function_at(pc);
    out[n++] = {f ? f->name : nullptr, nullptr, 0, 0};
  } else if (!out[n - 1].function) {
    if (const FunctionSymbol *f = function_at(pc)) out[n - 1].function = f->name;
  }
  return n;
}

extern "C" const struct dpu_sym_fde *dpu_sym_fdes(size_t *n) {
  *n = fdes.size();
  return fdes.data();
}
