// Mutators of numeric constants. Values are computed exactly (integers as 64-bit, floating as
// double printed in the shortest form that reads back the same), the literal's suffix is kept,
// and a negative value is parenthesised so `x-0` cannot become `x--1`.
#include "literal_sites.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>

namespace tinyllm::generator {
namespace {

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

std::optional<std::int64_t> parse_integer(const std::string& digits) {
  int base = 10;
  std::string body = digits;
  if (body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
    base = 16;
    body = body.substr(2);
  } else if (body.size() > 2 && body[0] == '0' && (body[1] == 'b' || body[1] == 'B')) {
    base = 2;
    body = body.substr(2);
  } else if (body.size() > 1 && body[0] == '0') {
    base = 8;
  }
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(body.data(), body.data() + body.size(), value, base);
  if (error != std::errc{} || end != body.data() + body.size()) return std::nullopt;
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

}  // namespace

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

std::vector<std::string> literal_mutator_names() {
  return {kToZero, kToOne, kIncrement, kDecrement, kHalve, kDouble};
}

}  // namespace tinyllm::generator
