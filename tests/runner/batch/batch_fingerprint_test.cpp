// The batch's grading fingerprint: a stored grade is reused only while nothing that decides a grade
// changed, the oracle's compiled libraries included.
#include "batch/batch_fingerprint.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "batch/class_batch.hpp"
#include "config/errors.hpp"
#include "fixtures.hpp"

namespace tinyllm::runner {
namespace {

namespace fs = std::filesystem;

// A stand-in oracle build (the reference and the schema library, bytes only, and the schema's
// listing of two pitfalls), a catalog file and a class of two learners, in a fresh temporary
// folder.
struct FakeOracle {
  // One folder per test: CTest runs this file's tests in parallel processes.
  fs::path root =
      fs::temp_directory_path() / (std::string("tinyllm_fingerprint_test_") +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  GradingContext ctx;

  FakeOracle() {
    fs::remove_all(root);
    fs::create_directories(root);
    ctx.build_dir = root / "build";
    ctx.catalog = root / "catalog.toml";
    std::ofstream(ctx.catalog) << "[[mutant]]\nid = \"s01\"\n";
    for (const char* id : {"s01", "s02"}) {
      reports::MutantInfo mutant;
      mutant.id = id;
      ctx.mutants.push_back(mutant);
    }
    for (const char* variant : {"reference", "schema"}) build_library(variant, variant);
    std::ofstream(ctx.build_dir / "variants" / "schema.json")
        << R"({"format": 3, "mutants": {"s01": 1, "s02": 2}, "binary_wheats": {"w01": "O0"}})";
    for (const char* learner : {"ada", "grace"}) {
      fs::create_directories(root / "suites" / learner);
      std::ofstream(root / "suites" / learner / "test.cpp") << "TEST(A, B) {}\n";
    }
  }
  ~FakeOracle() { fs::remove_all(root); }

  void build_library(const std::string& variant, const std::string& bytes) {
    const fs::path library = variant_library(ctx.build_dir, variant);
    fs::create_directories(library.parent_path());
    std::ofstream(library, std::ios::binary | std::ios::trunc) << bytes;
  }

  // Runs the batch with the fingerprint computed now, as `tinyllm-grade batch` does.
  BatchOutcome batch(int& grades_made) {
    BatchOptions options;
    options.suites_folder = root / "suites";
    options.output_folder = root / "out";
    options.formats = {reports::ReportFormat::Json};
    options.grading_fingerprint = grading_fingerprint(ctx);
    std::ostringstream progress;
    return run_batch(
        options,
        [&](const fs::path& suite, const Attempt&) {
          ++grades_made;
          reports::GradeResult result = reports::fixtures::pass_all_killed();
          result.suite_name = suite.filename().string();
          return result;
        },
        progress);
  }
};

// Catches: a fingerprint that leaves out the oracle's compiled libraries, so that after the oracle
// is rebuilt a resumed batch reuses grades made against the old libraries.
TEST(GradingFingerprint, AStoredGradeIsReusedUntilAVariantLibraryIsRebuilt) {
  FakeOracle oracle;
  int grades_made = 0;
  oracle.batch(grades_made);
  ASSERT_EQ(grades_made, 2);
  const BatchOutcome unchanged = oracle.batch(grades_made);
  EXPECT_EQ(unchanged.reused, 2);
  EXPECT_EQ(grades_made, 2);

  oracle.build_library("schema", "schema, rebuilt with a changed site");
  const BatchOutcome rebuilt = oracle.batch(grades_made);
  EXPECT_EQ(rebuilt.reused, 0);
  EXPECT_EQ(rebuilt.graded, 2);
  EXPECT_EQ(grades_made, 4);
}

// Catches: a configuration field that decides grades missing from the fingerprint (a hand-kept
// list that falls behind Config), and fields that do not decide grades regrading a whole class.
TEST(GradingFingerprint, CoversEveryPolicyFieldButNotWhereOrHowFastReportsAreWritten) {
  FakeOracle oracle;
  const std::string base = grading_fingerprint(oracle.ctx);
  const auto changed = [&](void (*change)(Config&)) {
    GradingContext other = oracle.ctx;
    change(other.config);
    return grading_fingerprint(other) != base;
  };
  EXPECT_TRUE(changed([](Config& c) { c.threshold = 0.5; }));
  EXPECT_TRUE(changed([](Config& c) { c.seed += 1; }));
  EXPECT_TRUE(changed([](Config& c) { c.reference_seeds.push_back(3); }));
  EXPECT_TRUE(changed([](Config& c) { c.reveal = reports::Reveal::Nothing; }));
  EXPECT_TRUE(changed([](Config& c) { c.reference_timeout_seconds = 7; }));
  EXPECT_TRUE(changed([](Config& c) { c.limits.scratch_mb = 1; }));
  EXPECT_TRUE(changed([](Config& c) { c.required = std::vector<std::string>{"s01"}; }));
  EXPECT_TRUE(changed([](Config& c) { c.validity = reports::Validity::Strict; }));
  EXPECT_FALSE(changed([](Config& c) { c.jobs = 3; }));
  EXPECT_FALSE(changed([](Config& c) { c.report_folder = "elsewhere"; }));
  EXPECT_FALSE(changed([](Config& c) { c.report_formats = {"html"}; }));
}

// Catches: a rebuilt wheat (which decides which tests are valid) reusing grades made with the old.
TEST(GradingFingerprint, ChangesWithAWheatsLibrary) {
  FakeOracle oracle;
  reports::WheatInfo wheat;
  wheat.id = "w01";
  oracle.ctx.wheats.push_back(wheat);
  oracle.build_library("O0", "w01");
  const std::string before = grading_fingerprint(oracle.ctx);
  oracle.build_library("O0", "w01, rebuilt");
  EXPECT_NE(grading_fingerprint(oracle.ctx), before);
}

// Catches: a catalog edit (a mutant's site or caught_by) not invalidating stored grades.
TEST(GradingFingerprint, ChangesWithTheCatalogFilesBytes) {
  FakeOracle oracle;
  const std::string before = grading_fingerprint(oracle.ctx);
  std::ofstream(oracle.ctx.catalog, std::ios::app) << "title = \"edited\"\n";
  EXPECT_NE(grading_fingerprint(oracle.ctx), before);
}

// Catches: a batch that starts grading (and fails every learner) on an incomplete oracle build.
TEST(GradingFingerprint, AMissingSchemaLibraryIsAUsageErrorNamingIt) {
  FakeOracle oracle;
  fs::remove(variant_library(oracle.ctx.build_dir, "schema"));
  try {
    grading_fingerprint(oracle.ctx);
    FAIL() << "no error for a missing schema library";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("schema/libtinyllm_oracle.so"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace tinyllm::runner
