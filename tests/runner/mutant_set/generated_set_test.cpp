// The generated set as the grader reads it: the build's manifest, the course suite's results and
// the instructor's reviews decide which generated mutants a learner's grade counts.
#include "mutant_set/generated_set.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "config/errors.hpp"
#include "mutant_set/reviewed.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

json mutant(const std::string& id, const std::string& build,
            const std::string& op = "cxx_lt_to_le") {
  json m = {{"id", id},
            {"readable", "x"},
            {"file", "oracle/src/train/cast.cpp"},
            {"function", "tinyllm::train::f(int)"},
            {"operator", op},
            {"original", "<"},
            {"replacement", "<="},
            {"occurrence", 0},
            {"start", {{"line", 33}, {"column", 5}, {"offset", 900}}},
            {"end", {{"line", 33}, {"column", 6}, {"offset", 901}}},
            {"build", build}};
  if (build == "left_out") m["left_out_because"] = "its scope overlaps another mutant's scope";
  return m;
}

// A build folder and a source folder holding a manifest, a yardstick made from it, and reviews.
class GeneratedSetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("generated_set_test_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "build" / "variants");
    fs::create_directories(root_ / "src" / "mutants");
    write_manifest({mutant("g0000000001", "built"), mutant("g0000000002", "left_out"),
                    mutant("g0000000003", "left_out"), mutant("g0000000004", "built"),
                    mutant("g0000000005", "built"), mutant("g0000000006", "built")});
    write_yardstick({{"g0000000001", "Killed"},
                     {"g0000000004", "Survived"},
                     {"g0000000005", "Timeout"},
                     {"g0000000006", "Killed"}});
  }
  void TearDown() override { fs::remove_all(root_); }

  void write_manifest(const json& mutants) {
    base::write_whole_file(
        root_ / "build" / "variants" / "generated.json",
        json{{"format", 2}, {"files", json::array()}, {"mutants", mutants}}.dump());
  }
  void write_yardstick(const std::vector<std::pair<std::string, std::string>>& statuses) {
    CourseSuiteResults results;
    results.manifest_hash = generated_manifest_hash(root_ / "build");
    for (const auto& [id, status] : statuses) {
      CourseSuiteRecord r{id, "", {}};
      r.result.status = status == "Killed"    ? reports::MutantStatus::Killed
                        : status == "Timeout" ? reports::MutantStatus::Timeout
                                              : reports::MutantStatus::Survived;
      if (status == "Killed") r.result.killed_by = {"Course.a"};
      results.mutants.push_back(r);
    }
    write_course_suite_results(root_ / "build", results);
  }
  void write_reviews(const std::string& text) {
    base::write_whole_file(root_ / "src" / "mutants" / "reviewed.toml", text);
  }
  GeneratedSet load() { return load_generated_set(root_ / "build", root_ / "src", true); }

  fs::path root_;
};

// Catches: counting a mutant the course suite misses, or one the schema library does not hold.
TEST_F(GeneratedSetTest, CountsOnlyBuiltMutantsTheCourseSuiteDetects) {
  const GeneratedSet set = load();
  EXPECT_EQ(set.counts.raw, 6);
  EXPECT_EQ(set.counts.left_out, 2);
  EXPECT_EQ(set.counts.course_undetected, 1);
  EXPECT_EQ(set.counts.counted, 3);
  std::vector<std::string> ids;
  for (const auto& m : counted_mutants(set)) ids.push_back(m.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"g0000000001", "g0000000005", "g0000000006"}));
}

// Catches: a counted generated mutant that is required (a PASS would need every one), or that
// loses its location, change or the course tests that detect it.
TEST_F(GeneratedSetTest, CountedMutantsCarryTheirChangeAndAreNotRequired) {
  const auto counted = counted_mutants(load());
  ASSERT_FALSE(counted.empty());
  const reports::MutantInfo& m = counted.front();
  EXPECT_EQ(m.kind, reports::MutantKind::Generated);
  EXPECT_FALSE(m.required);
  EXPECT_EQ(m.line_begin, 33);
  EXPECT_EQ(m.column_begin, 5);
  EXPECT_EQ(m.column_end, 6);
  EXPECT_EQ(m.title, "`<` replaced by `<=` (cxx_lt_to_le)");
  EXPECT_EQ(m.caught_by, std::vector<std::string>{"Course.a"});
}

// Catches: a mutant the instructor marked equivalent still counted against learners.
TEST_F(GeneratedSetTest, AReviewedMutantIsNotCounted) {
  write_reviews(
      "[[generated]]\nid = \"g0000000006\"\nverdict = \"equivalent\"\nreason = \"same value\"\n"
      "[[generated]]\nid = \"g00000000ff\"\nverdict = \"excluded\"\nreason = \"gone\"\n");
  const GeneratedSet set = load();
  EXPECT_EQ(set.counts.reviewed, 1);
  EXPECT_EQ(set.counts.counted, 2);
  EXPECT_EQ(set.stale_reviews, std::vector<std::string>{"g00000000ff"});
}

// Catches: a missed mutant that no review answers for passing selfcheck unnoticed, or a reviewed
// one (or one never built) still reported as unanswered.
TEST_F(GeneratedSetTest, AMissedMutantIsUnansweredUntilReviewed) {
  const auto unanswered_ids = [](const GeneratedSet& set) {
    std::vector<std::string> ids;
    for (const GeneratedEntry& m : set.mutants)
      if (unanswered(m)) ids.push_back(m.info.id);
    return ids;
  };
  EXPECT_EQ(unanswered_ids(load()), std::vector<std::string>{"g0000000004"});
  write_reviews(
      "[[generated]]\nid = \"g0000000004\"\nverdict = \"excluded\"\nreason = \"a freedom\"\n");
  const GeneratedSet reviewed = load();
  EXPECT_TRUE(unanswered_ids(reviewed).empty());
  EXPECT_EQ(reviewed.counts.course_undetected, 0);
  EXPECT_EQ(reviewed.counts.counted, 3);
}

// Catches: a yardstick from an older build trusted for a new manifest (the wrong mutants counted).
TEST_F(GeneratedSetTest, AYardstickFromAnotherManifestIsRefused) {
  write_manifest(json::array({mutant("g0000000001", "built")}));
  try {
    load();
    FAIL() << "a stale yardstick was read";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("another build"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("tinyllm-grader"), std::string::npos) << e.what();
  }
}

// Catches: a missing build failing with a bare file error instead of saying how to build it.
TEST_F(GeneratedSetTest, AMissingManifestSaysHowToBuildItAndHowToGradeWithout) {
  fs::remove(root_ / "build" / "variants" / "generated.json");
  try {
    load();
    FAIL() << "no manifest, yet loaded";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("ninja -C"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--mutants pitfalls"), std::string::npos) << e.what();
  }
}

// Catches: a malformed reviews file accepted silently (a typo would count a mutant again).
TEST_F(GeneratedSetTest, BadReviewsAreUsageErrorsAtTheirLine) {
  const std::pair<std::string, std::string> cases[] = {
      {"[[generated]]\nid = \"s07\"\nverdict = \"equivalent\"\nreason = \"r\"\n",
       "not a generated"},
      {"[[generated]]\nid = \"g0000000001\"\nverdict = \"maybe\"\nreason = \"r\"\n", "'verdict'"},
      {"[[generated]]\nid = \"g0000000001\"\nverdict = \"excluded\"\nreason = \" \"\n", "empty"},
      {"[[generated]]\nid = \"g0000000001\"\nverdict = \"excluded\"\n", "no 'reason'"},
      {"[[generated]]\nid = \"g0000000001\"\nverdict = \"excluded\"\nreason = \"r\"\nwhy = 1\n",
       "unknown key 'why'"},
      {"[[generated]]\nid = \"g0000000001\"\nverdict = \"excluded\"\nreason = \"r\"\n"
       "[[generated]]\nid = \"g0000000001\"\nverdict = \"excluded\"\nreason = \"r\"\n",
       "reviewed twice"},
  };
  for (const auto& [text, expected] : cases) {
    write_reviews(text);
    try {
      load_reviews(root_ / "src" / "mutants" / "reviewed.toml");
      ADD_FAILURE() << "accepted:\n" << text;
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("reviewed.toml:"), std::string::npos) << e.what();
    }
  }
}

// Catches: a title that carries a multi-line original verbatim into one-line reports.
TEST(GeneratedTitle, RemovalsAndLongTextReadOnOneLine) {
  EXPECT_EQ(generated_title("scaler.update(\n      found_inf);", "", "cxx_remove_call_statement"),
            "`scaler.update( found_inf);` removed (cxx_remove_call_statement)");
  EXPECT_EQ(generated_title(std::string(80, 'x'), "0", "cxx_literal_to_zero"),
            "`" + std::string(57, 'x') + "...` replaced by `0` (cxx_literal_to_zero)");
}

}  // namespace
}  // namespace tinyllm::runner
