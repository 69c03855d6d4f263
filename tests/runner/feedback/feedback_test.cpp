// Which feedback an attempt earns (feedback/feedback.hpp).
#include "feedback/feedback.hpp"

#include <gtest/gtest.h>

namespace tinyllm::runner {
namespace {

using reports::HintRung;
using reports::Reveal;

struct Shown {
  Reveal reveal;
  HintRung rung;
};

Shown shown(const Config& config, int attempt, bool late = false) {
  Reveal reveal = Reveal::Title;
  const reports::Feedback feedback = choose_feedback(config, {attempt, late}, reveal);
  EXPECT_EQ(feedback.learner_reveal, reveal);
  return {reveal, feedback.rung};
}

Config ladder(int attempts_per_rung) {
  Config config = default_config();
  config.ladder = true;
  config.attempts_per_rung = attempts_per_rung;
  return config;
}

// Catches: a ladder that starts above the question, skips or repeats a rung, names survivors
// before the fourth rung, or counts an unknown attempt as anything but the first.
TEST(Feedback, each_attempt_earns_the_next_rung_then_the_answer) {
  const Config config = ladder(1);
  const HintRung expected[] = {HintRung::Question, HintRung::Concept, HintRung::Symptom};
  for (int attempt = 1; attempt <= 3; ++attempt) {
    const Shown s = shown(config, attempt);
    EXPECT_EQ(s.reveal, Reveal::Nothing) << attempt;
    EXPECT_EQ(s.rung, expected[attempt - 1]) << attempt;
  }
  for (int attempt : {4, 5, 40}) {
    EXPECT_EQ(shown(config, attempt).reveal, Reveal::TitleAndSymptom) << attempt;
    EXPECT_EQ(shown(config, attempt).rung, HintRung::None) << attempt;
  }
  EXPECT_EQ(shown(config, 0).rung, HintRung::Question);  // not known: the first
}

// Catches: attempts_per_rung ignored or off by one.
TEST(Feedback, a_rung_lasts_its_attempts) {
  const Config config = ladder(2);
  EXPECT_EQ(shown(config, 2).rung, HintRung::Question);
  EXPECT_EQ(shown(config, 3).rung, HintRung::Concept);
  EXPECT_EQ(shown(config, 6).rung, HintRung::Symptom);
  EXPECT_EQ(shown(config, 7).reveal, Reveal::TitleAndSymptom);
}

// Catches: the due date ignored by the ladder or by a fixed policy, or a fixed policy that hints.
TEST(Feedback, after_the_due_date_everything_and_a_fixed_policy_stays_fixed) {
  EXPECT_EQ(shown(ladder(1), 1, true).reveal, Reveal::TitleAndSymptom);
  EXPECT_EQ(shown(ladder(1), 1, true).rung, HintRung::None);
  Config fixed = default_config();
  fixed.reveal = Reveal::Nothing;
  EXPECT_EQ(shown(fixed, 9).reveal, Reveal::Nothing);
  EXPECT_EQ(shown(fixed, 9).rung, HintRung::None);
  EXPECT_EQ(shown(fixed, 1, true).reveal, Reveal::TitleAndSymptom);
}

}  // namespace
}  // namespace tinyllm::runner
