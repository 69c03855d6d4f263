// FNV-1a 64 (Fowler, Noll, Vo) over 64-bit words, with length framing.
#include "tinyllm/builder/content_hash.hpp"

#include <cstdio>
#include <cstring>

#include "tinyllm/builder/files.hpp"

namespace tinyllm::builder {

void ContentHasher::mix(std::string_view bytes) {
  constexpr std::uint64_t kPrime = 1099511628211ULL;  // FNV-1a 64 prime
  // Eight bytes a step: a run hashes every reference object (about 15 MB) to decide relinks.
  // Each step is a bijection of the state, so one changed word changes the hash; the shift folds
  // the high bits back so the next word mixes with them.
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    hash_ = (hash_ ^ word) * kPrime;
    hash_ ^= hash_ >> 32;
  }
  for (; i < bytes.size(); ++i) hash_ = (hash_ ^ static_cast<unsigned char>(bytes[i])) * kPrime;
}

ContentHasher& ContentHasher::add(std::string_view bytes) {
  const std::string length = std::to_string(bytes.size()) + ":";
  mix(length);
  mix(bytes);
  return *this;
}

ContentHasher& ContentHasher::add_file(const std::filesystem::path& path) {
  return add(read_file(path));
}

std::string ContentHasher::hex() const {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash_));
  return text;
}

}  // namespace tinyllm::builder
