// locate_sites: a site is its marker comment "// sNN: <title>" down to the end of the statement
// after it, wherever the marker now sits in the file.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "temp_tree.hpp"
#include "tinyllm/catalog.hpp"

namespace tinyllm::catalog {
namespace {
using testing::entry;
using testing::TempTree;

using testing::step_file;

// Returns {line_begin, line_end} of mutant s07 ("weighting 1/k") in a file holding `source`.
std::pair<int, int> site_lines(const std::string& source) {
  TempTree tree;
  tree.write(step_file, source);
  std::vector<MutantInfo> mutants = {entry("s07", "weighting 1/k", step_file)};
  locate_sites(mutants, tree.root());
  return {mutants[0].line_begin, mutants[0].line_end};
}

// Returns the CatalogError message locate_sites gives for s07 in a file holding `source`, or ""
// when it gives none.
std::string site_error(const std::string& source) {
  TempTree tree;
  tree.write(step_file, source);
  std::vector<MutantInfo> mutants = {entry("s07", "weighting 1/k", step_file)};
  try {
    locate_sites(mutants, tree.root());
  } catch (const CatalogError& e) {
    return e.what();
  }
  return "";
}

const std::string guarded_site =
    "double weight(double n, double total, double k) {\n"  // 1
    "  double w = n / total;\n"                            // 2
    "  // s07: weighting 1/k\n"                            // 3
    "  if (tinyllm::detail::is_mutant(7)) w = 1.0 / k;\n"  // 4
    "  return w;\n"                                        // 5
    "}\n";

// Catches: sites placed by line numbers, which go stale when a line is added above a site.
TEST(Site, extent_moves_with_a_line_inserted_above_the_marker) {
  EXPECT_EQ(site_lines(guarded_site), std::make_pair(3, 4));
  EXPECT_EQ(site_lines("// a new first line\n" + guarded_site), std::make_pair(4, 5));
}

// Catches: an extent that stops at the end of the `if constexpr (...)` line when the guarded
// statement goes on below it.
TEST(Site, guarded_statement_spanning_lines_ends_at_its_semicolon) {
  EXPECT_EQ(site_lines("void f() {\n"
                       "  // s07: weighting 1/k\n"
                       "  if (!tinyllm::detail::is_mutant(7))\n"
                       "    for (auto& p : params)\n"
                       "      if (p.has_grad()) p.set_grad(p.grad() / scale);\n"
                       "  step();\n"
                       "}\n"),
            std::make_pair(2, 5));
}

// Catches: an extent that ends at the first `;` inside a braced block, or at a `}` inside a
// string or a comment.
TEST(Site, braced_block_ends_at_its_matching_brace) {
  EXPECT_EQ(site_lines("void f() {\n"
                       "  // s07: weighting 1/k\n"
                       "  if (tinyllm::detail::is_mutant(7)) {\n"
                       "    log(\"} not the end;\");  // nor this }\n"
                       "    const char c = '}';\n"
                       "    /* nor } this */ auto g = [] { return 1; };\n"
                       "    return;\n"
                       "  }\n"
                       "  step();\n"
                       "}\n"),
            std::make_pair(2, 8));
}

// Catches: an extent that leaves out the else branch of a guarded if, where the reference's side
// of a mutant that reorders steps lives.
TEST(Site, else_branch_belongs_to_the_site) {
  EXPECT_EQ(site_lines("void f() {\n"
                       "  // s07: weighting 1/k\n"
                       "  if (tinyllm::detail::is_mutant(7)) {\n"
                       "    clip();\n"
                       "    unscale();\n"
                       "  } else {\n"
                       "    unscale();\n"
                       "    clip();\n"
                       "  }\n"
                       "  step();\n"
                       "}\n"),
            std::make_pair(2, 9));
}

// Catches: a declaration site (`constexpr bool x = is_mutant(N);`) read as running on into the
// statements that use it.
TEST(Site, declaration_ends_at_its_semicolon) {
  EXPECT_EQ(site_lines("void f() {\n"
                       "  // s07: weighting 1/k\n"
                       "  constexpr bool one_over_k = tinyllm::detail::is_mutant(7);\n"
                       "  if (one_over_k) w = 1.0 / k;\n"
                       "}\n"),
            std::make_pair(2, 3));
}

// Catches: a runtime `if` with a nested guard, whose braced body is the site, cut short.
TEST(Site, runtime_if_with_a_braced_body) {
  EXPECT_EQ(site_lines("void f() {\n"
                       "  // s07: weighting 1/k\n"
                       "  if (last && !tinyllm::detail::is_mutant(7)) {\n"
                       "    y = run({y});\n"
                       "    continue;\n"
                       "  }\n"
                       "}\n"),
            std::make_pair(2, 6));
}

// Catches: a missing marker accepted silently (the site would have no lines to show).
TEST(Site, missing_marker_is_an_error_naming_the_file_and_the_comment) {
  const std::string error = site_error("void f() {\n  if (is_mutant(7)) w = 0;\n}\n");
  EXPECT_NE(error.find(step_file), std::string::npos) << error;
  EXPECT_NE(error.find("no marker comment \"// s07: weighting 1/k\""), std::string::npos) << error;
}

// Catches: a duplicated marker resolved to whichever comes first.
TEST(Site, duplicated_marker_is_an_error_naming_the_file_and_both_lines) {
  const std::string error = site_error(guarded_site + "// s07: weighting 1/k\nint x;\n");
  EXPECT_NE(error.find(step_file), std::string::npos) << error;
  EXPECT_NE(error.find("appears 2 times (lines 3, 7)"), std::string::npos) << error;
}

// Catches: a marker whose title no longer matches the catalog's, so reports would name a pitfall
// that the code does not have.
TEST(Site, marker_with_another_title_is_an_error_naming_file_line_and_both_titles) {
  const std::string error =
      site_error("// s07: weighting micro-batches equally\nif (is_mutant(7)) w = 0;\n");
  EXPECT_NE(
      error.find(step_file + ":1: the marker reads \"// s07: weighting micro-batches equally\""),
      std::string::npos)
      << error;
  EXPECT_NE(error.find("\"weighting 1/k\""), std::string::npos) << error;
}

// Catches: a marker with nothing complete after it given an extent that runs to the file's end.
TEST(Site, marker_without_a_complete_statement_is_an_error) {
  const std::string error = site_error("void f() {\n  // s07: weighting 1/k\n}\n");
  EXPECT_NE(error.find(step_file + ":2: no complete statement follows s07's marker"),
            std::string::npos)
      << error;
  EXPECT_NE(site_error("// s07: weighting 1/k\nif (is_mutant(7)) { w = 0;\n"), "");
}

// Catches: a catalog entry whose site file was renamed or mistyped passing unnoticed.
TEST(Site, missing_site_file_is_an_error_naming_it) {
  TempTree tree;
  std::vector<MutantInfo> mutants = {entry("s07", "weighting 1/k", "oracle/src/gone.cpp")};
  try {
    locate_sites(mutants, tree.root());
    FAIL() << "a missing site file was accepted";
  } catch (const CatalogError& e) {
    EXPECT_NE(
        std::string(e.what()).find("oracle/src/gone.cpp: the site file of s07 does not exist"),
        std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace tinyllm::catalog
