// load_wheats: the catalog's [[wheat]] entries, validated with errors that name the file, line and
// column; and load, which reads the same file, leaves them alone.
#include <gtest/gtest.h>

#include <string>

#include "temp_tree.hpp"
#include "tinyllm/catalog.hpp"

namespace tinyllm::catalog {
namespace {
using testing::TempTree;

const std::string one_mutant =
    "[[mutant]]\n"
    "id = \"s07\"\n"
    "title = \"weighting 1/k\"\n"
    "symptom = \"wrong gradient\"\n"
    "question = \"what does each part stand for?\"\n"
    "concept = \"each part counts by its rows\"\n"
    "caught_by = [\"Course.a_test\"]\n"
    "file = \"oracle/src/train/step.cpp\"\n"
    "function = \"f\"\n";

const std::string binary_wheat =
    "\n[[wheat]]\n"
    "id = \"w01\"\n"
    "kind = \"binary\"\n"
    "title = \"built by the other compiler\"\n"
    "varies = \"the compiler\"\n"
    "freedom = \"the-binary\"\n"
    "build = \"other-compiler\"\n";

const std::string semantic_wheat =
    "\n[[wheat]]\n"
    "id = \"w03\"\n"
    "kind = \"semantic\"\n"
    "title = \"messages worded differently\"\n"
    "varies = \"the wording\"\n"
    "freedom = \"error-messages\"\n";

// Returns what load_wheats throws for a catalog holding `text` ("" when it throws nothing).
std::string error_of(const std::string& text) {
  TempTree tree;
  try {
    load_wheats(tree.write("catalog.toml", text));
  } catch (const CatalogError& e) {
    return e.what();
  }
  return "";
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Catches: the wheats read wrongly (kind, build, text fields swapped or dropped) or out of order.
TEST(LoadWheats, reads_every_field_in_file_order) {
  TempTree tree;
  const auto wheats =
      load_wheats(tree.write("catalog.toml", one_mutant + binary_wheat + semantic_wheat));
  ASSERT_EQ(wheats.size(), 2u);
  EXPECT_EQ(wheats[0].id, "w01");
  EXPECT_EQ(wheats[0].kind, WheatKind::Binary);
  EXPECT_EQ(wheats[0].title, "built by the other compiler");
  EXPECT_EQ(wheats[0].varies, "the compiler");
  EXPECT_EQ(wheats[0].freedom, "the-binary");
  EXPECT_EQ(wheats[0].build, "other-compiler");
  EXPECT_EQ(wheats[1].id, "w03");
  EXPECT_EQ(wheats[1].kind, WheatKind::Semantic);
  EXPECT_EQ(wheats[1].build, "");
}

// Catches: the mutants' reader rejecting the [[wheat]] tables (every grade would fail to start),
// or counting them as mutants.
TEST(LoadWheats, load_reads_only_the_mutants_of_a_catalog_with_wheats) {
  TempTree tree;
  const auto mutants = load(tree.write("catalog.toml", one_mutant + binary_wheat));
  ASSERT_EQ(mutants.size(), 1u);
  EXPECT_EQ(mutants[0].id, "s07");
}

// Catches: a catalog without wheats treated as an error (a course may have none yet).
TEST(LoadWheats, no_wheat_section_is_no_wheat) {
  TempTree tree;
  EXPECT_TRUE(load_wheats(tree.write("catalog.toml", one_mutant)).empty());
}

// Catches: a bad id accepted (the schema's number of a semantic wheat comes from its digits), or
// a duplicate id (two wheats, one entry of the schema's listing).
TEST(LoadWheats, ids_are_unique_and_of_the_form_wnn) {
  EXPECT_TRUE(has(error_of(one_mutant + binary_wheat + binary_wheat),
                  "catalog.toml:19:1: id \"w01\" must be unique"))
      << error_of(one_mutant + binary_wheat + binary_wheat);
  std::string bad = semantic_wheat;
  bad.replace(bad.find("w03"), 3, "s03");
  EXPECT_TRUE(has(error_of(bad), "of the form wNN")) << error_of(bad);
}

// Catches: a wheat of an unknown kind or build silently taken for a semantic one (then built from
// sources with no site: the reference under a wheat's name).
TEST(LoadWheats, kind_and_build_are_checked) {
  std::string kind = semantic_wheat;
  kind.replace(kind.find("semantic"), 8, "binry");
  EXPECT_TRUE(has(error_of(kind), ":4:8: w03 has kind \"binry\"; use \"binary\" or \"semantic\""))
      << error_of(kind);
  std::string build = binary_wheat;
  build.replace(build.find("other-compiler"), 14, "O3");
  EXPECT_TRUE(has(error_of(build), ":8:9: w01 has build \"O3\"; use \"other-compiler\" or \"O0\""))
      << error_of(build);
  std::string no_build = binary_wheat;
  no_build.erase(no_build.find("build"));
  EXPECT_TRUE(has(error_of(no_build), "this [[wheat]] has no `build`")) << error_of(no_build);
  EXPECT_TRUE(has(error_of(semantic_wheat + "build = \"O0\"\n"), "takes no `build`"))
      << error_of(semantic_wheat + "build = \"O0\"\n");
}

// Catches: a wheat without the text a report shows (what it varies, which freedom allows it), or
// a freedom that cannot be a section anchor of docs/contract-freedoms.md.
TEST(LoadWheats, text_fields_are_required_and_freedom_is_an_anchor) {
  std::string no_varies = semantic_wheat;
  no_varies.erase(no_varies.find("varies"), std::string("varies = \"the wording\"\n").size());
  EXPECT_TRUE(has(error_of(no_varies), ":2:1: this [[wheat]] has no `varies`"))
      << error_of(no_varies);
  std::string empty_title = semantic_wheat;
  empty_title.replace(empty_title.find("messages worded differently"), 27, "");
  EXPECT_TRUE(has(error_of(empty_title), "`title` must be a non-empty string"))
      << error_of(empty_title);
  std::string freedom = semantic_wheat;
  freedom.replace(freedom.find("error-messages"), 14, "Error messages");
  EXPECT_TRUE(
      has(error_of(freedom), "must be the anchor of a section of docs/contract-freedoms.md"))
      << error_of(freedom);
}

// Catches: a misspelt key ignored (e.g. `freedoms`, whose value would never be checked).
TEST(LoadWheats, unknown_keys_are_errors) {
  EXPECT_TRUE(
      has(error_of(semantic_wheat + "why = \"x\"\n"), ":8:7: unknown key `why` in a [[wheat]]"))
      << error_of(semantic_wheat + "why = \"x\"\n");
  EXPECT_TRUE(has(error_of("wheats = 1\n"), "unknown key `wheats`; the catalog holds only"))
      << error_of("wheats = 1\n");
}

}  // namespace
}  // namespace tinyllm::catalog
