// What a learner's report may say about a mutant, per GradeResult::reveal. Every writer goes
// through these so that no format shows more about a survivor than the course allows.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns the name of a reveal level, spelled one way everywhere: the configuration's `reveal`,
// the JSON report's config.reveal and a stored grade.json: "nothing", "title", "title_and_symptom".
std::string_view reveal_name(Reveal reveal);

// Returns the level named `name` (a reveal_name), or nothing for any other text.
std::optional<Reveal> parse_reveal(std::string_view name);

// Returns the mutant's title when the reveal setting allows it for this mutant's status (always for
// a detected mutant, for a survivor only with Reveal::Title or more), otherwise "".
std::string visible_title(const MutantResult& mutant, Reveal reveal);

// Returns what a survivor reveals: "a mutant survived (s07)", "s07: <title>", or
// "s07: <title> (symptom: <symptom>)".
std::string survivor_summary(const MutantResult& mutant, Reveal reveal);

// Returns the oracle source a report may show for `path`: the source itself, or, when the policy is
// Reveal::Nothing and a mutant in that file survived, a stand-in of the same number of lines (the
// site's code and its comment would name the pitfall), so mutant locations stay valid.
std::string visible_source(const GradeResult& result, const std::string& path);

// Returns the sentence that says what a surviving mutant means for the learner's suite.
std::string survivor_meaning(const MutantResult& mutant, Reveal reveal);

// Returns "Killed", "Survived" or "Timeout" with the reason in parentheses when there is one.
std::string status_with_reason(const MutantResult& mutant);

// Returns the number of mutants of a given status.
int count_status(const GradeResult& result, MutantStatus status);

// Returns the score as a percentage with one decimal, "83.3%".
std::string percent(double fraction);

}  // namespace tinyllm::reports
