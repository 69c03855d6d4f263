// The class batch with a fake grading function: resume by content hash, shards, keep going past a
// failing suite, merge.
#include "batch/class_batch.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "fixtures.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/reports/class_report.hpp"

namespace tinyllm::runner {
namespace {

namespace fs = std::filesystem;
using reports::GradeResult;
using reports::ReportFormat;
namespace fixtures = reports::fixtures;

struct Class {
  fs::path root;
  fs::path suites;
  explicit Class(const std::string& name)
      : root(fs::temp_directory_path() / ("tinyllm_batch_test_" + name)), suites(root / "suites") {
    fs::remove_all(root);
    for (const char* learner : {"ada", "alan", "grace", "linus", "margaret"}) {
      fs::create_directories(suites / learner);
      std::ofstream(suites / learner / "test.cpp") << "TEST(A, " << learner << ") {}\n";
    }
  }
  ~Class() { fs::remove_all(root); }
};

// A fake grader: PASS for everyone, except that "linus" throws, counting its calls and keeping
// the attempt each learner was last graded as.
struct FakeGrader {
  std::map<std::string, int> calls;
  std::map<std::string, int> attempts;
  GradeResult operator()(const fs::path& suite, const Attempt& attempt) {
    const std::string learner = suite.filename().string();
    ++calls[learner];
    attempts[learner] = attempt.number;
    if (learner == "linus") throw std::runtime_error("the compiler was killed");
    GradeResult result = fixtures::pass_all_killed();
    result.suite_name = learner;
    result.feedback.attempt = attempt.number;
    return result;
  }
};

BatchOptions options_for(const Class& c, const std::string& out) {
  BatchOptions options;
  options.suites_folder = c.suites;
  options.output_folder = c.root / out;
  options.formats = {ReportFormat::Json, ReportFormat::Markdown};
  options.grading_fingerprint = "threshold=0.8";
  return options;
}

TEST(ClassBatch, KeepsGoingPastASuiteWhoseGradingFailsAndRecordsWhy) {
  const Class c("keep_going");
  FakeGrader grader;
  std::ostringstream progress;
  const BatchOutcome outcome = run_batch(options_for(c, "out"), std::ref(grader), progress);
  EXPECT_EQ(outcome.results.size(), 4U);
  ASSERT_EQ(outcome.errors.size(), 1U);
  EXPECT_EQ(outcome.errors[0], "linus: the compiler was killed");
  EXPECT_TRUE(fs::is_regular_file(c.root / "out/linus/error.txt"));
  EXPECT_TRUE(fs::is_regular_file(c.root / "out/margaret/summary.md"));
  EXPECT_TRUE(fs::is_regular_file(c.root / "out/class-report.html"));
  EXPECT_NE(progress.str().find("[5/5] margaret"), std::string::npos);
}

TEST(ClassBatch, ASecondRunReusesUnchangedSuitesAndRegradesAChangedOne) {
  const Class c("resume");
  FakeGrader grader;
  std::ostringstream progress;
  run_batch(options_for(c, "out"), std::ref(grader), progress);
  std::ofstream(c.suites / "grace" / "test.cpp", std::ios::app) << "TEST(A, more) {}\n";
  const BatchOutcome second = run_batch(options_for(c, "out"), std::ref(grader), progress);
  EXPECT_EQ(second.reused, 3);  // ada, alan, margaret
  EXPECT_EQ(second.graded, 1);  // grace changed
  EXPECT_EQ(grader.calls["ada"], 1);
  EXPECT_EQ(grader.calls["grace"], 2);
  EXPECT_EQ(grader.calls["linus"], 2);  // a failure is retried, never cached
}

// Catches: a resubmission graded as a first attempt (the hint ladder would never rise), an
// unchanged suite or a regrade under a new configuration counted as a new attempt, a submission
// the grader failed on counted, or a class report without the attempts.
TEST(ClassBatch, AChangedSuiteIsTheNextAttemptAndAFailedOneIsNotCounted) {
  const Class c("attempts");
  FakeGrader grader;
  std::ostringstream progress;
  run_batch(options_for(c, "out"), std::ref(grader), progress);
  EXPECT_EQ(grader.attempts["grace"], 1);
  std::ofstream(c.suites / "grace" / "test.cpp", std::ios::app) << "TEST(A, second) {}\n";
  run_batch(options_for(c, "out"), std::ref(grader), progress);
  EXPECT_EQ(grader.attempts["grace"], 2);
  BatchOptions regraded = options_for(c, "out");
  regraded.grading_fingerprint = "threshold=0.9";  // every suite regraded, none resubmitted
  const BatchOutcome third = run_batch(regraded, std::ref(grader), progress);
  EXPECT_EQ(grader.attempts["grace"], 2);
  EXPECT_EQ(grader.attempts["ada"], 1);
  // linus's grading failed twice: each try was attempt 1, and is still not counted.
  EXPECT_EQ(grader.attempts["linus"], 1);
  std::ofstream(c.suites / "grace" / "test.cpp", std::ios::app) << "TEST(A, third) {}\n";
  run_batch(regraded, std::ref(grader), progress);
  EXPECT_EQ(grader.attempts["grace"], 3);
  const std::string csv = base::read_whole_file(c.root / "out/class-learners.csv");
  EXPECT_NE(csv.find("\r\ngrace,PASS,1.0000,6,6,0,3,"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\r\nada,PASS,1.0000,6,6,0,1,"), std::string::npos) << csv;
  EXPECT_EQ(third.graded, 4);
}

TEST(ClassBatch, AChangedGradingConfigurationRegradesEverySuite) {
  const Class c("config");
  FakeGrader grader;
  std::ostringstream progress;
  run_batch(options_for(c, "out"), std::ref(grader), progress);
  BatchOptions changed = options_for(c, "out");
  changed.grading_fingerprint = "threshold=0.9";
  EXPECT_EQ(run_batch(changed, std::ref(grader), progress).reused, 0);
}

TEST(ClassBatch, AHalfWrittenGradeFromAKilledRunIsRegradedNotFatal) {
  const Class c("torn");
  FakeGrader grader;
  std::ostringstream progress;
  run_batch(options_for(c, "out"), std::ref(grader), progress);
  std::ofstream(c.root / "out/ada/grade.json", std::ios::trunc) << "{\"content_hash\": \"";
  const BatchOutcome again = run_batch(options_for(c, "out"), std::ref(grader), progress);
  EXPECT_EQ(grader.calls["ada"], 2);
  EXPECT_EQ(again.reused, 3);
}

// Catches: a grade.json of another version read with this version's meaning (or upgraded): its
// learner is graded again.
TEST(ClassBatch, AGradeOfAnotherVersionIsRegraded) {
  const Class c("versions");
  FakeGrader grader;
  std::ostringstream progress;
  run_batch(options_for(c, "out"), std::ref(grader), progress);
  const fs::path file = c.root / "out/ada/grade.json";
  nlohmann::json stored = nlohmann::json::parse(std::ifstream(file));
  EXPECT_EQ(stored.at("version"), 1);
  stored["version"] = 2;
  std::ofstream(file, std::ios::trunc) << stored.dump();
  const BatchOutcome again = run_batch(options_for(c, "out"), std::ref(grader), progress);
  EXPECT_EQ(grader.calls["ada"], 2);
  EXPECT_EQ(again.reused, 3);
}

TEST(ClassBatch, ShardsPartitionTheClassAndMergeJoinsThem) {
  const Class c("shards");
  std::vector<std::string> seen;
  for (int k = 1; k <= 2; ++k) {
    for (const fs::path& suite : shard_suites(c.suites, k, 2))
      seen.push_back(suite.filename().string());
  }
  std::sort(seen.begin(), seen.end());
  EXPECT_EQ(seen, (std::vector<std::string>{"ada", "alan", "grace", "linus", "margaret"}));

  FakeGrader grader;
  std::ostringstream progress;
  for (int k = 1; k <= 2; ++k) {
    BatchOptions options = options_for(c, "shard" + std::to_string(k));
    options.shard_index = k;
    options.shard_count = 2;
    run_batch(options, std::ref(grader), progress);
  }
  const std::vector<GradeResult> merged =
      merge_batches({c.root / "shard1", c.root / "shard2"}, c.root / "merged");
  EXPECT_EQ(merged.size(), 4U);  // linus has no grade
  EXPECT_TRUE(fs::is_regular_file(c.root / "merged/class-learners.csv"));
  for (const auto& [learner, count] : grader.calls) EXPECT_EQ(count, 1) << learner;
}

// Catches: shards sharing one output folder (a Slurm array's tasks) each writing the class report
// of their own learners there, so the folder shows a partial class until the merge overwrites it.
TEST(ClassBatch, ShardsSharingOneFolderLeaveTheClassReportToTheMerge) {
  const Class c("shared_folder");
  FakeGrader grader;
  std::ostringstream progress;
  for (int k = 1; k <= 2; ++k) {
    BatchOptions options = options_for(c, "out");
    options.shard_index = k;
    options.shard_count = 2;
    options.write_class_report = false;
    run_batch(options, std::ref(grader), progress);
    EXPECT_FALSE(fs::exists(c.root / "out/class-learners.csv")) << "after shard " << k;
  }
  EXPECT_EQ(merge_batches({c.root / "out"}, c.root / "out").size(), 4U);
  EXPECT_TRUE(fs::is_regular_file(c.root / "out/class-learners.csv"));
}

// Catches: a merge that writes a class report without the learners whose shard failed, with the
// grade of a suite that changed since, or with learners no longer in the class.
TEST(ClassBatch, MergeWithTheClassFolderHoldsExactlyItsLearnersGradedAsTheyAreNow) {
  const Class c("merge_suites");
  FakeGrader grader;
  std::ostringstream progress;
  run_batch(options_for(c, "out"), std::ref(grader), progress);
  try {
    merge_batches({c.root / "out"}, c.root / "merged", c.suites);
    ADD_FAILURE() << "merged a class whose learner linus has no grade";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("linus (no grade)"), std::string::npos)
        << error.what();
  }
  fs::remove_all(c.suites / "linus");  // left the course
  EXPECT_EQ(merge_batches({c.root / "out"}, c.root / "merged", c.suites).size(), 4U);

  std::ofstream(c.suites / "ada" / "test.cpp", std::ios::app) << "// resubmitted\n";
  try {
    merge_batches({c.root / "out"}, c.root / "merged", c.suites);
    ADD_FAILURE() << "merged a stale grade of ada";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("ada (its suite changed since it was graded)"),
              std::string::npos)
        << error.what();
  }

  fs::remove_all(c.suites / "grace");
  run_batch(options_for(c, "out"), std::ref(grader), progress);
  const std::vector<GradeResult> merged =
      merge_batches({c.root / "out"}, c.root / "merged", c.suites);
  std::vector<std::string> names;
  for (const GradeResult& grade : merged) names.push_back(grade.suite_name);
  EXPECT_EQ(names, (std::vector<std::string>{"ada", "alan", "margaret"}));  // not grace's old one
}

TEST(ClassBatch, MergeRefusesOneLearnerWithTwoDifferentGrades) {
  const Class c("conflict");
  FakeGrader grader;
  std::ostringstream progress;
  run_batch(options_for(c, "a"), std::ref(grader), progress);
  run_batch(options_for(c, "b"), std::ref(grader), progress);
  std::ifstream in(c.root / "b/ada/grade.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  in.close();
  text.replace(text.find("\"Killed\""), 8, "\"Survived\"");
  std::ofstream(c.root / "b/ada/grade.json", std::ios::trunc) << text;
  EXPECT_THROW(merge_batches({c.root / "a", c.root / "b"}, c.root / "merged"), std::runtime_error);
}

TEST(ClassBatch, ParseShardAcceptsKOverNAndRejectsEverythingElse) {
  EXPECT_EQ(parse_shard("2/4"), (std::pair<int, int>{2, 4}));
  for (const char* bad : {"0/4", "5/4", "2", "a/b", "2/4x", "-1/4", "1/0"}) {
    EXPECT_THROW(parse_shard(bad), std::invalid_argument) << bad;
  }
}

TEST(ClassBatch, TheProgressLineEstimatesTimeLeftFromGradedSuitesOnly) {
  EXPECT_EQ(batch_progress_line(2, 10, 0, 2, 60.0, 10),
            "[##........] 2/10 suites, about 4m00s left");
  EXPECT_EQ(batch_progress_line(5, 10, 5, 0, 1.0, 10), "[#####.....] 5/10 suites, 5 reused");
  EXPECT_EQ(batch_progress_line(10, 10, 0, 10, 99.0, 10), "[##########] 10/10 suites");
}

}  // namespace
}  // namespace tinyllm::runner
