// Mutators of statements.
#include "statement_sites.hpp"

namespace tinyllm::generator {
namespace {

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

std::string joined_tokens(CXTranslationUnit unit, CXCursor cursor) {
  std::string text;
  for (const clang::Token& token : clang::tokens(unit, cursor))
    text += (text.empty() ? "" : " ") + token.text;
  return text;
}

}  // namespace

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
  for (std::size_t i = open + 1; i < close; ++i)
    parts.condition_text += (i == open + 1 ? "" : " ") + tokens[i].text;
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
  const std::string text = joined_tokens(sink.unit, value[0]);
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

std::vector<std::string> statement_mutator_names() {
  return {kRemoveCall, kReturnDefault, kConditionTrue, kConditionFalse};
}

}  // namespace tinyllm::generator
