// The fp16 baseline: the processor's own conversion, float32 -> fp16 -> float32 (F16C).
#pragma once
#include <span>

namespace tinyllm::bench {

// Rounds every element of `in` into `out` (same length) through F16C's vcvtps2ph / vcvtph2ps,
// round to nearest even. Call only when the processor has F16C (the
// caller checks: this file is the only one built with -mf16c).
void round_to_fp16_f16c(std::span<const float> in, std::span<float> out);

}  // namespace tinyllm::bench
