// Hostile suite: a test that looks for the run's mutant key and token (the schema library's
// switch) in its environment, in /proc/self/environ and as a static initializer saw them, and
// fails when the token is one of a mutant, computing tokens as the grader does for the numbers
// 1 to 5000. The library reads and erases both before the suite's code runs, so it finds nothing:
// the grade is FAIL with every mutant surviving. Its control runs it with the two variables set
// on a library that does not erase them.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <tinyllm/tinyllm.hpp>

namespace {

std::uint64_t mix(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Whether `text` holds KEY=... and TOKEN=... of a mutant's run.
bool names_a_mutant(const std::string& text) {
  auto value = [&](const std::string& name) -> std::uint64_t {
    const std::size_t at = text.find(name + "=");
    if (at == std::string::npos) return 0;
    return std::strtoull(text.c_str() + at + name.size() + 1, nullptr, 16);
  };
  const std::uint64_t key = value("TINYLLM_MUTANT_KEY"), token = value("TINYLLM_MUTANT_TOKEN");
  if (token == 0) return false;
  for (std::uint64_t n = 1; n <= 5000; ++n)
    if (mix(key ^ mix(n + 0x9e3779b97f4a7c15ULL)) == token) return true;
  return false;
}

std::string environment_now() {
  std::string text;
  for (const char* name : {"TINYLLM_MUTANT_KEY", "TINYLLM_MUTANT_TOKEN"})
    if (const char* v = std::getenv(name)) text += std::string(name) + "=" + v + "\n";
  return text;
}

std::string proc_environ() {
  std::ifstream in("/proc/self/environ", std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::string at_static_init = environment_now() + proc_environ();

}  // namespace

TEST(Token, the_run_is_not_a_mutants) {
  EXPECT_FALSE(names_a_mutant(at_static_init));
  EXPECT_FALSE(names_a_mutant(environment_now()));
  EXPECT_FALSE(names_a_mutant(proc_environ()));
}
