// The train module's dtype and precision strings: an unknown one is refused, naming it and the
// accepted ones (the only oracle inputs that name a dtype by string).
#include <gtest/gtest.h>

#include <stdexcept>

#include "tinyllm/nn.hpp"
#include "tinyllm/optim.hpp"
#include "tinyllm/train/precision.hpp"

namespace tinyllm {
namespace {

void expect_message_has(const std::invalid_argument& e, std::vector<std::string> phrases) {
  const std::string message = e.what();
  for (const auto& phrase : phrases)
    EXPECT_NE(message.find(phrase), std::string::npos) << "\"" << message << "\" lacks " << phrase;
}

// Catches: an unknown dtype silently treated as bf16 (or as no rounding).
TEST(UnknownDtype, CastNamesTheDtypeAndTheAcceptedOnes) {
  try {
    train::cast(Tensor::zeros({2}), "fp8");
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    expect_message_has(e, {"cast", "\"fp8\"", "\"bf16\"", "\"fp16\""});
  }
}

// Catches: an Autocast scope opened with an unknown dtype (and left active).
TEST(UnknownDtype, AutocastNamesTheDtypeAndLeavesNoScopeOpen) {
  try {
    train::Autocast scope("float16");
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    expect_message_has(e, {"Autocast", "\"float16\"", "\"bf16\""});
  }
  EXPECT_FALSE(train::autocast_dtype().has_value());
}

// Catches: an unknown precision string running as fp32.
TEST(UnknownDtype, TrainStepNamesThePrecision) {
  Generator gen(1);
  nn::Sequential model({std::make_shared<nn::Linear>(2, 1, gen)});
  optim::SGD opt(model.parameters(), 0.1);
  const train::Batch batch{Tensor::zeros({1, 2}), Tensor::zeros({1, 1})};
  try {
    train::train_step_mixed(model, {batch}, nn::mse, opt, "half");
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    expect_message_has(e, {"train_step_mixed", "\"half\""});
  }
}

}  // namespace
}  // namespace tinyllm
