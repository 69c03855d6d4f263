// clip_grad_norm_: one global 2-norm over every grad, as torch.nn.utils.clip_grad_norm_.
#include <gtest/gtest.h>

#include "tinyllm/optim.hpp"

namespace tinyllm {
namespace {

Tensor parameter_with_grad(std::vector<double> grad) {
  const std::size_t n = grad.size();
  Tensor p = Tensor::zeros({n}, DType::f64);
  p.requires_grad_();
  p.set_grad(Tensor::from(std::move(grad), {n}, DType::f64));
  return p;
}

// Catches: returning the norm after clipping, a per-parameter norm instead of the global one, or
// scaling to anything but max_norm / (norm + 1e-6). Grads [3, 4] and [12]: norm sqrt(9+16+144)
// = 13.
TEST(ClipGradNorm, ScalesAllGradsByOneFactorAndReturnsTheNormBefore) {
  Tensor a = parameter_with_grad({3, 4}), b = parameter_with_grad({12});
  const double norm = optim::clip_grad_norm_({a, b}, 6.5);
  EXPECT_DOUBLE_EQ(norm, 13.0);
  const double c = 6.5 / (13.0 + 1e-6);
  EXPECT_DOUBLE_EQ(a.grad().values()[0], 3 * c);
  EXPECT_DOUBLE_EQ(a.grad().values()[1], 4 * c);
  EXPECT_DOUBLE_EQ(b.grad().values()[0], 12 * c);
}

// Catches: grads scaled up (or touched at all) when the norm is already below max_norm.
TEST(ClipGradNorm, LeavesGradsAloneWhenTheNormIsBelowTheMaximum) {
  Tensor a = parameter_with_grad({3, 4}), b = parameter_with_grad({12});
  EXPECT_DOUBLE_EQ(optim::clip_grad_norm_({a, b}, 20.0), 13.0);
  EXPECT_EQ(a.grad().values(), (std::vector<double>{3, 4}));
  EXPECT_EQ(b.grad().values(), (std::vector<double>{12}));
}

// Catches: a parameter without a grad counted as zero in a way that crashes, or given a grad.
TEST(ClipGradNorm, SkipsParametersWithoutAGrad) {
  Tensor a = parameter_with_grad({3, 4});
  Tensor none = Tensor::zeros({2}, DType::f64);
  none.requires_grad_();
  EXPECT_DOUBLE_EQ(optim::clip_grad_norm_({a, none}, 1.0), 5.0);
  EXPECT_FALSE(none.has_grad());
  EXPECT_NEAR(a.grad().values()[0], 0.6, 1e-6);
}

// Catches: a float32 grad turned into float64 by clipping.
TEST(ClipGradNorm, KeepsEachGradsDtype) {
  Tensor p = Tensor::zeros({2}, DType::f32);
  p.requires_grad_();
  p.set_grad(Tensor::from({30, 40}, {2}, DType::f32));
  EXPECT_DOUBLE_EQ(optim::clip_grad_norm_({p}, 1.0), 50.0);
  EXPECT_EQ(p.grad().dtype(), DType::f32);
  EXPECT_NEAR(p.grad().values()[1], 0.8, 1e-6);
}

// Catches: a non-positive max_norm accepted (it would zero or flip every grad).
TEST(ClipGradNorm, NonPositiveMaximumIsRejected) {
  Tensor a = parameter_with_grad({1});
  try {
    optim::clip_grad_norm_({a}, 0.0);
    FAIL() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("max_norm must be positive"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace tinyllm
