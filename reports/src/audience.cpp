#include "tinyllm/reports/audience.hpp"

#include <algorithm>

#include "tinyllm/reports/feedback.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::reports {
namespace {

// A survivor's catalog entry with only what `shown` allows (audience.hpp).
void withhold(MutantInfo& info, Reveal shown) {
  if (shown == Reveal::TitleAndSymptom) return;
  if (is_generated(info)) {
    // Its change: the title says it in words ("`<` replaced by `<=` (cxx_lt_to_le)").
    info.title.clear();
    info.original.clear();
    info.replacement.clear();
    info.column_begin = info.column_end = 0;
    if (shown == Reveal::Nothing) {
      info.file.clear();
      info.function.clear();
      info.operator_name.clear();
      info.hint_concept.clear();
      info.line_begin = info.line_end = 0;
    }
    return;
  }
  info.symptom.clear();
  if (shown == Reveal::Nothing) {
    info.title.clear();
    info.hint_question.clear();
    info.hint_concept.clear();
    info.caught_by.clear();
  }
}

std::string stand_in(const std::string& source) {
  std::string text =
      "// The oracle's source is withheld: the grading policy reveals nothing about survivors.";
  for (char c : source)
    if (c == '\n') text += "\n//";
  return text;
}

bool shows_output(const GradeResult& grade, const ValidityFailure& failure) {
  if (failure.variant == "reference") return true;
  const WheatInfo* wheat = find_wheat(grade, failure.variant);
  return wheat != nullptr && wheat->kind == WheatKind::Semantic &&
         grade.reveal == Reveal::TitleAndSymptom;
}

}  // namespace

GradeResult for_reader(GradeResult grade, View view) {
  if (view == View::Staff) grade = staff_view(std::move(grade));
  const Reveal level = grade.reveal;
  for (MutantResult& mutant : grade.mutants) {
    const bool is_detected = detected(mutant.status);
    mutant.shown = is_detected ? Reveal::TitleAndSymptom : level;
    mutant.hints = is_detected ? std::vector<std::string>{}
                               : survivor_hints(mutant.mutant, grade.feedback.rung);
    if (level == Reveal::Nothing && !is_detected && !mutant.mutant.file.empty() &&
        grade.oracle_files.contains(mutant.mutant.file))
      grade.withheld_sources.insert(mutant.mutant.file);
    withhold(mutant.mutant, mutant.shown);
  }
  for (const std::string& path : grade.withheld_sources)
    grade.oracle_files[path] = stand_in(grade.oracle_files[path]);
  for (InvalidTest& test : grade.invalid_tests)
    for (ValidityFailure& failure : test.failures)
      if (!shows_output(grade, failure)) failure.message.clear();
  for (WheatInfo& wheat : grade.wheats) {
    if (wheat.kind == WheatKind::Binary || level == Reveal::TitleAndSymptom) continue;
    wheat.varies.clear();
    wheat.freedom.clear();
    if (level == Reveal::Nothing) wheat.title.clear();
  }
  return grade;
}

CheckResult for_reader(CheckResult check) {
  Diagnosis& d = check.diagnosis;
  for (auto* matches : {&d.behaviour, &d.named})
    for (BehaviourMatch& match : *matches) withhold(match.mutant, check.reveal);
  for (DiagnosisMatch& match : d.matches) withhold(match.mutant, check.reveal);
  if (check.tests_grade) check.tests_grade = for_reader(*check.tests_grade, View::Learner);
  return check;
}

}  // namespace tinyllm::reports
