// The JSON report's content (its schema validity is checked by validate_json_report.mjs).
#include "tinyllm/reports/json_report.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "fixtures.hpp"
#include "tinyllm/reports/reveal.hpp"

namespace tinyllm::reports {
namespace {

using nlohmann::json;

const json& mutant(const json& report, const std::string& file, const std::string& id) {
  for (const json& entry : report.at("files").at(file).at("mutants")) {
    if (entry.at("id") == id) return entry;
  }
  throw std::runtime_error("no mutant " + id);
}

// Catches: files keyed by anything but the oracle's repository-relative path, or missing their
// source or language, which the HTML viewer needs to show a mutant in place.
TEST(JsonReport, FilesAreKeyedByOracleSourcePathWithTheirSourceAndLanguage) {
  const json report = mutation_report_json(fixtures::shown(fixtures::pass_all_killed()));
  EXPECT_EQ(report.at("schemaVersion"), "2");
  ASSERT_EQ(report.at("files").size(), 3U);
  const json& file = report.at("files").at("oracle/src/train/accumulate.cpp");
  EXPECT_EQ(file.at("language"), "cpp");
  EXPECT_NE(file.at("source").get<std::string>().find("is_mutant(7)"), std::string::npos);
  EXPECT_EQ(file.at("mutants").size(), 2U);
}

// Catches: a mutant location off by one line or column (the schema's columns are 1-based, the end
// exclusive), highlighting the wrong code.
TEST(JsonReport, ALocationSpansTheSiteFromItsFirstNonBlankCharacterToPastItsLastLine) {
  const json report = mutation_report_json(fixtures::shown(fixtures::pass_all_killed()));
  const json& s07 = mutant(report, "oracle/src/train/accumulate.cpp", "s07");
  // Line 5 is "    if constexpr (is_mutant(7)) weight = 1.0 / k;": 4 spaces, 49 characters.
  EXPECT_EQ(s07.at("location").at("start"), (json{{"line", 5}, {"column", 5}}));
  EXPECT_EQ(s07.at("location").at("end"), (json{{"line", 5}, {"column", 50}}));
  const json& s20 = mutant(report, "oracle/src/train/checkpoint.cpp", "s20");
  EXPECT_EQ(s20.at("location").at("start").at("line"), 3);
  EXPECT_EQ(s20.at("location").at("end").at("line"), 4);
}

// Catches: killedBy naming a test id that testFiles does not define, which the viewer cannot link.
TEST(JsonReport, KilledByNamesTestsThatTestFilesDefine) {
  const json report =
      mutation_report_json(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)));
  std::set<std::string> defined;
  for (const auto& [path, file] : report.at("testFiles").items()) {
    for (const json& test : file.at("tests")) defined.insert(test.at("id"));
  }
  int killers = 0;
  for (const auto& [path, file] : report.at("files").items()) {
    for (const json& entry : file.at("mutants")) {
      for (const json& test : entry.at("killedBy")) {
        EXPECT_TRUE(defined.count(test.get<std::string>())) << test;
        ++killers;
      }
    }
  }
  EXPECT_EQ(killers, 6);
  EXPECT_NE(report.at("testFiles")
                .at("accumulate_test.cpp")
                .at("source")
                .get<std::string>()
                .find("</script>"),
            std::string::npos);
}

// Catches: a killing test GoogleTest never listed (the run crashed first) left dangling in
// killedBy.
TEST(JsonReport, AKillerGoogleTestDidNotListStillGetsATestFilesEntry) {
  GradeResult result = fixtures::pass_all_killed();
  result.mutants[0].killed_by.push_back("Hidden.CrashedBeforeListing");
  const json report = mutation_report_json(fixtures::shown(result));
  const json& unlisted = report.at("testFiles").at("(tests not listed by GoogleTest)").at("tests");
  ASSERT_EQ(unlisted.size(), 1U);
  EXPECT_EQ(unlisted[0].at("id"), "Hidden.CrashedBeforeListing");
}

// Catches: a status or statusReason rewritten on the way to JSON, or thresholds not taken from the
// grading threshold.
TEST(JsonReport, StatusesAndReasonsAreTheGradersAndThresholdsComeFromTheThreshold) {
  const json report =
      mutation_report_json(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)));
  EXPECT_EQ(mutant(report, "oracle/src/train/loss_scaler.cpp", "s12").at("status"), "Timeout");
  EXPECT_EQ(mutant(report, "oracle/src/train/checkpoint.cpp", "s21").at("statusReason"),
            "crashed with SIGSEGV");
  EXPECT_EQ(report.at("thresholds"), (json{{"high", 80}, {"low", 80}}));
  EXPECT_EQ(report.at("config").at("verdict"), "FAIL");
}

// Catches: reveal = nothing leaking a survivor's title through any JSON field, or hiding killed
// mutants' titles too.
TEST(JsonReport, RevealNothingKeepsTheSurvivorsTitleOutOfEveryField) {
  const std::string text =
      render_json_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Nothing)));
  const json report = json::parse(text);
  const json& s07 = mutant(report, "oracle/src/train/accumulate.cpp", "s07");
  EXPECT_EQ(s07.at("mutatorName"), "s07");
  EXPECT_EQ(s07.at("description"), "a mutant survived (s07)");
  EXPECT_EQ(s07.dump().find("weighting micro-batches"), std::string::npos);
  // A killed mutant still says what it was.
  EXPECT_EQ(mutant(report, "oracle/src/train/accumulate.cpp", "s08").at("mutatorName"),
            "s08 summing micro-batch losses");
}

// Catches: reveal = nothing leaking the pitfall through the mutant site's source, or blanking it so
// locations no longer fit.
TEST(JsonReport, RevealNothingWithholdsTheSourceOfAFileWithASurvivorButKeepsItsLines) {
  const json report =
      mutation_report_json(fixtures::shown(fixtures::fail_with_survivors(Reveal::Nothing)));
  const std::string source = report.at("files").at("oracle/src/train/accumulate.cpp").at("source");
  // The site's comment and code would name the pitfall the policy hides.
  EXPECT_EQ(source.find("1/k"), std::string::npos);
  EXPECT_EQ(source.find("is_mutant"), std::string::npos);
  EXPECT_EQ(std::count(source.begin(), source.end(), '\n'), 9);  // the fixture's 9 lines
  // With the title revealed the source is shown as it is.
  const json shown =
      mutation_report_json(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title)));
  EXPECT_NE(shown.at("files")
                .at("oracle/src/train/accumulate.cpp")
                .at("source")
                .get<std::string>()
                .find("is_mutant(7)"),
            std::string::npos);
}

// Catches: reveal = title_and_symptom dropping the symptom from the description.
TEST(JsonReport, RevealSymptomDescribesTheSurvivorWithTitleAndSymptom) {
  const json report =
      mutation_report_json(fixtures::shown(fixtures::fail_with_survivors(Reveal::TitleAndSymptom)));
  EXPECT_EQ(mutant(report, "oracle/src/train/accumulate.cpp", "s07").at("description"),
            "s07: weighting micro-batches 1/k (symptom: wrong gradient whenever the sizes differ)");
}

// Catches: the JSON report spelling a reveal level differently from the configuration that set it
// (it once wrote "symptom" for the configuration's "title_and_symptom").
TEST(JsonReport, TheRevealLevelIsSpelledAsInTheConfiguration) {
  for (const auto& [reveal, name] :
       {std::pair{Reveal::Nothing, "nothing"}, std::pair{Reveal::Title, "title"},
        std::pair{Reveal::TitleAndSymptom, "title_and_symptom"}}) {
    EXPECT_EQ(mutation_report_json(fixtures::shown(fixtures::fail_with_survivors(reveal)))
                  .at("config")
                  .at("reveal"),
              name);
    EXPECT_EQ(parse_reveal(name), reveal) << name;
  }
  EXPECT_EQ(parse_reveal("symptom"), std::nullopt);
}

// Catches: invalid UTF-8 in a reason making nlohmann::json throw, so no report is written.
TEST(JsonReport, InvalidUtf8InTheDataIsReplacedInsteadOfThrowing) {
  GradeResult result = fixtures::fail_with_survivors(Reveal::Title);
  result.mutants[0].reason = "output \xff\xfe";
  const std::string text = render_json_report(fixtures::shown(result));
  EXPECT_NE(text.find("output \xEF\xBF\xBD\xEF\xBF\xBD"), std::string::npos);
}

// Catches: a report that differs between runs of the same grade (map order, timestamps), breaking
// diffs and caches.
TEST(JsonReport, TheSameResultGivesTheSameBytes) {
  EXPECT_EQ(render_json_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title))),
            render_json_report(fixtures::shown(fixtures::fail_with_survivors(Reveal::Title))));
}

// Catches: a system block invented when the grader gave none, making reports differ across
// machines.
TEST(JsonReport, SystemInformationAppearsOnlyWhenTheGraderGaveIt) {
  GradeResult result = fixtures::pass_all_killed();
  EXPECT_FALSE(mutation_report_json(fixtures::shown(result)).contains("system"));
  result.environment = GradeEnvironment{true, "linux", "Debian GNU/Linux 12", 2};
  const json system = mutation_report_json(fixtures::shown(result)).at("system");
  EXPECT_EQ(system.at("ci"), true);
  EXPECT_EQ(system.at("cpu").at("logicalCores"), 2);
}

}  // namespace
}  // namespace tinyllm::reports
