// Compares a learner shim's response with the reference shim's (protocol.hpp) and says where they
// first differ, in words a learner reads: "forward[0]: yours 1.0078125, reference 1".
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace tinyllm_diff {

// The relative tolerance of results the contract does not make exact (a '~' label): the course
// suite's, |yours - reference| <= 1e-6 * (1 + |reference|) (properties/accumulation_test.cpp).
inline constexpr double kTolerance = 1e-6;

// Returns nullopt when `yours` matches `reference` (bit for bit, '~' labels to kTolerance), else
// the first difference.
std::optional<std::string> first_difference(const std::string& yours, const std::string& reference);

// Returns `value` as the shortest decimal that reads back to it: "1.00390625", "inf", "-0".
std::string decimal(double value);

// Returns "[1, 2.5, -0]" (at most `most` values, then "...").
std::string decimals(const std::vector<double>& values, std::size_t most = 8);

}  // namespace tinyllm_diff
