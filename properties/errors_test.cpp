// Bad input raises std::invalid_argument before any work; the phrases checked are those a user must
// read (docs/contract-freedoms.md, "Error messages").
#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <string>
#include <tinyllm/tinyllm.hpp>
#include <utility>
#include <vector>

namespace {
using tinyllm::Tensor;
using tinyllm::train::DynamicLossScaler;

// Expects `call` to throw std::invalid_argument whose message contains every phrase.
void expect_invalid(const std::function<void()>& call, const std::vector<std::string>& phrases) {
  try {
    call();
    ADD_FAILURE() << "no std::invalid_argument was thrown";
  } catch (const std::invalid_argument& e) {
    const std::string message = e.what();
    for (const auto& phrase : phrases)
      EXPECT_NE(message.find(phrase), std::string::npos)
          << "the message \"" << message << "\" does not say \"" << phrase << "\"";
  }
}

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// An unknown dtype string in cast and Autocast must not silently mean float32.
TEST(CourseErrors, unknown_dtype_strings) {
  const Tensor x = Tensor::from({1.0}, {1});
  expect_invalid([&] { tinyllm::train::cast(x, "fp8"); }, {"unknown dtype", "fp8"});
  expect_invalid([&] { tinyllm::train::cast(x, "BF16"); }, {"unknown dtype", "BF16"});
  expect_invalid([] { tinyllm::train::Autocast a("float16"); }, {"unknown dtype", "float16"});
}

// An unknown precision in train_step_mixed must not silently train in float32.
TEST(CourseErrors, unknown_precision) {
  tinyllm::Generator init(1);
  tinyllm::nn::Linear model(1, 1, init);
  tinyllm::optim::SGD opt(model.parameters(), 0.1);
  const std::vector<tinyllm::train::Batch> batches = {
      {Tensor::from({1.0}, {1, 1}), Tensor::from({2.0}, {1, 1})}};
  expect_invalid(
      [&] { tinyllm::train::train_step_mixed(model, batches, tinyllm::nn::mse, opt, "fp64"); },
      {"unknown precision", "fp64"});
  EXPECT_FALSE(model.weight.has_grad()) << "the step must fail before any work";
}

// Scaler arguments out of range: init not positive and finite, growth not above 1, backoff not
// in (0, 1), interval below 1.
TEST(CourseErrors, scaler_arguments_out_of_range) {
  for (double init : {0.0, -8.0, kInf, kNaN})
    expect_invalid([=] { DynamicLossScaler s(init); }, {"positive and finite"});
  for (double growth : {1.0, 0.5, -2.0})
    expect_invalid([=] { DynamicLossScaler s(8.0, growth); }, {"growth", "above 1"});
  for (double backoff : {0.0, 1.0, 1.5, -0.5})
    expect_invalid([=] { DynamicLossScaler s(8.0, 2.0, backoff); }, {"backoff", "(0, 1)"});
  for (long interval : {0L, -3L})
    expect_invalid([=] { DynamicLossScaler s(8.0, 2.0, 0.5, interval); },
                   {"interval", "at least 1"});
}

// A state dict with out-of-range values is rejected and the scaler keeps its state.
TEST(CourseErrors, scaler_state_dict_out_of_range) {
  DynamicLossScaler scaler(8.0, 2.0, 0.5, 3);
  const auto kept = scaler.state_dict();
  const std::vector<std::pair<tinyllm::train::ScalerState, std::string>> bad_states = {
      {{kInf, 2.0, 0.5, 3, 0}, "positive and finite"},
      {{8.0, 1.0, 0.5, 3, 0}, "growth"},
      {{8.0, 2.0, 0.0, 3, 0}, "backoff"},
      {{8.0, 2.0, 0.5, 0, 0}, "interval"},
      {{8.0, 2.0, 0.5, 3, -1}, "good_steps"}};
  for (const auto& bad : bad_states)
    expect_invalid([&] { scaler.load_state_dict(bad.first); }, {bad.second});
  EXPECT_EQ(scaler.state_dict(), kept);
}

// grad_accumulate needs at least one micro-batch, and targets with the inputs' rows.
TEST(CourseErrors, bad_micro_batches) {
  tinyllm::Generator init(2);
  tinyllm::nn::Linear model(2, 1, init);
  expect_invalid([&] { tinyllm::train::grad_accumulate(model, {}, tinyllm::nn::mse); }, {"empty"});
  const std::vector<tinyllm::train::Batch> mismatched = {
      {Tensor::zeros({2, 2}), Tensor::zeros({2, 1})},
      {Tensor::zeros({3, 2}), Tensor::zeros({4, 1})}};
  expect_invalid([&] { tinyllm::train::grad_accumulate(model, mismatched, tinyllm::nn::mse); },
                 {"micro-batch 1", "(3, 2)", "(4, 1)", "rows"});
  EXPECT_FALSE(model.weight.has_grad()) << "nothing is backpropagated before the check";
}

// Catches a micro-batch check that lets rowless data through: a 0-d tensor (no dim 0 to hold
// rows) as inputs or targets, or a micro-batch of zero rows, raises std::invalid_argument, and an
// empty handle an exception (std::invalid_argument, or the foundation's std::logic_error for
// reading it: docs/contract-freedoms.md, "Empty handles"), each before any work, even after a good
// micro-batch (a check made while accumulating has backpropagated that one already).
TEST(CourseErrors, micro_batches_without_rows) {
  tinyllm::Generator init(4);
  tinyllm::nn::Linear model(2, 1, init);
  const tinyllm::train::Batch good = {Tensor::zeros({2, 2}), Tensor::zeros({2, 1})};
  const std::vector<tinyllm::train::Batch> bad = {{Tensor::scalar(1.0), Tensor::zeros({1, 1})},
                                                  {Tensor::zeros({1, 2}), Tensor::scalar(1.0)},
                                                  {Tensor::zeros({0, 2}), Tensor::zeros({0, 1})},
                                                  {Tensor(), Tensor::zeros({2, 1})},
                                                  {Tensor::zeros({2, 2}), Tensor()}};
  for (std::size_t i = 0; i < bad.size(); ++i) {
    const bool empty_handle = !bad[i].first.defined() || !bad[i].second.defined();
    try {
      tinyllm::train::grad_accumulate(model, {good, bad[i]}, tinyllm::nn::mse);
      ADD_FAILURE() << "bad micro-batch " << i << " was accepted";
    } catch (const std::invalid_argument&) {
    } catch (const std::logic_error& e) {
      EXPECT_TRUE(empty_handle) << "bad micro-batch " << i << ": " << e.what()
                                << " is not std::invalid_argument";
    }
    EXPECT_FALSE(model.weight.has_grad()) << "bad micro-batch " << i << ": work was done first";
    model.zero_grad();
  }
}

// Catches a clip check that rejects good thresholds or accepts bad ones: train_step_mixed with a
// clip of 0, below 0 or NaN raises std::invalid_argument before it backpropagates (with or
// without a scaler); a clip below 1 is a good one.
TEST(CourseErrors, clip_not_positive) {
  tinyllm::Generator init(5);
  tinyllm::nn::Linear model(2, 1, init);
  tinyllm::optim::SGD opt(model.parameters(), 0.1);
  const std::vector<tinyllm::train::Batch> batches = {
      {Tensor::from({1.0, 2.0}, {1, 2}), Tensor::from({3.0}, {1, 1})}};
  for (double clip : {0.0, -1.0, -0.5, kNaN}) {
    for (bool with_scaler : {false, true}) {
      DynamicLossScaler scaler(8.0);
      EXPECT_THROW(tinyllm::train::train_step_mixed(model, batches, tinyllm::nn::mse, opt, "fp32",
                                                    with_scaler ? &scaler : nullptr, clip),
                   std::invalid_argument)
          << "clip " << clip;
      EXPECT_FALSE(model.weight.has_grad()) << "clip " << clip << ": the step did work first";
      model.zero_grad();
    }
  }
  EXPECT_NO_THROW(tinyllm::train::train_step_mixed(model, batches, tinyllm::nn::mse, opt, "fp32",
                                                   nullptr, 0.5));
}

// A memory budget that no schedule meets names the smallest budget that works.
TEST(CourseErrors, budget_no_schedule_meets) {
  // 6 layers: the best schedules peak at 4 ((k - 1) + ceil(6 / k) for k = 2 or 3).
  expect_invalid([] { tinyllm::train::checkpoint_schedule(6, 3); },
                 {"smallest budget that works is 4"});
  expect_invalid([] { tinyllm::train::checkpoint_schedule(0, 4); }, {"zero layers"});
  tinyllm::Generator init(3);
  tinyllm::nn::Sequential layers({std::make_shared<tinyllm::nn::Linear>(2, 2, init),
                                  std::make_shared<tinyllm::nn::Tanh>(),
                                  std::make_shared<tinyllm::nn::Linear>(2, 2, init)});
  const Tensor x = Tensor::zeros({1, 2});
  expect_invalid([&] { tinyllm::train::checkpoint_sequential(layers, x, 1); },
                 {"smallest budget that works is 3"});
}

}  // namespace
