// Autocast: a per-thread policy that the matmul dispatch point reads. While a scope is open every
// matmul is cast(cast(a) @ cast(b)): operands and output rounded, the product in the operands'
// dtype, and through cast's backward a rounded backward matmul too.
#include <exception>

#include "mutant.hpp"
#include "tinyllm/train/precision.hpp"
#include "train/autocast_state.hpp"
#include "train/errors.hpp"

namespace tinyllm::train {
namespace detail {
thread_local std::optional<std::string> active_dtype;
}  // namespace detail

Tensor autocast_matmul(const Tensor& a, const Tensor& b, std::string_view dtype) {
  // s03: rounding only one operand
  if (tinyllm::detail::is_mutant(3)) return cast(matmul_plain(cast(a, dtype), b), dtype);
  // s01: not rounding the matmul output
  if (tinyllm::detail::is_mutant(1)) return matmul_plain(cast(a, dtype), cast(b, dtype));
  return cast(matmul_plain(cast(a, dtype), cast(b, dtype)), dtype);
}

Autocast::Autocast(std::string_view dtype) : previous_(detail::active_dtype) {
  if (dtype != "bf16" && dtype != "fp16")
    throw std::invalid_argument(detail::error_message(
        "Autocast", "unknown dtype \"" + std::string(dtype) + "\"; use \"bf16\" or \"fp16\""));
  detail::active_dtype = std::string(dtype);
}

Autocast::~Autocast() {
  // s05: no try/finally around the patched matmul
  if (tinyllm::detail::is_mutant(5))
    if (std::uncaught_exceptions() > exceptions_on_entry_) return;
  // s06: leaving an inner block ends the outer one
  if (tinyllm::detail::is_mutant(6)) {
    detail::active_dtype.reset();
    return;
  }
  detail::active_dtype = previous_;
}

Autocast autocast_bf16() {
  return Autocast("bf16");
}

std::optional<std::string> autocast_dtype() {
  return detail::active_dtype;
}

}  // namespace tinyllm::train
