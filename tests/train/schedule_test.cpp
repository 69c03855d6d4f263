// checkpoint_schedule (the course's M08.4): the fewest segments whose peak (k - 1) + max s_j fits
// the budget, sizes differing by at most one, larger first.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "tinyllm/train/recompute.hpp"

namespace tinyllm {
namespace {
using train::checkpoint_schedule;
using Starts = std::vector<std::size_t>;

// Returns the segment sizes of a schedule of n layers given its start indices.
std::vector<std::size_t> sizes_of(const Starts& starts, std::size_t n) {
  std::vector<std::size_t> sizes;
  for (std::size_t j = 0; j < starts.size(); ++j)
    sizes.push_back((j + 1 < starts.size() ? starts[j + 1] : n) - starts[j]);
  return sizes;
}

// Returns the peak (k - 1) + max s_j of a schedule.
std::size_t peak_of(const Starts& starts, std::size_t n) {
  const auto sizes = sizes_of(starts, n);
  return starts.size() - 1 + *std::max_element(sizes.begin(), sizes.end());
}

// Returns the smallest peak over every k, by brute force over k = 1..n with near-equal sizes.
std::size_t smallest_possible_peak(std::size_t n) {
  std::size_t best = n;
  for (std::size_t k = 1; k <= n; ++k) best = std::min(best, k - 1 + (n + k - 1) / k);
  return best;
}

// Catches: the contract's worked examples: (6, 4) -> 2 segments of 3; (7, 5) -> sizes 4, 3 (larger
// first); (7, 7) -> one segment.
TEST(CheckpointSchedule, ContractExamples) {
  EXPECT_EQ(checkpoint_schedule(6, 4), (Starts{0, 3}));
  EXPECT_EQ(checkpoint_schedule(7, 5), (Starts{0, 4}));
  EXPECT_EQ(checkpoint_schedule(7, 7), (Starts{0}));
}

// Catches: more segments than needed (e.g. always sqrt(n)), smaller segments first, or a peak
// formula that forgets the k - 1 kept inputs. n = 10, budget 6: k = 2 gives 1 + 5 = 6.
// n = 10, budget 5: k = 3 gives 2 + 4 = 6 > 5, k = 4 gives 3 + 3 = 6, k = 5 gives 4 + 2 = 6:
// none fits, the smallest budget is 6.
TEST(CheckpointSchedule, HandExamples) {
  EXPECT_EQ(checkpoint_schedule(10, 6), (Starts{0, 5}));
  EXPECT_EQ(checkpoint_schedule(10, 100), (Starts{0}));
  EXPECT_EQ(checkpoint_schedule(1, 1), (Starts{0}));
  EXPECT_EQ(checkpoint_schedule(9, 5), (Starts{0, 3, 6}));   // k = 2: 1 + 5 = 6; k = 3: 2 + 3 = 5
  EXPECT_EQ(checkpoint_schedule(11, 6), (Starts{0, 4, 8}));  // sizes 4, 4, 3: 2 + 4 = 6
}

// For every n and feasible budget: the schedule starts at 0, its peak fits the budget, its sizes
// differ by at most one with the larger first, and no schedule with fewer segments fits.
RC_GTEST_PROP(CheckpointSchedule, FewestSegmentsNearEqualSizesLargerFirstWithinBudget, ()) {
  const std::size_t n = *rc::gen::inRange<std::size_t>(1, 200);
  const std::size_t budget = *rc::gen::inRange<std::size_t>(smallest_possible_peak(n), n + 5);
  const Starts starts = checkpoint_schedule(n, budget);
  RC_ASSERT(!starts.empty());
  RC_ASSERT(starts[0] == 0u);
  const auto sizes = sizes_of(starts, n);
  for (std::size_t j = 0; j < sizes.size(); ++j) {
    RC_ASSERT(sizes[j] >= 1u);
    RC_ASSERT(sizes[j] <= sizes[0]);
    RC_ASSERT(sizes[0] - sizes[j] <= 1u);
    if (j > 0) RC_ASSERT(sizes[j] <= sizes[j - 1]);
  }
  RC_ASSERT(peak_of(starts, n) <= budget);
  const std::size_t k = starts.size();
  for (std::size_t fewer = 1; fewer < k; ++fewer)
    RC_ASSERT(fewer - 1 + (n + fewer - 1) / fewer > budget);
}

// Every budget below the smallest possible peak is refused, naming that smallest budget.
RC_GTEST_PROP(CheckpointSchedule, ImpossibleBudgetsNameTheSmallestBudgetThatWorks, ()) {
  const std::size_t n = *rc::gen::inRange<std::size_t>(2, 200);
  const std::size_t smallest = smallest_possible_peak(n);
  const std::size_t budget = *rc::gen::inRange<std::size_t>(0, smallest);
  try {
    checkpoint_schedule(n, budget);
    RC_FAIL("expected std::invalid_argument");
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    RC_ASSERT(message.find("smallest budget that works is " + std::to_string(smallest)) !=
              std::string::npos);
    RC_ASSERT(message.find("checkpoint_schedule") != std::string::npos);
  }
  RC_ASSERT(checkpoint_schedule(n, smallest).size() >= 1u);
}

// Catches: zero layers returning an empty schedule instead of saying so.
TEST(CheckpointSchedule, ZeroLayersIsRejectedSayingSo) {
  try {
    checkpoint_schedule(0, 4);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("zero layers"), std::string::npos) << e.what();
  }
}

// Catches: the worked impossible case: 7 layers cannot fit 3 (k = 2: 1 + 4, k = 3: 2 + 3,
// k = 4: 3 + 2, all 5 or more).
TEST(CheckpointSchedule, SevenLayersInThreeNamesFive) {
  try {
    checkpoint_schedule(7, 3);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("7 layers"), std::string::npos) << message;
    EXPECT_NE(message.find("budget of 3"), std::string::npos) << message;
    EXPECT_NE(message.find("smallest budget that works is 5"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace tinyllm
