// Writes every report format for every fixture into <folder>/<fixture>/, and the class reports
// of all fixtures into <folder>/class/, for the checks that need
// real files: the JSON schema (ajv), the JUnit XSD (xmllint) and the HTML page (Chromium).
#include <exception>
#include <iostream>
#include <utility>
#include <vector>

#include "fixtures.hpp"
#include "tinyllm/reports/class_report.hpp"
#include "tinyllm/reports/write_reports.hpp"

int main(int argc, char** argv) {
  using namespace tinyllm::reports;
  if (argc != 2) {
    std::cerr << "usage: write_report_fixtures <output folder>\n";
    return 3;
  }
  auto cases = fixtures::named_fixtures();
  for (auto& named : fixtures::named_full_grade_fixtures()) cases.push_back(std::move(named));
  for (auto& named : fixtures::named_validity_fixtures()) cases.push_back(std::move(named));
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
  } catch (const std::exception& error) {
    std::cerr << "write_report_fixtures: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
