// tinyllm::memory: bytes of tensor storage alive now and at the peak, counted as numel * itemsize.
#include "tinyllm/memory.hpp"

#include <gtest/gtest.h>

#include "tinyllm/tensor.hpp"

namespace tinyllm {
namespace {

// Catches: counting elements instead of bytes, or a dtype's itemsize wrong (f32 4, f64 8).
TEST(Memory, AllocationAddsNumelTimesItemsize) {
  const std::size_t before = memory::current_bytes();
  {
    const Tensor a = Tensor::zeros({10, 3}, DType::f32);
    EXPECT_EQ(memory::current_bytes(), before + 120);
    const Tensor b = Tensor::zeros({5}, DType::f64);
    EXPECT_EQ(memory::current_bytes(), before + 160);
  }
  EXPECT_EQ(memory::current_bytes(), before) << "freed tensors must leave the count";
}

// Catches: copies of a handle, or from_op's output sharing its value's storage, counted twice.
TEST(Memory, SharedStorageIsCountedOnce) {
  const Tensor a = Tensor::zeros({100}, DType::f64);
  const std::size_t before = memory::current_bytes();
  const Tensor alias = a;
  const Tensor op =
      from_op(a, {}, [](const Tensor&) { return std::vector<std::optional<Tensor>>{}; });
  EXPECT_EQ(memory::current_bytes(), before);
}

// Catches: gradients left out of the count.
TEST(Memory, GradientsAreCounted) {
  Tensor x = Tensor::zeros({50}, DType::f64);
  x.requires_grad_();
  const std::size_t before = memory::current_bytes();
  {
    Tensor loss = sum(x);
    loss.backward();
  }
  EXPECT_EQ(memory::current_bytes(), before + 50 * 8);
  x.zero_grad();
  EXPECT_EQ(memory::current_bytes(), before);
}

// Catches: a peak that follows current down, or reset_peak clearing it to zero instead of current.
TEST(Memory, PeakRemembersTheMostAndResetsToCurrent) {
  memory::reset_peak();
  const std::size_t base = memory::current_bytes();
  EXPECT_EQ(memory::peak_bytes(), base);
  { const Tensor big = Tensor::zeros({1000}, DType::f64); }
  EXPECT_EQ(memory::current_bytes(), base);
  EXPECT_EQ(memory::peak_bytes(), base + 8000);
  const Tensor small = Tensor::zeros({10}, DType::f32);
  memory::reset_peak();
  EXPECT_EQ(memory::peak_bytes(), base + 40);
}

}  // namespace
}  // namespace tinyllm
