// check_wheats: the catalog's wheats and the oracle's is_wheat(N) sites agree, and every wheat's
// freedom is written down in docs/contract-freedoms.md.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "temp_tree.hpp"
#include "tinyllm/catalog.hpp"

namespace tinyllm::catalog {
namespace {
using testing::all;
using testing::TempTree;

using testing::step_file;

WheatInfo wheat(const std::string& id, WheatKind kind, const std::string& title) {
  WheatInfo w;
  w.id = id;
  w.kind = kind;
  w.title = title;
  w.varies = "something";
  w.freedom = "the-binary";
  if (kind == WheatKind::Binary) w.build = "O0";
  return w;
}

const std::vector<WheatInfo> catalog = {wheat("w01", WheatKind::Binary, "unoptimised"),
                                        wheat("w04", WheatKind::Semantic, "weights")};

// A w04 with two sites in step.cpp (one a block) and the freedoms document.
const std::string consistent_wheats =
    "double f(double n, double total) {\n"
    "  double w = n / total;\n"
    "  // w04: weights\n"
    "  if (tinyllm::detail::is_wheat(4)) w = n * (1.0 / total);\n"
    "  // w04: weights\n"
    "  if (tinyllm::detail::is_wheat(4)) {\n"
    "    return w;\n"
    "  }\n"
    "  return w * 2;\n"
    "}\n";

// Returns the problems check_wheats finds for `wheats` in a tree whose step.cpp holds `source`
// (and, unless `freedoms` is empty, whose docs/contract-freedoms.md holds it).
std::vector<std::string> wheat_problems_of(
    const std::string& source, const std::vector<WheatInfo>& wheats = catalog,
    const std::string& freedoms = "# Freedoms\n## The binary\n") {
  TempTree tree;
  tree.write(step_file, source);
  if (!freedoms.empty()) tree.write("docs/contract-freedoms.md", freedoms);
  return check_wheats(wheats, tree.root());
}

// Catches: a check that reports problems in a consistent tree, e.g. one that allows a wheat only
// one site as a mutant has (w03 rewords errors in one helper, w04 needs two statements).
TEST(CheckWheats, several_sites_of_one_wheat_are_no_problem) {
  EXPECT_EQ(all(wheat_problems_of(consistent_wheats)), "");
}

// Catches: an is_wheat(N) away from a marker: a change of the wheat that no marker shows.
TEST(CheckWheats, guard_outside_every_site_is_a_problem) {
  const auto problems = wheat_problems_of(
      consistent_wheats + "int g() { if (tinyllm::detail::is_wheat(4)) return 1; return 0; }\n");
  EXPECT_NE(all(problems).find(step_file + ":11: is_wheat(4) lies outside every site of w04"),
            std::string::npos)
      << all(problems);
}

// Catches: a marker whose statement lost its guard (that statement would then run in the
// reference too, and the wheat would no longer differ there).
TEST(CheckWheats, site_without_its_guard_is_a_problem) {
  std::string source = consistent_wheats;
  source.replace(source.find("if (tinyllm::detail::is_wheat(4)) w ="), 37, "w =");
  const auto problems = wheat_problems_of(source);
  EXPECT_NE(all(problems).find("w04: its site " + step_file + ":3-4 holds no is_wheat(4)"),
            std::string::npos)
      << all(problems);
}

// Catches: a semantic wheat with no site at all: built, it would be the reference under a
// wheat's name, and validate nothing.
TEST(CheckWheats, semantic_wheat_without_a_site_is_a_problem) {
  const auto problems = wheat_problems_of("int f() { return 0; }\n");
  EXPECT_NE(all(problems).find(
                "w04 is semantic but oracle/src has no marker comment \"// w04: weights\""),
            std::string::npos)
      << all(problems);
}

// Catches: a marker titled differently from the catalog (the reports would name another change).
TEST(CheckWheats, marker_title_must_match_the_catalog) {
  std::string source = consistent_wheats;
  source.replace(source.find("// w04: weights"), 15, "// w04: weighting");
  const auto problems = wheat_problems_of(source);
  EXPECT_NE(all(problems).find(step_file + ":3: the marker reads \"// w04: weighting\""),
            std::string::npos)
      << all(problems);
}

// Catches: a guard of a wheat the catalog does not list, and sites for a binary wheat (which is
// the reference's sources built differently: a site would make it a semantic wheat unawares).
TEST(CheckWheats, unknown_and_binary_wheats_have_no_guards) {
  const auto problems =
      wheat_problems_of(consistent_wheats +
                        "// w01: unoptimised\n"
                        "int g() { if (tinyllm::detail::is_wheat(1)) return 1; return 0; }\n"
                        "int h() { if (tinyllm::detail::is_wheat(9)) return 1; return 0; }\n");
  EXPECT_NE(all(problems).find(step_file + ":11: w01 is a binary wheat"), std::string::npos)
      << all(problems);
  EXPECT_NE(all(problems).find(step_file + ":12: is_wheat(1): w01 is a binary wheat"),
            std::string::npos)
      << all(problems);
  EXPECT_NE(all(problems).find(step_file + ":13: is_wheat(9) has no [[wheat]] entry"),
            std::string::npos)
      << all(problems);
}

// Catches: a freedom the documentation does not state (a freedom not written down is none), and
// a missing freedoms document.
TEST(CheckWheats, every_freedom_is_a_section_of_the_freedoms_document) {
  std::vector<WheatInfo> wheats = catalog;
  wheats[1].freedom = "accumulation-weights";
  const auto problems = wheat_problems_of(consistent_wheats, wheats);
  ASSERT_EQ(problems.size(), 1u) << all(problems);
  EXPECT_NE(problems[0].find("w04: its freedom \"accumulation-weights\" is no section of"),
            std::string::npos)
      << problems[0];
  EXPECT_EQ(
      all(wheat_problems_of(consistent_wheats, wheats, "## The binary\n## Accumulation weights\n")),
      "");
  EXPECT_NE(all(wheat_problems_of(consistent_wheats, catalog, ""))
                .find("contract-freedoms.md does not exist"),
            std::string::npos);
}

// Catches: the real catalog's wheats and the oracle's sources disagreeing (what
// mutants.catalog_matches_sites runs, here with the real files for a clear failure message).
TEST(CheckWheats, the_repositorys_wheats_match_its_sources) {
  const auto wheats =
      load_wheats(std::filesystem::path(TINYLLM_SOURCE_DIR) / "mutants/catalog.toml");
  EXPECT_EQ(wheats.size(), 6u);
  EXPECT_EQ(all(check_wheats(wheats, TINYLLM_SOURCE_DIR)), "");
}

}  // namespace
}  // namespace tinyllm::catalog
