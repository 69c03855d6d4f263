// The mutators (sites.hpp). An operator's token is the punctuation between the two operands'
// extents (libclang 14 has no operator-kind API). Literal values are computed exactly (a floating
// one printed in the shortest form that reads back the same); a negative one is parenthesised so
// `x-0` cannot become `x--1`.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <span>

#include "sites.hpp"

namespace tinyllm::generator {
namespace {

struct Swap {
  const char* from;
  const char* operator_name;
  const char* to;
  bool needs_arithmetic_operands;  // pointer arithmetic (p - q) does not survive the swap
};

// One row per mutant an operator gives: relational operators give a boundary and a negation. A
// binary operator's token never reads as a compound assignment's, so one table serves both.
constexpr Swap kSwaps[] = {
    {"+", "cxx_add_to_sub", "-", true},
    {"-", "cxx_sub_to_add", "+", true},
    {"*", "cxx_mul_to_div", "/", true},
    {"/", "cxx_div_to_mul", "*", true},
    {"<", "cxx_lt_to_le", "<=", false},
    {"<=", "cxx_le_to_lt", "<", false},
    {">", "cxx_gt_to_ge", ">=", false},
    {">=", "cxx_ge_to_gt", ">", false},
    {"<", "cxx_lt_to_ge", ">=", false},
    {"<=", "cxx_le_to_gt", ">", false},
    {">", "cxx_gt_to_le", "<=", false},
    {">=", "cxx_ge_to_lt", "<", false},
    {"==", "cxx_eq_to_ne", "!=", false},
    {"!=", "cxx_ne_to_eq", "==", false},
    {"&&", "cxx_logical_and_to_or", "||", false},
    {"||", "cxx_logical_or_to_and", "&&", false},
    {"+=", "cxx_add_assign_to_sub_assign", "-=", false},
    {"-=", "cxx_sub_assign_to_add_assign", "+=", false},
    {"*=", "cxx_mul_assign_to_div_assign", "/=", true},
    {"/=", "cxx_div_assign_to_mul_assign", "*=", true},
};

constexpr const char* kRemoveNegation = "cxx_remove_negation";

// Returns the operator token between the two operands of a binary cursor, if it has two.
std::optional<clang::Token> operator_token(const SiteSink& sink, CXCursor cursor) {
  const std::vector<CXCursor> operands = clang::children(cursor);
  if (operands.size() != 2) return std::nullopt;
  const clang::ByteRange lhs = clang::byte_range(operands[0]);
  const clang::ByteRange rhs = clang::byte_range(operands[1]);
  for (const clang::Token& token : clang::tokens(sink.unit, cursor))
    if (token.kind == CXToken_Punctuation && token.range.begin >= lhs.end &&
        token.range.end <= rhs.begin)
      return token;
  return std::nullopt;
}

bool operands_arithmetic(CXCursor cursor) {
  for (const CXCursor operand : clang::children(cursor))
    if (!clang::is_arithmetic(clang_getCursorType(operand))) return false;
  return true;
}

constexpr const char* kToZero = "cxx_literal_to_zero";
constexpr const char* kToOne = "cxx_literal_to_one";
constexpr const char* kIncrement = "cxx_literal_increment";
constexpr const char* kDecrement = "cxx_literal_decrement";
constexpr const char* kHalve = "cxx_literal_halve";
constexpr const char* kDouble = "cxx_literal_double";

// Splits "12ul" into ("12", "ul"): the suffix is the trailing run of `suffix_chars`.
std::pair<std::string, std::string> split_suffix(std::string text,
                                                 const std::string& suffix_chars) {
  std::erase(text, '\'');  // digit separators
  std::size_t digits_end = text.size();
  while (digits_end > 0 && suffix_chars.find(text[digits_end - 1]) != std::string::npos)
    --digits_end;
  return {text.substr(0, digits_end), text.substr(digits_end)};
}

// Parses a decimal, hexadecimal (0x), binary (0b) or octal (a leading 0) integer.
std::optional<std::int64_t> parse_integer(std::string_view digits) {
  int base = 10;
  if (digits.size() > 1 && digits[0] == '0') {
    const char prefix = digits.size() > 2 ? digits[1] : '\0';
    base = prefix == 'x' || prefix == 'X' ? 16 : prefix == 'b' || prefix == 'B' ? 2 : 8;
    if (base != 8) digits.remove_prefix(2);
  }
  std::int64_t value = 0;
  const auto [end, error] =
      std::from_chars(digits.data(), digits.data() + digits.size(), value, base);
  if (error != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

std::string parenthesised_if_negative(std::string text) {
  return text.front() == '-' ? "(" + text + ")" : text;
}

std::string format_floating(double value, const std::string& suffix) {
  char buffer[64];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, error == std::errc{} ? end : buffer);
  // Keep it a floating literal: "2" would silently become an int.
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return parenthesised_if_negative(text + suffix);
}

template <typename Value, typename Format>
std::vector<std::pair<std::string, std::string>> distinct(
    Value original, const std::vector<std::pair<const char*, Value>>& candidates, Format format) {
  std::vector<std::pair<std::string, std::string>> result;
  std::vector<Value> seen = {original};
  for (const auto& [name, value] : candidates) {
    if (std::find(seen.begin(), seen.end(), value) != seen.end()) continue;
    seen.push_back(value);
    result.emplace_back(name, format(value));
  }
  return result;
}

constexpr const char* kRemoveCall = "cxx_remove_call_statement";
constexpr const char* kReturnDefault = "cxx_return_default";
constexpr const char* kConditionTrue = "cxx_condition_to_true";
constexpr const char* kConditionFalse = "cxx_condition_to_false";

// Looks through the implicit nodes libclang shows as UnexposedExpr (ExprWithCleanups, temporary
// bindings) that span exactly the same bytes as the expression they wrap.
CXCursor unwrap_implicit(CXCursor cursor) {
  while (clang_getCursorKind(cursor) == CXCursor_UnexposedExpr) {
    const std::vector<CXCursor> inner = clang::children(cursor);
    if (inner.size() != 1) break;
    const clang::ByteRange outer = clang::byte_range(cursor);
    const clang::ByteRange wrapped = clang::byte_range(inner[0]);
    if (outer.begin != wrapped.begin || outer.end != wrapped.end) break;
    cursor = inner[0];
  }
  return cursor;
}

std::string joined(std::span<const clang::Token> tokens) {
  std::string text;
  for (const clang::Token& token : tokens) text += (text.empty() ? "" : " ") + token.text;
  return text;
}

}  // namespace

void add_operator_sites(const SiteSink& sink, CXCursor cursor) {
  const std::optional<clang::Token> token = operator_token(sink, cursor);
  if (!token) return;
  for (const Swap& swap : kSwaps) {
    if (token->text != swap.from) continue;
    if (swap.needs_arithmetic_operands && !operands_arithmetic(cursor)) continue;
    sink.add(swap.operator_name, token->range, swap.to, clang::byte_range(cursor));
  }
}

void add_unary_operator_sites(const SiteSink& sink, CXCursor cursor) {
  const std::vector<clang::Token> tokens = clang::tokens(sink.unit, cursor);
  if (!tokens.empty() && tokens.front().text == "!" &&
      tokens.front().range.begin == clang::byte_range(cursor).begin)
    // `!x` is a bool: the schema switches `x` against it as conditions (both sides bool), as a
    // pointer or a number `x` has no common type with a bool in `?:`.
    sink.add(kRemoveNegation, tokens.front().range, "", clang::byte_range(cursor),
             SchemaForm::Condition);
}

std::vector<std::pair<std::string, std::string>> literal_replacements(const std::string& text,
                                                                      bool floating) {
  if (floating) {
    const auto [digits, suffix] = split_suffix(text, "fFlL");
    if (digits.find_first_of("xXpP") != std::string::npos) return {};
    double c = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), c);
    if (error != std::errc{} || end != digits.data() + digits.size() || !std::isfinite(c))
      return {};
    std::vector<std::pair<const char*, double>> candidates = {
        {kToZero, 0.0}, {kToOne, 1.0}, {kIncrement, c + 1}, {kDecrement, c - 1}};
    int exponent = 0;
    if (c > 0 && std::frexp(c, &exponent) == 0.5) {
      candidates.emplace_back(kHalve, c / 2);
      candidates.emplace_back(kDouble, c * 2);
    }
    return distinct(c, candidates,
                    [suffix = suffix](double v) { return format_floating(v, suffix); });
  }
  const auto [digits, suffix] = split_suffix(text, "uUlLzZ");
  const std::optional<std::int64_t> parsed = parse_integer(digits);
  if (!parsed || *parsed == INT64_MAX) return {};
  const std::int64_t c = *parsed;
  const bool is_unsigned = suffix.find_first_of("uU") != std::string::npos;
  std::vector<std::pair<const char*, std::int64_t>> candidates = {
      {kToZero, 0}, {kToOne, 1}, {kIncrement, c + 1}};
  if (c > 0 || !is_unsigned) candidates.emplace_back(kDecrement, c - 1);
  if (c >= 2 && (c & (c - 1)) == 0) {
    candidates.emplace_back(kHalve, c / 2);
    if (c <= INT64_MAX / 2) candidates.emplace_back(kDouble, c * 2);
  }
  return distinct(c, candidates, [suffix = suffix](std::int64_t v) {
    return parenthesised_if_negative(std::to_string(v) + suffix);
  });
}

void add_literal_sites(const SiteSink& sink, CXCursor cursor) {
  const bool floating = clang_getCursorKind(cursor) == CXCursor_FloatingLiteral;
  const clang::ByteRange extent = clang::byte_range(cursor);
  for (const clang::Token& token : clang::tokens(sink.unit, cursor)) {
    if (token.range.begin != extent.begin || token.kind != CXToken_Literal) continue;
    for (auto& [name, replacement] : literal_replacements(token.text, floating))
      sink.add(name, token.range, replacement);
    return;
  }
}

ConditionalParts conditional_parts(CXTranslationUnit unit, CXCursor statement) {
  ConditionalParts parts;
  const std::vector<clang::Token> tokens = clang::tokens(unit, statement);
  std::size_t open = 1;
  if (tokens.size() > 1 && tokens[1].text == "constexpr") {
    parts.is_constexpr = true;
    open = 2;
  }
  if (open >= tokens.size() || tokens[open].text != "(") return parts;
  std::size_t close = open;
  for (int depth = 0; close < tokens.size(); ++close) {
    if (tokens[close].text == "(") ++depth;
    if (tokens[close].text == ")" && --depth == 0) break;
  }
  if (close == tokens.size()) return parts;
  parts.condition_text = joined(std::span(tokens).subspan(open + 1, close - open - 1));
  const unsigned inside_begin = tokens[open].range.end;
  const unsigned inside_end = tokens[close].range.begin;
  std::vector<CXCursor> inside;
  for (const CXCursor child : clang::children(statement)) {
    const clang::ByteRange range = clang::byte_range(child);
    if (range.begin >= inside_begin && range.end <= inside_end)
      inside.push_back(child);
    else if (range.begin >= inside_end)
      parts.branches.push_back(child);
  }
  if (inside.size() == 1 && clang_isExpression(clang_getCursorKind(inside[0])))
    parts.condition = inside[0];
  return parts;
}

void add_call_statement_sites(const SiteSink& sink, CXCursor statement) {
  if (!clang_isExpression(clang_getCursorKind(statement))) return;
  if (clang_getCursorKind(unwrap_implicit(statement)) != CXCursor_CallExpr) return;
  const clang::ByteRange range = clang::byte_range(statement);
  sink.add(kRemoveCall, range, "", range, SchemaForm::Discarded);
}

void add_return_default_sites(const SiteSink& sink, CXCursor statement, bool returns_arithmetic) {
  if (!returns_arithmetic) return;
  const std::vector<CXCursor> value = clang::children(statement);
  if (value.size() != 1) return;
  const std::string text = joined(clang::tokens(sink.unit, value[0]));
  if (text == "{ }" || text == "0" || text == "false") return;  // already the default
  const clang::ByteRange range = clang::byte_range(value[0]);
  sink.add(kReturnDefault, range, "{}", range, SchemaForm::ValueInitialized);
}

void add_condition_sites(const SiteSink& sink, const ConditionalParts& parts) {
  if (!parts.condition || parts.is_constexpr) return;
  const clang::ByteRange range = clang::byte_range(*parts.condition);
  if (parts.condition_text != "true")
    sink.add(kConditionTrue, range, "true", range, SchemaForm::Condition);
  if (parts.condition_text != "false")
    sink.add(kConditionFalse, range, "false", range, SchemaForm::Condition);
}

std::vector<std::string> mutator_names() {
  std::vector<std::string> names;
  for (const Swap& swap : kSwaps) names.push_back(swap.operator_name);
  names.insert(names.end(),
               {kRemoveNegation, kToZero, kToOne, kIncrement, kDecrement, kHalve, kDouble,
                kRemoveCall, kReturnDefault, kConditionTrue, kConditionFalse});
  return names;
}

}  // namespace tinyllm::generator
