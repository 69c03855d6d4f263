// FNV-1a 64 (Fowler, Noll, Vo), with length framing.
#include "content_hash.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "tinyllm/reports/whole_file.hpp"

namespace tinyllm::runner {
namespace fs = std::filesystem;

void ContentHasher::mix(std::string_view bytes) {
  for (char c : bytes) {
    hash_ ^= static_cast<unsigned char>(c);
    hash_ *= 1099511628211ULL;  // FNV-1a 64 prime
  }
}

void ContentHasher::add(std::string_view bytes) {
  mix(fmt::format("{}:", bytes.size()));
  mix(bytes);
}

void ContentHasher::add_file(std::string_view name, const fs::path& path) {
  add(name);
  add(reports::read_whole_file(path));
}

std::string ContentHasher::hex() const {
  return fmt::format("{:016x}", hash_);
}

std::string content_hash(const fs::path& folder) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), folder));
  }
  std::sort(files.begin(), files.end());
  ContentHasher hasher;
  for (const fs::path& file : files) hasher.add_file(file.generic_string(), folder / file);
  return hasher.hex();
}

}  // namespace tinyllm::runner
