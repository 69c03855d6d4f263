// Mutation sites: where (walk.cpp), what each cursor gives (mutators.cpp), and, first, small
// wrappers over libclang's C API (walk.cpp). generate.cpp turns sites into GeneratedMutants.
#pragma once
#include <clang-c/Index.h>

#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "tinyllm/generator/generate.hpp"

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

// Returns the byte range of `extent` (or the cursor's extent) in the file it is spelled in.
ByteRange byte_range(CXSourceRange extent);
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

namespace tinyllm::generator {

struct Site {
  std::string function;
  std::string operator_name;
  clang::ByteRange range;
  std::string replacement;
  // The expression the schema build selects between the mutant and the reference at run time
  // (it holds `range`), and how (generate.hpp's SchemaForm).
  clang::ByteRange scope;
  SchemaForm form = SchemaForm::Expression;
};

// Collects the sites of one function body; the mutators add to it.
struct SiteSink {
  CXTranslationUnit unit = nullptr;
  std::string function;
  std::vector<Site>* sites = nullptr;

  // A mutant whose scope is `scope` (by default the replaced text itself) switched as `form`.
  void add(std::string operator_name, clang::ByteRange range, std::string replacement,
           std::optional<clang::ByteRange> scope = std::nullopt,
           SchemaForm form = SchemaForm::Expression) const {
    sites->push_back({function, std::move(operator_name), range, std::move(replacement),
                      scope.value_or(range), form});
  }
};

// Returns the sites of every function defined in the unit's main file, in walk order.
std::vector<Site> collect_sites(CXTranslationUnit unit);

// Returns every operator name the mutators emit, in a fixed order.
std::vector<std::string> mutator_names();

// Builtin operators (a CXCursor_BinaryOperator or CXCursor_CompoundAssignOperator, and `!` of a
// CXCursor_UnaryOperator); overloaded ones are calls and are left alone.
void add_operator_sites(const SiteSink& sink, CXCursor cursor);
void add_unary_operator_sites(const SiteSink& sink, CXCursor cursor);

// Returns (operator name, replacement text) for a literal spelled `text`, in a fixed order;
// nothing when the spelling is not understood (hex floats, user-defined literals).
std::vector<std::pair<std::string, std::string>> literal_replacements(const std::string& text,
                                                                      bool floating);
// Adds the sites of a CXCursor_IntegerLiteral or CXCursor_FloatingLiteral.
void add_literal_sites(const SiteSink& sink, CXCursor cursor);

// The parts of an if or while statement: its condition expression when the parentheses hold one
// plain expression (not a declaration nor an init-statement), and the statements after them.
struct ConditionalParts {
  bool is_constexpr = false;
  std::optional<CXCursor> condition;
  std::vector<CXCursor> branches;  // if: then [, else]; while: body
  std::string condition_text;      // the tokens inside the parentheses, joined by spaces
};

// Returns the parts of a CXCursor_IfStmt or CXCursor_WhileStmt.
ConditionalParts conditional_parts(CXTranslationUnit unit, CXCursor statement);

// Statements (docs/mutants.md, "Operators"); `statement` of add_call_statement_sites is a direct
// child of a block.
void add_call_statement_sites(const SiteSink& sink, CXCursor statement);
void add_return_default_sites(const SiteSink& sink, CXCursor statement, bool returns_arithmetic);
void add_condition_sites(const SiteSink& sink, const ConditionalParts& parts);

}  // namespace tinyllm::generator
