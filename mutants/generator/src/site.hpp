// A mutation site found by the walker: which operator, which bytes of the file, and what to write
// there. generate.cpp turns sites into GeneratedMutants (text, positions, stable ids).
#pragma once
#include <clang-c/Index.h>

#include <optional>
#include <string>
#include <vector>

#include "clang_helpers.hpp"
#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::generator {

struct Site {
  std::string function;
  std::string operator_name;
  clang::ByteRange range;
  std::string replacement;
  // The expression the schema build selects between the mutant and the reference at run time
  // (it holds `range`), and how (generated_mutant.hpp's SchemaForm).
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

}  // namespace tinyllm::generator
