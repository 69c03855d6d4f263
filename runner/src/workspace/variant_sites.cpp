// Resolving the variant sites of a module source (variant_sites.hpp): each marker and its guard
// found by their fixed forms, the guarded statement's end by the catalog's statement scanner.
#include "workspace/variant_sites.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <stdexcept>

#include "tinyllm/catalog/statement.hpp"

namespace tinyllm::runner {

namespace {

// A marker line `  // s07: ...` or `  // w04: ...`; captures its indentation, kind and number.
const std::regex& marker_line() {
  static const std::regex pattern(R"(^([ \t]*)// ([sw])(\d+): [^\n]*\n)");
  return pattern;
}
// The guard that must follow a marker; captures the negation, kind and number.
const std::regex& guard() {
  static const std::regex pattern(
      R"(^[ \t]*if \((!?)tinyllm::detail::is_(mutant|wheat)\((\d+)\)\))");
  return pattern;
}

// Returns `statement` with each line after the first dedented by two spaces when the guard put it
// on lines of its own (its body was indented one level deeper than the guard).
std::string dedented(std::string_view statement) {
  std::string out;
  for (std::size_t i = 0; i < statement.size(); ++i) {
    out += statement[i];
    if (statement[i] == '\n' && statement.compare(i + 1, 2, "  ") == 0) i += 2;
  }
  return out;
}

}  // namespace

std::set<int> pitfall_sites(std::string_view source) {
  std::set<int> ids;
  static const std::regex marker(R"((^|\n)[ \t]*// s(\d+): )");
  const std::string text(source);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), marker);
       it != std::sregex_iterator(); ++it)
    ids.insert(std::stoi((*it)[2]));
  return ids;
}

std::string resolve_variant_sites(std::string_view source, const std::set<int>& pitfalls) {
  std::string out;
  std::size_t pos = 0;
  std::size_t line_number = 1;
  while (pos < source.size()) {
    const std::size_t eol = source.find('\n', pos);
    const std::size_t next = eol == std::string_view::npos ? source.size() : eol + 1;
    std::match_results<std::string_view::const_iterator> marker;
    if (!std::regex_search(source.begin() + pos, source.begin() + next, marker, marker_line())) {
      out.append(source.substr(pos, next - pos));
      pos = next;
      ++line_number;
      continue;
    }
    const std::string indent = marker[1];
    const std::string id = std::string(marker[2]) + std::string(marker[3]);
    std::match_results<std::string_view::const_iterator> g;
    if (next >= source.size() ||
        !std::regex_search(source.begin() + next, source.end(), g, guard(),
                           std::regex_constants::match_continuous) ||
        (g[2] == "mutant") != (marker[2] == "s") || std::stoi(g[3]) != std::stoi(marker[3]))
      throw std::runtime_error(fmt::format(
          "line {}: the marker of site {} is not directly followed by its guard `if "
          "([!]tinyllm::detail::is_{}({}))`",
          line_number, id, marker[2] == "s" ? "mutant" : "wheat", std::stoi(marker[3])));
    const std::size_t after_guard = next + static_cast<std::size_t>(g.length());
    const std::size_t body_begin =
        std::min(source.find_first_not_of(" \t\r\n", after_guard), source.size());
    const std::optional<std::size_t> end = catalog::detail::statement_end(source, body_begin);
    if (!end)
      throw std::runtime_error(
          fmt::format("line {}: the statement guarded at site {} does not end", line_number, id));
    const std::size_t body_end = *end;
    const bool chosen = marker[2] == "s" && pitfalls.count(std::stoi(marker[3])) > 0;
    const bool keep = (g[1] == "!") != chosen;
    std::string_view body = source.substr(body_begin, body_end - body_begin);
    const bool own_lines = source.substr(next, body_begin - next).find('\n') != std::string::npos;
    // The statement ends its line (clang-format puts one on a line): the rest is its comment.
    const std::size_t end_of_line = std::min(source.find('\n', body_end), source.size());
    if (keep)
      out += indent + (own_lines ? dedented(body) : std::string(body)) +
             std::string(source.substr(body_end, end_of_line - body_end)) + "\n";
    const std::size_t resume = std::min(end_of_line + 1, source.size());
    for (std::size_t i = pos; i < resume; ++i) line_number += source[i] == '\n';
    pos = resume;
  }
  if (out.find("tinyllm::detail::is_mutant(") != std::string::npos ||
      out.find("tinyllm::detail::is_wheat(") != std::string::npos)
    throw std::runtime_error(
        "a variant guard without its marker comment remains after resolving the sites");
  return out;
}

std::string workspace_module_file(std::string_view source, const std::set<int>& pitfalls) {
  const std::string resolved = resolve_variant_sites(source, pitfalls);
  std::string out;
  for (std::size_t pos = 0; pos < resolved.size();) {
    const auto eol = resolved.find('\n', pos);
    const auto next = eol == std::string::npos ? resolved.size() : eol + 1;
    std::string line = resolved.substr(pos, next - pos);
    pos = next;
    if (line.rfind("#include \"mutant.hpp\"", 0) == 0) continue;
    if (line.rfind("#include \"train/", 0) == 0) line.erase(10, 6);
    out += line;
  }
  return out;
}

}  // namespace tinyllm::runner
