// A mutation site found by the walker: which operator, which bytes of the file, and what to write
// there. generate.cpp turns sites into GeneratedMutants (text, positions, stable ids).
#pragma once
#include <clang-c/Index.h>

#include <string>
#include <vector>

#include "clang_helpers.hpp"

namespace tinyllm::generator {

struct Site {
  std::string function;
  std::string operator_name;
  clang::ByteRange range;
  std::string replacement;
};

// Collects the sites of one function body; the mutators add to it.
struct SiteSink {
  CXTranslationUnit unit = nullptr;
  std::string function;
  std::vector<Site>* sites = nullptr;

  void add(std::string operator_name, clang::ByteRange range, std::string replacement) const {
    sites->push_back({function, std::move(operator_name), range, std::move(replacement)});
  }
};

}  // namespace tinyllm::generator
