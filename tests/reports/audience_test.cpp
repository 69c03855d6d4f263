// The grade shaped for its reader (audience.hpp): what the reader may not see is gone from the
// data every writer is given, not merely left unprinted by each.
#include "tinyllm/reports/audience.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "tinyllm/reports/grade_result_json.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::reports {
namespace {

// The whole grade as text: every field a writer could print.
std::string everything_in(const GradeResult& result) {
  nlohmann::json out;
  to_json(out, result);
  return out.dump();
}

// What a learner at Reveal::Nothing may not learn of `result`: each survivor's title, symptom and
// hint texts, a generated survivor's operator and replaced text, the semantic wheats' titles, and
// what a test printed on a binary wheat.
std::vector<std::string> secrets_of(const GradeResult& result) {
  std::vector<std::string> secrets = {"BINARY-W01-BYTES"};
  for (const MutantResult& m : result.mutants) {
    if (detected(m.status)) continue;
    for (const std::string& text : {m.mutant.title, m.mutant.symptom, m.mutant.hint_question,
                                    m.mutant.operator_name, m.mutant.replacement})
      if (text.size() > 3) secrets.push_back(text);
  }
  for (const WheatInfo& wheat : result.wheats)
    if (wheat.kind == WheatKind::Semantic) secrets.push_back(wheat.title);
  return secrets;
}

// Catches: a field the reveal policy hides left in the shaped grade (where any writer, present or
// future, could print it), and a policy that withholds nothing (the secrets are in the grade
// before it is shaped: the check can fail).
TEST(Audience, a_learner_at_reveal_nothing_gets_a_grade_without_what_is_withheld) {
  for (const GradeResult& grade :
       {fixtures::graded_with_invalid_tests(Reveal::Nothing), fixtures::every_test_invalid()}) {
    GradeResult nothing = grade;
    nothing.reveal = Reveal::Nothing;
    const std::string before = everything_in(nothing);
    const std::string after = everything_in(for_reader(nothing, View::Learner));
    for (const std::string& secret : secrets_of(nothing)) {
      EXPECT_TRUE(contains(before, secret)) << secret;
      EXPECT_FALSE(contains(after, secret)) << grade.suite_name << " keeps " << secret;
    }
  }
}

// Catches: a survivor's source left readable with Reveal::Nothing (its site and marker comment
// name the pitfall), or a stand-in of another length (mutant locations would point past it).
TEST(Audience, a_survivors_source_becomes_a_stand_in_of_as_many_lines) {
  const GradeResult grade = fixtures::full_with_generated(Reveal::Nothing);
  const GradeResult shaped = for_reader(grade, View::Learner);
  ASSERT_FALSE(shaped.withheld_sources.empty());
  for (const std::string& path : shaped.withheld_sources) {
    const std::string& real = grade.oracle_files.at(path);
    const std::string& stand_in = shaped.oracle_files.at(path);
    EXPECT_NE(stand_in, real) << path;
    EXPECT_EQ(std::count(stand_in.begin(), stand_in.end(), '\n'),
              std::count(real.begin(), real.end(), '\n'))
        << path;
  }
}

// Catches: staff given less than everything, or the learner's level lost from the staff view.
TEST(Audience, staff_get_everything_and_what_the_learner_saw) {
  const GradeResult grade = fixtures::graded_with_invalid_tests(Reveal::Nothing);
  const GradeResult staff = for_reader(grade, View::Staff);
  EXPECT_EQ(staff.reveal, Reveal::TitleAndSymptom);
  EXPECT_EQ(staff.feedback.learner_reveal, Reveal::Nothing);
  EXPECT_TRUE(staff.withheld_sources.empty());
  for (std::size_t i = 0; i < grade.mutants.size(); ++i) {
    EXPECT_EQ(staff.mutants[i].shown, Reveal::TitleAndSymptom) << grade.mutants[i].mutant.id;
    EXPECT_EQ(staff.mutants[i].mutant.title, grade.mutants[i].mutant.title);
  }
  // What a test saw of a binary wheat is that binary's bytes: staff do not need it either.
  EXPECT_FALSE(contains(everything_in(staff), "BINARY-W01-BYTES"));
}

}  // namespace
}  // namespace tinyllm::reports
