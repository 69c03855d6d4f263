// train_step_mixed.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "generators.hpp"

namespace {
using tinyllm::Tensor;
using tinyllm::train::DynamicLossScaler;

// Catches a bf16 run that drifts from float32 (rounding the masters, or anything rounded twice),
// and s08 (summing micro-batch losses: the reported loss would be twice the batch's): 60 AdamW
// steps on 32 rows in two micro-batches of 16, in bf16 and in float32 from the same weights, end
// within 2% of each other, and the float32 run learns. Seed 11 for data and weights.
TEST(Course, train_step_mixed_bf16_tracks_fp32) {
  tinyllm::Generator data(11);
  const Tensor x = Tensor::uniform({32, 4}, -1.0, 1.0, data);
  const Tensor v = Tensor::uniform({4, 1}, -1.0, 1.0, data);
  const Tensor y = tinyllm::tanh(tinyllm::matmul(x, v) * 2.0);
  const std::vector<tinyllm::train::Batch> micro = {
      {tinyllm::slice_rows(x, 0, 16), tinyllm::slice_rows(y, 0, 16)},
      {tinyllm::slice_rows(x, 16, 32), tinyllm::slice_rows(y, 16, 32)}};

  // Linear(4, 16) - Tanh - Linear(16, 1), twice with the same weights.
  const course_gen::MlpSpec spec{{4, 16, 1}, {course_gen::Activation::tanh}, 0.0, 11};
  auto fp32 = course_gen::build_mlp(spec).model, bf16 = course_gen::build_mlp(spec).model;
  const double initial = tinyllm::nn::mse((*fp32)(x), y).item();
  tinyllm::optim::AdamW fp32_opt(fp32->parameters(), 1e-2), bf16_opt(bf16->parameters(), 1e-2);
  double fp32_loss = 0, bf16_loss = 0;
  for (int step = 0; step < 60; ++step) {
    const auto a =
        tinyllm::train::train_step_mixed(*fp32, micro, tinyllm::nn::mse, fp32_opt, "fp32");
    const auto b =
        tinyllm::train::train_step_mixed(*bf16, micro, tinyllm::nn::mse, bf16_opt, "bf16");
    if (step == 0) {
      EXPECT_NEAR(a.loss, initial, 1e-6 * initial) << "the step reports the batch's mean loss";
      EXPECT_EQ(a.scale, 1.0);
      EXPECT_FALSE(a.skipped || b.skipped);
    }
    fp32_loss = a.loss;
    bf16_loss = b.loss;
  }
  EXPECT_LT(fp32_loss, 0.5 * initial) << "the float32 run did not learn";
  EXPECT_LE(std::abs(bf16_loss - fp32_loss), 0.02 * fp32_loss)
      << "bf16 " << bf16_loss << " against float32 " << fp32_loss;
  for (const Tensor& p : bf16->parameters()) EXPECT_EQ(p.dtype(), tinyllm::DType::f32);
}

// Catches s17 (stepping on a NaN loss without a scaler), and s07, s08, s10 through the finite
// contrast: a NaN or infinite loss raises NonFiniteLossError before any update; with a scaler the
// same step is skipped instead; a finite step with section 3's micro-batches of 1 and 3 rows
// updates and reports the batch's loss 7.5 (not 5.33 unweighted or by 1/k, not 10.67 summed).
TEST(Course, train_step_mixed_rejects_nan_loss) {
  tinyllm::Generator unused(0);
  tinyllm::nn::Linear model(1, 1, unused, false);
  model.weight.assign(Tensor::from({1.0}, {1, 1}));
  tinyllm::optim::SGD opt(model.parameters(), 0.01);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();

  const std::vector<tinyllm::train::Batch> poisoned_input = {
      {Tensor::from({1}, {1, 1}), Tensor::from({2}, {1, 1})},
      {Tensor::from({2, nan, 4}, {3, 1}), Tensor::from({4, 6, 8}, {3, 1})}};
  const std::vector<tinyllm::train::Batch> poisoned_target = {
      {Tensor::from({1, 2}, {2, 1}), Tensor::from({2, inf}, {2, 1})}};
  for (const auto* batches : {&poisoned_input, &poisoned_target}) {
    EXPECT_THROW(tinyllm::train::train_step_mixed(model, *batches, tinyllm::nn::mse, opt),
                 tinyllm::train::NonFiniteLossError);
    EXPECT_EQ(model.weight.item(), 1.0) << "a non-finite loss must stop the step before the update";
  }

  tinyllm::train::DynamicLossScaler scaler(1024.0, 2.0, 0.5, 2000);
  const auto skipped = tinyllm::train::train_step_mixed(model, poisoned_input, tinyllm::nn::mse,
                                                        opt, "fp16", &scaler);
  EXPECT_TRUE(skipped.skipped);
  EXPECT_EQ(skipped.scale, 512.0);
  EXPECT_EQ(model.weight.item(), 1.0);

  const std::vector<tinyllm::train::Batch> finite = {
      {Tensor::from({1}, {1, 1}), Tensor::from({2}, {1, 1})},
      {Tensor::from({2, 3, 4}, {3, 1}), Tensor::from({4, 6, 8}, {3, 1})}};
  const auto result = tinyllm::train::train_step_mixed(model, finite, tinyllm::nn::mse, opt);
  EXPECT_FALSE(result.skipped);
  EXPECT_EQ(result.scale, 1.0);
  EXPECT_FALSE(result.grad_norm.has_value());
  EXPECT_NEAR(result.loss, 7.5, 1e-6) << "the loss of all 4 rows, weighted n_i / N";
  EXPECT_GT(model.weight.item(), 1.0) << "a finite step updates (the gradient is negative)";
}

// Returns the 2-norm of the difference of two lists of values.
double distance(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += (a[i] - b[i]) * (a[i] - b[i]);
  return std::sqrt(sum);
}

// Catches a clip that is ignored or not reported: with clip 0.5, a step whose gradient norm is far
// above it moves the parameters (SGD, lr 1) by at most 0.5 and reports in grad_norm the norm
// before clipping (with a scaler, in true gradient units), without a scaler and with one.
TEST(CourseContract, train_step_clips_and_reports_the_norm) {
  const std::vector<tinyllm::train::Batch> batches = {
      {Tensor::from({1.0, 2.0, -1.0, 0.5}, {2, 2}), Tensor::from({40.0, -30.0}, {2, 1})}};
  for (bool with_scaler : {false, true}) {
    tinyllm::Generator init(12);
    tinyllm::nn::Linear model(2, 1, init), twin(2, 1, init);
    twin.weight.assign(model.weight);
    twin.bias.assign(model.bias);
    tinyllm::train::grad_accumulate(twin, batches, tinyllm::nn::mse);
    std::vector<double> grads = twin.weight.grad().values(), before = model.weight.values();
    for (double g : twin.bias.grad().values()) grads.push_back(g);
    for (double b : model.bias.values()) before.push_back(b);
    const double norm = distance(grads, std::vector<double>(grads.size(), 0.0));
    ASSERT_GT(norm, 10.0);

    tinyllm::optim::SGD opt(model.parameters(), 1.0);
    DynamicLossScaler scaler(1024.0);
    const auto result = tinyllm::train::train_step_mixed(
        model, batches, tinyllm::nn::mse, opt, "fp32", with_scaler ? &scaler : nullptr, 0.5);
    ASSERT_FALSE(result.skipped);
    ASSERT_TRUE(result.grad_norm.has_value()) << "with scaler: " << with_scaler;
    EXPECT_NEAR(*result.grad_norm, norm, 1e-5 * norm) << "with scaler: " << with_scaler;
    std::vector<double> after = model.weight.values();
    for (double b : model.bias.values()) after.push_back(b);
    EXPECT_LE(distance(after, before), 0.5 * (1 + 1e-5)) << "with scaler: " << with_scaler;
  }
}

// Catches a step that does not start from zero gradients everywhere it steps: a parameter the
// optimizer holds outside the model (a learned scale in the loss) gets each step's own gradient,
// not the sum over steps. SGD with lr 0 keeps every step the same, so every step's gradient is.
TEST(CourseContract, train_step_zeroes_the_optimizers_gradients) {
  tinyllm::Generator init(13);
  tinyllm::nn::Linear model(2, 1, init);
  Tensor t = Tensor::from({1.5}, {1}).requires_grad_();
  auto loss_fn = [t](const Tensor& pred, const Tensor& target) {
    return tinyllm::nn::mse(pred * t, target);
  };
  std::vector<Tensor> params = model.parameters();
  params.push_back(t);
  tinyllm::optim::SGD opt(params, 0.0);
  const std::vector<tinyllm::train::Batch> batches = {
      {Tensor::from({1.0, 2.0, -1.0, 0.5}, {2, 2}), Tensor::from({4.0, -3.0}, {2, 1})}};
  tinyllm::train::train_step_mixed(model, batches, loss_fn, opt);
  ASSERT_TRUE(t.has_grad());
  const std::vector<double> first = t.grad().values();
  tinyllm::train::train_step_mixed(model, batches, loss_fn, opt);
  EXPECT_EQ(t.grad().values(), first) << "the second step added onto the first's gradient";
}

}  // namespace
