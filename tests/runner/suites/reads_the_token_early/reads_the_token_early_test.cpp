// Hostile suite: it reads the environment in a .preinit_array function, which the loader runs
// before any library's constructor, so before the schema library erases its key and token, and
// fails when they name a mutant. The grader refuses to grade a program with code that runs that
// early: the grade is INVALID and says why.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <tinyllm/tinyllm.hpp>

namespace {

std::string seen;

void look(int, char**, char** environment) {
  for (char** e = environment; *e != nullptr; ++e) seen += std::string(*e) + "\n";
}

__attribute__((section(".preinit_array"), used)) void (*const early)(int, char**, char**) = look;

}  // namespace

TEST(Token, the_run_is_the_reference) {
  EXPECT_EQ(seen.find("TINYLLM_MUTANT_TOKEN"), std::string::npos);
}
