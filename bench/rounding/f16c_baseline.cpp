// Compiled with -mf16c (see CMakeLists.txt): eight floats per conversion, the hardware's speed
// that the oracle's integer rounding is measured against.
#include "f16c_baseline.hpp"

#include <immintrin.h>

#include <cstddef>

namespace tinyllm::bench {

void round_to_fp16_f16c(std::span<const float> in, std::span<float> out) {
  const std::size_t n = in.size();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m128i halves = _mm256_cvtps_ph(_mm256_loadu_ps(&in[i]), _MM_FROUND_TO_NEAREST_INT);
    _mm256_storeu_ps(&out[i], _mm256_cvtph_ps(halves));
  }
  for (; i < n; ++i)
    out[i] =
        _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtps_ph(_mm_set_ss(in[i]), _MM_FROUND_TO_NEAREST_INT)));
}

}  // namespace tinyllm::bench
