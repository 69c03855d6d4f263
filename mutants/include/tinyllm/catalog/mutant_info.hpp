// One mutant of the grade: a pitfall of mutants/catalog.toml or a generated operator mutant.
#pragma once
#include <string>
#include <vector>

namespace tinyllm::catalog {

// Where a mutant comes from: the hand-written catalog, or the generator's operators.
enum class MutantKind { Pitfall, Generated };

struct MutantInfo {
  MutantKind kind = MutantKind::Pitfall;
  std::string id;  // "s07", or a generated mutant's stable id "g1a2b3c4d5e"
  // The pitfall: "weighting micro-batches 1/k"; for a generated mutant its change in words,
  // "`<` replaced by `<=` (cxx_lt_to_le)".
  std::string title;
  std::string symptom;  // "wrong gradient whenever the sizes differ"; "" if generated
  // The hint ladder's first two rungs (symptom is the third): a question that points at what a
  // test should check, and the property the correct module keeps; neither names the bug. A
  // generated mutant's hint_concept is its operator family's kind of change ("a comparison ...").
  std::string hint_question;
  std::string hint_concept;
  std::vector<std::string> caught_by;  // course test names, e.g. "Course.hand_example_accumulation"
  std::string
      file;  // oracle source, relative to the repository root: "oracle/src/train/accumulate.cpp"
  std::string function;  // "grad_accumulate"
  // 1-based, inclusive: the site, from its marker comment "// s07: <title>" to the end of the
  // guarded statement after it. Not in the catalog file: locate_sites computes them from `file`.
  int line_begin = 0;
  int line_end = 0;
  // Generated mutants only: the replaced text's columns on line_begin and line_end (1-based, in
  // bytes, end exclusive), the operator that made it, the text replaced and its replacement.
  int column_begin = 0;
  int column_end = 0;
  std::string operator_name;  // "cxx_lt_to_le"
  std::string original;       // "<"
  std::string replacement;    // "<="; "" removes the original
  bool required = true;       // must be detected for a PASS (pitfalls; never a generated mutant)
};

}  // namespace tinyllm::catalog
