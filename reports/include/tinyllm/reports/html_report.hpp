// One self-contained HTML file that shows the JSON report in the mutation-testing-elements web
// component, offline: the component's bundle and the report are both inlined.
#pragma once
#include <string>
#include <string_view>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns the mutation-testing-elements bundle compiled into the library ("" when the build found
// no node_modules; then pass a bundle read from disk to render_html_report).
std::string_view embedded_elements_bundle();

// Returns `json_text` made safe inside a <script> element: "</" becomes "<\/" and "<!--" becomes
// "\u003c!--", both still the same JSON and JavaScript value.
std::string escape_json_for_script(std::string_view json_text);

// Returns the HTML page. Throws std::runtime_error when `elements_bundle` is empty.
std::string render_html_report(const GradeResult& result, std::string_view elements_bundle);

}  // namespace tinyllm::reports
