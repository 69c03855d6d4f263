// A small scanner for C++ statements, enough for the oracle's guarded sites: a `{...}` block, an
// if (with its else) / for / while with its body, or an expression statement up to its `;`,
// skipping strings, characters and comments.
#include "workspace/variant_sites.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <regex>
#include <stdexcept>
#include <vector>

namespace tinyllm::runner {

namespace {

class StatementScanner {
 public:
  explicit StatementScanner(std::string_view text) : text_(text) {}

  // Returns the position after whitespace and comments from `pos`.
  std::size_t skip_space(std::size_t pos) const {
    while (pos < text_.size()) {
      if (std::isspace(static_cast<unsigned char>(text_[pos]))) {
        ++pos;
      } else if (text_.compare(pos, 2, "//") == 0) {
        pos = line_end(pos);
      } else if (text_.compare(pos, 2, "/*") == 0) {
        pos = find_or_throw("*/", pos + 2) + 2;
      } else {
        break;
      }
    }
    return pos;
  }

  // Returns the position just after the statement that starts at `pos` (after spaces).
  std::size_t statement_end(std::size_t pos) const {
    pos = skip_space(pos);
    if (pos >= text_.size()) throw std::runtime_error("a statement runs past the end of the file");
    if (text_[pos] == '{') return closing(pos) + 1;
    if (word_at(pos, "if")) {
      pos = skip_space(pos + 2);
      if (word_at(pos, "constexpr")) pos = skip_space(pos + 9);
      pos = statement_end(after_parentheses(pos));
      const std::size_t next = skip_space(pos);
      return word_at(next, "else") ? statement_end(next + 4) : pos;
    }
    for (const char* loop : {"for", "while", "switch"})
      if (word_at(pos, loop))
        return statement_end(after_parentheses(skip_space(pos + std::string_view(loop).size())));
    // An expression (or declaration, return, continue) statement: up to its `;` at depth zero.
    for (int depth = 0; pos < text_.size(); ++pos) {
      pos = skip_literal_or_comment(pos);
      if (pos >= text_.size()) break;
      const char c = text_[pos];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') --depth;
      if (c == ';' && depth == 0) return pos + 1;
    }
    throw std::runtime_error("a statement without its `;`");
  }

  // Returns the position after the parenthesised group that starts at `pos`.
  std::size_t after_parentheses(std::size_t pos) const {
    if (pos >= text_.size() || text_[pos] != '(')
      throw std::runtime_error("expected `(` after if/for/while");
    return closing(pos) + 1;
  }

 private:
  bool word_at(std::size_t pos, std::string_view word) const {
    if (text_.compare(pos, word.size(), word) != 0) return false;
    const std::size_t after = pos + word.size();
    return after >= text_.size() ||
           !(std::isalnum(static_cast<unsigned char>(text_[after])) || text_[after] == '_');
  }

  std::size_t line_end(std::size_t pos) const {
    const auto end = text_.find('\n', pos);
    return end == std::string_view::npos ? text_.size() : end;
  }

  std::size_t find_or_throw(std::string_view what, std::size_t from) const {
    const auto at = text_.find(what, from);
    if (at == std::string_view::npos)
      throw std::runtime_error(fmt::format("no closing {} in the source", what));
    return at;
  }

  // Returns, when `pos` starts a string, character literal or comment, the position of its last
  // character; otherwise `pos`.
  std::size_t skip_literal_or_comment(std::size_t pos) const {
    const char c = text_[pos];
    if (text_.compare(pos, 2, "//") == 0) return line_end(pos);
    if (text_.compare(pos, 2, "/*") == 0) return find_or_throw("*/", pos + 2) + 1;
    if (c != '"' && c != '\'') return pos;
    for (std::size_t i = pos + 1; i < text_.size(); ++i) {
      if (text_[i] == '\\') {
        ++i;
      } else if (text_[i] == c) {
        return i;
      }
    }
    throw std::runtime_error("an unterminated literal in the source");
  }

  // Returns the position of the bracket that closes the one at `open`.
  std::size_t closing(std::size_t open) const {
    int depth = 0;
    for (std::size_t pos = open; pos < text_.size(); ++pos) {
      pos = skip_literal_or_comment(pos);
      if (pos >= text_.size()) break;
      const char c = text_[pos];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}')
        if (--depth == 0) return pos;
    }
    throw std::runtime_error("an unbalanced bracket in the source");
  }

  std::string_view text_;
};

// A marker line `  // s07: ...` or `  // w04: ...`; captures its indentation, kind and number.
const std::regex& marker_line() {
  static const std::regex pattern(R"(^([ \t]*)// ([sw])(\d+): [^\n]*\n)");
  return pattern;
}
// The guard that must follow a marker; captures the negation, kind and number.
const std::regex& guard() {
  static const std::regex pattern(
      R"(^[ \t]*if constexpr \((!?)tinyllm::detail::is_(mutant|wheat)\((\d+)\)\))");
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
  const StatementScanner scanner(source);
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
          "line {}: the marker of site {} is not directly followed by its guard `if constexpr "
          "([!]tinyllm::detail::is_{}({}))`",
          line_number, id, marker[2] == "s" ? "mutant" : "wheat", std::stoi(marker[3])));
    const std::size_t body_begin = scanner.skip_space(next + static_cast<std::size_t>(g.length()));
    const std::size_t body_end = scanner.statement_end(body_begin);
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
