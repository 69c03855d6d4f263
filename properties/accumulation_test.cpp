// Gradient accumulation gives the gradient and the loss of one batch.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <vector>

#include "generators.hpp"

namespace {
using tinyllm::DType;
using tinyllm::Tensor;

// Catches s07 (weighting micro-batches 1/k), s09 (zeroing gradients between micro-batches) and
// s10 (reporting the unweighted mean loss): section 3's one weight w = 1, x = [1, 2, 3, 4],
// targets 2x, mse loss, split into micro-batches of 1 and 3 rows. Weighted by 1/4 and 3/4 the loss
// is 7.5 and the gradient -15, as for one batch; weighting by 1/2 gives -10.67, summing -21.3.
TEST(Course, hand_example_accumulation) {
  tinyllm::Generator unused(0);
  tinyllm::nn::Linear model(1, 1, unused, false);
  model.weight.assign(Tensor::from({1.0}, {1, 1}));
  const Tensor x = Tensor::from({1, 2, 3, 4}, {4, 1});
  const Tensor y = Tensor::from({2, 4, 6, 8}, {4, 1});

  // One batch: loss (1 + 4 + 9 + 16) / 4 = 7.5, gradient 2 (-1 - 4 - 9 - 16) / 4 = -15.
  const double one_batch_loss = tinyllm::train::grad_accumulate(model, {{x, y}}, tinyllm::nn::mse);
  EXPECT_DOUBLE_EQ(one_batch_loss, 7.5);
  EXPECT_DOUBLE_EQ(model.weight.grad().item(), -15.0);
  model.zero_grad();

  const std::vector<tinyllm::train::Batch> micro = {
      {Tensor::from({1}, {1, 1}), Tensor::from({2}, {1, 1})},
      {Tensor::from({2, 3, 4}, {3, 1}), Tensor::from({4, 6, 8}, {3, 1})}};
  const double loss = tinyllm::train::grad_accumulate(model, micro, tinyllm::nn::mse);
  const double grad = model.weight.grad().item();
  // 1/4 * 1 + 3/4 * 29/3 = 7.5 and 1/4 * (-2) + 3/4 * (-58/3) = -15, to float32 rounding of 29/3.
  EXPECT_NEAR(loss, 7.5, 1e-6) << "(1 + 29/3) / 2 = 5.33 is the unweighted mean of the two losses";
  EXPECT_NEAR(grad, -15.0, 1e-5);
  EXPECT_GT(std::abs(grad - (-32.0 / 3.0)), 1.0) << "-10.67: micro-batches weighted 1/k";
  EXPECT_GT(std::abs(grad - (-64.0 / 3.0)), 1.0) << "-21.3: micro-batch losses summed";
  EXPECT_GT(std::abs(grad - (-14.5)), 0.1) << "-14.5: only the last micro-batch's gradient";
}

// Returns the largest |a - b| / (1 + |b|) over two lists of values.
double largest_difference(const std::vector<double>& a, const std::vector<double>& b) {
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::abs(a[i] - b[i]) / (1.0 + std::abs(b[i])));
  return worst;
}

// Catches s08 (summing micro-batch losses), and s07, s09, s10: for a random float32 MLP and 32
// random rows, micro-batches of 5, 11 and 16 rows give the gradients and the loss of one batch of
// 32 to 1e-6 (not bit for bit: the sums are added in another order).
RC_GTEST_PROP(Course, accumulation_equals_one_big_batch, ()) {
  const auto spec = *course_gen::mlp_spec(1, 3, 5, DType::f32, false);
  const Tensor x =
      *course_gen::tensor({32, spec.widths.front()}, DType::f32, course_gen::finite_value(1.0));
  const Tensor y =
      *course_gen::tensor({32, spec.widths.back()}, DType::f32, course_gen::finite_value(1.0));
  auto one = course_gen::build_mlp(spec);
  auto accumulated = course_gen::build_mlp(spec);

  const Tensor loss = tinyllm::nn::mse((*one.model)(x), y);
  loss.backward();
  const std::vector<tinyllm::train::Batch> micro = {
      {tinyllm::slice_rows(x, 0, 5), tinyllm::slice_rows(y, 0, 5)},
      {tinyllm::slice_rows(x, 5, 16), tinyllm::slice_rows(y, 5, 16)},
      {tinyllm::slice_rows(x, 16, 32), tinyllm::slice_rows(y, 16, 32)}};
  const double accumulated_loss =
      tinyllm::train::grad_accumulate(*accumulated.model, micro, tinyllm::nn::mse);

  RC_ASSERT(std::abs(accumulated_loss - loss.item()) <= 1e-6 * (1.0 + std::abs(loss.item())));
  const auto expected = one.model->parameters();
  const auto got = accumulated.model->parameters();
  for (std::size_t p = 0; p < expected.size(); ++p) {
    RC_ASSERT(got[p].has_grad());
    const double worst = largest_difference(got[p].grad().values(), expected[p].grad().values());
    RC_ASSERT(worst <= 1e-6);
  }
}

// A model of one weight on rows of any rank: pred = x * w, w broadcast over the rows.
class Scale : public tinyllm::nn::Module {
 public:
  Tensor forward(const Tensor& x) override { return x * w; }
  std::vector<Tensor> parameters() override { return {w}; }
  Tensor w = Tensor::from({1.0}, {1}).requires_grad_();
};

// Catches a rows check tighter than "rows = dim 0": inputs and targets of rank 1 (one number per
// row) and micro-batches of one row are accumulated like any others: section 3's hand example
// again, x = [1, 2, 3, 4] and targets 2x as vectors, in micro-batches of 1 and 3 rows, gives the
// one batch's loss 7.5 and gradient -15.
TEST(CourseContract, micro_batches_of_one_row_and_of_rank_one) {
  Scale model;
  const std::vector<tinyllm::train::Batch> micro = {
      {Tensor::from({1}, {1}), Tensor::from({2}, {1})},
      {Tensor::from({2, 3, 4}, {3}), Tensor::from({4, 6, 8}, {3})}};
  const double loss = tinyllm::train::grad_accumulate(model, micro, tinyllm::nn::mse);
  EXPECT_NEAR(loss, 7.5, 1e-6);
  ASSERT_TRUE(model.w.has_grad());
  EXPECT_NEAR(model.w.grad().item(), -15.0, 1e-5);
}

}  // namespace
