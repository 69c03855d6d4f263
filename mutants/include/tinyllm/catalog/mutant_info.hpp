// One entry of mutants/catalog.toml: what a pitfall mutant is and where its guarded site sits in
// the oracle's sources. Plain data, read by the grader, the self-check and every report.
#pragma once
#include <string>
#include <vector>

namespace tinyllm::catalog {

struct MutantInfo {
  std::string id;                      // "s07"
  std::string title;                   // the pitfall: "weighting micro-batches 1/k"
  std::string symptom;                 // "wrong gradient whenever the sizes differ"
  std::vector<std::string> caught_by;  // course test names, e.g. "Course.hand_example_accumulation"
  std::string
      file;  // oracle source, relative to the repository root: "oracle/src/train/accumulate.cpp"
  std::string function;  // "grad_accumulate"
  // 1-based, inclusive: the site, from its marker comment "// s07: <title>" to the end of the
  // guarded statement after it. Not in the catalog file: locate_sites computes them from `file`.
  int line_begin = 0;
  int line_end = 0;
  bool required = true;  // must be detected for a PASS
};

}  // namespace tinyllm::catalog
