// Mutators of builtin operators. The operator's token is found by tokenizing the expression and
// taking the punctuation between the two operands' extents (libclang 14 has no operator-kind API).
#include "operator_sites.hpp"

#include <optional>

namespace tinyllm::generator {
namespace {

struct Swap {
  const char* from;
  const char* operator_name;
  const char* to;
  bool needs_arithmetic_operands;  // pointer arithmetic (p - q) does not survive the swap
};

// One row per mutant an operator gives: relational operators give a boundary and a negation.
constexpr Swap kBinarySwaps[] = {
    {"+", "cxx_add_to_sub", "-", true},           {"-", "cxx_sub_to_add", "+", true},
    {"*", "cxx_mul_to_div", "/", true},           {"/", "cxx_div_to_mul", "*", true},
    {"<", "cxx_lt_to_le", "<=", false},           {"<=", "cxx_le_to_lt", "<", false},
    {">", "cxx_gt_to_ge", ">=", false},           {">=", "cxx_ge_to_gt", ">", false},
    {"<", "cxx_lt_to_ge", ">=", false},           {"<=", "cxx_le_to_gt", ">", false},
    {">", "cxx_gt_to_le", "<=", false},           {">=", "cxx_ge_to_lt", "<", false},
    {"==", "cxx_eq_to_ne", "!=", false},          {"!=", "cxx_ne_to_eq", "==", false},
    {"&&", "cxx_logical_and_to_or", "||", false}, {"||", "cxx_logical_or_to_and", "&&", false},
};

constexpr Swap kCompoundSwaps[] = {
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

template <std::size_t N>
void add_swaps(const SiteSink& sink, CXCursor cursor, const Swap (&swaps)[N]) {
  const std::optional<clang::Token> token = operator_token(sink, cursor);
  if (!token) return;
  for (const Swap& swap : swaps) {
    if (token->text != swap.from) continue;
    if (swap.needs_arithmetic_operands && !operands_arithmetic(cursor)) continue;
    sink.add(swap.operator_name, token->range, swap.to, clang::byte_range(cursor));
  }
}

}  // namespace

void add_binary_operator_sites(const SiteSink& sink, CXCursor cursor) {
  add_swaps(sink, cursor, kBinarySwaps);
}

void add_compound_assign_sites(const SiteSink& sink, CXCursor cursor) {
  add_swaps(sink, cursor, kCompoundSwaps);
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

std::vector<std::string> operator_mutator_names() {
  std::vector<std::string> names;
  for (const Swap& swap : kBinarySwaps) names.push_back(swap.operator_name);
  for (const Swap& swap : kCompoundSwaps) names.push_back(swap.operator_name);
  names.push_back(kRemoveNegation);
  return names;
}

}  // namespace tinyllm::generator
