// The schema source of one module file: the file with every generated mutant in place behind the
// runtime switch `::tinyllm_schema::on(K)` (docs/mutants.md, "One library for every mutant"). Its
// pitfall and wheat guards ask the same switch unchanged: the prelude defines
// TINYLLM_SCHEMA_FIRST_WHEAT.
#pragma once
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "tinyllm/generator/generate.hpp"

namespace tinyllm::builder {

// A generated mutant as the schema places it: its number K, the text it replaces and the scope
// the switch selects (byte offsets in the file), and how (generator::SchemaForm).
struct SchemaMutant {
  std::string id;
  int number = 0;
  std::size_t begin = 0, end = 0;  // the replaced text
  std::string replacement;
  std::size_t scope_begin = 0, scope_end = 0;  // holds [begin, end)
  generator::SchemaForm form = generator::SchemaForm::Expression;
};

struct SchemaSource {
  std::string text;                             // prelude, #line, the composed file
  std::vector<std::string> placed;              // ids of the generated mutants in the text
  std::map<std::string, std::string> left_out;  // id -> why it could not be placed
};

// Composes the schema source of `text` (the file at `source_path`, for #line): the mutants
// (any order) nested by their scopes, each scope written as its form says with the copies of the
// scope that hold a mutant on one line, so no line moves. A mutant whose scope overlaps another's
// without holding it, whose replaced text lies across a nested scope, or whose scope holds a
// comment or a preprocessor line is left out with the reason. `excluded` are left out beforehand (a
// compile that failed on them).
SchemaSource schema_source(const std::string& text, const std::vector<SchemaMutant>& mutants,
                           const std::string& prelude, const std::string& source_path,
                           const std::map<std::string, std::string>& excluded = {});

}  // namespace tinyllm::builder
