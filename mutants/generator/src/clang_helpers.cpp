// Small wrappers over libclang's C API.
#include "clang_helpers.hpp"

namespace tinyllm::generator::clang {

std::string take(CXString s) {
  const char* text = clang_getCString(s);
  std::string result = text ? text : "";
  clang_disposeString(s);
  return result;
}

ByteRange byte_range(CXSourceRange extent) {
  unsigned begin = 0;
  unsigned end = 0;
  clang_getSpellingLocation(clang_getRangeStart(extent), nullptr, nullptr, nullptr, &begin);
  clang_getSpellingLocation(clang_getRangeEnd(extent), nullptr, nullptr, nullptr, &end);
  return {begin, end};
}

ByteRange byte_range(CXCursor cursor) {
  return byte_range(clang_getCursorExtent(cursor));
}

bool written_in_main_file(CXCursor cursor) {
  const CXSourceRange extent = clang_getCursorExtent(cursor);
  for (const CXSourceLocation at : {clang_getRangeStart(extent), clang_getRangeEnd(extent)}) {
    if (!clang_Location_isFromMainFile(at)) return false;
    // Inside a macro expansion the expansion and spelling locations differ.
    unsigned expansion = 0;
    unsigned spelling = 0;
    clang_getExpansionLocation(at, nullptr, nullptr, nullptr, &expansion);
    clang_getSpellingLocation(at, nullptr, nullptr, nullptr, &spelling);
    if (expansion != spelling) return false;
  }
  return true;
}

std::vector<CXCursor> children(CXCursor cursor) {
  std::vector<CXCursor> result;
  clang_visitChildren(
      cursor,
      [](CXCursor child, CXCursor, CXClientData data) {
        static_cast<std::vector<CXCursor>*>(data)->push_back(child);
        return CXChildVisit_Continue;
      },
      &result);
  return result;
}

std::vector<Token> tokens(CXTranslationUnit unit, CXCursor cursor) {
  CXToken* raw = nullptr;
  unsigned count = 0;
  clang_tokenize(unit, clang_getCursorExtent(cursor), &raw, &count);
  std::vector<Token> result;
  result.reserve(count);
  for (unsigned i = 0; i < count; ++i)
    result.push_back({take(clang_getTokenSpelling(unit, raw[i])), clang_getTokenKind(raw[i]),
                      byte_range(clang_getTokenExtent(unit, raw[i]))});
  clang_disposeTokens(unit, raw, count);
  return result;
}

bool is_arithmetic(CXType type) {
  CXType canonical = clang_getCanonicalType(type);
  if (canonical.kind == CXType_LValueReference || canonical.kind == CXType_RValueReference)
    canonical = clang_getCanonicalType(clang_getPointeeType(canonical));
  if (canonical.kind == CXType_Enum) return true;
  return canonical.kind >= CXType_Bool && canonical.kind <= CXType_LongDouble;
}

}  // namespace tinyllm::generator::clang
