// The emulated 16-bit formats (the course's M09.1): round a float or double to the nearest bf16 or
// fp16 value, ties to even, in one rounding from the input's own precision. The result keeps the
// input's type: a float (or double) whose value is a value of the format.
#pragma once
#include <span>

namespace tinyllm::numerics {

// Returns x rounded to bf16 (8 significant bits, float32's exponent range, subnormals kept).
// Infinities and signed zeros keep their sign; NaN stays NaN (quiet).
float round_to_bf16(float x);
double round_to_bf16(double x);
// Returns x rounded to fp16 (11 significant bits; largest finite 65504; |x| >= 65520 goes to
// infinity; smallest subnormal 2^-24).
float round_to_fp16(float x);
double round_to_fp16(double x);

// Rounds every element of `in` into `out` (same length, else std::invalid_argument); in and out
// may be the same span.
void round_to_bf16(std::span<const float> in, std::span<float> out);
void round_to_bf16(std::span<const double> in, std::span<double> out);
void round_to_fp16(std::span<const float> in, std::span<float> out);
void round_to_fp16(std::span<const double> in, std::span<double> out);

}  // namespace tinyllm::numerics
