// Finding code that runs before the libraries' constructors (early_code.hpp), from the ELF
// section headers, relocations and symbol tables.
#include "suite_build/early_code.hpp"

#include <elf.h>
#include <fmt/format.h>

#include <cstring>
#include <string>
#include <vector>

#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {
namespace {

// The IRELATIVE relocation type of the machines we build for.
bool is_irelative(std::uint16_t machine, std::uint32_t type) {
  return (machine == EM_X86_64 && type == R_X86_64_IRELATIVE) ||
         (machine == EM_AARCH64 && type == R_AARCH64_IRELATIVE);
}

template <class T>
bool read_at(const std::string& bytes, std::size_t offset, T& out) {
  if (offset > bytes.size() || bytes.size() - offset < sizeof(T)) return false;
  std::memcpy(&out, bytes.data() + offset, sizeof(T));
  return true;
}

}  // namespace

std::string early_code_problem(const std::filesystem::path& executable) {
  const std::string bytes = base::read_whole_file(executable);
  Elf64_Ehdr header;
  if (!read_at(bytes, 0, header) || std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0 ||
      header.e_ident[EI_CLASS] != ELFCLASS64)
    return "";
  std::vector<Elf64_Shdr> sections(header.e_shnum);
  for (std::size_t i = 0; i < sections.size(); ++i)
    if (!read_at(bytes, header.e_shoff + i * sizeof(Elf64_Shdr), sections[i])) return "";
  const Elf64_Shdr* names =
      header.e_shstrndx < sections.size() ? &sections[header.e_shstrndx] : nullptr;
  auto name_of = [&](const Elf64_Shdr& s) -> std::string {
    if (names == nullptr || names->sh_offset + s.sh_name >= bytes.size()) return "";
    return std::string(bytes.c_str() + names->sh_offset + s.sh_name);
  };
  const std::string hint =
      "The suite runs code before the oracle's library is set up ({}). A test suite has no use "
      "for it, and it could read what tells the runs apart, so it is not graded: remove it.";
  for (const Elf64_Shdr& s : sections) {
    if (name_of(s) == ".preinit_array" && s.sh_size > 0)
      return fmt::format(fmt::runtime(hint), "a function in .preinit_array");
    if (s.sh_type == SHT_RELA && s.sh_entsize == sizeof(Elf64_Rela)) {
      for (std::size_t k = 0; k < s.sh_size / sizeof(Elf64_Rela); ++k) {
        Elf64_Rela r;
        if (!read_at(bytes, s.sh_offset + k * sizeof r, r)) break;
        if (is_irelative(header.e_machine, static_cast<std::uint32_t>(ELF64_R_TYPE(r.r_info))))
          return fmt::format(fmt::runtime(hint), "an ifunc resolver");
      }
    }
    if ((s.sh_type == SHT_SYMTAB || s.sh_type == SHT_DYNSYM) && s.sh_entsize == sizeof(Elf64_Sym)) {
      for (std::size_t k = 0; k < s.sh_size / sizeof(Elf64_Sym); ++k) {
        Elf64_Sym sym;
        if (!read_at(bytes, s.sh_offset + k * sizeof sym, sym)) break;
        if (ELF64_ST_TYPE(sym.st_info) == STT_GNU_IFUNC && sym.st_shndx != SHN_UNDEF)
          return fmt::format(fmt::runtime(hint), "an ifunc resolver");
      }
    }
  }
  return "";
}

}  // namespace tinyllm::runner
