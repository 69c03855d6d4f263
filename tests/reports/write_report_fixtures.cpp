// Writes every report format for every fixture into <folder>/<fixture>/, and the class reports
// of all fixtures into <folder>/class/, for the checks that need
// real files: the JSON schema (ajv), the JUnit XSD (xmllint) and the HTML page (Chromium).
#include <exception>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <utility>
#include <vector>

#include "fixtures.hpp"
#include "tinyllm/reports/class_batch.hpp"
#include "tinyllm/reports/class_report.hpp"
#include "tinyllm/reports/write_reports.hpp"

int main(int argc, char** argv) {
  using namespace tinyllm::reports;
  if (argc != 2) {
    std::cerr << "usage: write_report_fixtures <output folder>\n";
    return 3;
  }
  const std::vector<std::pair<const char*, GradeResult>> cases = {
      {"pass", fixtures::pass_all_killed()},
      {"fail_reveal_nothing", fixtures::fail_with_survivors(Reveal::Nothing)},
      {"fail_reveal_title", fixtures::fail_with_survivors(Reveal::Title)},
      {"fail_reveal_symptom", fixtures::fail_with_survivors(Reveal::TitleAndSymptom)},
      {"invalid_compile_error", fixtures::invalid_compile_error()},
      {"invalid_reference_failures", fixtures::invalid_reference_failures()},
  };
  try {
    for (const auto& [name, result] : cases) {
      ReportOptions options;
      options.output_folder = std::filesystem::path(argv[1]) / name;
      options.formats = {ReportFormat::Terminal, ReportFormat::Json,  ReportFormat::Html,
                         ReportFormat::Markdown, ReportFormat::Junit, ReportFormat::Gradescope};
      write_reports(result, options);
    }
    std::vector<GradeResult> class_results;
    for (const auto& [name, result] : cases) {
      class_results.push_back(result);
      class_results.back().suite_name = name;
    }
    write_class_reports(class_results, std::filesystem::path(argv[1]) / "class");

    // Two batch shards over a class of the fixtures (a fake grader returns each fixture), for the
    // merge subcommand's end-to-end test.
    const std::filesystem::path suites = std::filesystem::path(argv[1]) / "class_suites";
    std::map<std::string, GradeResult> by_name;
    for (const auto& [name, result] : cases) {
      std::filesystem::create_directories(suites / name);
      std::ofstream(suites / name / "test.cpp") << "// " << name << "\n";
      by_name[name] = result;
      by_name[name].suite_name = name;
    }
    for (int shard = 1; shard <= 2; ++shard) {
      BatchOptions batch;
      batch.suites_folder = suites;
      batch.output_folder = std::filesystem::path(argv[1]) / ("shard" + std::to_string(shard));
      batch.shard_index = shard;
      batch.shard_count = 2;
      batch.formats = {ReportFormat::Json};
      std::ostringstream progress;
      run_batch(
          batch,
          [&](const std::filesystem::path& suite) { return by_name.at(suite.filename().string()); },
          progress);
    }
  } catch (const std::exception& error) {
    std::cerr << "write_report_fixtures: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
