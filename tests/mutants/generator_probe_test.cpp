// Each generated mutant's probe point: where the probe build records that the mutated code ran.
// It must be a place where a statement may be inserted (directly in a block, or after a label's
// colon) and it must run whenever the mutated code runs, or reach would call a killable mutant
// NoCoverage.
#include <gtest/gtest.h>

#include "generator_fixture.hpp"
#include "tinyllm/generator/mutant_json.hpp"

namespace tinyllm::generator::testing {
namespace {

using catalog::testing::TempTree;

// Returns "line:column" of the mutant's probe point, or "none".
std::string probe_of(const GeneratedMutant& m) {
  return m.probe ? std::to_string(m.probe->line) + ":" + std::to_string(m.probe->column) : "none";
}

// Returns the one mutant with this operator and original text.
GeneratedMutant only(const std::vector<GeneratedMutant>& mutants, const std::string& operator_name,
                     const std::string& original) {
  std::vector<GeneratedMutant> found;
  for (const GeneratedMutant& m : with_operator(mutants, operator_name))
    if (m.original == original) found.push_back(m);
  EXPECT_EQ(found.size(), 1u) << operator_name << " " << original;
  return found.empty() ? GeneratedMutant{} : found[0];
}

// Catches: a probe inserted before an unbraced if/else body (`if (c) probe(); return a + 1;`
// would change what the if controls), or one that fires only on one branch.
TEST(GeneratorProbe, UnbracedIfElseBodiesProbeTheIf) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "int f(int a) {\n"
                                     "  int b = a;\n"
                                     "  if (a > 0) return a + 1;\n"
                                     "  else return b - 2;\n"
                                     "}\n");
  EXPECT_EQ(probe_of(only(mutants, "cxx_add_to_sub", "+")), "3:3");
  EXPECT_EQ(probe_of(only(mutants, "cxx_sub_to_add", "-")), "3:3");
  EXPECT_EQ(probe_of(only(mutants, "cxx_gt_to_ge", ">")), "3:3");
}

// Catches: a probe put inside a for header (not a statement position), or one in a braced body
// taken from the loop (a loop that runs zero times must leave its body unreached).
TEST(GeneratorProbe, ForHeaderProbesTheLoopAndABracedBodyProbesItsStatement) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "int f(int n) {\n"
                                     "  int s = 0;\n"
                                     "  for (int i = 0; i < n; ++i) {\n"
                                     "    s = s * 3;\n"
                                     "  }\n"
                                     "  return s;\n"
                                     "}\n");
  EXPECT_EQ(probe_of(only(mutants, "cxx_lt_to_le", "<")), "3:3");
  EXPECT_EQ(probe_of(only(mutants, "cxx_mul_to_div", "*")), "4:5");
}

// Catches: a probe before a case label (skipped when the switch jumps to the label) instead of
// after its colon.
TEST(GeneratorProbe, CaseLabelsProbeTheStatementAfterTheColon) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "int f(int a) {\n"
                                     "  switch (a) {\n"
                                     "    case 1: return a * 2;\n"
                                     "    case 2: case 3: return a - 5;\n"
                                     "    default: return a + 3;\n"
                                     "  }\n"
                                     "}\n");
  EXPECT_EQ(probe_of(only(mutants, "cxx_mul_to_div", "*")), "3:13");
  EXPECT_EQ(probe_of(only(mutants, "cxx_sub_to_add", "-")), "4:21");
  EXPECT_EQ(probe_of(only(mutants, "cxx_add_to_sub", "+")), "5:14");
}

// Catches: a lambda body's mutant probed where the lambda is made (it may run later, or never)
// rather than inside its body.
TEST(GeneratorProbe, LambdaBodiesProbeTheirOwnStatements) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "int f(int b) {\n"
                                     "  auto g = [&](int x) { return x + b; };\n"
                                     "  return g(1) * 2;\n"
                                     "}\n");
  EXPECT_EQ(probe_of(only(mutants, "cxx_add_to_sub", "+")), "2:25");
  EXPECT_EQ(probe_of(only(mutants, "cxx_mul_to_div", "*")), "3:3");
}

// Catches: code outside every statement (a namespace-scope initializer) given a probe point,
// where no call can be inserted; such code must count as always reached.
TEST(GeneratorProbe, CodeOutsideAnyStatementHasNoProbePoint) {
  TempTree tree;
  const std::string code =
      "int g = 1 + 2;\n"
      "int f(int a) {\n"
      "  return a + g;\n"
      "}\n";
  tree.write("src/fixture.cpp", code);
  GeneratorOptions options;
  options.root = tree.root();
  options.include_dirs = {"src"};
  const auto points =
      probe_points(options, "src/fixture.cpp", {code.find("1 + 2"), code.find("a + g")});
  ASSERT_EQ(points.size(), 2u);
  EXPECT_FALSE(points[0].has_value());
  ASSERT_TRUE(points[1].has_value());
  EXPECT_EQ(points[1]->line, 3);
  EXPECT_EQ(points[1]->column, 3);
  EXPECT_EQ(points[1]->offset, code.find("return"));
}

// Catches: the probe point lost on the way through the generator's JSON (the builder's cache
// and the manifest carry it), or invented for a mutant that has none.
TEST(GeneratorProbe, ProbePointSurvivesTheJsonRoundTrip) {
  TempTree tree;
  auto mutants = generate_from(tree, "int f(int a) {\n  return a + 1;\n}\n");
  ASSERT_FALSE(mutants.empty());
  mutants.back().probe.reset();
  const auto back = mutants_from_json(mutants_to_json({"src/fixture.cpp"}, mutants));
  ASSERT_EQ(back.size(), mutants.size());
  ASSERT_TRUE(back.front().probe.has_value());
  EXPECT_EQ(back.front().probe->offset, mutants.front().probe->offset);
  EXPECT_EQ(back.front().probe->line, 2);
  EXPECT_FALSE(back.back().probe.has_value());
}

}  // namespace
}  // namespace tinyllm::generator::testing
