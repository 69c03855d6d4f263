// Which feedback a grade gives its learner: the hint ladder's rung that their attempt earned, or
// the configuration's fixed reveal level; everything after the due date. The reports say it
// (reports/feedback.hpp); this decides it.
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

// Returns the feedback for `attempt` under `config`, and sets `reveal` to the level the learner's
// report shows. With the ladder (reveal = "ladder"): attempts 1..k (k = attempts_per_rung) earn
// the question, the next k the concept, the next k the symptom, and later ones (or any after the
// due date) Reveal::TitleAndSymptom, every survivor named; below that the level is
// Reveal::Nothing plus the hints. Without it: the configured level, or TitleAndSymptom after the
// due date.
reports::Feedback choose_feedback(const Config& config, const Attempt& attempt,
                                  reports::Reveal& reveal);

// Sets result.reveal and result.feedback for `attempt` (choose_feedback), and the score policy.
void apply_feedback(const Config& config, const Attempt& attempt, reports::GradeResult& result);

}  // namespace tinyllm::runner
