// Content hashes that key the build cache: equal inputs give equal keys, so a cached object or
// library is reused exactly when what it was made from is unchanged.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace tinyllm::builder {

// FNV-1a 64 over 64-bit words, each piece framed by its length ("ab"+"c" and "a"+"bc" differ).
// Not cryptographic: it detects change, it does not resist an adversary. (runner/ has the same
// scheme for the class batch; the builder cannot depend on runner/, which depends on mutants/.)
class ContentHasher {
 public:
  // Adds one piece of bytes.
  ContentHasher& add(std::string_view bytes);
  // Adds the bytes of the file at `path` (throws BuildError naming an unreadable file).
  ContentHasher& add_file(const std::filesystem::path& path);
  // Returns the hash so far as 16 hex digits.
  std::string hex() const;

 private:
  void mix(std::string_view bytes);
  std::uint64_t hash_ = 14695981039346656037ULL;  // FNV-1a 64 offset basis
};

}  // namespace tinyllm::builder
