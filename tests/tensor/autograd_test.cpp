// Autograd semantics: when from_op records a node, accumulation into .grad, re-entrant backward,
// memory falling during backward, grad mode scopes, and the errors of a misused graph.
#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

#include "tinyllm/memory.hpp"
#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {
using Values = std::vector<double>;
using Grads = std::vector<std::optional<Tensor>>;

Tensor parameter(Values values, Shape shape) {
  Tensor t = Tensor::from(std::move(values), std::move(shape), DType::f64);
  t.requires_grad_();
  return t;
}

// A custom op y = 3x whose VJP counts its calls.
Tensor tripled(const Tensor& x, int* calls) {
  return from_op(x.detach() * 3.0, {x}, [calls](const Tensor& up) -> Grads {
    ++*calls;
    return {up * 3.0};
  });
}

// Catches: from_op recording a node when no parent requires grad (the result must be a plain leaf).
TEST(Autograd, FromOpRecordsNothingWhenNoParentRequiresGrad) {
  int calls = 0;
  const Tensor y = tripled(Tensor::from({1.0}, {1}), &calls);
  EXPECT_TRUE(y.is_leaf());
  EXPECT_FALSE(y.requires_grad());
}

// Catches: from_op (and the built-in ops) recording under NoGrad.
TEST(Autograd, FromOpRecordsNothingInNoGradMode) {
  Tensor x = parameter({1.0}, {1});
  int calls = 0;
  NoGrad no_grad;
  const Tensor y = tripled(x, &calls);
  EXPECT_TRUE(y.is_leaf());
  EXPECT_FALSE(y.requires_grad());
  EXPECT_FALSE((x * 2.0).requires_grad());
  EXPECT_TRUE((x * 2.0).is_leaf());
}

// Catches: from_op ignoring a parent that requires grad when another does not.
TEST(Autograd, FromOpRecordsWhenAnyParentRequiresGrad) {
  Tensor x = parameter({2.0}, {1});
  const Tensor c = Tensor::from({5.0}, {1}, DType::f64);
  const Tensor y = from_op(x.detach() * c, {c, x}, [c, x](const Tensor& up) -> Grads {
    return {std::nullopt, up * c};
  });
  EXPECT_FALSE(y.is_leaf());
  EXPECT_TRUE(y.requires_grad());
  y.backward(Tensor::from({1.0}, {1}, DType::f64));
  EXPECT_EQ(x.grad().values(), (Values{5.0}));
  EXPECT_FALSE(c.has_grad()) << "a parent that does not require grad must get no .grad";
}

// Catches: backward replacing .grad instead of adding into it.
TEST(Autograd, GradAccumulatesAcrossTwoBackwardCalls) {
  Tensor x = parameter({1.0, -2.0}, {2});
  sum(square(x)).backward();
  EXPECT_EQ(x.grad().values(), (Values{2.0, -4.0}));
  sum(square(x)).backward();
  EXPECT_EQ(x.grad().values(), (Values{4.0, -8.0}));
  x.zero_grad();
  EXPECT_FALSE(x.has_grad());
  sum(x * 3.0).backward();
  EXPECT_EQ(x.grad().values(), (Values{3.0, 3.0}));
}

// Catches: a leaf's .grad aliasing the caller's upstream tensor or a gradient an op passed through
// unchanged (a later write to either would corrupt the other), and set_grad not being the start of
// accumulation.
TEST(Autograd, GradIsANewTensorThatLaterBackwardsAddInto) {
  Tensor x = parameter({1.0, 1.0}, {2});
  Tensor upstream = Tensor::from({1.0, 2.0}, {2}, DType::f64);
  x.backward(upstream);
  upstream.mutable_data<double>()[0] = 100.0;
  EXPECT_EQ(x.grad().values(), (Values{1.0, 2.0}));
  Tensor y = parameter({0.0, 0.0}, {2});
  Tensor passed = Tensor::from({3.0, 4.0}, {2}, DType::f64);
  (y + 1.0).backward(passed);  // add's VJP passes the upstream through unchanged
  passed.mutable_data<double>()[1] = 100.0;
  EXPECT_EQ(y.grad().values(), (Values{3.0, 4.0}));
  Tensor preset = Tensor::from({10.0, 10.0}, {2}, DType::f64);
  x.set_grad(preset);
  (x * 1.0).backward(Tensor::from({1.0, 2.0}, {2}, DType::f64));
  EXPECT_EQ(x.grad().values(), (Values{11.0, 12.0}));
  EXPECT_EQ(preset.values(), (Values{10.0, 10.0})) << "backward wrote into the tensor set_grad got";
}

// Catches: a backward engine that is not re-entrant: a VJP that switches grad mode on, builds its
// own graph and backpropagates through it (what activation checkpointing does).
TEST(Autograd, AVjpMayRunItsOwnBackward) {
  Tensor x = parameter({1.5, -0.5}, {2});
  Tensor w = parameter({2.0, 3.0}, {2});
  const Tensor y = from_op(square(x.detach()) * w.detach(), {x}, [x, w](const Tensor& up) -> Grads {
    EXPECT_FALSE(is_grad_enabled()) << "VJPs run with grad mode off";
    EnableGrad enable;
    Tensor fresh = x.detach();
    fresh.requires_grad_();
    (square(fresh) * w).backward(up);  // w's gradient lands in w.grad directly
    return {fresh.grad()};
  });
  sum(y * 2.0).backward();
  EXPECT_EQ(x.grad().values(), (Values{2 * 2 * 1.5 * 2.0, 2 * 2 * -0.5 * 3.0}));  // 2 * 2x * w
  EXPECT_EQ(w.grad().values(), (Values{2 * 1.5 * 1.5, 2 * 0.25}));                // 2 * x^2
  EXPECT_TRUE(is_grad_enabled()) << "backward must restore grad mode";
}

// Catches: nodes keeping their saved tensors after their VJP ran (memory must fall as backward
// proceeds). The probe op runs first in the forward pass, so its VJP runs last, after the big op's
// node has dropped the large tensor it saved.
TEST(Autograd, MemoryFallsDuringBackwardAsNodesFreeWhatTheySaved) {
  constexpr std::size_t big = 1 << 16;  // elements the middle op saves: 512 KiB in f64
  Tensor x = parameter({1.0, 2.0}, {2});
  std::size_t bytes_after_forward = 0, bytes_in_probe = 0;
  Tensor loss;
  {
    const Tensor probed = from_op(x.detach(), {x}, [&bytes_in_probe](const Tensor& up) -> Grads {
      bytes_in_probe = memory::current_bytes();
      return {up};
    });
    const Tensor saved = Tensor::full({big}, 1.0, DType::f64);
    const Tensor middle =
        from_op(probed.detach() * 2.0, {probed}, [saved](const Tensor& up) -> Grads {
          return {up * (sum(saved) / static_cast<double>(big)) * 2.0};
        });
    loss = sum(middle);
  }
  bytes_after_forward = memory::current_bytes();
  loss.backward();
  EXPECT_EQ(x.grad().values(), (Values{2.0, 2.0}));
  EXPECT_LE(bytes_in_probe + big * sizeof(double) / 2, bytes_after_forward)
      << "after forward: " << bytes_after_forward
      << " bytes; in the first op's VJP: " << bytes_in_probe
      << " bytes; the large tensor the later op saved was not freed";
}

// Catches: grad mode scopes that do not nest (an inner scope's exit setting a fixed value instead
// of restoring the previous one).
TEST(Autograd, NoGradAndEnableGradNestAndRestore) {
  ASSERT_TRUE(is_grad_enabled());
  {
    NoGrad outer;
    EXPECT_FALSE(is_grad_enabled());
    {
      EnableGrad middle;
      EXPECT_TRUE(is_grad_enabled());
      {
        NoGrad inner;
        EXPECT_FALSE(is_grad_enabled());
        {
          NoGrad innermost;
          EXPECT_FALSE(is_grad_enabled());
        }
        EXPECT_FALSE(is_grad_enabled());
      }
      EXPECT_TRUE(is_grad_enabled());
    }
    EXPECT_FALSE(is_grad_enabled());
  }
  EXPECT_TRUE(is_grad_enabled());
}

// Catches: grad mode shared between threads (it is per thread).
TEST(Autograd, GradModeIsPerThread) {
  NoGrad no_grad;
  bool other_thread_enabled = false;
  std::thread([&] { other_thread_enabled = is_grad_enabled(); }).join();
  EXPECT_TRUE(other_thread_enabled);
  EXPECT_FALSE(is_grad_enabled());
}

// Catches: a second backward through a freed graph silently giving zero or stale gradients.
TEST(Autograd, BackwardTwiceThroughTheSameGraphRaises) {
  Tensor x = parameter({1.0}, {1});
  const Tensor loss = sum(exp(x));
  loss.backward();
  try {
    loss.backward();
    FAIL() << "expected std::logic_error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("already backpropagated"), std::string::npos) << e.what();
  }
}

// Catches: backward on a tensor with no graph silently doing nothing.
TEST(Autograd, BackwardOnATensorThatDoesNotRequireGradRaises) {
  const Tensor x = Tensor::from({1.0}, {1});
  try {
    sum(x).backward();
    FAIL() << "expected std::logic_error";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("does not require grad"), std::string::npos) << e.what();
  }
}

// Catches: a VJP returning the wrong number of gradients being silently truncated.
TEST(Autograd, AVjpWithTheWrongNumberOfGradientsRaises) {
  Tensor x = parameter({1.0}, {1});
  const Tensor y = from_op(
      x.detach(), {x},
      [](const Tensor& up) -> Grads {
        return {up, up};
      },
      "twice");
  try {
    y.backward(Tensor::from({1.0}, {1}));
    FAIL() << "expected std::logic_error";
  } catch (const std::logic_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'twice'"), std::string::npos) << message;
    EXPECT_NE(message.find("2 gradients for 1 parents"), std::string::npos) << message;
  }
}

// Catches: a VJP's gradient of the wrong shape being accepted into a parent's .grad.
TEST(Autograd, AVjpWithAWronglyShapedGradientRaises) {
  Tensor x = parameter({1.0, 2.0}, {2});
  const Tensor y = from_op(
      sum(x.detach()), {x}, [](const Tensor& up) -> Grads { return {up}; }, "bad_sum");
  try {
    y.backward();
    FAIL() << "expected std::logic_error";
  } catch (const std::logic_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'bad_sum'"), std::string::npos) << message;
    EXPECT_NE(message.find("shape ()"), std::string::npos) << message;
    EXPECT_NE(message.find("(2,)"), std::string::npos) << message;
  }
}

// Catches: backward leaving grad mode off when a VJP throws (the restore must be RAII).
TEST(Autograd, GradModeIsRestoredWhenAVjpThrows) {
  Tensor x = Tensor::from({1.0}, {1});
  x.requires_grad_();
  const Tensor y =
      from_op(x.detach(), {x}, [](const Tensor&) -> std::vector<std::optional<Tensor>> {
        throw std::runtime_error("vjp failed");
      });
  EXPECT_THROW(y.backward(Tensor::from({1.0}, {1})), std::runtime_error);
  EXPECT_TRUE(is_grad_enabled());
}

// Catches: backward on a leaf that requires grad doing nothing (it must seed its own .grad).
TEST(Autograd, BackwardOnALeafFillsItsOwnGrad) {
  Tensor x = parameter({4.0}, {});
  x.backward();
  EXPECT_EQ(x.grad().item(), 1.0);
}

// Catches: requires_grad_ accepted on a non-leaf (its gradient would never be stored).
TEST(Autograd, RequiresGradOnANonLeafRaises) {
  Tensor x = parameter({1.0}, {1});
  Tensor y = x * 2.0;
  EXPECT_THROW(y.requires_grad_(), std::logic_error);
  EXPECT_TRUE(y.detach().is_leaf());
  EXPECT_FALSE(y.detach().requires_grad());
}

// Catches: a VJP run for a node no gradient reaches, or intermediate results given a .grad.
TEST(Autograd, OnlyLeavesThatRequireGradReceiveGradients) {
  Tensor x = parameter({1.0, 2.0}, {2});
  const Tensor constant = Tensor::from({3.0, 4.0}, {2}, DType::f64);
  const Tensor hidden = x * constant;
  sum(hidden).backward();
  EXPECT_FALSE(hidden.has_grad());
  EXPECT_FALSE(constant.has_grad());
  EXPECT_EQ(x.grad().values(), (Values{3.0, 4.0}));
}

}  // namespace
}  // namespace tinyllm
