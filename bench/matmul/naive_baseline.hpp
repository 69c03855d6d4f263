// The baseline the oracle's kernel replaced: matmul_plain's former i-p-j loop, copied unchanged.
#pragma once
#include <cstddef>

namespace tinyllm::bench {

// c = a @ b for row-major a (m, k), b (k, n) and c (m, n), c zeroed first: each c[i][j] adds
// a[i][p] * b[p][j] for p = 0, 1, ..., k-1, the order the contract fixes.
void matmul_naive(const float* a, const float* b, float* c, std::size_t m, std::size_t k,
                  std::size_t n);

}  // namespace tinyllm::bench
