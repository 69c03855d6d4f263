// A suite that notices three bugs and reacts in three ways: it hangs on a bf16 matmul whose output
// is not rounded (s01: Timeout), crashes when a cast's gradient is not rounded (s02: Killed, by
// SIGSEGV), and exits with status 0 in the middle of its run when a cast turns float64 into float32
// (s04: Killed, no complete result file). Everything else survives.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <tinyllm/tinyllm.hpp>

using tinyllm::DType;
using tinyllm::Tensor;

TEST(Misbehaves, hangs_when_matmul_output_is_not_rounded) {
  auto a = Tensor::from({1, 1}, {1, 2});
  auto b = Tensor::from({1, std::ldexp(1.0, -8)}, {2, 1});
  tinyllm::train::Autocast bf16("bf16");
  if (tinyllm::matmul(a, b).item() != 1.0)
    for (;;) pause();
}

TEST(Misbehaves, crashes_when_cast_gradient_is_not_rounded) {
  auto x = Tensor::from({1.0}, {1}, DType::f32);
  x.requires_grad_();
  auto y = tinyllm::train::cast(x, "bf16");
  y.backward(Tensor::from({1.01}, {1}, DType::f32));
  if (x.grad().values()[0] != 1.0078125) raise(SIGSEGV);
}

TEST(Misbehaves, exits_early_when_cast_changes_dtype) {
  auto y = tinyllm::train::cast(Tensor::scalar(1.0, DType::f64), "bf16");
  if (y.dtype() != DType::f64) std::exit(0);
}
