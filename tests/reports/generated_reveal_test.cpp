// What every learner-facing format shows of a generated mutant that survived, per reveal level,
// and that each says which set was graded. One table of formats so no format is forgotten.
#include <gtest/gtest.h>

#include <functional>

#include "fixtures.hpp"
#include "tinyllm/reports/gradescope_report.hpp"
#include "tinyllm/reports/json_report.hpp"
#include "tinyllm/reports/junit_report.hpp"
#include "tinyllm/reports/markdown_report.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::reports {
namespace {

using nlohmann::json;

using fixtures::Format;

// Catches: a format naming a hidden generated survivor's file, line or operator (or putting it at
// its location in the schema JSON) when the policy reveals nothing, or dropping its id.
TEST(GeneratedReveal, NothingShowsOnlyThatAGeneratedMutantSurvivedAndItsId) {
  const GradeResult result = fixtures::full_with_generated(Reveal::Nothing);
  for (const Format& format : fixtures::learner_formats()) {
    const std::string text = format.render(result);
    EXPECT_TRUE(contains(text, fixtures::kGeneratedLtToGe)) << format.name;
    EXPECT_TRUE(contains(text, fixtures::kGeneratedRemoveCall)) << format.name;
    for (const char* secret : {"cxx_lt_to_ge", "cxx_remove_call_statement", "cast.cpp:3",
                               "cast.cpp:4", "line 3", "line 4", "clamp_count", "x < limit"}) {
      EXPECT_FALSE(contains(text, secret)) << format.name << " shows " << secret;
    }
  }
  // The schema JSON keeps both survivors out of their file, whose source is withheld too.
  const json report = mutation_report_json(fixtures::shown(result));
  for (const auto& [path, file] : report.at("files").items()) {
    for (const json& mutant : file.at("mutants")) {
      if (mutant.at("status") == "Survived") {
        EXPECT_EQ(path, "withheld generated mutants");
      }
    }
  }
  EXPECT_EQ(report.at("files").at("oracle/src/train/cast.cpp").at("mutants").size(), 1U);
}

// Catches: a format showing the replaced text of a generated survivor when the policy reveals
// only its file, line and operator, or leaving one of those out.
TEST(GeneratedReveal, TitleShowsFileLineAndOperatorButNeverTheReplacedText) {
  const GradeResult result = fixtures::full_with_generated(Reveal::Title);
  for (const Format& format : fixtures::learner_formats()) {
    const std::string text = format.render(result);
    for (const char* secret : {">=", "&gt;=", "` removed", "replaced by `>"}) {
      EXPECT_FALSE(contains(text, secret)) << format.name << " shows " << secret;
    }
    EXPECT_TRUE(contains(text, "oracle/src/train/cast.cpp")) << format.name;
    EXPECT_TRUE(contains(text, "cxx_lt_to_ge")) << format.name;
    EXPECT_TRUE(contains(text, "cxx_remove_call_statement")) << format.name;
  }
  EXPECT_TRUE(
      contains(render_terminal_report(fixtures::shown(result), false), "1 survived (line 3)"));
  EXPECT_TRUE(contains(render_junit_report(fixtures::shown(result)),
                       "<failure message=\"g1a2b3c4d5e: oracle/src/train/cast.cpp:3, "
                       "cxx_lt_to_ge\" type=\"Survived\">"));
  // The schema JSON marks the whole line, not the replaced columns.
  const json report = mutation_report_json(fixtures::shown(result));
  for (const json& mutant : report.at("files").at("oracle/src/train/cast.cpp").at("mutants")) {
    if (mutant.at("id") != fixtures::kGeneratedLtToGe) continue;
    EXPECT_EQ(mutant.at("location").at("start"), (json{{"line", 3}, {"column", 3}}));
    EXPECT_EQ(mutant.at("mutatorName"), "cxx_lt_to_ge");
  }
}

// Catches: a format leaving out a generated survivor's replaced text when the policy shows it.
TEST(GeneratedReveal, TitleAndSymptomAlsoShowsTheReplacedText) {
  const GradeResult result = fixtures::full_with_generated(Reveal::TitleAndSymptom);
  for (const Format& format : fixtures::learner_formats()) {
    const std::string text = format.render(result);
    const bool xml = std::string(format.name) == "junit";
    EXPECT_TRUE(contains(text, xml ? "`&lt;` replaced by `&gt;=`" : "`<` replaced by `>=`"))
        << format.name;
    EXPECT_TRUE(contains(text, "`clamp_count(x);` removed")) << format.name;
  }
}

// Catches: a detected generated mutant's change hidden as if it had survived.
TEST(GeneratedReveal, ADetectedGeneratedMutantAlwaysShowsItsWholeDescription) {
  const GradeResult result = fixtures::full_with_generated(Reveal::Nothing);
  const std::string whole = "oracle/src/train/cast.cpp:5: `0.5f` replaced by `0.25f`";
  EXPECT_TRUE(contains(render_junit_report(fixtures::shown(result)), whole));
  EXPECT_TRUE(contains(render_json_report(fixtures::shown(result)), whole));
}

// Catches: a report that does not say which set was graded (full or pitfalls only) or hides what
// became of the generated mutants that are not counted.
TEST(GeneratedReveal, EveryFormatSaysWhichSetWasGraded) {
  const std::string full =
      "full: 6 pitfalls + 3 generated mutants; 7 generated not counted (4 left out, 1 "
      "reviewed, 2 not detected by the course suite)";
  for (const Format& format : fixtures::learner_formats()) {
    EXPECT_TRUE(contains(format.render(fixtures::full_with_generated(Reveal::Title)), full))
        << format.name;
    EXPECT_TRUE(contains(format.render(fixtures::pass_all_killed()), "pitfalls only (6 pitfalls)"))
        << format.name;
  }
  const json config =
      mutation_report_json(fixtures::shown(fixtures::full_with_generated(Reveal::Title)))
          .at("config");
  EXPECT_EQ(config.at("mutantSet"), "full");
  EXPECT_EQ(config.at("generated").at("courseUndetected"), 2);
  EXPECT_EQ(config.at("generated").at("counted"), 3);
  EXPECT_EQ(mutation_report_json(fixtures::shown(fixtures::pass_all_killed()))
                .at("config")
                .at("mutantSet"),
            "pitfalls");
}

// Catches: the terminal printing one row per generated survivor (a hundred rows), or groups whose
// counts do not add up.
TEST(GeneratedReveal, TheTerminalGroupsAHundredSurvivorsByFileAndOperator) {
  const std::string text =
      render_terminal_report(fixtures::shown(fixtures::many_generated_survivors(100)), false);
  const std::string survived = text.substr(text.find("What survived"));
  EXPECT_LE(fixtures::line_count(survived), 8U) << survived;
  EXPECT_TRUE(contains(text, "  + 100 generated mutants: 0 detected, 100 survived"));
  EXPECT_TRUE(contains(survived, "oracle/src/train/cast.cpp         cxx_lt_to_le    25 survived"));
  EXPECT_TRUE(contains(survived, "oracle/src/train/loss_scaler.cpp  cxx_add_to_sub  25 survived"));
  // With the replaced text shown, each group names a few and counts the rest.
  GradeResult symptom = fixtures::many_generated_survivors(100);
  symptom.reveal = Reveal::TitleAndSymptom;
  const std::string detailed = render_terminal_report(fixtures::shown(symptom), false);
  EXPECT_LE(fixtures::line_count(detailed.substr(detailed.find("What survived"))), 24U);
  EXPECT_TRUE(contains(detailed, "and 22 more (the HTML report shows each at its line)"));
  // Hidden: one line for all of them.
  symptom.reveal = Reveal::Nothing;
  EXPECT_TRUE(contains(render_terminal_report(fixtures::shown(symptom), false),
                       "  100 generated mutants survived (g0000000000, g0000000001, g0000000002 "
                       "and 97 more)\n"));
}

// Catches: the schema JSON placing a generated mutant at its whole site instead of the replaced
// span, or naming it by anything but its operator and replacement text.
TEST(GeneratedReveal, TheSchemaJsonPutsADetectedGeneratedMutantAtItsSpanWithItsReplacement) {
  const json report =
      mutation_report_json(fixtures::shown(fixtures::full_with_generated(Reveal::Title)));
  for (const json& mutant : report.at("files").at("oracle/src/train/cast.cpp").at("mutants")) {
    if (mutant.at("id") != fixtures::kGeneratedHalve) continue;
    EXPECT_EQ(mutant.at("location"), (json{{"start", {{"line", 5}, {"column", 18}}},
                                           {"end", {{"line", 5}, {"column", 22}}}}));
    EXPECT_EQ(mutant.at("replacement"), "0.25f");
    EXPECT_EQ(mutant.at("mutatorName"), "cxx_literal_halve");
    return;
  }
  ADD_FAILURE() << "no " << fixtures::kGeneratedHalve << " in cast.cpp";
}

}  // namespace
}  // namespace tinyllm::reports
