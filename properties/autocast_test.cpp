// Autocast: rounded matmuls, bf16 gradients on float32 masters, the state restored on every exit.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "generators.hpp"

namespace {
using tinyllm::DType;
using tinyllm::Tensor;

// Returns v rounded to `format` in T's own precision.
template <class T>
T round_to(T v, const std::string& format) {
  return format == "bf16" ? tinyllm::numerics::round_to_bf16(v)
                          : tinyllm::numerics::round_to_fp16(v);
}

// Returns rd(rd(a) @ rd(b)) computed independently of the oracle's matmul: products and sums in
// T, k ascending from zero, as the contract fixes.
template <class T>
std::vector<double> rounded_matmul(const Tensor& a, const Tensor& b, const std::string& format) {
  const std::size_t m = a.shape()[0], k = a.shape()[1], n = b.shape()[1];
  const auto av = a.values(), bv = b.values();
  std::vector<double> out(m * n);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      T acc = 0;
      for (std::size_t p = 0; p < k; ++p) {
        const T x = round_to(static_cast<T>(av[i * k + p]), format);
        const T y = round_to(static_cast<T>(bv[p * n + j]), format);
        acc = acc + static_cast<T>(x * y);
      }
      out[i * n + j] = round_to(acc, format);
    }
  return out;
}

std::vector<double> rounded_matmul(const Tensor& a, const Tensor& b, const std::string& format) {
  return a.dtype() == DType::f64 ? rounded_matmul<double>(a, b, format)
                                 : rounded_matmul<float>(a, b, format);
}

// Catches s03 (rounding only one operand) and s01 (not rounding the output): random products in
// both formats and dtypes equal rd(rd(A) rd(B)) bit for bit, also with the operands reflected
// (B^T A^T) and through Linear; inside a nested scope the innermost format applies (s06).
RC_GTEST_PROP(Course, autocast_matmul_matches_rounded_reference, ()) {
  const auto dtype = *course_gen::dtype();
  const std::string format = *rc::gen::element<std::string>("bf16", "fp16");
  const std::string other = format == "bf16" ? "fp16" : "bf16";
  const auto m = *rc::gen::inRange<std::size_t>(1, 6), k = *rc::gen::inRange<std::size_t>(1, 7),
             n = *rc::gen::inRange<std::size_t>(1, 6);
  const Tensor a = *course_gen::tensor({m, k}, dtype);
  const Tensor b = *course_gen::tensor({k, n}, dtype);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  tinyllm::Generator init(seed);
  tinyllm::nn::Linear linear(k, n, init, true, dtype);

  tinyllm::train::Autocast outer(other);
  {
    tinyllm::train::Autocast inner(format);
    const Tensor y = tinyllm::matmul(a, b);
    RC_ASSERT(y.dtype() == dtype);
    RC_ASSERT(y.values() == rounded_matmul(a, b, format));
    // Reflected: the data operand on the other side of the product.
    const Tensor bt = tinyllm::transpose(b), at = tinyllm::transpose(a);
    RC_ASSERT(tinyllm::matmul(bt, at).values() == rounded_matmul(bt, at, format));
    // Linear: matmul(x, W^T) rounded, then the bias added in the dtype (not a matmul).
    const Tensor z = linear(a);
    auto expected = rounded_matmul(a, tinyllm::transpose(linear.weight), format);
    const auto bias = linear.bias.values();
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < n; ++j)
        expected[i * n + j] = dtype == DType::f64
                                  ? expected[i * n + j] + bias[j]
                                  : static_cast<float>(static_cast<float>(expected[i * n + j]) +
                                                       static_cast<float>(bias[j]));
    RC_ASSERT(z.values() == expected);
  }
  // Back in the outer scope: its format applies again.
  RC_ASSERT(tinyllm::train::autocast_dtype() == std::optional<std::string>(other));
  RC_ASSERT(tinyllm::matmul(a, b).values() == rounded_matmul(a, b, other));
}

// Catches s02 (unrounded gradients through the cast): under bf16 autocast every Linear weight
// gradient of a random MLP is a bf16 value, while the float32 master weights take the update
// w - lr * g exactly, even where it is smaller than bf16's spacing and would round back to w.
RC_GTEST_PROP(Course, autocast_grads_are_bf16_and_masters_stay_fp32, ()) {
  const auto spec = *course_gen::mlp_spec(1, 3, 6, DType::f32, false);
  const auto rows = *rc::gen::inRange<std::size_t>(1, 6);
  const Tensor x = *course_gen::tensor({rows, spec.widths.front()}, DType::f32);
  const Tensor target = *course_gen::tensor({rows, spec.widths.back()}, DType::f32);
  auto mlp = course_gen::build_mlp(spec);
  std::vector<Tensor> weights, before;
  for (std::size_t i = 0; i < mlp.model->size(); ++i)
    if (auto* linear = dynamic_cast<tinyllm::nn::Linear*>(&(*mlp.model)[i])) {
      weights.push_back(linear->weight);
      before.push_back(linear->weight.detach());
    }
  const double lr = 1e-3;
  tinyllm::optim::SGD opt(mlp.model->parameters(), lr);
  tinyllm::train::train_step_mixed(*mlp.model, {{x, target}}, tinyllm::nn::mse, opt, "bf16");
  for (std::size_t w = 0; w < weights.size(); ++w) {
    RC_ASSERT(weights[w].dtype() == DType::f32);
    RC_ASSERT(weights[w].has_grad());
    const auto g = weights[w].grad().values();
    const auto old = before[w].values(), now = weights[w].values();
    for (std::size_t i = 0; i < g.size(); ++i) {
      RC_ASSERT(tinyllm::numerics::round_to_bf16(g[i]) == g[i]);
      // SGD in float32: p - float(lr * g).
      const float expected = static_cast<float>(old[i]) -
                             static_cast<float>(static_cast<float>(lr) * static_cast<float>(g[i]));
      RC_ASSERT(now[i] == static_cast<double>(expected));
    }
  }
  // The section 2 example: a weight of 1 updated by 10^-3 rounds back to 1 in bf16, but not in
  // the float32 master.
  Tensor w = Tensor::from({1.0}, {1, 1}).requires_grad_();
  {
    auto bf16 = tinyllm::train::autocast_bf16();
    tinyllm::sum(tinyllm::matmul(Tensor::from({1.0}, {1, 1}), w)).backward();
  }
  tinyllm::optim::SGD single({w}, lr);
  single.step();
  RC_ASSERT(w.dtype() == DType::f32);
  RC_ASSERT(w.item() == static_cast<double>(1.0f - static_cast<float>(lr)));
  RC_ASSERT(tinyllm::numerics::round_to_bf16(w.item()) == 1.0);
}

// Returns 1 x 2 @ 2 x 1 = 1 + 2^-8: 1.0 under bf16 (a tie to even), 1.00390625 in float32 and
// fp16 (which has 11 significant bits).
double probe() {
  return tinyllm::matmul(Tensor::from({1.0, 1.0}, {1, 2}), Tensor::from({1.0, 1.0 / 256}, {2, 1}))
      .item();
}

// The body of autocast_restores_matmul, run on its own thread: autocast state is per thread, so a
// broken restore dies with that thread instead of leaking bf16 into every later test.
void check_autocast_restores() {
  ASSERT_EQ(tinyllm::train::autocast_dtype(), std::nullopt);
  ASSERT_EQ(probe(), 1.00390625);
  try {
    tinyllm::train::Autocast bf16("bf16");
    EXPECT_EQ(probe(), 1.0);
    throw std::runtime_error("a failure inside the block");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(tinyllm::train::autocast_dtype(), std::nullopt)
      << "an exception left autocast on: every later matmul would run in bf16";
  EXPECT_EQ(probe(), 1.00390625);

  {
    tinyllm::train::Autocast outer("bf16");
    {
      tinyllm::train::Autocast inner("fp16");
      EXPECT_EQ(tinyllm::train::autocast_dtype(), std::optional<std::string>("fp16"));
      EXPECT_EQ(probe(), 1.00390625) << "the innermost dtype (fp16) applies";
    }
    EXPECT_EQ(tinyllm::train::autocast_dtype(), std::optional<std::string>("bf16"))
        << "leaving the inner block must bring back the outer one";
    EXPECT_EQ(probe(), 1.0);
    try {
      tinyllm::train::Autocast inner("fp16");
      throw std::runtime_error("a failure inside the inner block");
    } catch (const std::runtime_error&) {
    }
    EXPECT_EQ(tinyllm::train::autocast_dtype(), std::optional<std::string>("bf16"));
    EXPECT_THROW(tinyllm::train::Autocast unknown("fp8"), std::invalid_argument);
    EXPECT_EQ(tinyllm::train::autocast_dtype(), std::optional<std::string>("bf16"))
        << "an unknown dtype must change nothing";
  }
  EXPECT_EQ(tinyllm::train::autocast_dtype(), std::nullopt);
  EXPECT_THROW(tinyllm::train::Autocast unknown("float16"), std::invalid_argument);
  EXPECT_EQ(tinyllm::train::autocast_dtype(), std::nullopt);
  EXPECT_EQ(probe(), 1.00390625);
}

// Catches s05 (the previous state not restored when the block exits by an exception) and s06
// (leaving an inner block ends the outer one); an unknown dtype raises and changes nothing.
TEST(Course, autocast_restores_matmul) {
  std::thread isolated(check_autocast_restores);
  isolated.join();
}

}  // namespace
