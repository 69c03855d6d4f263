// check_sites: the catalog and the oracle's guarded changes describe the same mutants, checked
// through the marker comments.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "temp_tree.hpp"
#include "tinyllm/catalog.hpp"

namespace tinyllm::catalog {
namespace {
using testing::all;
using testing::entry;
using testing::TempTree;

using testing::step_file;

// Returns the problems check_sites finds for s07 and s08 (titles "one", "two") in a tree whose
// step.cpp holds `source`.
std::vector<std::string> problems_of(const std::string& source) {
  TempTree tree;
  tree.write(step_file, source);
  return check_sites({entry("s07", "one", step_file), entry("s08", "two", step_file)}, tree.root());
}

const std::string consistent =
    "void f() {\n"
    "  // s07: one\n"
    "  if (tinyllm::detail::is_mutant(7)) w = 1;\n"
    "  // s08: two\n"
    "  if (!tinyllm::detail::is_mutant(8))\n"
    "    w = 2;\n"
    "}\n";

// Catches: a check that reports problems in a consistent tree (it would be switched off).
TEST(CheckSites, consistent_catalog_and_sources_have_no_problem) {
  EXPECT_EQ(all(problems_of(consistent)), "");
}

// Catches: a guard moved away from its marker, where the reports would show the wrong lines.
TEST(CheckSites, guard_outside_its_site_is_a_problem) {
  const auto problems =
      problems_of(consistent + "void g() { if (tinyllm::detail::is_mutant(7)) h(); }\n");
  EXPECT_NE(all(problems).find(step_file + ":8: is_mutant(7) lies outside s07's site " + step_file +
                               ":2-3"),
            std::string::npos)
      << all(problems);
}

// Catches: a marker left behind after its guard was deleted: the variant would equal the
// reference and every suite would fail to kill it.
TEST(CheckSites, site_without_its_guard_is_a_problem) {
  const auto problems = problems_of(
      "void f() {\n  // s07: one\n  w = 1;\n  // s08: two\n  if (is_mutant(8)) w = "
      "2;\n}\n");
  EXPECT_NE(all(problems).find("s07: its site " + step_file + ":2-3 holds no is_mutant(7)"),
            std::string::npos)
      << all(problems);
}

// Catches: a guarded change that no catalog entry describes (built into no variant's report).
TEST(CheckSites, guard_without_a_catalog_entry_is_a_problem) {
  const auto problems = problems_of(consistent + "// s09: three\nif (is_mutant(9)) w = 3;\n");
  EXPECT_NE(all(problems).find(step_file + ":9: is_mutant(9) has no catalog entry"),
            std::string::npos)
      << all(problems);
}

// Catches: a check that stops at the first site it cannot locate instead of listing them all.
TEST(CheckSites, every_unlocatable_site_is_listed) {
  const auto problems = problems_of("void f() {}\n");
  ASSERT_EQ(problems.size(), 2u) << all(problems);
  EXPECT_NE(problems[0].find("no marker comment \"// s07: one\""), std::string::npos);
  EXPECT_NE(problems[1].find("no marker comment \"// s08: two\""), std::string::npos);
}

}  // namespace
}  // namespace tinyllm::catalog
