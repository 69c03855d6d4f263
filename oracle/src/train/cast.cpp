// cast: the emulated 16-bit storage as an op. Forward rounds each element; backward rounds the
// gradient the same way, as hardware passes a gradient through a conversion.
#include <utility>
#include <vector>

#include "mutant.hpp"
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

// Returns x's elements rounded to `format`, in a tensor of `dtype`. Through the public API alone,
// as a learner's module would write it: a rounded value is exact in float64 and in float32, so
// the round trip through double changes no bit.
Tensor rounded(const Tensor& x, Format format, DType dtype) {
  std::vector<double> values = x.values();
  for (double& v : values)
    v = format == Format::bf16 ? numerics::round_to_bf16(v) : numerics::round_to_fp16(v);
  return Tensor::from(std::move(values), x.shape(), dtype);
}
}  // namespace

Tensor cast(const Tensor& x, std::string_view dtype) {
  const Format format = parse_format(dtype, "cast");
  if (!x.defined())
    throw std::invalid_argument(detail::error_message("cast", "the operand is an empty handle"));
  DType out_dtype = x.dtype();
  // s04: a cast that changes float64 to float32
  if (tinyllm::detail::is_mutant(4)) out_dtype = DType::f32;
  const std::string name = "cast(" + std::string(dtype) + ")";
  return from_op(
      rounded(x, format, out_dtype), {x},
      [format](const Tensor& up) -> std::vector<std::optional<Tensor>> {
        // s02: passing the gradient through the cast unrounded
        if (tinyllm::detail::is_mutant(2)) return {up};
        return {rounded(up, format, up.dtype())};
      },
      name);
}

}  // namespace tinyllm::train
