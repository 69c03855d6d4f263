// Stable ids: derived from file, function, operator, original text and occurrence, never from a
// line number, so an unrelated edit keeps them.
#include <gtest/gtest.h>

#include <map>
#include <regex>

#include "generator_fixture.hpp"

namespace tinyllm::generator::testing {
namespace {

using catalog::testing::TempTree;

const std::string kOther = "int other(int a) { return a - 1; }\n";
const std::string kTarget = "int target(int a, int b) {\n  return a + b;\n}\n";

std::map<std::string, std::string> ids_in(const std::vector<GeneratedMutant>& mutants,
                                          const std::string& function) {
  std::map<std::string, std::string> ids;  // readable key without the file -> id
  for (const auto& m : mutants)
    if (m.function == function) ids[m.readable] = m.id;
  return ids;
}

// Catches: an id built from the line number, which changes when a line is inserted above.
TEST(GeneratorIds, SurviveALineInsertedAbove) {
  TempTree tree;
  const auto before = generate_from(tree, kOther + kTarget);
  const auto after = generate_from(tree, "// a new comment\n\n" + kOther + kTarget);
  ASSERT_FALSE(ids_in(before, "target(int, int)").empty());
  EXPECT_EQ(ids_in(before, "target(int, int)"), ids_in(after, "target(int, int)"));
  EXPECT_EQ(before.back().start.line + 2, after.back().start.line);
}

// Catches: ids that depend on the mutants of other functions (a global counter, an index).
TEST(GeneratorIds, SurviveAnEditOfAnotherFunction) {
  TempTree tree;
  const auto before = generate_from(tree, kOther + kTarget);
  const auto after = generate_from(tree, "int other(int a) { return a * 3 - 1 + a; }\n" + kTarget);
  EXPECT_EQ(ids_in(before, "target(int, int)"), ids_in(after, "target(int, int)"));
  EXPECT_NE(ids_in(before, "other(int)"), ids_in(after, "other(int)"));
}

// Catches: two identical `a + b` in one function given the same id.
TEST(GeneratorIds, OccurrenceTellsIdenticalSitesApart) {
  TempTree tree;
  const auto mutants =
      generate_from(tree, "int f(int a, int b) { int c = a + b; return a + b; }\n");
  const auto swaps = with_operator(mutants, "cxx_add_to_sub");
  ASSERT_EQ(swaps.size(), 2u);
  EXPECT_EQ(swaps[0].occurrence, 0);
  EXPECT_EQ(swaps[1].occurrence, 1);
  EXPECT_NE(swaps[0].id, swaps[1].id);
  EXPECT_EQ(swaps[1].readable, "src/fixture.cpp|f(int, int)|cxx_add_to_sub|+|#1");
}

// Catches: overloads sharing one id space, and ids in another shape than g + 10 hex digits.
TEST(GeneratorIds, OverloadsAreDifferentFunctionsAndIdsHaveOneShape) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "namespace n { int f(int a) { return a + 1; }\n"
                                     "double f(double a) { return a + 1; } }\n");
  const auto swaps = with_operator(mutants, "cxx_add_to_sub");
  ASSERT_EQ(swaps.size(), 2u);
  EXPECT_EQ(swaps[0].function, "n::f(int)");
  EXPECT_EQ(swaps[1].function, "n::f(double)");
  EXPECT_NE(swaps[0].id, swaps[1].id);
  for (const auto& m : mutants) EXPECT_TRUE(std::regex_match(m.id, std::regex("g[0-9a-f]{10}")));
}

}  // namespace
}  // namespace tinyllm::generator::testing
