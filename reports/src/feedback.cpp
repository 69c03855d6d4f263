#include "tinyllm/reports/feedback.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <utility>

#include "text.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::reports {
namespace {

constexpr std::pair<HintRung, std::string_view> kRungNames[] = {{HintRung::None, "none"},
                                                                {HintRung::Question, "question"},
                                                                {HintRung::Concept, "concept"},
                                                                {HintRung::Symptom, "symptom"}};
constexpr std::pair<View, std::string_view> kViewNames[] = {{View::Learner, "learner"},
                                                            {View::Staff, "staff"}};
constexpr std::pair<ScorePolicy, std::string_view> kScorePolicyNames[] = {
    {ScorePolicy::Mutants, "mutants"},
    {ScorePolicy::Verdict, "verdict"},
    {ScorePolicy::Capped, "capped"}};

// The rungs below the answer; the answer is the next one.
constexpr int kHintRungs = 3;

// Returns the first attempt that earns rung index `rung` (1 = question) under the ladder.
int first_attempt_of(int rung, int attempts_per_rung) {
  return (rung - 1) * attempts_per_rung + 1;
}

std::string learner_side(const Feedback& feedback) {
  if (feedback.after_deadline) return "after the due date, every surviving mutant is named";
  if (!feedback.ladder) return "";
  const int attempt = std::max(1, feedback.attempt);
  if (feedback.rung == HintRung::None) {
    return fmt::format("attempt {}: every surviving mutant is named (the hint ladder's top)",
                       attempt);
  }
  const int rung = static_cast<int>(feedback.rung);
  const int next = first_attempt_of(rung + 1, feedback.attempts_per_rung);
  const int answer = first_attempt_of(kHintRungs + 1, feedback.attempts_per_rung);
  std::string line = fmt::format("attempt {}: hints at rung {} of {} ({})", attempt, rung,
                                 kHintRungs, hint_rung_name(feedback.rung));
  if (rung < kHintRungs) line += fmt::format("; attempt {} earns the next", next);
  return line +
         fmt::format(", and surviving mutants are named from attempt {} or after the due date",
                     answer);
}

}  // namespace

std::string_view hint_rung_name(HintRung rung) {
  return detail::name_of(kRungNames, rung);
}
std::optional<HintRung> parse_hint_rung(std::string_view name) {
  return detail::parse_name(kRungNames, name);
}
std::string_view view_name(View view) {
  return detail::name_of(kViewNames, view);
}
std::optional<View> parse_view(std::string_view name) {
  return detail::parse_name(kViewNames, name);
}
std::string_view score_policy_name(ScorePolicy policy) {
  return detail::name_of(kScorePolicyNames, policy);
}
std::optional<ScorePolicy> parse_score_policy(std::string_view name) {
  return detail::parse_name(kScorePolicyNames, name);
}

std::vector<std::string> survivor_hints(const MutantInfo& mutant, HintRung rung) {
  std::vector<std::string> hints;
  const int up_to = static_cast<int>(rung);
  if (is_generated(mutant)) {
    if (up_to >= 1) {
      hints.push_back(fmt::format("Where: {}, line {}{}", mutant.file, mutant.line_begin,
                                  mutant.function.empty() ? "" : ", in " + mutant.function));
    }
    if (up_to >= 2 && !mutant.hint_concept.empty())
      hints.push_back("Kind of change: " + mutant.hint_concept);
    if (up_to >= 3) hints.push_back("The change: " + replaced_text(mutant));
    return hints;
  }
  if (up_to >= 1 && !mutant.hint_question.empty())
    hints.push_back("Question: " + mutant.hint_question);
  if (up_to >= 2 && !mutant.hint_concept.empty())
    hints.push_back("Concept: " + mutant.hint_concept);
  if (up_to >= 3 && !mutant.symptom.empty()) hints.push_back("Symptom: " + mutant.symptom);
  return hints;
}

std::vector<std::string> group_hints(const GeneratedGroup& group) {
  std::vector<std::string> lines;
  for (const MutantResult* mutant : group.survivors) {
    if (!mutant->hints.empty())
      lines.push_back(mutant->mutant.id + ": " + detail::join(mutant->hints, "; "));
  }
  return lines;
}

std::string feedback_line(const GradeResult& result) {
  const Feedback& feedback = result.feedback;
  if (feedback.view == View::Staff) {
    std::string learner = learner_side(feedback);
    if (learner.empty()) {
      learner = fmt::format("the fixed reveal level {}", reveal_name(feedback.learner_reveal));
    } else if (feedback.ladder && !feedback.after_deadline) {
      learner += fmt::format(" ({} per rung)",
                             feedback.attempts_per_rung == 1
                                 ? std::string("an attempt")
                                 : fmt::format("{} attempts", feedback.attempts_per_rung));
    }
    return fmt::format("Staff view: everything is shown. The learner's report: {}.", learner);
  }
  std::string line = learner_side(feedback);
  if (line.empty()) return "";
  line[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(line[0])));
  return line + ".";
}

Reveal learner_reveal(const GradeResult& result) {
  return result.feedback.view == View::Staff ? result.feedback.learner_reveal : result.reveal;
}

GradeResult staff_view(GradeResult result) {
  if (result.feedback.view == View::Staff) return result;
  result.feedback.learner_reveal = result.reveal;
  result.feedback.view = View::Staff;
  result.reveal = Reveal::TitleAndSymptom;
  return result;
}

}  // namespace tinyllm::reports
