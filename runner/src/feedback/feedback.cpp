// The hint ladder's rung for an attempt (feedback.hpp).
#include "feedback/feedback.hpp"

#include <algorithm>

namespace tinyllm::runner {

reports::Feedback choose_feedback(const Config& config, const Attempt& attempt,
                                  reports::Reveal& reveal) {
  reports::Feedback feedback;
  feedback.ladder = config.ladder;
  feedback.attempts_per_rung = config.attempts_per_rung;
  feedback.attempt = attempt.number;
  feedback.after_deadline = attempt.after_deadline;
  reveal = config.reveal;
  if (attempt.after_deadline) {
    reveal = reports::Reveal::TitleAndSymptom;
  } else if (config.ladder) {
    const int step = (std::max(1, attempt.number) - 1) / config.attempts_per_rung;
    constexpr int kAnswer = static_cast<int>(reports::HintRung::Symptom);  // rungs 0..2 are hints
    if (step >= kAnswer) {
      reveal = reports::Reveal::TitleAndSymptom;
    } else {
      reveal = reports::Reveal::Nothing;
      feedback.rung = static_cast<reports::HintRung>(step + 1);
    }
  }
  feedback.learner_reveal = reveal;
  return feedback;
}

void apply_feedback(const Config& config, const Attempt& attempt, reports::GradeResult& result) {
  result.feedback = choose_feedback(config, attempt, result.reveal);
  result.score_policy = config.score_policy;
}

}  // namespace tinyllm::runner
