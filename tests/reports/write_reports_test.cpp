// The dispatcher: the files each format goes to, bad format names, and byte-identical reruns.
#include "tinyllm/reports/write_reports.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <sstream>

#include "fixtures.hpp"
#include "tinyllm/reports/reference_output.hpp"

namespace tinyllm::reports {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
}

fs::path fresh_folder(const std::string& name) {
  const fs::path folder = fs::temp_directory_path() / ("tinyllm_reports_test_" + name);
  fs::remove_all(folder);
  return folder;
}

// Catches: a format written twice, to the wrong file, or a .partial file left behind by the write-
// then-rename.
TEST(WriteReports, WritesEveryRequestedFormatToItsOwnFileAndNoPartialFilesRemain) {
  const fs::path folder = fresh_folder("all");
  std::ostringstream terminal;
  ReportOptions options;
  options.output_folder = folder;
  options.terminal = &terminal;
  for (const char* name : {"json", "html", "md", "junit", "gradescope", "terminal", "json"}) {
    options.formats.push_back(parse_report_format(name));
  }
  const auto written = write_reports(fixtures::fail_with_survivors(Reveal::Title), options);
  EXPECT_EQ(written.size(), 5U);  // json once, terminal to the stream
  for (const char* file : {"mutation-report.json", "mutation-report.html", "summary.md",
                           "junit.xml", "results.json"}) {
    EXPECT_TRUE(fs::is_regular_file(folder / file)) << file;
  }
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    EXPECT_NE(entry.path().extension(), ".partial") << entry.path();
    ++files;
  }
  EXPECT_EQ(files, 5U);
  EXPECT_NE(terminal.str().find("Verdict: FAIL"), std::string::npos);
  fs::remove_all(folder);
}

// Catches: a report file that differs between runs of the same grade, or an empty one.
TEST(WriteReports, TheSameResultWritesTheSameBytes) {
  const fs::path first = fresh_folder("first");
  const fs::path second = fresh_folder("second");
  ReportOptions options;
  options.formats = {ReportFormat::Json,  ReportFormat::Html,       ReportFormat::Markdown,
                     ReportFormat::Junit, ReportFormat::Gradescope, ReportFormat::Terminal};
  options.output_folder = first;
  write_reports(fixtures::fail_with_survivors(Reveal::TitleAndSymptom), options);
  options.output_folder = second;
  write_reports(fixtures::fail_with_survivors(Reveal::TitleAndSymptom), options);
  for (ReportFormat format : options.formats) {
    const std::string name(report_file_name(format));
    EXPECT_EQ(read(first / name), read(second / name)) << name;
    EXPECT_FALSE(read(first / name).empty()) << name;
  }
  fs::remove_all(first);
  fs::remove_all(second);
}

// Catches: an unknown format name accepted, or refused without listing the valid ones.
TEST(WriteReports, AnUnknownFormatNameListsTheValidOnes) {
  try {
    parse_report_format("xml");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("junit"), std::string::npos);
  }
}

// Catches: an unreadable viewer bundle path silently falling back to the embedded one or writing an
// empty page.
TEST(WriteReports, AnUnreadableBundlePathIsAnErrorNamingThePath) {
  ReportOptions options;
  options.formats = {ReportFormat::Html};
  options.output_folder = fresh_folder("bundle");
  options.elements_bundle = "/nonexistent/mutation-test-elements.js";
  EXPECT_THROW(write_reports(fixtures::pass_all_killed(), options), std::runtime_error);
}

// Catches: the reports naming reference-output.txt for the whole output without anything writing
// it, or writing it (an empty one) when nothing failed on the reference.
TEST(WriteReports, AReferenceFailureWritesItsWholeOutputBesideTheReports) {
  GradeResult result = fixtures::invalid_reference_failures();
  for (int i = 1; i <= 10000; ++i)
    result.invalid_tests[0].failures[0].message += "\nprinted line " + std::to_string(i);
  const fs::path folder = fresh_folder("reference_output");
  ReportOptions options;
  options.formats = {ReportFormat::Markdown};
  options.output_folder = folder;
  const auto written = write_reports(result, options);
  ASSERT_EQ(written.size(), 2U);
  EXPECT_EQ(written[1], folder / kReferenceOutputFile);
  const std::string full = read(folder / kReferenceOutputFile);
  EXPECT_EQ(full, render_reference_output(fixtures::shown(result)));
  EXPECT_NE(full.find("== Accumulate.HandExample fails on the reference implementation "
                      "(RapidCheck seed 20240611) ==\naccumulate_test.cpp:14: Failure\n"),
            std::string::npos);
  for (const char* line : {"printed line 1\n", "printed line 5000\n", "printed line 10000\n",
                           "Falsifiable after 3 tests", "--test Scaler.SkipsInfSteps --seed 77"})
    EXPECT_NE(full.find(line), std::string::npos) << line;
  EXPECT_NE(read(folder / "summary.md").find(kReferenceOutputFile), std::string::npos);

  const fs::path passing = fresh_folder("no_reference_output");
  options.output_folder = passing;
  EXPECT_EQ(write_reports(fixtures::pass_all_killed(), options).size(), 1U);
  EXPECT_FALSE(fs::exists(passing / kReferenceOutputFile));
  fs::remove_all(folder);
  fs::remove_all(passing);
}

}  // namespace
}  // namespace tinyllm::reports
