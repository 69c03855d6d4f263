// The one entry point the grader calls: writes every requested report format.
#pragma once
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

enum class ReportFormat { Terminal, Json, Html, Markdown, Junit, Gradescope };

struct ReportOptions {
  std::vector<ReportFormat> formats;    // in any order; each written once
  std::filesystem::path output_folder;  // created when missing
  std::ostream* terminal = nullptr;     // where Terminal goes (nullptr: terminal.txt in the folder)
  bool colour = false;                  // Terminal output is a colour terminal
  std::filesystem::path elements_bundle;  // mutation-testing-elements JS; "" uses the embedded one
};

// Returns the format named "terminal", "json", "html", "markdown" (or "md"), "junit" or
// "gradescope". Throws std::invalid_argument listing the valid names otherwise.
ReportFormat parse_report_format(std::string_view name);

// Returns the name parse_report_format accepts for `format`.
std::string_view report_format_name(ReportFormat format);

// Returns the file a format is written to inside the output folder: mutation-report.json,
// mutation-report.html, summary.md, junit.xml, results.json (Gradescope's name), terminal.txt.
std::string_view report_file_name(ReportFormat format);

// Writes the requested reports, and reference-output.txt when the suite failed on the reference
// (reference_output.hpp), and returns the files written. Each file is written to a temporary
// name and renamed, so a reader never sees half a report. Throws std::runtime_error naming the
// path when the folder or a file cannot be written.
std::vector<std::filesystem::path> write_reports(const GradeResult& result,
                                                 const ReportOptions& options);

}  // namespace tinyllm::reports
