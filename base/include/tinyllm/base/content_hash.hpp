// Content hashes: equal bytes give equal hashes wherever the files are, so a cached object, a
// linked library or a stored grade is reused exactly when what it was made from is unchanged.
#pragma once
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>

namespace tinyllm::base {

// FNV-1a 64 (Fowler, Noll, Vo), eight bytes a step, over pieces of bytes. Each piece is framed by
// its length ("<size>:" then the bytes), so "ab"+"c" and "a"+"bc" hash differently. Stored caches
// and batch fingerprints hold these hashes: the scheme must never change (tests/base pins it).
// Not cryptographic: it detects change, it does not resist an adversary.
class ContentHasher {
 public:
  // Returns *this after adding `bytes` as one length-framed piece.
  ContentHasher& add(std::string_view bytes);
  // Returns *this after adding the bytes of the file at `path` as one piece (throws
  // std::runtime_error naming an unreadable file).
  ContentHasher& add_file(const std::filesystem::path& path);
  // Returns the hash so far as 16 lowercase hex digits.
  std::string hex() const;
  // Returns the hex hash of `pieces`, each added in order.
  static std::string of(std::initializer_list<std::string_view> pieces);

 private:
  void mix(std::string_view bytes);
  std::uint64_t hash_ = 14695981039346656037ULL;  // FNV-1a 64 offset basis
};

// Returns the hash of a folder's regular files: for each, in the order of their relative paths
// (compared as paths, component by component), its relative generic path then its bytes.
std::string folder_hash(const std::filesystem::path& folder);

}  // namespace tinyllm::base
