// Hostile suite: the attack of issue 11. One real test (the section 3 bf16 matmul: it kills s01)
// and a test that hashes the libtinyllm_oracle.so it has mapped (found through /proc/self/maps)
// and compares the hash with the reference's, learnt from an earlier grade. Every mutant's library
// differs from the reference's, so without wheats that test fails on all 24 mutants: PASS, 24/24.
// The binary wheats (the reference built differently) fail it too: it is invalid and earns nothing.
// The end-to-end test writes the reference's hash over REFERENCE_LIBRARY_HASH in a copy of this
// suite (FNV-1a 64 of the file's bytes, in hex).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <tinyllm/tinyllm.hpp>

namespace {

// Returns the path of the mapped libtinyllm_oracle.so ("" when none is mapped).
std::string mapped_oracle() {
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);) {
    const auto slash = line.find('/');
    if (slash != std::string::npos && line.find("libtinyllm_oracle.so") != std::string::npos)
      return line.substr(slash);
  }
  return "";
}

std::string fnv1a_hex(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::uint64_t hash = 1469598103934665603ULL;
  for (std::istreambuf_iterator<char> it(in), end; it != end; ++it) {
    hash ^= static_cast<unsigned char>(*it);
    hash *= 1099511628211ULL;
  }
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

}  // namespace

TEST(Fingerprint, bf16_matmul_rounds_its_output) {
  auto a = tinyllm::Tensor::from({1, 1}, {1, 2});
  auto b = tinyllm::Tensor::from({1, std::ldexp(1.0, -8)}, {2, 1});
  tinyllm::train::Autocast bf16("bf16");
  EXPECT_EQ(tinyllm::matmul(a, b).item(), 1.0);
}

TEST(Fingerprint, the_library_is_the_reference) {
  const std::string path = mapped_oracle();
  ASSERT_FALSE(path.empty()) << "no libtinyllm_oracle.so in /proc/self/maps";
  const std::string hash = fnv1a_hex(path);
  // Printed and in the failure message: what a learner would harvest from a report.
  std::printf("library hash %s\n", hash.c_str());
  EXPECT_EQ(hash, "REFERENCE_LIBRARY_HASH") << "the mapped library's hash is " << hash;
}
