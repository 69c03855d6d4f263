// Whole-file I/O: writes leave no temporary behind and survive parallel writers of one path;
// reads return every byte or an error naming the file.
#include "tinyllm/base/whole_file.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <thread>

#include "temp_folder.hpp"

namespace tinyllm::base {
namespace {

namespace fs = std::filesystem;
using testing::TempFolder;

// Returns the names of the files under `folder` that end in ".partial".
std::vector<std::string> partial_files(const fs::path& folder) {
  std::vector<std::string> found;
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    if (entry.path().extension() == ".partial") found.push_back(entry.path().string());
  return found;
}

// Catches: the temporary left beside the file after the rename, a missing folder not created, or
// the bytes changed on the way (text mode, a lost NUL).
TEST(BaseWholeFile, WriteCreatesTheFolderAndLeavesNoPartialFile) {
  const TempFolder folder;
  const fs::path path = folder.path() / "new/sub/file.bin";
  const std::string bytes("line\r\n\0\xff end", 12);
  write_whole_file(path, bytes);
  EXPECT_EQ(read_whole_file(path), bytes);
  write_whole_file(path, "shorter");
  EXPECT_EQ(read_whole_file(path), "shorter");
  EXPECT_TRUE(partial_files(folder.path()).empty());
}

// Catches: one temporary name shared by every writer of a path ("<path>.partial"): two parallel
// builder jobs writing the same file would truncate, interleave or rename each other's temporary
// (then one rename fails). Each write must succeed and the file hold one writer's bytes whole.
TEST(BaseWholeFile, TwoThreadsWritingOnePathBothSucceed) {
  const TempFolder folder;
  const fs::path path = folder.path() / "shared.txt";
  const std::string a(256 * 1024, 'a'), b(256 * 1024, 'b');
  std::string errors[2];
  auto writer = [&](int k) {
    try {
      for (int round = 0; round < 100; ++round) write_whole_file(path, k == 0 ? a : b);
    } catch (const std::exception& e) {
      errors[k] = e.what();
    }
  };
  std::thread first(writer, 0), second(writer, 1);
  first.join();
  second.join();
  EXPECT_EQ(errors[0], "");
  EXPECT_EQ(errors[1], "");
  const std::string final_bytes = read_whole_file(path);
  EXPECT_TRUE(final_bytes == a || final_bytes == b) << "mixed or short: " << final_bytes.size();
  EXPECT_TRUE(partial_files(folder.path()).empty());
}

// Catches: a missing file read as an empty string, or an error that does not say which file.
TEST(BaseWholeFile, ReadOfAMissingFileThrowsNamingIt) {
  const TempFolder folder;
  const fs::path missing = folder.path() / "no-such-file.json";
  try {
    read_whole_file(missing);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(missing.string()), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("check that it exists"), std::string::npos) << e.what();
  }
}

// Catches: a read that trusts the file's reported size (files of /proc report 0 and would read as
// empty; the builder hashes /proc/self/exe through a link).
TEST(BaseWholeFile, ReadsFilesWhoseSizeIsNotKnownToTheirEnd) {
  EXPECT_FALSE(read_whole_file("/proc/self/status").empty());
  EXPECT_EQ(read_whole_file("/proc/self/exe").size(), fs::file_size("/proc/self/exe"));
}

// Catches: a write that cannot create its folder (a file stands there) failing silently or with
// an error that names neither the folder nor the reason.
TEST(BaseWholeFile, WriteWhereAFileBlocksTheFolderThrowsNamingIt) {
  const TempFolder folder;
  write_whole_file(folder.path() / "blocker", "a file, not a folder");
  const fs::path path = folder.path() / "blocker" / "report.json";
  try {
    write_whole_file(path, "{}");
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find((folder.path() / "blocker").string()), std::string::npos)
        << e.what();
  }
  EXPECT_TRUE(partial_files(folder.path()).empty());
}

}  // namespace
}  // namespace tinyllm::base
