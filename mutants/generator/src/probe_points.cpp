// Probe points: every statement directly in a block, and the innermost one around a range.
#include "probe_points.hpp"

namespace tinyllm::generator {
namespace {

bool is_label(CXCursorKind kind) {
  return kind == CXCursor_CaseStmt || kind == CXCursor_DefaultStmt || kind == CXCursor_LabelStmt;
}

// Returns the statement a label introduces: its last child (`case 1: case 2: f();` gives f();).
CXCursor after_labels(CXCursor statement) {
  while (is_label(clang_getCursorKind(statement))) {
    const std::vector<CXCursor> parts = clang::children(statement);
    if (parts.empty()) break;
    statement = parts.back();
  }
  return statement;
}

void collect(CXCursor cursor, std::vector<clang::ByteRange>& statements) {
  const bool block = clang_getCursorKind(cursor) == CXCursor_CompoundStmt;
  for (const CXCursor child : clang::children(cursor)) {
    if (!clang_Location_isFromMainFile(clang_getCursorLocation(child))) continue;
    if (block) {
      const CXCursor statement = after_labels(child);
      if (clang_isStatement(clang_getCursorKind(statement)) ||
          clang_isDeclaration(clang_getCursorKind(statement)) ||
          clang_isExpression(clang_getCursorKind(statement)))
        if (clang::written_in_main_file(statement))
          statements.push_back(clang::byte_range(statement));
    }
    collect(child, statements);
  }
}

}  // namespace

std::vector<clang::ByteRange> block_statements(CXTranslationUnit unit) {
  std::vector<clang::ByteRange> statements;
  collect(clang_getTranslationUnitCursor(unit), statements);
  return statements;
}

std::optional<unsigned> probe_offset(const std::vector<clang::ByteRange>& statements,
                                     clang::ByteRange range) {
  std::optional<clang::ByteRange> innermost;
  for (const clang::ByteRange& s : statements)
    if (s.begin <= range.begin && range.end <= s.end &&
        (!innermost || (innermost->begin <= s.begin && s.end <= innermost->end)))
      innermost = s;
  if (!innermost) return std::nullopt;
  return innermost->begin;
}

}  // namespace tinyllm::generator
