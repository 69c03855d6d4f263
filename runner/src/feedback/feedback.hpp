// Which feedback a grade gives its learner (README.md); reports/feedback.hpp says it in reports.
#pragma once
#include "config/config.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::runner {

// A submission's place among its learner's: its number (1 for the first; 0 when unknown, taken
// as 1) and whether it came after the due date.
struct Attempt {
  int number = 0;
  bool after_deadline = false;
};

// Returns the feedback for `attempt` and sets `reveal` to the level the learner's report shows.
// With the ladder: attempts 1..k (k = attempts_per_rung) earn the question, the next k the concept,
// the next k the symptom (each with Reveal::Nothing), later ones TitleAndSymptom. Without it: the
// configured level. After the due date: TitleAndSymptom.
reports::Feedback choose_feedback(const Config& config, const Attempt& attempt,
                                  reports::Reveal& reveal);

// Sets result.reveal and result.feedback for `attempt` (choose_feedback), and the score policy.
void apply_feedback(const Config& config, const Attempt& attempt, reports::GradeResult& result);

}  // namespace tinyllm::runner
