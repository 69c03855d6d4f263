// The hint ladder, attempts and views in every learner-facing format: each rung shows its hints
// and no more, never a survivor's title before the answer; the staff view shows everything and
// what the learner saw; Gradescope's score follows its policy and says which.
#include <gtest/gtest.h>

#include "fixtures.hpp"
#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/gradescope_report.hpp"

namespace tinyllm::reports {
namespace {

using nlohmann::json;

constexpr const char* kQuestion = "QUESTION-S07: what does each part stand for?";
constexpr const char* kConcept = "CONCEPT-S07: each part counts by its rows.";
constexpr const char* kFamily = "KIND-OF-CHANGE: a comparison turned around";

// The FAIL fixture (s07 and s20 survive) as the ladder shows it at `rung`, on attempt `rung`.
GradeResult on_the_ladder(HintRung rung) {
  GradeResult result = fixtures::fail_with_survivors(Reveal::Nothing);
  for (MutantResult& mutant : result.mutants) {
    mutant.mutant.hint_question = "QUESTION-" + mutant.mutant.id;
    mutant.mutant.hint_concept = "CONCEPT-" + mutant.mutant.id;
  }
  result.mutants[0].mutant.hint_question = kQuestion;
  result.mutants[0].mutant.hint_concept = kConcept;
  result.feedback.ladder = true;
  result.feedback.attempt = static_cast<int>(rung);
  result.feedback.rung = rung;
  result.feedback.learner_reveal = Reveal::Nothing;
  return result;
}

// Catches: a rung that shows a later rung's hint, a format that drops the hints, or any rung that
// names the survivor (its title) before the answer.
TEST(HintLadder, each_rung_shows_its_hints_and_never_the_title_in_every_format) {
  for (HintRung rung : {HintRung::Question, HintRung::Concept, HintRung::Symptom}) {
    const GradeResult result = on_the_ladder(rung);
    for (const fixtures::Format& format : fixtures::learner_formats()) {
      const std::string text = format.render(result);
      const std::string where = std::string(format.name) + " at " + hint_rung_name(rung).data();
      EXPECT_TRUE(contains(text, "QUESTION-S07")) << where;
      EXPECT_EQ(contains(text, "CONCEPT-S07"), rung >= HintRung::Concept) << where;
      EXPECT_EQ(contains(text, "wrong gradient whenever the sizes differ"),
                rung >= HintRung::Symptom)
          << where;
      EXPECT_FALSE(contains(text, "weighting micro-batches")) << where;
      EXPECT_FALSE(contains(text, "a tensor passed twice")) << where;  // s20, survived too
      // A detected mutant's hints are never shown: it needs none.
      EXPECT_FALSE(contains(text, "QUESTION-s08")) << where;
    }
  }
}

// Catches: a report that does not tell the learner which attempt and rung this is and when the
// next hint (and the answer) comes, or one that still says it after the due date.
TEST(HintLadder, the_feedback_line_says_the_attempt_the_rung_and_what_comes_next) {
  const GradeResult second = on_the_ladder(HintRung::Concept);
  EXPECT_EQ(feedback_line(second),
            "Attempt 2: hints at rung 2 of 3 (concept); attempt 3 earns the next, and surviving "
            "mutants are named from attempt 4 or after the due date.");
  for (const fixtures::Format& format : fixtures::learner_formats()) {
    EXPECT_TRUE(contains(format.render(second), "Attempt 2: hints at rung 2 of 3")) << format.name;
  }
  GradeResult slower = second;
  slower.feedback.attempts_per_rung = 2;
  slower.feedback.attempt = 3;
  EXPECT_EQ(feedback_line(slower),
            "Attempt 3: hints at rung 2 of 3 (concept); attempt 5 earns the next, and surviving "
            "mutants are named from attempt 7 or after the due date.");
  GradeResult late = fixtures::fail_with_survivors(Reveal::TitleAndSymptom);
  late.feedback.after_deadline = true;
  EXPECT_EQ(feedback_line(late), "After the due date, every surviving mutant is named.");
  // A fixed policy before the due date says nothing: the reports read as before the ladder.
  EXPECT_EQ(feedback_line(fixtures::fail_with_survivors(Reveal::Title)), "");
}

// Catches: a staff view that hides a survivor's title or symptom, or that does not say what the
// learner's report showed.
TEST(Views, staff_see_every_title_and_the_learners_rung) {
  const GradeResult staff = staff_view(on_the_ladder(HintRung::Question));
  for (const fixtures::Format& format : fixtures::learner_formats()) {
    const std::string text = format.render(staff);
    EXPECT_TRUE(contains(text, "weighting micro-batches")) << format.name;
    EXPECT_TRUE(contains(text, "wrong gradient whenever the sizes differ")) << format.name;
    EXPECT_TRUE(contains(text, "QUESTION-S07")) << format.name;
  }
  EXPECT_EQ(
      feedback_line(staff),
      "Staff view: everything is shown. The learner's report: attempt 1: hints at rung 1 of 3 "
      "(question); attempt 2 earns the next, and surviving mutants are named from attempt 4 "
      "or after the due date (an attempt per rung).");
  EXPECT_EQ(staff.feedback.learner_reveal, Reveal::Nothing);
}

// Catches: a generated survivor's ladder that skips a rung or shows the change before its rung.
TEST(HintLadder, a_generated_survivor_climbs_from_where_to_the_kind_to_the_change) {
  for (HintRung rung : {HintRung::Question, HintRung::Concept, HintRung::Symptom}) {
    GradeResult result = fixtures::full_with_generated(Reveal::Nothing);
    for (MutantResult& mutant : result.mutants) mutant.mutant.hint_concept = kFamily;
    result.feedback.ladder = true;
    result.feedback.rung = rung;
    for (const fixtures::Format& format : fixtures::learner_formats()) {
      const std::string text = format.render(result);
      const std::string where = std::string(format.name) + " at " + hint_rung_name(rung).data();
      EXPECT_TRUE(contains(text, "Where: oracle/src/train/cast.cpp, line 3")) << where;
      EXPECT_EQ(contains(text, kFamily), rung >= HintRung::Concept) << where;
      const bool change = contains(text, "replaced by `>=`") ||
                          contains(text, "replaced by `&gt;=`");  // JUnit's and HTML's escaping
      EXPECT_EQ(change, rung >= HintRung::Symptom) << where;
    }
  }
}

// Catches: a gradebook score that reads as a pass for a FAIL grade (the policy "capped"), a
// "verdict" policy that gives points to a FAIL, or an output that does not say which policy.
TEST(GradescopeScore, follows_its_policy_and_says_which) {
  GradeResult fail = fixtures::fail_with_survivors(Reveal::Title);  // 4 of 6 detected, FAIL
  fail.threshold = 0.5;  // 4/6 is above it: only the survivors' being required makes it a FAIL
  fail.score_policy = ScorePolicy::Mutants;
  EXPECT_EQ(fixtures::gradescope_results(fail).at("score"), 4);
  fail.score_policy = ScorePolicy::Capped;
  const json capped = fixtures::gradescope_results(fail);
  EXPECT_EQ(capped.at("score"), 2);  // below 0.5 * 6 = 3
  EXPECT_TRUE(contains(capped.at("output"), "policy \"capped\""));
  fail.score_policy = ScorePolicy::Verdict;
  EXPECT_EQ(fixtures::gradescope_results(fail).at("score"), 0);
  GradeResult pass = fixtures::pass_all_killed();
  pass.score_policy = ScorePolicy::Verdict;
  EXPECT_EQ(fixtures::gradescope_results(pass).at("score"), 6);
  pass.score_policy = ScorePolicy::Capped;
  EXPECT_EQ(fixtures::gradescope_results(pass).at("score"), 6);
}

// Catches: results.json without the data the next submission's attempt is counted from (a grade
// of this grader, not a failure of it) or without the rung the learner was shown.
TEST(GradescopeScore, extra_data_says_it_is_a_grade_and_which_rung) {
  const json extra =
      fixtures::gradescope_results(on_the_ladder(HintRung::Symptom)).at("extra_data");
  EXPECT_EQ(extra.at("tinyllm").at("grader_failed"), false);
  EXPECT_EQ(extra.at("tinyllm").at("hint_rung"), "symptom");
  EXPECT_EQ(extra.at("tinyllm").at("attempt"), 3);
  EXPECT_EQ(extra.at("tinyllm").at("reveal"), "nothing");
}

}  // namespace
}  // namespace tinyllm::reports
