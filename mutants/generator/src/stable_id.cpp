// The stable id of a generated mutant. FNV-1a (then SplitMix64's finalizer) is written out here
// rather than std::hash, whose value may differ between standard libraries and releases: ids are
// stored in reviewed files.
#include "stable_id.hpp"

#include <cstdint>
#include <cstdio>

namespace tinyllm::generator {

std::string readable_key(const MutantKey& key) {
  return key.file + "|" + key.function + "|" + key.operator_name + "|" + key.original + "|#" +
         std::to_string(key.occurrence);
}

std::string stable_id(const MutantKey& key) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a 64-bit offset basis
  for (const unsigned char byte : readable_key(key)) {
    hash ^= byte;
    hash *= 1099511628211ull;  // FNV-1a 64-bit prime
  }
  // SplitMix64's finalizer: FNV-1a barely mixes the last bytes, and keys differing only in the
  // occurrence digit would give ids that look alike.
  hash = (hash ^ (hash >> 30)) * 0xbf58476d1ce4e5b9ull;
  hash = (hash ^ (hash >> 27)) * 0x94d049bb133111ebull;
  hash ^= hash >> 31;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
  return "g" + std::string(hex, 10);
}

}  // namespace tinyllm::generator
