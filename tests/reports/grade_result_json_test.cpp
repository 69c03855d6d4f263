// The stored-grade JSON a batch resumes from and shards merge.
#include "tinyllm/reports/grade_result_json.hpp"

#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "text.hpp"

namespace tinyllm::reports {
namespace {

// Catches: a field lost or changed when a batch stores a grade and resumes from it (the score's
// bits included).
TEST(GradeResultJson, EveryFixtureRoundTripsToAnEqualGrade) {
  GradeResult with_environment = fixtures::pass_all_killed();
  with_environment.environment = GradeEnvironment{true, "linux", "Debian 12", 2};
  for (const GradeResult& result :
       {fixtures::pass_all_killed(), fixtures::fail_with_survivors(Reveal::Nothing),
        fixtures::invalid_compile_error(), fixtures::invalid_reference_failures(),
        with_environment}) {
    // A batch stores grades with invalid UTF-8 (a compiler's bytes) replaced by U+FFFD.
    const std::string stored =
        nlohmann::json(result).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    const GradeResult back = nlohmann::json::parse(stored).get<GradeResult>();
    GradeResult expected = result;
    expected.compile_log = detail::valid_utf8(result.compile_log);
    EXPECT_TRUE(same_grade(expected, back)) << result.suite_name;
    EXPECT_EQ(back.mutants.size(), result.mutants.size());
    EXPECT_EQ(back.score, result.score);  // 4/6 must survive the text round trip bit for bit
  }
}

// Catches: a comparison of stored grades that misses a changed mutant status, so a merge accepts
// two different grades.
TEST(GradeResultJson, SameGradeNoticesAChangedStatus) {
  GradeResult changed = fixtures::fail_with_survivors(Reveal::Title);
  changed.mutants[0].status = MutantStatus::Killed;
  EXPECT_FALSE(same_grade(changed, fixtures::fail_with_survivors(Reveal::Title)));
}

// Catches: a stored grade missing its verdict read as a default verdict instead of rejected.
TEST(GradeResultJson, AMissingFieldIsAnErrorNotADefault) {
  nlohmann::json stored = fixtures::pass_all_killed();
  stored.erase("verdict");
  EXPECT_THROW(stored.get<GradeResult>(), nlohmann::json::exception);
}

// Catches: a grade.json written before the reveal spelling was unified ("symptom") read back as
// another level, or rejected, so merging an older shard would change or lose its grades.
TEST(GradeResultJson, ARevealLevelStoredUnderItsOldNameReadsBackTheSame) {
  nlohmann::json stored = fixtures::fail_with_survivors(Reveal::TitleAndSymptom);
  EXPECT_EQ(stored.at("reveal"), "title_and_symptom");
  stored["reveal"] = "symptom";
  EXPECT_EQ(stored.get<GradeResult>().reveal, Reveal::TitleAndSymptom);
  stored["reveal"] = "everything";
  EXPECT_ANY_THROW(stored.get<GradeResult>());
}

}  // namespace
}  // namespace tinyllm::reports
