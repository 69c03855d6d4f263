// Cutting the private sections out of the oracle's module headers, line by line: the headers are
// clang-formatted, so an access specifier stands alone on its line.
#include "workspace/learner_headers.hpp"

#include <vector>

namespace tinyllm::runner {

namespace {

std::string_view trimmed(std::string_view line) {
  const auto begin = line.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  const auto end = line.find_last_not_of(" \t\r\n");
  return line.substr(begin, end - begin + 1);
}

// Returns the change in brace depth over `line`, ignoring what follows `//`.
int brace_change(std::string_view line) {
  int change = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line.compare(i, 2, "//") == 0) break;
    if (line[i] == '{') ++change;
    if (line[i] == '}') --change;
  }
  return change;
}

}  // namespace

std::string without_private_members(std::string_view header) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < header.size();) {
    const auto end = header.find('\n', start);
    const auto stop = end == std::string_view::npos ? header.size() : end + 1;
    lines.push_back(header.substr(start, stop - start));
    start = stop;
  }
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    out += lines[i];
    if (trimmed(lines[i]) != "private:") continue;
    // The section ends where the class's brace closes (depth below zero) or at the next access
    // specifier of the same class.
    std::size_t j = i + 1;
    for (int depth = 0; j < lines.size(); ++j) {
      const std::string_view t = trimmed(lines[j]);
      if (depth == 0 && (t == "public:" || t == "protected:" || t == "private:")) break;
      depth += brace_change(lines[j]);
      if (depth < 0) break;
    }
    out += learner_private_members_comment;
    i = j - 1;
  }
  return out;
}

}  // namespace tinyllm::runner
