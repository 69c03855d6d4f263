// Autocast: a per-thread policy the foundation's matmul reads through autocast_dtype(), and the
// rounded matmul it then calls, autocast_matmul. The contract is the comments above Autocast,
// autocast_bf16, autocast_dtype and autocast_matmul in include/tinyllm/train/precision.hpp. The
// members of Autocast (its `private:` section in that header) are yours to design.
#include <stdexcept>

#include "tinyllm/train/precision.hpp"

namespace tinyllm::train {

// Open a scope: remember the active dtype, make `dtype` the active one on this thread. An unknown
// dtype: std::invalid_argument, and nothing changes.
Autocast::Autocast(std::string_view /*dtype*/) {
  throw std::logic_error("not implemented: tinyllm::train::Autocast::Autocast (src/autocast.cpp)");
}

// Close the scope: put back the dtype that was active when it opened, on every exit (exceptions
// too). A destructor must not throw, so this stub is empty: the constructor above throws, so no
// Autocast exists to destroy until you write both.
Autocast::~Autocast() {}

// Return Autocast("bf16").
Autocast autocast_bf16() {
  throw std::logic_error("not implemented: tinyllm::train::autocast_bf16 (src/autocast.cpp)");
}

// Return the innermost active dtype on this thread, or std::nullopt. The foundation's
// tinyllm::matmul calls this on every matmul: while it returns a dtype, matmul returns
// autocast_matmul(a, b, dtype). This stub says "no scope is open" (the truth while Autocast is not
// written) rather than throwing: a throw here would fail every matmul of the other parts too
// (Linear, checkpointing), so their tests could not tell you how far they have got.
std::optional<std::string> autocast_dtype() {
  return std::nullopt;
}

// Return cast(cast(a) @ cast(b)) in `dtype`: both operands rounded, tinyllm::matmul_plain of them
// (not tinyllm::matmul, which would call this function again), the product rounded.
Tensor autocast_matmul(const Tensor& /*a*/, const Tensor& /*b*/, std::string_view /*dtype*/) {
  throw std::logic_error("not implemented: tinyllm::train::autocast_matmul (src/autocast.cpp)");
}

}  // namespace tinyllm::train
