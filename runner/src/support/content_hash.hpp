// Content hashes for the class batch: equal bytes give equal hashes wherever the files are, so a
// stored grade is reused exactly when what it was made from is unchanged.
#pragma once
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>

namespace tinyllm::runner {

// FNV-1a 64, eight bytes a step, over pieces of bytes. Each piece is framed by its length, so
// "ab"+"c" and "a"+"bc" hash differently. Not cryptographic: it detects change, it does not resist
// an adversary.
class ContentHasher {
 public:
  // Adds one piece.
  void add(std::string_view bytes);
  // Adds a name and the bytes of the file at `path` (throws std::runtime_error naming an
  // unreadable file).
  void add_file(std::string_view name, const std::filesystem::path& path);
  // Returns the hash so far as 16 hex digits.
  std::string hex() const;
  // Returns the hash of `pieces`, each added in order.
  static std::string of(std::initializer_list<std::string_view> pieces);

 private:
  void mix(std::string_view bytes);
  std::uint64_t hash_ = 14695981039346656037ULL;  // FNV-1a 64 offset basis
};

// Returns the hash of a folder's regular files (relative paths and bytes, in path order).
std::string content_hash(const std::filesystem::path& folder);

}  // namespace tinyllm::runner
