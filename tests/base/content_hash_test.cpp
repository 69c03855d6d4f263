// The content hash: bit-identical to the scheme the builder's cache and the grader's stored
// batches were made with, length-framed, and independent of where and in which order files were
// written.
#include "tinyllm/base/content_hash.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <string>

#include "temp_folder.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::base {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

// The expected values below were computed by the former copies before they were deleted, on the
// same inputs: mutants/builder/src/content_hash.cpp (tinyllm::builder::ContentHasher) and
// runner/src/content_hash.cpp (tinyllm::runner::ContentHasher, ContentHasher::of and
// content_hash(folder)) at commit b77860c; both gave the same value for every piece list.
constexpr const char* kNothing = "cbf29ce484222325";   // no piece (the FNV-1a 64 offset basis)
constexpr const char* kEmpty = "07fc0e07b4bd112f";     // ""
constexpr const char* kAbc = "2d9cb40a4a379d78";       // "abc"
constexpr const char* kAbThenC = "3258ba264f69a13e";   // "ab", "c"
constexpr const char* kAThenBc = "55669b0488b5662e";   // "a", "bc"
constexpr const char* kTwenty = "07e589655d8c51ce";    // "0123456789abcdefghij"
constexpr const char* kThousand = "45f3950391d3ae49";  // 1000 bytes 'a' + i % 26
constexpr const char* kBinary = "b048fe542c5976fc";    // "\0\xff\x80z"
// runner's add_file("a/b", <file holding "2">), i.e. add("a/b").add_file(<that file>).
constexpr const char* kNamedFile = "85280b471a3a6489";
// runner's content_hash of the tree that write_tree() makes.
constexpr const char* kTree = "052b61efa59623fd";

std::string thousand_bytes() {
  std::string bytes;
  for (int i = 0; i < 1000; ++i) bytes += static_cast<char>('a' + i % 26);
  return bytes;
}

// Writes the tree of kTree: "a-c" sorts before "a/b" as a string but after it as a path.
void write_tree(const fs::path& root, bool reversed = false) {
  const std::pair<const char*, const char*> files[] = {
      {"z/y/x.txt", "three\n"}, {"a-c", "1"}, {"a/b", "2"}, {"e", ""}};
  for (std::size_t k = 0; k < 4; ++k) {
    const auto& [name, text] = files[reversed ? 3 - k : k];
    write_whole_file(root / name, text);
  }
}

// Catches: any change to the scheme (byte-wise instead of word-wise mixing, the length and the
// bytes mixed as one run, another length format, upper-case or unpadded hex), which would
// silently invalidate every stored cache and batch fingerprint.
TEST(BaseContentHash, EqualsTheFormerSchemeOnKnownInputs) {
  EXPECT_EQ(ContentHasher().hex(), kNothing);
  EXPECT_EQ(ContentHasher().add("").hex(), kEmpty);
  EXPECT_EQ(ContentHasher().add("abc").hex(), kAbc);
  EXPECT_EQ(ContentHasher().add("0123456789abcdefghij").hex(), kTwenty);
  EXPECT_EQ(ContentHasher().add(thousand_bytes()).hex(), kThousand);
  EXPECT_EQ(ContentHasher().add(std::string("\0\xff\x80z", 4)).hex(), kBinary);
  EXPECT_EQ(ContentHasher::of({}), kNothing);
  EXPECT_EQ(ContentHasher::of({"ab", "c"}), kAbThenC);
}

// Catches: pieces concatenated without their length ("ab"+"c" and "a"+"bc" would collide, e.g. a
// flag and a file name swapping a character).
TEST(BaseContentHash, LengthFramingSeparatesPieces) {
  EXPECT_EQ(ContentHasher().add("ab").add("c").hex(), kAbThenC);
  EXPECT_EQ(ContentHasher().add("a").add("bc").hex(), kAThenBc);
  EXPECT_NE(ContentHasher().add("abc").hex(), ContentHasher().add("ab").add("c").hex());
}

// Catches: add_file hashing something other than the file's bytes as one piece (its path, or the
// bytes unframed), which would break runner's add_file(name, path) == add(name).add_file(path).
TEST(BaseContentHash, AddFileHashesTheBytesAsOnePiece) {
  const TempFolder folder;
  write_whole_file(folder.path() / "f", "2");
  EXPECT_EQ(ContentHasher().add("a/b").add_file(folder.path() / "f").hex(), kNamedFile);
  EXPECT_EQ(ContentHasher().add_file(folder.path() / "f").hex(), ContentHasher::of({"2"}));
}

// Catches: an unreadable file hashed as empty (a cache hit on a missing input).
TEST(BaseContentHash, AddFileOfAMissingFileThrowsNamingIt) {
  const TempFolder folder;
  const fs::path missing = folder.path() / "missing.o";
  try {
    ContentHasher().add_file(missing);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(missing.string()), std::string::npos) << e.what();
  }
}

// Catches: folder_hash differing from runner's content_hash(folder): files sorted as strings
// instead of paths, native instead of generic names, or folders and empty files skipped.
TEST(BaseContentHash, FolderHashEqualsTheFormerRunnerHash) {
  const TempFolder folder;
  write_tree(folder.path());
  EXPECT_EQ(folder_hash(folder.path()), kTree);
}

// Catches: a folder hash that depends on the order files were created in (directory order) or on
// where the folder is, and one that misses a renamed file or a changed byte.
TEST(BaseContentHash, FolderHashIsIndependentOfCreationOrder) {
  const TempFolder first, second;
  write_tree(first.path());
  write_tree(second.path(), /*reversed=*/true);
  EXPECT_EQ(folder_hash(first.path()), folder_hash(second.path()));
  write_whole_file(second.path() / "a/b", "3");
  EXPECT_NE(folder_hash(first.path()), folder_hash(second.path()));
  write_whole_file(second.path() / "a/b", "2");
  fs::rename(second.path() / "e", second.path() / "f");
  EXPECT_NE(folder_hash(first.path()), folder_hash(second.path()));
}

}  // namespace
}  // namespace tinyllm::base
