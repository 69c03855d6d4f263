// Hostile suite: a test that tries to write outside its scratch folder: beside its own source
// (its path is compiled in), in the host's /tmp and /var/tmp, over its oracle library, and into
// the folder of its executable. It ignores every failure and passes, so the grade is FAIL; the
// end-to-end test then checks that none of those files exists.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <tinyllm/tinyllm.hpp>

namespace {
void try_write(const std::string& path) {
  if (std::FILE* f = std::fopen(path.c_str(), "w")) {
    std::fputs("escaped\n", f);
    std::fclose(f);
  }
}
}  // namespace

TEST(Hostile, writes_outside_its_folder) {
  const auto here = std::filesystem::path(__FILE__).parent_path();
  try_write((here / "escaped-beside-source.txt").string());
  try_write("/tmp/tinyllm-hostile-escaped.txt");
  try_write("/var/tmp/tinyllm-hostile-escaped.txt");
  std::error_code ec;
  const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) try_write((exe.parent_path() / "escaped-beside-executable.txt").string());
  if (const char* lib = std::getenv("LD_LIBRARY_PATH"))
    try_write(std::string(lib) + "/libtinyllm_oracle.so");
  EXPECT_EQ(tinyllm::Tensor::scalar(1.0).item(), 1.0);
}
