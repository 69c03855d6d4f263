// Scans the oracle's sources for variant guards with a regular expression rather than a parser:
// the guards are written one way (`is_mutant(7)`), and check_sites reports any that sit elsewhere.
#include "tinyllm/catalog/guards.hpp"

#include <algorithm>
#include <fstream>
#include <regex>

namespace tinyllm::catalog::detail {

std::vector<std::string> oracle_sources(const std::filesystem::path& repository_root) {
  std::vector<std::string> files;
  const auto oracle_src = repository_root / "oracle" / "src";
  if (!std::filesystem::is_directory(oracle_src)) return files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(oracle_src)) {
    const auto extension = entry.path().extension();
    if (entry.is_regular_file() &&
        (extension == ".cpp" || extension == ".hpp" || extension == ".h"))
      files.push_back(std::filesystem::relative(entry.path(), repository_root).generic_string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<GuardCall> guard_calls(const std::filesystem::path& repository_root,
                                   std::string_view guard) {
  const std::regex call(std::string(guard) + R"(\(([0-9]+)\))");
  std::vector<GuardCall> calls;
  for (const std::string& relative : oracle_sources(repository_root)) {
    std::ifstream in(repository_root / relative);
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      for (std::sregex_iterator it(line.begin(), line.end(), call), end; it != end; ++it)
        calls.push_back({relative, number, std::stoi((*it)[1])});
    }
  }
  return calls;
}

}  // namespace tinyllm::catalog::detail
