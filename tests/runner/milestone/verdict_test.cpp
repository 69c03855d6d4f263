// MS-L11's verdict: each measure passes and fails where its limit says, a failed run names why,
// and the numbers survive the trainer's JSON.
#include "milestone/verdict.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace tinyllm::runner::milestone {
namespace {

// A passing result: held-out losses 5 -> 2 (float32) and 5 -> 2.02 (capstone), a quarter of the
// memory, and checkpointing holding 60% of plain blocks.
tinyllm::milestone::Result passing() {
  tinyllm::milestone::Result r;
  r.plan.steps = 3;
  for (auto* run : {&r.float32, &r.mixed}) {
    run->train_loss = {5, 4, 3};
    run->held_out_step = {0, 3};
    run->train_seconds = 1.5;
  }
  r.float32.held_out_loss = {5, 2};
  r.mixed.held_out_loss = {5, 2.02};
  r.float32.held_bytes = {400, 400, 400};
  r.mixed.held_bytes = {100, 90, 100};
  r.float32.peak_bytes = {500, 500, 500};
  r.mixed.peak_bytes = {120, 120, 120};
  r.checkpointed_held = 60;
  r.plain_held = 100;
  return r;
}

// Catches: a measure compared the wrong way round, or the ratio taken float32 / capstone.
TEST(MilestoneVerdict, APassingResultPassesEveryMeasure) {
  const Verdict v = judge(passing());
  EXPECT_TRUE(v.pass) << (v.reasons.empty() ? "" : v.reasons.front());
  EXPECT_DOUBLE_EQ(v.loss_ratio, 1.01);
  EXPECT_DOUBLE_EQ(v.held_ratio, 0.25);
  EXPECT_DOUBLE_EQ(v.peak_ratio, 0.24);
  EXPECT_DOUBLE_EQ(v.checkpoint_ratio, 0.6);
  EXPECT_DOUBLE_EQ(v.float32_steps_per_second, 2);
  EXPECT_FALSE(v.diverged_at_step.has_value());
}

// Catches: the 2% limit read as 2 (or as exclusive), or a failure without the step it began.
TEST(MilestoneVerdict, ALossMoreThanTwoPercentAboveFailsAndSaysWhereItParted) {
  auto r = passing();
  r.mixed.held_out_loss = {5, 2.0402};
  const Verdict v = judge(r);
  EXPECT_FALSE(v.loss_ok);
  EXPECT_FALSE(v.pass);
  ASSERT_EQ(v.diverged_at_step, 3u);
  ASSERT_EQ(v.reasons.size(), 1u);
  EXPECT_NE(v.reasons[0].find("from step 3 on"), std::string::npos) << v.reasons[0];
}

// Catches: a non-finite loss passing (NaN compares false both ways).
TEST(MilestoneVerdict, ANonFiniteLossFails) {
  auto r = passing();
  r.mixed.held_out_loss = {5, std::nan("")};
  EXPECT_FALSE(judge(r).pass);
}

// Catches: memory measures that pass on micro-batching alone: a checkpoint that keeps the graph
// holds as much as plain blocks, and fails here even though the memory held is a quarter.
TEST(MilestoneVerdict, CheckpointingThatDropsNothingFails) {
  auto r = passing();
  r.checkpointed_held = 100;
  const Verdict v = judge(r);
  EXPECT_TRUE(v.held_ok);
  EXPECT_FALSE(v.checkpoint_ok);
  EXPECT_FALSE(v.pass);
  ASSERT_EQ(v.reasons.size(), 1u);
  EXPECT_NE(v.reasons[0].find("checkpointed blocks hold"), std::string::npos);
}

// Catches: the memory limits off by their boundaries (0.5 passes, more fails; equal peaks fail).
TEST(MilestoneVerdict, MemoryLimits) {
  auto r = passing();
  r.mixed.held_bytes = {200};
  EXPECT_TRUE(judge(r).held_ok);
  r.mixed.held_bytes = {201};
  EXPECT_FALSE(judge(r).held_ok);
  r.mixed.peak_bytes = {500};
  EXPECT_FALSE(judge(r).peak_ok);
}

// Catches: a capstone run that stopped (the module threw) or did not finish counted as a pass.
TEST(MilestoneVerdict, AnUnfinishedRunFailsWithItsError) {
  auto r = passing();
  r.mixed.train_loss = {5};
  EXPECT_FALSE(judge(r).pass);
  r = passing();
  r.error = "the capstone's run stopped: not implemented";
  const Verdict v = judge(r);
  EXPECT_FALSE(v.pass);
  EXPECT_EQ(v.reasons.front(), r.error);
}

// Catches: a field lost or renamed between the trainer's JSON and the grader's reading.
TEST(MilestoneResultJson, RoundTrips) {
  auto r = passing();
  r.plan.model.hidden = 24;
  r.schedule = {0, 2};
  r.parameters = 1234;
  r.corpus_fingerprint = 0xfedcba9876543210ULL;
  const auto back = tinyllm::milestone::result_from_json(tinyllm::milestone::to_json(r));
  EXPECT_EQ(tinyllm::milestone::to_json(back), tinyllm::milestone::to_json(r));
  EXPECT_EQ(back.corpus_fingerprint, r.corpus_fingerprint);
  EXPECT_EQ(back.mixed.held_out_loss, r.mixed.held_out_loss);
}

}  // namespace
}  // namespace tinyllm::runner::milestone
