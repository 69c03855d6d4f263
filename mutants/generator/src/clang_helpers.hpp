// Small wrappers over libclang's C API: owning handles, strings, byte offsets of cursors and
// tokens, and the children of a cursor as a vector.
#pragma once
#include <clang-c/Index.h>

#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace tinyllm::generator::clang {

struct IndexDeleter {
  void operator()(void* index) const { clang_disposeIndex(index); }
};
using IndexHandle = std::unique_ptr<void, IndexDeleter>;

struct UnitDeleter {
  void operator()(CXTranslationUnit unit) const { clang_disposeTranslationUnit(unit); }
};
using UnitHandle = std::unique_ptr<std::remove_pointer_t<CXTranslationUnit>, UnitDeleter>;

// Returns the text of `s` and disposes of it.
std::string take(CXString s);

// A half-open byte range [begin, end) in the main file.
struct ByteRange {
  unsigned begin = 0;
  unsigned end = 0;
};

// Returns the byte range of `extent` in the file it is spelled in.
ByteRange byte_range(CXSourceRange extent);

// Returns the byte range of the cursor's extent.
ByteRange byte_range(CXCursor cursor);

// Returns true when the cursor is written in the main file itself, not in a header and not
// produced by a macro expansion (whose text is the macro's, not the file's).
bool written_in_main_file(CXCursor cursor);

// Returns the direct children of `cursor` in source order.
std::vector<CXCursor> children(CXCursor cursor);

// One token of the main file: its spelling, kind and byte range.
struct Token {
  std::string text;
  CXTokenKind kind;
  ByteRange range;
};

// Returns the tokens of the cursor's extent.
std::vector<Token> tokens(CXTranslationUnit unit, CXCursor cursor);

// Returns true for the builtin arithmetic types (bool, char, integers, floating) and enums,
// looking through typedefs and references.
bool is_arithmetic(CXType type);

}  // namespace tinyllm::generator::clang
