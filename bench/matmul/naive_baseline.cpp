// In a file of its own, as the loop was in oracle/src/tensor/matmul.cpp: compiled with the same
// flags and called through pointers, so the compiler knows no more about it than it did there.
#include "naive_baseline.hpp"

#include <algorithm>

namespace tinyllm::bench {

void matmul_naive(const float* pa, const float* pb, float* c, std::size_t m, std::size_t k,
                  std::size_t n) {
  std::fill(c, c + m * n, 0.0f);  // the oracle's output tensor comes zeroed
  using T = float;
  // i-k-j order: each c[i][j] starts at zero and adds a[i][p] * b[p][j] for p = 0, 1, ..., k-1,
  // the ascending order the contract fixes, while reading b row by row.
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t p = 0; p < k; ++p) {
      const T av = pa[i * k + p];
      const T* brow = pb + p * n;
      T* crow = c + i * n;
      for (std::size_t j = 0; j < n; ++j) crow[j] += T(av * brow[j]);
    }
}

}  // namespace tinyllm::bench
