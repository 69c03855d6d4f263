// The generator's operators, one fixture each: what each mutates and into what.
#include <gtest/gtest.h>

#include "generator_fixture.hpp"
#include "sites.hpp"

namespace tinyllm::generator::testing {
namespace {

using catalog::testing::TempTree;
using Changes = std::vector<std::string>;

// Catches: an arithmetic swap missing, or applied to pointer arithmetic (p - q) where `p + q`
// does not compile.
TEST(GeneratorOperators, ArithmeticSwapsOnNumbersOnly) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "int f(int a, int b) { return a + b - a * b / a; }\n"
                                     "long g(int* p, int* q) { return p - q; }\n");
  EXPECT_EQ(changes(with_operator(mutants, "cxx_add_to_sub")), Changes{"+->-"});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_sub_to_add")), Changes{"-->+"});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_mul_to_div")), Changes{"*->/"});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_div_to_mul")), Changes{"/->*"});
}

// Catches: a relational operator given only a boundary or only a negation mutant.
TEST(GeneratorOperators, RelationalBoundaryAndNegation) {
  TempTree tree;
  const auto mutants = generate_from(
      tree,
      "bool f(int a, int b) { return a < b || a <= b || a > b || a >= b || a == b || a != b; }\n");
  EXPECT_EQ(changes(with_operator(mutants, "cxx_lt_to_le")), Changes{"<-><="});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_lt_to_ge")), Changes{"<->>="});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_le_to_lt")), Changes{"<=-><"});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_le_to_gt")), Changes{"<=->>"});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_gt_to_ge")), Changes{">->>="});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_gt_to_le")), Changes{">-><="});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_ge_to_gt")), Changes{">=->>"});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_ge_to_lt")), Changes{">=-><"});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_eq_to_ne")), Changes{"==->!="});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_ne_to_eq")), Changes{"!=->=="});
}

// Catches: `&&`/`||` not swapped, or a `!` left in place.
TEST(GeneratorOperators, LogicalSwapsAndNegationRemoval) {
  TempTree tree;
  const auto mutants = generate_from(tree, "bool f(bool a, bool b) { return (a && b) || !a; }\n");
  EXPECT_EQ(changes(with_operator(mutants, "cxx_logical_and_to_or")), Changes{"&&->||"});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_logical_or_to_and")), Changes{"||->&&"});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_remove_negation")), Changes{"!->"});
}

// Catches: compound assignments missed (they are not BinaryOperator cursors in libclang).
TEST(GeneratorOperators, CompoundAssignmentSwaps) {
  TempTree tree;
  const auto mutants =
      generate_from(tree, "void f(double& x, double y) { x += y; x -= y; x *= y; x /= y; }\n");
  EXPECT_EQ(changes(with_operator(mutants, "cxx_add_assign_to_sub_assign")), Changes{"+=->-="});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_sub_assign_to_add_assign")), Changes{"-=->+="});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_mul_assign_to_div_assign")), Changes{"*=->/="});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_div_assign_to_mul_assign")), Changes{"/=->*="});
}

// Catches: a constant replaced by itself or twice by the same value, a lost suffix, a negative
// value written where `x-0` would become `x--1`, or a power of two not halved and doubled.
TEST(GeneratorOperators, LiteralReplacementsAreDistinctValues) {
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(literal_replacements("1", false),
            (Pairs{{"cxx_literal_to_zero", "0"}, {"cxx_literal_increment", "2"}}));
  EXPECT_EQ(literal_replacements("0", false),
            (Pairs{{"cxx_literal_to_one", "1"}, {"cxx_literal_decrement", "(-1)"}}));
  EXPECT_EQ(literal_replacements("0u", false), (Pairs{{"cxx_literal_to_one", "1u"}}));
  EXPECT_EQ(literal_replacements("0x10", false), (Pairs{{"cxx_literal_to_zero", "0"},
                                                        {"cxx_literal_to_one", "1"},
                                                        {"cxx_literal_increment", "17"},
                                                        {"cxx_literal_decrement", "15"},
                                                        {"cxx_literal_halve", "8"},
                                                        {"cxx_literal_double", "32"}}));
  EXPECT_EQ(literal_replacements("0.5f", true), (Pairs{{"cxx_literal_to_zero", "0.0f"},
                                                       {"cxx_literal_to_one", "1.0f"},
                                                       {"cxx_literal_increment", "1.5f"},
                                                       {"cxx_literal_decrement", "(-0.5f)"},
                                                       {"cxx_literal_halve", "0.25f"}}));
  EXPECT_EQ(literal_replacements("3.0", true), (Pairs{{"cxx_literal_to_zero", "0.0"},
                                                      {"cxx_literal_to_one", "1.0"},
                                                      {"cxx_literal_increment", "4.0"},
                                                      {"cxx_literal_decrement", "2.0"}}));
}

// Catches: literals in code not found, or a float literal mutated as an integer.
TEST(GeneratorOperators, LiteralsInCode) {
  TempTree tree;
  const auto mutants = generate_from(tree, "double f(int n) { return n * 2.0 + 1; }\n");
  EXPECT_EQ(changes(with_operator(mutants, "cxx_literal_double")), Changes{"2.0->4.0"});
  EXPECT_EQ(changes(with_operator(mutants, "cxx_literal_increment")),
            (Changes{"2.0->3.0", "1->2"}));
}

// Catches: removing a call that is part of a larger statement (an initializer, a return).
TEST(GeneratorOperators, RemovesOnlyCallStatements) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "void g(int);\nint h();\n"
                                     "int f() { g(1); int x = h(); g(x); return h(); }\n");
  EXPECT_EQ(changes(with_operator(mutants, "cxx_remove_call_statement")),
            (Changes{"g(1)->", "g(x)->"}));
}

// Catches: `return {};` where it does not compile (a lambda's deduced return type, a class
// type) or where it changes nothing (`return 0;`).
TEST(GeneratorOperators, ReturnsDefaultOnlyForNumbersAndBool) {
  TempTree tree;
  const auto mutants =
      generate_from(tree,
                    "struct S { int v; };\n"
                    "double f(double x) { return x * 2; }\n"
                    "bool g(int x) { auto l = [x] { return x + 1; }; return l(); }\n"
                    "S h() { return S{1}; }\n"
                    "int z() { return 0; }\n");
  EXPECT_EQ(changes(with_operator(mutants, "cxx_return_default")),
            (Changes{"x * 2->{}", "l()->{}"}));
}

// Catches: forcing a condition that declares a variable (`if (int y = g())`), which would not
// compile, or missing while loops.
TEST(GeneratorOperators, ForcesIfAndWhileConditions) {
  TempTree tree;
  const auto mutants = generate_from(tree,
                                     "int g();\n"
                                     "int f(int n) {\n"
                                     "  if (n < 0) return 0;\n"
                                     "  while (n > 10) n = n / 2;\n"
                                     "  if (int y = g()) return y;\n"
                                     "  return n;\n"
                                     "}\n");
  EXPECT_EQ(changes(with_operator(mutants, "cxx_condition_to_true")),
            (Changes{"n < 0->true", "n > 10->true"}));
  EXPECT_EQ(changes(with_operator(mutants, "cxx_condition_to_false")),
            (Changes{"n < 0->false", "n > 10->false"}));
}

}  // namespace
}  // namespace tinyllm::generator::testing
