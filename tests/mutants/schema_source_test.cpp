// The schema source (tinyllm/builder/schema_source.hpp): a small file composed with nested
// mutants of every form is compiled and run with each mutant active, and must compute what the
// file with that one mutant applied computes; lines stay where they were; what cannot be placed is
// left out with its reason; the oracle's guards ask the same switch.
#include "tinyllm/builder/schema_source.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "temp_folder.hpp"
#include "tinyllm/base/process.hpp"

namespace tinyllm::builder {
namespace {

namespace fs = std::filesystem;
using generator::SchemaForm;

// Returns the offset of `piece` at or after the first `anchor` in `text`.
std::size_t at(const std::string& text, const std::string& anchor, const std::string& piece) {
  const std::size_t found = text.find(piece, text.find(anchor));
  EXPECT_NE(found, std::string::npos) << anchor << " / " << piece;
  return found;
}

// A mutant numbered `number`: `original` at `where` replaced, in the scope `scope_text` at `scope`.
SchemaMutant mutant(int number, std::size_t scope, const std::string& scope_text, std::size_t where,
                    const std::string& original, const std::string& replacement,
                    SchemaForm form = SchemaForm::Expression) {
  return {"g" + std::to_string(number), number, where, where + original.size(), replacement, scope,
          scope + scope_text.size(),    form};
}

// The file with one mutant applied as its own library applies it: its scope in parentheses for
// the expression form.
std::string applied(const std::string& text, const SchemaMutant& m) {
  std::string scope = text.substr(m.scope_begin, m.begin - m.scope_begin) + m.replacement +
                      text.substr(m.end, m.scope_end - m.end);
  if (m.form == SchemaForm::Expression) scope = "(" + scope + ")";
  return text.substr(0, m.scope_begin) + scope + text.substr(m.scope_end);
}

// Compiles `source` with a main that prints f over a few inputs, with tinyllm_schema::active set
// from argv[1]; returns what it prints with `active` (or "" when it does not build).
std::string run(const std::string& name, const std::string& source, int active = 0) {
  static const tinyllm::base::testing::TempFolder temp;  // removed when the process exits
  const fs::path& folder = temp.path();
  const fs::path file = folder / (name + ".cpp"), program = folder / name;
  std::ofstream(file) << source << R"(
#include <cstdio>
#include <cstdlib>
namespace tinyllm_schema { int active = 0; }
int main(int, char** argv) {
  tinyllm_schema::active = std::atoi(argv[1]);
  for (int a = -2; a <= 3; ++a)
    for (int b = -1; b <= 2; ++b) std::printf("%d ", f(a, b));
  return 0;
})";
  const auto built =
      base::run_process({"c++", "-std=c++20", "-w", file.string(), "-o", program.string()}, 120);
  EXPECT_EQ(built.exit_code, 0) << built.output << source;
  if (built.exit_code != 0) return "";
  return base::run_process({program.string(), std::to_string(active)}, 30).output;
}

const std::string kPrelude = R"(namespace tinyllm_schema {
extern int active;
inline bool on(int number) { return active == number; }
template <class T> T zero_of(const T&);
}
void touch(int&);
)";

// Catches: a nested mutant computing another change than its own library (a switch on the wrong
// number, a copy without the nested switches, the parent's precedence lost, a form written
// wrong), or the reference changed with no mutant active.
TEST(SchemaSource, each_mutant_active_computes_what_its_own_file_computes) {
  const std::string text = R"(void touch(int& x) { x += 1; }
int f(int a, int b) {
  int c = 0;
  touch(c);
  if (a > 0 && b > 0 && a != b) c += a * b + 2;
  if (!(a < b)) return a - b;
  return c;
}
)";
  const std::string both = "a > 0 && b > 0", all = both + " && a != b";
  const std::size_t condition = at(text, "if (", all);
  const std::size_t product = at(text, "c +=", "a * b + 2");
  const std::vector<SchemaMutant> mutants = {
      mutant(1001, condition, both, at(text, "a > 0 &&", "&&"), "&&", "||"),
      mutant(1002, condition, all, at(text, "b > 0 &&", "&&"), "&&", "||"),
      mutant(1003, condition, "a > 0", condition + 2, ">", ">="),
      mutant(1004, condition, all, condition, all, "true", SchemaForm::Condition),
      mutant(1005, product, "a * b + 2", at(text, "b + 2", "+"), "+", "-"),
      mutant(1006, product, "a * b", at(text, "a * b", "*"), "*", "/"),
      mutant(1007, at(text, "b + 2", "2"), "2", at(text, "b + 2", "2"), "2", "0"),
      mutant(1008, at(text, "c +=", "c"), "c += a * b + 2", at(text, "c +=", "+="), "+=", "-="),
      mutant(1009, at(text, "if (!", "!"), "!(a < b)", at(text, "if (!", "!"), "!", ""),
      mutant(1010, at(text, "return a", "a - b"), "a - b", at(text, "return a", "a - b"), "a - b",
             "{}", SchemaForm::ValueInitialized),
      mutant(1011, at(text, "  touch", "touch"), "touch(c)", at(text, "  touch", "touch"),
             "touch(c)", "", SchemaForm::Discarded),
  };
  const SchemaSource schema = schema_source(text, mutants, kPrelude, "module.cpp");
  EXPECT_TRUE(schema.left_out.empty()) << schema.left_out.begin()->second;
  EXPECT_EQ(schema.placed.size(), mutants.size());
  EXPECT_EQ(std::count(schema.text.begin(), schema.text.end(), '\n'),
            std::count(text.begin(), text.end(), '\n') +
                std::count(kPrelude.begin(), kPrelude.end(), '\n') + 2)
      << "a line moved:\n"
      << schema.text;
  const std::string reference = run("reference", kPrelude + text);
  ASSERT_FALSE(reference.empty());
  EXPECT_EQ(run("schema", schema.text, 0), reference);
  for (const SchemaMutant& m : mutants) {
    const std::string own = run(m.id, kPrelude + applied(text, m));
    EXPECT_EQ(run("schema", schema.text, m.number), own) << m.id << ": " << applied(text, m);
  }
}

// Catches: a scope that holds a comment flattened onto one line (the rest of the copy commented
// out), a scope overlapping another placed anyway, or a mutant left out without a reason.
TEST(SchemaSource, what_one_line_cannot_hold_is_left_out_with_its_reason) {
  const std::string text = "int f(int a, int b) {\n  return a +  // why\n         b;\n}\n";
  const std::size_t scope = at(text, "return", "a +");
  const std::string scope_text = text.substr(scope, text.find(';', scope) - scope);
  const SchemaSource schema = schema_source(
      text, {mutant(1, scope, scope_text, at(text, "a +", "+"), "+", "-")}, "", "m.cpp");
  ASSERT_EQ(schema.left_out.count("g1"), 1u);
  EXPECT_NE(schema.left_out.at("g1").find("comment"), std::string::npos);
  EXPECT_NE(schema.text.find(text), std::string::npos) << "the file is not as it was";

  const std::string overlap = "int g(int a, int b, int c) { return a + b + c; }\n";
  const SchemaMutant left =
      mutant(2, at(overlap, "return", "a + b"), "a + b", at(overlap, "a +", "+"), "+", "-");
  const SchemaMutant right =
      mutant(3, at(overlap, "a + ", "b + c"), "b + c", at(overlap, "b +", "+"), "+", "-");
  const SchemaSource crossed = schema_source(overlap, {left, right}, "", "m.cpp");
  EXPECT_EQ(crossed.placed.size(), 1u);
  ASSERT_EQ(crossed.left_out.size(), 1u);
  EXPECT_NE(crossed.left_out.begin()->second.find("overlaps"), std::string::npos);
}

// Catches: a pitfall or wheat guard of oracle/src/mutant.hpp left a constant in the schema build
// (the pitfall would never run from the schema), a negated guard losing its `!`, or a wheat
// switched on a pitfall's number.
TEST(SchemaSource, the_oracles_guards_ask_the_switch_in_the_schema_build) {
  const std::string source = kPrelude + "#define TINYLLM_SCHEMA_FIRST_WHEAT 500\n#include \"" +
                             TINYLLM_SOURCE_DIR +
                             "/oracle/src/mutant.hpp\"\n"
                             "int f(int a, int b) {\n"
                             "  if (tinyllm::detail::is_wheat(3)) return a - b;\n"
                             "  if (tinyllm::detail::is_mutant(7)) return a + b;\n"
                             "  if (!tinyllm::detail::is_mutant(12)) return a * b;\n"
                             "  return 100;\n}\n";
  const std::string sums = run("guards", kPrelude + "int f(int a, int b) { return a + b; }\n");
  const std::string products = run("guards", kPrelude + "int f(int a, int b) { return a * b; }\n");
  const std::string differences =
      run("guards", kPrelude + "int f(int a, int b) { return a - b; }\n");
  EXPECT_EQ(run("guards", source, 0), products);
  EXPECT_EQ(run("guards", source, 7), sums);
  EXPECT_EQ(run("guards", source, 503), differences);
  EXPECT_EQ(run("guards", source, 12),
            run("guards", kPrelude + "int f(int, int) { return 100; }\n"));
  EXPECT_EQ(run("guards", source, 3), products) << "wheat w3 is 503, not 3";
  EXPECT_NE(differences, products);
}

}  // namespace
}  // namespace tinyllm::builder
