// load: the catalog file holds what each mutant is; where its site sits comes from the source.
#include <gtest/gtest.h>

#include <string>

#include "temp_tree.hpp"
#include "tinyllm/catalog.hpp"

namespace tinyllm::catalog {
namespace {
using testing::TempTree;

const std::string one_entry =
    "[[mutant]]\n"
    "id = \"s07\"\n"
    "title = \"weighting 1/k\"\n"
    "symptom = \"wrong gradient\"\n"
    "question = \"what does each part stand for?\"\n"
    "concept = \"each part counts by its rows\"\n"
    "caught_by = [\"Course.a_test\"]\n"
    "file = \"oracle/src/train/step.cpp\"\n"
    "function = \"f\"\n";

// Catches: line numbers read from the catalog again (they go stale) instead of from the marker.
TEST(Load, catalog_entry_needs_no_lines_and_leaves_them_to_locate_sites) {
  TempTree tree;
  const auto mutants = load(tree.write("catalog.toml", one_entry));
  ASSERT_EQ(mutants.size(), 1u);
  EXPECT_EQ(mutants[0].id, "s07");
  EXPECT_EQ(mutants[0].line_begin, 0);
  EXPECT_EQ(mutants[0].line_end, 0);
}

// Catches: an old catalog's `lines` silently ignored while the reader believes it is used.
TEST(Load, lines_key_is_rejected_with_what_replaced_it) {
  TempTree tree;
  try {
    load(tree.write("catalog.toml", one_entry + "lines = [3, 4]\n"));
    FAIL() << "`lines` was accepted";
  } catch (const CatalogError& e) {
    EXPECT_NE(std::string(e.what()).find("marker comment"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace tinyllm::catalog
