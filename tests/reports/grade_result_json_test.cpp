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
        fixtures::invalid_compile_error(), fixtures::invalid_reference_failures(), with_environment,
        fixtures::full_with_generated(Reveal::TitleAndSymptom),
        fixtures::graded_with_invalid_tests(Reveal::Title), fixtures::every_test_invalid()}) {
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

// Catches: a field of the full grade (the set graded, the generated mutants' counts, a generated
// mutant's kind, columns, operator and texts) lost when a batch stores the grade and resumes.
TEST(GradeResultJson, AFullGradeKeepsItsSetCountsAndGeneratedMutants) {
  const GradeResult result = fixtures::full_with_generated(Reveal::Title);
  const GradeResult back = nlohmann::json::parse(nlohmann::json(result).dump()).get<GradeResult>();
  EXPECT_EQ(back.mutant_set, MutantSet::Full);
  EXPECT_EQ(back.generated.raw, 10);
  EXPECT_EQ(back.generated.left_out, 4);
  EXPECT_EQ(back.generated.reviewed, 1);
  EXPECT_EQ(back.generated.course_undetected, 2);
  EXPECT_EQ(back.generated.counted, 3);
  ASSERT_EQ(back.mutants.size(), 9U);
  const MutantInfo& halve = back.mutants[8].mutant;
  EXPECT_EQ(halve.kind, MutantKind::Generated);
  EXPECT_EQ(halve.id, fixtures::kGeneratedHalve);
  EXPECT_EQ(halve.column_begin, 18);
  EXPECT_EQ(halve.column_end, 22);
  EXPECT_EQ(halve.operator_name, "cxx_literal_halve");
  EXPECT_EQ(halve.original, "0.5f");
  EXPECT_EQ(halve.replacement, "0.25f");
  EXPECT_FALSE(halve.required);
  EXPECT_EQ(back.mutants[0].mutant.kind, MutantKind::Pitfall);
  nlohmann::json changed = result;
  changed["mutants"][8]["mutant"]["replacement"] = "0.125f";
  EXPECT_FALSE(same_grade(changed.get<GradeResult>(), result));
}

// Catches: the validity and reach fields (policy, wheats, each invalid test's failures, NoCoverage,
// covered_by, reach_measured) lost or changed when a batch stores a grade and resumes.
TEST(GradeResultJson, ValidityAndReachFieldsRoundTrip) {
  const GradeResult result = fixtures::graded_with_invalid_tests(Reveal::Title);
  const nlohmann::json stored = result;
  EXPECT_FALSE(stored.contains("reference_failures"));
  EXPECT_EQ(stored.at("validity"), "per-test");
  const GradeResult back = nlohmann::json::parse(stored.dump()).get<GradeResult>();
  EXPECT_EQ(back.validity, Validity::PerTest);
  EXPECT_TRUE(back.reach_measured);
  ASSERT_EQ(back.wheats.size(), 5U);
  EXPECT_EQ(back.wheats[0].kind, WheatKind::Binary);
  EXPECT_EQ(back.wheats[0].build, "other-compiler");
  EXPECT_EQ(back.wheats[2].freedom, "error-messages");
  ASSERT_EQ(back.invalid_tests.size(), 4U);
  EXPECT_EQ(back.invalid_tests[3].test, "Fingerprint.MatchesReference");
  ASSERT_EQ(back.invalid_tests[3].failures.size(), 2U);
  EXPECT_EQ(back.invalid_tests[3].failures[1].variant, "w02");
  EXPECT_EQ(back.invalid_tests[0].failures[0].seed, 77U);
  EXPECT_EQ(back.mutants[5].status, MutantStatus::NoCoverage);
  EXPECT_EQ(back.mutants[0].covered_by,
            (std::vector<std::string>{"Accumulate.HandExample", "Scaler.Smoke"}));
  GradeResult strict = result;
  strict.validity = Validity::Strict;
  EXPECT_FALSE(same_grade(strict, result));
}

// Catches: a comparison of stored grades that misses a changed mutant status, so a merge accepts
// two different grades.
TEST(GradeResultJson, SameGradeNoticesAChangedStatus) {
  GradeResult changed = fixtures::fail_with_survivors(Reveal::Title);
  changed.mutants[0].status = MutantStatus::Killed;
  EXPECT_FALSE(same_grade(changed, fixtures::fail_with_survivors(Reveal::Title)));
}

// Catches: a stored grade missing a field read with a default instead of rejected (its batch
// grades that learner again): the verdict, the set graded, the feedback, a mutant's kind.
TEST(GradeResultJson, AMissingFieldIsAnErrorNotADefault) {
  const nlohmann::json full = fixtures::full_with_generated(Reveal::Title);
  for (const char* key : {"verdict", "mutant_set", "generated", "feedback", "validity"}) {
    nlohmann::json stored = full;
    stored.erase(key);
    EXPECT_THROW(stored.get<GradeResult>(), nlohmann::json::exception) << key;
  }
  nlohmann::json stored = full;
  stored.at("mutants")[0].at("mutant").erase("kind");
  EXPECT_THROW(stored.get<GradeResult>(), nlohmann::json::exception);
}

// Catches: a reveal level this version does not know read as another level.
TEST(GradeResultJson, AnUnknownRevealLevelIsAnError) {
  nlohmann::json stored = fixtures::fail_with_survivors(Reveal::TitleAndSymptom);
  EXPECT_EQ(stored.at("reveal"), "title_and_symptom");
  stored["reveal"] = "symptom";
  EXPECT_ANY_THROW(stored.get<GradeResult>());
}

}  // namespace
}  // namespace tinyllm::reports
