// The one entry point the grader calls: writes every requested report format. Every format is one
// row of one table (report_writers): its names, its file, its writer and what it needs.
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
  // Learner: the grade's reveal and hints. Staff: everything, and what the learner saw
  // (staff_view). write_reports shapes the grade for this reader once (for_reader).
  View view = View::Learner;
};

// One report format: everything the grader knows about it.
struct ReportWriter {
  ReportFormat format;
  std::string_view name;       // on the command line and in reports.formats
  std::string_view alias;      // a second accepted name ("md"), or ""
  std::string_view file_name;  // inside the output folder (Terminal: only without a stream)
  // Formats `reader`, the grade shaped for the report's reader (for_reader); `staff`, the same
  // grade shaped for staff, is for a format that carries both (Gradescope's).
  std::string (*render)(const GradeResult& reader, const GradeResult& staff,
                        const ReportOptions& options);
  bool needs_elements_bundle;  // inlines the mutation-testing-elements JS (HTML)
};

// Returns the table of formats, one row each, in the order of ReportFormat.
const std::vector<ReportWriter>& report_writers();

// Returns the format named by a row's name or alias ("terminal", "json", "html", "markdown" or
// "md", "junit", "gradescope"). Throws std::invalid_argument listing the valid names otherwise.
ReportFormat parse_report_format(std::string_view name);

// Returns the valid format names for messages and help: "terminal, json, html, markdown (or md),
// junit, gradescope".
std::string report_format_names();

// Returns the file a format is written to inside the output folder: mutation-report.json,
// mutation-report.html, summary.md, junit.xml, results.json (Gradescope's name), terminal.txt.
std::string_view report_file_name(ReportFormat format);

// Checks that every requested format has what it needs, so a grader can refuse before grading
// rather than fail after it: HTML needs the elements bundle, embedded at build time or readable at
// options.elements_bundle. Throws std::runtime_error saying what is missing and how to fix it.
void check_report_options(const ReportOptions& options);

// Writes the requested reports, and reference-output.txt when the suite has invalid tests
// (reference_output.hpp), and returns the files written. Each file is written to a temporary
// name and renamed, so a reader never sees half a report. Throws std::runtime_error naming the
// path when the folder or a file cannot be written.
std::vector<std::filesystem::path> write_reports(const GradeResult& result,
                                                 const ReportOptions& options);

}  // namespace tinyllm::reports
