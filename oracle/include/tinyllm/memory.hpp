// The tracemalloc of tensors: how many bytes of tensor storage are alive, and the most there were.
#pragma once
#include <cstddef>

namespace tinyllm::memory {

// Returns the bytes of tensor storage alive now (numel * itemsize over every tensor: parameters,
// grads, activations and the values nodes saved for backward). Counted across all threads.
std::size_t current_bytes();
// Returns the largest current_bytes() seen since the program started or the last reset_peak().
std::size_t peak_bytes();
// Sets the peak to the current bytes, to measure the peak of what follows.
void reset_peak();

}  // namespace tinyllm::memory
