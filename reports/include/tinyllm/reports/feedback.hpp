// The hint ladder, attempts and views as every report shows them: the names of the rungs, views and
// score policies, a survivor's hints at the rung its learner's attempt earned, and the one line
// that says how this report's feedback was chosen. The runner chooses the rung (runner/src/grading
// /feedback.hpp); these only say it.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::reports {

// "none", "question", "concept", "symptom": the spelling of a rung in every report and grade.json.
std::string_view hint_rung_name(HintRung rung);
std::optional<HintRung> parse_hint_rung(std::string_view name);

// "learner", "staff".
std::string_view view_name(View view);
std::optional<View> parse_view(std::string_view name);

// "mutants", "verdict", "capped".
std::string_view score_policy_name(ScorePolicy policy);
std::optional<ScorePolicy> parse_score_policy(std::string_view name);

// Returns a survivor's hints up to `rung`, one line per rung. A pitfall: "Question: <question>",
// "Concept: <concept>", "Symptom: <symptom>". A generated mutant: "Where: <file>, line <n>, in
// <function>", "Kind of change: <its operator family's kind>", "The change: `<` replaced by `<=`".
// None of them names a pitfall's title (tests/mutants/catalog_hints_test.cpp checks the catalog).
std::vector<std::string> survivor_hints(const MutantInfo& mutant, HintRung rung);

// Returns one line per generated survivor of `group` with the hints its grade earned
// (MutantResult::hints): "g1a2b3c4d5e: Where: oracle/src/train/cast.cpp, line 33, in cast; Kind
// of change: ..."; nothing when the grade earned no rung.
std::vector<std::string> group_hints(const GeneratedGroup& group);

// Returns how this report's feedback was chosen, or "" for a learner's report of a fixed policy
// before the due date (what every report said before the ladder):
//   "Attempt 2: hints at rung 2 of 3 (concept); attempt 3 earns the next, and the answers are
//    shown from attempt 4 or after the due date."
//   "After the due date: every surviving mutant is named."
//   "Staff view: everything is shown. The learner's report (attempt 2) shows hints at rung
//    concept (a rung per attempt)."
std::string feedback_line(const GradeResult& result);

// Returns the level the learner's report shows: the grade's own in the learner's view, the one
// staff_view kept in the staff view.
Reveal learner_reveal(const GradeResult& result);

// Returns the grade as staff see it: everything revealed (Reveal::TitleAndSymptom), the
// learner's rung and reveal kept in `feedback` so the report can say what the learner saw.
GradeResult staff_view(GradeResult result);

}  // namespace tinyllm::reports
