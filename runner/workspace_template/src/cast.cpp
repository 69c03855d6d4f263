// The cast op: emulated 16-bit storage. Write it first: autocast, the loss scaler's tests and the
// train step all build on it. The contract is the comment above `cast` in
// include/tinyllm/train/precision.hpp.
#include <stdexcept>

#include "tinyllm/train/precision.hpp"

namespace tinyllm::train {

// Round every element of x to bf16 or fp16 (tinyllm/numerics.hpp has the rounding), keep
// x.dtype(), and make the backward round the upstream gradient the same way (tinyllm::from_op
// builds an op with its VJP). Any other dtype string: std::invalid_argument.
Tensor cast(const Tensor& /*x*/, std::string_view /*dtype*/) {
  throw std::logic_error("not implemented: tinyllm::train::cast (src/cast.cpp)");
}

}  // namespace tinyllm::train
