// What a report says about a mutant, in the words every format shares. Each reads what the
// mutant's `shown` level allows from a grade already shaped for its reader (for_reader,
// audience.hpp), which withheld the rest.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns the name of a reveal level, spelled one way everywhere: the configuration's `reveal`,
// the JSON report's config.reveal and a stored grade.json: "nothing", "title", "title_and_symptom".
std::string_view reveal_name(Reveal reveal);

// Returns the level named `name` (a reveal_name), or nothing for any other text.
std::optional<Reveal> parse_reveal(std::string_view name);

// Returns true for an operator mutant made by the generator, false for a catalog pitfall.
bool is_generated(const MutantInfo& mutant);

// Returns where a mutant is: "oracle/src/train/cast.cpp:33".
std::string file_and_line(const MutantInfo& mutant);

// Returns a generated mutant's change: "`<` replaced by `<=`", or "`f(x);` removed" when the
// replacement is empty; runs of white space (a statement over several lines) become one space.
std::string replaced_text(const MutantInfo& mutant);

// Returns everything about a generated mutant, what a detected one may always show:
// "oracle/src/train/cast.cpp:33: `<` replaced by `<=` (cxx_lt_to_le)".
std::string generated_description(const MutantInfo& mutant);

// Returns what a report calls this mutant at its `shown` level, or "" when that is nothing. A
// detected mutant shows everything: a pitfall its title, a generated mutant generated_description.
// A survivor shows nothing with Reveal::Nothing; with Reveal::Title a pitfall's title, a generated
// mutant's file, line and operator ("oracle/src/train/cast.cpp:33, cxx_lt_to_le", never the
// replaced text); with Reveal::TitleAndSymptom a pitfall's title, a generated mutant's
// generated_description.
std::string visible_title(const MutantResult& mutant);

// A survivor here is any mutant not detected: Survived, or NoCoverage (no test reaches its code),
// whose words say so ("a mutant no test reaches (s07)" where the others say "survived").
// Returns what a survivor reveals at its `shown` level. A pitfall: "a mutant survived (s07)",
// "s07: <title>", or "s07: <title> (symptom: <symptom>)". A generated mutant: "a generated mutant
// survived (g...)", "g...: oracle/src/train/cast.cpp:33, cxx_lt_to_le", or that followed by
// ": `<` replaced by `<=`".
std::string survivor_summary(const MutantResult& mutant);

// The counted generated mutants of one module file and operator, as a report may show them. When
// a generated survivor is shown with Reveal::Nothing, there is one group of every generated mutant
// with `file` and `operator_name` empty: grouping would say where survivors are.
struct GeneratedGroup {
  std::string file;           // "oracle/src/train/cast.cpp", or "" (hidden)
  std::string operator_name;  // "cxx_lt_to_le", or "" (hidden)
  int counted = 0;
  int detected = 0;
  // The mutants not detected (Survived or NoCoverage), in the grade's order (file, line, column).
  std::vector<const MutantResult*> survivors;
  int not_reached = 0;  // of the survivors, how many no test reaches (NoCoverage)
};

// Returns the grade's generated mutants in groups, sorted by file then operator (see
// GeneratedGroup). The pointers point into `result`.
std::vector<GeneratedGroup> generated_groups(const GradeResult& result);

// Returns the survivors of a group in one line: "a generated mutant survived (g...)" or "12
// generated mutants survived (g..., g..., g... and 9 more)" when the group is hidden (no file);
// otherwise "3 survived (lines 33, 40 and 52)". Reach's unreached ones are counted apart: "2
// survived, 1 not reached (lines 33, 40 and 52)"; hidden, "12 generated mutants not detected
// (g..., ...): 7 survived, 5 not reached", or "a generated mutant no test reaches (g...)".
std::string group_survivors_summary(const GeneratedGroup& group);

// Returns one line per survivor of the group shown with Reveal::TitleAndSymptom:
// "line 33: `<` replaced by `<=`".
std::vector<std::string> group_survivor_details(const GeneratedGroup& group);

// Returns the sentence that says what the grade's surviving generated mutants mean for the
// learner's suite (the same for one or many).
std::string generated_survivors_meaning(const GradeResult& result);

// Returns the sentence that says what a surviving mutant means for the learner's suite: for a
// NoCoverage one that no test runs its code; for a Survived one whose covered_by is filled, also
// that tests run its code (which tests, from Reveal::Title on).
std::string survivor_meaning(const MutantResult& mutant);

// Returns the score as a percentage with one decimal, "83.3%".
std::string percent(double fraction);

// Returns the tests that appear in some mutant's covered_by but in no detected mutant's killed_by,
// sorted: they run code the mutants change and assert too little to notice. Empty when reach was
// not measured.
std::vector<std::string> tests_reaching_without_detecting(const GradeResult& result);

// Returns which kind of undetected mutant this is: "no test runs this code" (NoCoverage), "tests
// run it but none fails" (Survived, reach measured), or "" (detected, or reach not measured).
std::string undetected_kind(const GradeResult& result, const MutantResult& mutant);

// Returns the sentence that says what reach found, or "" when it was not measured: "Reach: 3 of
// 24 mutants are in code no test runs (NoCoverage, not run); 2 survived although tests run them."
std::string reach_line(const GradeResult& result);

// Returns the sentence naming tests_reaching_without_detecting, or "" when there is none: "Tests
// that run mutated code but detect nothing: A.b, C.d."
std::string reaching_without_detecting_line(const GradeResult& result);

}  // namespace tinyllm::reports
