// What a learner's report may say about a mutant, per GradeResult::reveal. Every writer goes
// through these so that no format shows more about a survivor than the course allows.
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

// Returns what the reveal setting allows a report to call this mutant for its status, or "" when
// it allows nothing. A detected mutant shows everything: a pitfall its title, a generated mutant
// generated_description. A survivor shows nothing with Reveal::Nothing; with Reveal::Title a
// pitfall's title, a generated mutant's file, line and operator ("oracle/src/train/cast.cpp:33,
// cxx_lt_to_le", never the replaced text); with Reveal::TitleAndSymptom a pitfall's title, a
// generated mutant's generated_description.
std::string visible_title(const MutantResult& mutant, Reveal reveal);

// A survivor here is any mutant not detected: Survived, or NoCoverage (no test reaches its code),
// whose words say so ("a mutant no test reaches (s07)" where the others say "survived").
// Returns what a survivor reveals. A pitfall: "a mutant survived (s07)", "s07: <title>", or
// "s07: <title> (symptom: <symptom>)". A generated mutant: "a generated mutant survived (g...)",
// "g...: oracle/src/train/cast.cpp:33, cxx_lt_to_le", or that followed by ": `<` replaced by `<=`".
std::string survivor_summary(const MutantResult& mutant, Reveal reveal);

// The counted generated mutants of one module file and operator, as a report may show them. When
// the policy is Reveal::Nothing and a generated mutant survived, there is one group of every
// generated mutant with `file` and `operator_name` empty: grouping would say where survivors are.
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

// Returns the survivors of a group in one line, as the policy allows: "a generated mutant survived
// (g...)" or "12 generated mutants survived (g..., g..., g... and 9 more)" when hidden; otherwise
// "3 survived (lines 33, 40 and 52)". Reach's unreached ones are counted apart: "2 survived, 1 not
// reached (lines 33, 40 and 52)"; hidden, "12 generated mutants not detected (g..., ...): 7
// survived, 5 not reached", or "a generated mutant no test reaches (g...)".
std::string group_survivors_summary(const GeneratedGroup& group, Reveal reveal);

// Returns, with Reveal::TitleAndSymptom only, one line per survivor of the group:
// "line 33: `<` replaced by `<=`"; otherwise nothing.
std::vector<std::string> group_survivor_details(const GeneratedGroup& group, Reveal reveal);

// Returns the sentence that says what surviving generated mutants mean for the learner's suite
// (the same for one or many).
std::string generated_survivors_meaning(Reveal reveal);

// Returns the oracle source a report may show for `path`: the source itself, or, when the policy is
// Reveal::Nothing and a mutant in that file survived (a pitfall or a generated mutant), a stand-in
// of the same number of lines (the site's code and its comment would name the pitfall), so mutant
// locations stay valid.
std::string visible_source(const GradeResult& result, const std::string& path);

// Returns the sentence that says what a surviving mutant means for the learner's suite: for a
// NoCoverage one that no test runs its code; for a Survived one whose covered_by is filled, also
// that tests run its code (which tests, from Reveal::Title on).
std::string survivor_meaning(const MutantResult& mutant, Reveal reveal);

// Returns "Killed", "Survived" or "Timeout" with the reason in parentheses when there is one.
std::string status_with_reason(const MutantResult& mutant);

// Returns the number of mutants of a given status.
int count_status(const GradeResult& result, MutantStatus status);

// Returns the score as a percentage with one decimal, "83.3%".
std::string percent(double fraction);

}  // namespace tinyllm::reports
