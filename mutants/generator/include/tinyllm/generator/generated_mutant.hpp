// One operator mutant generated from the module's source: where it is, what it replaces, and the
// stable id that names it across unrelated edits of the file.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

namespace tinyllm::generator {

// A point in a source file: 1-based line, 1-based column counted in bytes, 0-based byte offset.
struct SourcePosition {
  int line = 0;
  int column = 0;
  std::size_t offset = 0;
};

// How the schema build (one library for every mutant, docs/mutants.md) writes a mutant's scope S
// with its mutated text M when the mutant is active and S otherwise:
//   Expression        (on(K) ? (M) : (S))                  operators and literals
//   Condition         (on(K) ? bool(M) : bool(S))          an if or while condition (true/false)
//   ValueInitialized  (on(K) ? T{} : (S)), T the type of S   `return e;` -> `return {};`
//   Discarded         (on(K) ? void() : void(S))           `f(x);` -> `;`
enum class SchemaForm { Expression, Condition, ValueInitialized, Discarded };

// The form's name in JSON ("expression", "condition", "value_initialized", "discarded").
const char* schema_form_name(SchemaForm form);
// The form of a name; throws std::invalid_argument for another.
SchemaForm schema_form_of(const std::string& name);

struct GeneratedMutant {
  // "g" followed by the first 10 hex digits of a hash of (file, function, operator_name, original
  // with whitespace collapsed, occurrence): no line number, so an edit elsewhere keeps it.
  std::string id;
  // The same key, readable: "file|function|operator_name|original|#occurrence".
  std::string readable;
  std::string file;           // repository-relative path with '/', e.g. oracle/src/train/cast.cpp
  std::string function;       // qualified name with parameter types, e.g. tinyllm::train::f(int)
  std::string operator_name;  // e.g. cxx_add_to_sub; see operator_names()
  std::string original;       // the exact source text replaced (the file's bytes at [start, end))
  std::string replacement;    // the text put in its place ("" removes it)
  int occurrence = 0;    // index among earlier mutants with the same (function, operator, original)
  SourcePosition start;  // first byte of the replaced text
  SourcePosition end;    // one past its last byte (end exclusive)
  // The scope the schema build switches (it holds [start, end)), and how.
  SourcePosition scope_start, scope_end;
  SchemaForm form = SchemaForm::Expression;
};

}  // namespace tinyllm::generator
