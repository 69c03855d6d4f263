// Text helpers shared by the writers: escaping for HTML/XML/Markdown, display truncation, and the
// bounded excerpt of a run's output.
#pragma once
#include <fmt/color.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"
#include "tinyllm/reports/wrap.hpp"

namespace tinyllm::reports::detail {

// The width the terminal reports (a grade's, a check's) wrap their prose to.
inline constexpr std::size_t kWrapWidth = 96;

// The colour of a verdict on a terminal: PASS green, FAIL red, INVALID magenta, all bold.
fmt::text_style verdict_style(Verdict verdict);

// Returns `text` in `style` when `colour` is true, else unchanged.
std::string paint(bool colour, std::string_view text, fmt::text_style style);

// Returns each line of `text` prefixed with `indent`, every line ending in '\n'.
std::string indent_lines(std::string_view text, std::string_view indent);

// Returns `text` with & < > " ' escaped for HTML or XML text and attributes.
std::string escape_markup(std::string_view text);

// Returns `text` made legal in XML 1.0: escaped as escape_markup, control characters other than
// tab, newline and carriage return (a compiler's ANSI colour codes) written as "\x1b", and
// invalid UTF-8 bytes replaced by U+FFFD.
std::string escape_xml(std::string_view text);

// Returns `text` with invalid UTF-8 bytes replaced by U+FFFD.
std::string valid_utf8(std::string_view text);

// Returns `text` cut to at most `width` code points, ending in "..." when cut.
std::string truncate(std::string_view text, std::size_t width);

// Returns the number of code points in UTF-8 `text`.
std::size_t display_width(std::string_view text);

// Returns `text` escaped for a Markdown table cell: '|' and newlines cannot appear raw.
std::string markdown_cell(std::string_view text);

// Returns "A.b, C.d and 3 more" listing at most `shown` names.
std::string join_limited(const std::vector<std::string>& names, std::size_t shown);

// Returns as many names as fit in `width` code points, joined by ", ", followed by " and N more"
// for the rest; the first name is truncated when even it does not fit.
std::string join_to_width(const std::vector<std::string>& names, std::size_t width);

using reports::wrap;  // tinyllm/reports/wrap.hpp

// The longest line, in code points, an excerpt keeps whole.
inline constexpr std::size_t kExcerptLineWidth = 500;

// Returns `text` bounded for a report a person reads: when it has more than `head` + `tail` lines,
// its first `head` and last `tail` lines with one line between them that says how many were left
// out and that the whole text is in `where_full`; a line longer than kExcerptLineWidth is cut
// (and the excerpt then ends by saying where the whole text is). Text within both bounds comes
// back unchanged.
std::string excerpt(std::string_view text, std::size_t head, std::size_t tail,
                    std::string_view where_full);

// Returns the names joined by `separator`.
std::string join(const std::vector<std::string>& names, std::string_view separator);

// Returns `n` followed by `one` or `many`: "1 wheat", "3 wheats".
std::string plural(std::size_t n, std::string_view one, std::string_view many);

// The spelling of an enum's values in one table of {value, name}: every report and stored grade
// reads and writes them through these, so each value has one name.
// Returns the name of `value`, or "?" when the table lacks it.
template <typename Enum, std::size_t N>
std::string_view name_of(const std::pair<Enum, std::string_view> (&names)[N], Enum value) {
  for (const auto& [entry, name] : names)
    if (entry == value) return name;
  return "?";
}

// Returns the value named `text`, or nothing for a name the table lacks.
template <typename Enum, std::size_t N>
std::optional<Enum> parse_name(const std::pair<Enum, std::string_view> (&names)[N],
                               std::string_view text) {
  for (const auto& [entry, name] : names)
    if (name == text) return entry;
  return std::nullopt;
}

}  // namespace tinyllm::reports::detail
