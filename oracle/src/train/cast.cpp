// cast: the emulated 16-bit storage as an op. Forward rounds each element; backward rounds the
// gradient the same way, as hardware passes a gradient through a conversion.
#include "mutant.hpp"
#include "tensor/impl.hpp"
#include "tinyllm/numerics.hpp"
#include "tinyllm/train/precision.hpp"
#include "train/errors.hpp"

namespace tinyllm::train {
namespace {
enum class Format { bf16, fp16 };

Format parse_format(std::string_view dtype, const char* op) {
  if (dtype == "bf16") return Format::bf16;
  if (dtype == "fp16") return Format::fp16;
  throw std::invalid_argument(detail::error_message(
      op, "unknown dtype \"" + std::string(dtype) + "\"; use \"bf16\" or \"fp16\""));
}

// Returns x's elements rounded to `format`, in a tensor of `dtype`.
Tensor rounded(const Tensor& x, Format format, DType dtype) {
  Tensor out = tinyllm::detail::make_tensor(x.shape(), dtype);
  tinyllm::detail::dispatch(x.dtype(), [&](auto zero) {
    using T = decltype(zero);
    std::vector<T> values(x.numel());
    const auto in = x.data<T>();
    if (format == Format::bf16)
      numerics::round_to_bf16(in, values);
    else
      numerics::round_to_fp16(in, values);
    tinyllm::detail::dispatch(dtype, [&](auto to_zero) {
      using To = decltype(to_zero);
      auto o = out.mutable_data<To>();
      for (std::size_t i = 0; i < values.size(); ++i) o[i] = static_cast<To>(values[i]);
    });
  });
  return out;
}
}  // namespace

Tensor cast(const Tensor& x, std::string_view dtype) {
  const Format format = parse_format(dtype, "cast");
  if (!x.defined())
    throw std::invalid_argument(detail::error_message("cast", "the operand is an empty handle"));
  DType out_dtype = x.dtype();
  // s04: a cast that changes float64 to float32
  if constexpr (tinyllm::detail::is_mutant(4)) out_dtype = DType::f32;
  const std::string name = "cast(" + std::string(dtype) + ")";
  return from_op(
      rounded(x, format, out_dtype), {x},
      [format](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        // s02: passing the gradient through the cast unrounded
        if constexpr (tinyllm::detail::is_mutant(2)) return {up};
        return {rounded(up, format, up.dtype())};
      },
      name);
}

}  // namespace tinyllm::train
