// The course suite's bad-input tests (properties/errors_test.cpp) up to, not including, the ones
// that reach checkpointing: this suite leaves oracle/src/train/checkpoint.cpp unreached.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <tinyllm/tinyllm.hpp>
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
  using State = tinyllm::train::ScalerState;
  expect_invalid(
      [&] {
        scaler.load_state_dict(State{kInf, 2.0, 0.5, 3, 0});
      },
      {"positive and finite"});
  expect_invalid([&] { scaler.load_state_dict(State{8.0, 1.0, 0.5, 3, 0}); }, {"growth"});
  expect_invalid([&] { scaler.load_state_dict(State{8.0, 2.0, 0.0, 3, 0}); }, {"backoff"});
  expect_invalid([&] { scaler.load_state_dict(State{8.0, 2.0, 0.5, 0, 0}); }, {"interval"});
  expect_invalid([&] { scaler.load_state_dict(State{8.0, 2.0, 0.5, 3, -1}); }, {"good_steps"});
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

}  // namespace
