// Hostile suite: a test that allocates (and touches) memory without end. The memory limit must
// stop it (std::bad_alloc or a crash), and the grade must be INVALID for it.
#include <gtest/gtest.h>

#include <cstring>
#include <tinyllm/tinyllm.hpp>
#include <vector>

TEST(Hostile, allocates_forever) {
  std::vector<char*> blocks;
  for (;;) {
    char* block = new char[16 << 20];
    std::memset(block, 1, 16 << 20);
    blocks.push_back(block);
  }
}
