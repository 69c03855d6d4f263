// The oracle's sources and the variant guards in them (`is_mutant(N)`, `is_wheat(N)`), read as
// text: what check_sites and check_wheat_sites compare with the catalog, and the files the schema
// library compiles with its switch (mutants/builder).
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

// Returns the .cpp, .hpp and .h files under repository_root/oracle/src, relative to
// repository_root, sorted (so problems come in the same order on every machine).
std::vector<std::string> oracle_sources(const std::filesystem::path& repository_root);

// Returns every `<guard>(N)` with a literal N ("is_mutant", "is_wheat") in the oracle's sources.
std::vector<GuardCall> guard_calls(const std::filesystem::path& repository_root,
                                   std::string_view guard);

}  // namespace tinyllm::catalog::detail
