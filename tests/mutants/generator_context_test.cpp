// Where the generator must not mutate: strings, comments, #includes, template argument lists,
// headers, macros, code outside function bodies, and the pitfall guards of the oracle.
#include <gtest/gtest.h>

#include "generator_fixture.hpp"

namespace tinyllm::generator::testing {
namespace {

using catalog::testing::TempTree;
using Changes = std::vector<std::string>;

// Catches: matching operators as text, which would mutate `+` and `<` in a string or comment.
TEST(GeneratorContext, NothingInStringsOrComments) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "const char* f() {\n"
                                     "  // a + b < c, 1\n"
                                     "  /* x && y */\n"
                                     "  return \"a + b < c && 2\";\n"
                                     "}\n");
  EXPECT_TRUE(mutants.empty()) << mutants.size() << " mutants, first " << mutants[0].readable;
}

// Catches: the `<` and `>` of an #include or of std::vector<int> taken for relational operators,
// or a comparison inside a template argument list mutated (it is not run, and may not compile).
TEST(GeneratorContext, NothingInIncludesOrTemplateArguments) {
  TempTree tree;
  const auto mutants =
      generate_from(tree,
                    "#include <array>\n"
                    "#include <vector>\n"
                    "template <bool B> int pick() { return B ? 7 : 9; }\n"
                    "int f(int a, int b) {\n"
                    "  std::vector<int> v;\n"
                    "  std::array<int, (2 < 3) ? 4 : 5> values{};\n"
                    "  return pick<(1 < 2)>() + static_cast<int>(values.size()) +\n"
                    "         (a < b);\n"
                    "}\n");
  for (const auto& m : mutants) {
    EXPECT_GE(m.start.line, 3) << m.readable;
    if (m.start.line >= 4) {
      EXPECT_TRUE(m.start.line == 7 || m.start.line == 8) << m.readable;
    }
  }
  // Only the run-time comparison a < b, on line 8.
  const auto relational = with_operator(mutants, "cxx_lt_to_le");
  ASSERT_EQ(relational.size(), 1u);
  EXPECT_EQ(relational[0].start.line, 8);
  EXPECT_EQ(relational[0].start.column, 13);  // "         (a < b);"
}

// Catches: mutants generated in an included header (the project's headers are not the module),
// in a macro (its body or its arguments: the text is not the code), or outside function bodies
// (globals, default arguments, initializer lists).
TEST(GeneratorContext, OnlyFunctionBodiesOfTheGivenFile) {
  TempTree tree;
  const auto mutants =
      generate_from(tree,
                    "#include \"helper.hpp\"\n"
                    "#define ADD(a, b) ((a) + (b))\n"
                    "int global = 1 + 2;\n"
                    "struct S { int v; S(int x) : v(x * 3) {} };\n"
                    "int f(int x, int y = 4 - 1) { int s = ADD(x, y); return s * helper(x); }\n",
                    "inline int helper(int a) { return a - 5; }\n");
  EXPECT_EQ(changes(mutants), (Changes{"s * helper(x)->{}", "*->/"}));
  for (const auto& m : mutants) EXPECT_EQ(m.file, "src/fixture.cpp");
}

// Catches: mutating the oracle's pitfall guards (`if (is_mutant(N))`) or the code that
// only a pitfall variant runs, instead of the reference's code beside it.
TEST(GeneratorContext, PitfallGuardsAndTheirVariantOnlyBranchesAreLeftAlone) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "constexpr bool is_mutant(int id) { return id == 0; }\n"
                                     "int f(int x) {\n"
                                     "  if (is_mutant(3)) x = x * 7;\n"
                                     "  if (!is_mutant(4)) x += 1;\n"
                                     "  return x;\n"
                                     "}\n");
  Changes in_f;
  for (const auto& m : mutants)
    if (m.function == "f(int)") in_f.push_back(m.original + "->" + m.replacement);
  EXPECT_EQ(in_f, (Changes{"+=->-=", "1->0", "1->2", "x->{}"}));
}

// Catches: mutating a wheat's guards (`if (is_wheat(N))`) or the code that only wheat N
// runs: a mutant there would change nothing the reference runs, and could never be detected.
TEST(GeneratorContext, WheatGuardsAndTheirWheatOnlyBranchesAreLeftAlone) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "constexpr bool is_wheat(int id) { return id == 0; }\n"
                                     "int f(int x) {\n"
                                     "  if (is_wheat(3)) x = x * 7;\n"
                                     "  if (!is_wheat(4)) x += 1;\n"
                                     "  return x;\n"
                                     "}\n");
  Changes in_f;
  for (const auto& m : mutants)
    if (m.function == "f(int)") in_f.push_back(m.original + "->" + m.replacement);
  EXPECT_EQ(in_f, (Changes{"+=->-=", "1->0", "1->2", "x->{}"}));
}

// Catches: a file that does not compile silently giving no or wrong mutants.
TEST(GeneratorContext, ParseErrorsCarryTheDiagnostics) {
  TempTree tree;
  try {
    generate_from(tree, "int f() { return undeclared_name + 1; }\n");
    FAIL() << "expected a GeneratorError";
  } catch (const GeneratorError& e) {
    EXPECT_NE(std::string(e.what()).find("does not compile"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("undeclared_name"), std::string::npos) << e.what();
  }
}

// Catches: a missing file reported as "no mutants" instead of an error naming it.
TEST(GeneratorContext, MissingFileIsAnError) {
  TempTree tree;
  GeneratorOptions options;
  options.root = tree.root();
  options.files = {"src/absent.cpp"};
  try {
    generate_mutants(options);
    FAIL() << "expected a GeneratorError";
  } catch (const GeneratorError& e) {
    EXPECT_NE(std::string(e.what()).find("no such file"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("absent.cpp"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tinyllm::generator::testing
