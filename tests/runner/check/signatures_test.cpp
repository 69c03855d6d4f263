// The signatures check diagnoses with, read back from a yardstick file in a made-up build: which
// mutants have one, and when the file is refused (missing, stale) with a note instead of an error.
#include "check/signatures.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "grading/grade.hpp"
#include "grading/variant_runs.hpp"
#include "mutant_set/course_suite_results.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {
namespace {

namespace fs = std::filesystem;

reports::MutantInfo info(const std::string& id, reports::MutantKind kind) {
  reports::MutantInfo m;
  m.id = id;
  m.kind = kind;
  return m;
}

// A build whose schema library holds two pitfalls, and a yardstick file made from it and a course
// suite.
class SignaturesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("signatures_test_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(source() / "properties");
    base::write_whole_file(source() / "properties" / "a_test.cpp", "TEST(Course, a) {}\n");
    CourseSuiteResults results;
    results.course_suite_hash = base::folder_hash(source() / "properties");
    results.seed = 7;
    base::write_whole_file(variant_library(build(), "schema"), "the schema library");
    write_listing(2);
    results.pitfalls = {
        record("s01",
               {reports::MutantStatus::Killed, "2 tests failed", {"Course.b", "Course.a"}, true}),
        record("s02", {reports::MutantStatus::Killed,
                       "crashed with SIGSEGV during Course.a",
                       {"Course.a"},
                       false})};
    results.mutants = {
        {"g1", "", {reports::MutantStatus::Killed, "1 test failed: Course.c", {"Course.c"}, true}}};
    write_course_suite_results(build(), results);
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path build() const { return root_ / "build"; }
  fs::path source() const { return root_ / "source"; }
  // The schema's listing, with s02 at `s02_number`.
  void write_listing(int s02_number) const {
    base::write_whole_file(build() / "variants" / "schema.json",
                           R"({"format": 3, "binary_wheats": {}, "mutants": {"s01": 1, "s02": )" +
                               std::to_string(s02_number) + "}}");
  }
  CourseSuiteRecord record(const std::string& id, CourseSuiteResult result) const {
    return {id, VariantRuns(build()).library_hash(id), std::move(result)};
  }
  Signatures load(std::uint64_t seed = 7) const {
    return load_signatures(
        build(), source(),
        {info("g1", reports::MutantKind::Generated), info("s01", reports::MutantKind::Pitfall),
         info("s02", reports::MutantKind::Pitfall)},
        seed);
  }

  fs::path root_;
};

// Catches: a crash's running test taken as a signature, pitfalls not first, tests unsorted.
TEST_F(SignaturesTest, only_failed_tests_are_signatures_pitfalls_first) {
  const Signatures s = load();
  EXPECT_TRUE(s.note.empty()) << s.note;
  ASSERT_EQ(s.signatures.size(), 2u);
  EXPECT_EQ(s.signatures[0].mutant.id, "s01");
  EXPECT_EQ(s.signatures[0].failing_tests, (std::vector<std::string>{"Course.a", "Course.b"}));
  EXPECT_EQ(s.signatures[1].mutant.id, "g1");
  EXPECT_EQ(s.seed, 7u);
}

// Catches: check failing (or diagnosing from nothing) when the build has no yardstick file.
TEST_F(SignaturesTest, missing_file_gives_no_signatures_and_says_to_rebuild) {
  fs::remove(course_suite_results_path(build()));
  const Signatures s = load();
  EXPECT_TRUE(s.signatures.empty());
  EXPECT_NE(s.note.find("missing"), std::string::npos) << s.note;
  EXPECT_NE(s.note.find("tinyllm-grader"), std::string::npos) << s.note;
}

// Catches: signatures of another course suite, or of a pitfall rebuilt since, being trusted.
TEST_F(SignaturesTest, stale_file_is_refused) {
  base::write_whole_file(source() / "properties" / "a_test.cpp", "TEST(Course, z) {}\n");
  Signatures s = load();
  EXPECT_TRUE(s.signatures.empty());
  EXPECT_NE(s.note.find("course suite"), std::string::npos) << s.note;
  base::write_whole_file(source() / "properties" / "a_test.cpp", "TEST(Course, a) {}\n");
  write_listing(3);  // the schema library rebuilt with s02 at another number
  s = load();
  EXPECT_TRUE(s.signatures.empty());
  EXPECT_NE(s.note.find("s02 was rebuilt"), std::string::npos) << s.note;
}

// Catches: a check with another grading seed silently compared with the recorded seed's failures.
TEST_F(SignaturesTest, another_seed_keeps_them_and_says_so) {
  const Signatures s = load(8);
  EXPECT_EQ(s.signatures.size(), 2u);
  EXPECT_NE(s.note.find("seed 7"), std::string::npos) << s.note;
}

}  // namespace
}  // namespace tinyllm::runner
