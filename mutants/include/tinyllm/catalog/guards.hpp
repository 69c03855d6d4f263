// The variant guards (`is_mutant(N)`, `is_wheat(N)`) in the oracle's sources, read as text.
#pragma once
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace tinyllm::catalog::detail {

struct GuardCall {
  std::string file;  // relative to the repository root
  int line = 0;
  int number = 0;  // N of is_mutant(N) or is_wheat(N)
};

// Returns every `<guard>(N)` with a literal N ("is_mutant", "is_wheat") in the .cpp, .hpp and .h
// files under oracle/src, in file order (sorted by path) then line order.
std::vector<GuardCall> guard_calls(const std::filesystem::path& repository_root,
                                   std::string_view guard);

}  // namespace tinyllm::catalog::detail
