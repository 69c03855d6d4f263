#include "text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace tinyllm::reports::detail {

fmt::text_style verdict_style(Verdict verdict) {
  // In Verdict's order: PASS, FAIL, INVALID.
  constexpr fmt::terminal_color kColours[] = {fmt::terminal_color::green, fmt::terminal_color::red,
                                              fmt::terminal_color::magenta};
  return fmt::fg(kColours[static_cast<int>(verdict)]) | fmt::emphasis::bold;
}

std::string paint(bool colour, std::string_view text, fmt::text_style style) {
  return colour ? fmt::format(style, "{}", text) : std::string(text);
}

std::string indent_lines(std::string_view text, std::string_view indent) {
  std::string out;
  for (std::string_view rest = text; !rest.empty();) {
    const std::size_t end = rest.find('\n');
    out += fmt::format("{}{}\n", indent, rest.substr(0, end));
    rest = end == std::string_view::npos ? "" : rest.substr(end + 1);
  }
  return out;
}

namespace {

// Returns the length of the valid UTF-8 sequence starting at text[i], or 0 when it is invalid.
std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = static_cast<unsigned char>(text[i]);
  std::size_t length = 0;
  if (byte < 0x80) return 1;
  if ((byte & 0xE0) == 0xC0 && byte >= 0xC2)
    length = 2;
  else if ((byte & 0xF0) == 0xE0)
    length = 3;
  else if ((byte & 0xF8) == 0xF0 && byte <= 0xF4)
    length = 4;
  else
    return 0;
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  }
  return length;
}

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Returns `text` with each character found in `table` replaced by its text.
std::string substitute(std::string_view text,
                       std::initializer_list<std::pair<char, std::string_view>> table) {
  std::string out;
  out.reserve(text.size());
  for (const char& c : text) {
    const auto* entry = std::ranges::find(table, c, &std::pair<char, std::string_view>::first);
    out += entry == table.end() ? std::string_view(&c, 1) : entry->second;
  }
  return out;
}

}  // namespace

std::string escape_markup(std::string_view text) {
  return substitute(
      text, {{'&', "&amp;"}, {'<', "&lt;"}, {'>', "&gt;"}, {'"', "&quot;"}, {'\'', "&#39;"}});
}

std::string valid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t length = utf8_sequence_length(text, i);
    if (length == 0) {
      out += kReplacement;
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string escape_xml(std::string_view text) {
  std::string out;
  for (char c : escape_markup(valid_utf8(text))) {
    const auto byte = static_cast<unsigned char>(c);
    // XML 1.0 forbids C0 controls except tab, LF, CR even as character references.
    if (byte < 0x20 && c != '\t' && c != '\n' && c != '\r') {
      out += fmt::format("\\x{:02x}", byte);
    } else {
      out += c;
    }
  }
  return out;
}

std::size_t display_width(std::string_view text) {
  // Every byte but UTF-8's continuation bytes (10xxxxxx) starts a code point.
  return std::ranges::count_if(
      text, [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
}

std::string truncate(std::string_view text, std::size_t width) {
  if (display_width(text) <= width) return std::string(text);
  const std::size_t keep = width > 3 ? width - 3 : 0;
  std::size_t points = 0;
  std::size_t end = 0;
  while (end < text.size()) {
    if ((static_cast<unsigned char>(text[end]) & 0xC0) != 0x80) {
      if (points == keep) break;
      ++points;
    }
    ++end;
  }
  return std::string(text.substr(0, end)) + "...";
}

std::string markdown_cell(std::string_view text) {
  return substitute(text, {{'|', "\\|"}, {'\n', " "}, {'\r', " "}, {'<', "&lt;"}});
}

std::string join(const std::vector<std::string>& names, std::string_view separator) {
  return fmt::format("{}", fmt::join(names, separator));
}

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string join_limited(const std::vector<std::string>& names, std::size_t shown) {
  if (names.size() <= shown) return join(names, ", ");
  const std::vector<std::string> head(names.begin(), names.begin() + static_cast<long>(shown));
  return fmt::format("{} and {} more", join(head, ", "), names.size() - shown);
}

std::string join_to_width(const std::vector<std::string>& names, std::size_t width) {
  std::string shown;
  for (std::size_t count = 0; count < names.size(); ++count) {
    const std::string candidate = count == 0 ? names[0] : shown + ", " + names[count];
    const std::size_t rest = names.size() - count - 1;
    const std::string suffix = rest > 0 ? fmt::format(" and {} more", rest) : "";
    if (display_width(candidate) + display_width(suffix) > width) {
      if (count == 0) {
        const std::size_t room = width > display_width(suffix) ? width - display_width(suffix) : 0;
        return truncate(names[0], room) + suffix;
      }
      return shown + fmt::format(" and {} more", names.size() - count);
    }
    shown = candidate;
  }
  return shown;
}

std::string excerpt(std::string_view text, std::size_t head, std::size_t tail,
                    std::string_view where_full) {
  std::vector<std::string_view> lines;
  for (std::string_view rest = text; !rest.empty();) {
    const std::size_t end = rest.find('\n');
    lines.push_back(rest.substr(0, end));
    rest = end == std::string_view::npos ? "" : rest.substr(end + 1);
  }
  const bool too_many = lines.size() > head + tail;
  bool too_wide = false;
  for (std::string_view line : lines)
    too_wide = too_wide || display_width(line) > kExcerptLineWidth;
  if (!too_many && !too_wide) return std::string(text);

  std::string out;
  auto keep = [&](std::string_view line) { out += truncate(line, kExcerptLineWidth) + "\n"; };
  if (!too_many) {
    for (std::string_view line : lines) keep(line);
    out += fmt::format("[lines longer than {} characters were cut: the whole output is in {}]\n",
                       kExcerptLineWidth, where_full);
    return out;
  }
  for (std::size_t i = 0; i < head; ++i) keep(lines[i]);
  out += fmt::format("[... {} lines left out: the whole output is in {} ...]\n",
                     lines.size() - head - tail, where_full);
  for (std::size_t i = lines.size() - tail; i < lines.size(); ++i) keep(lines[i]);
  return out;
}

}  // namespace tinyllm::reports::detail

namespace tinyllm::reports {

std::string wrap(std::string_view text, std::size_t width, std::string_view indent) {
  std::string out;
  std::string line;
  while (!text.empty()) {
    const std::size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    text = space == std::string_view::npos ? "" : text.substr(space + 1);
    if (word.empty()) continue;
    if (!line.empty() && detail::display_width(line) + 1 + detail::display_width(word) > width) {
      out += fmt::format("{}{}\n", indent, line);
      line.clear();
    }
    line += line.empty() ? std::string(word) : " " + std::string(word);
  }
  if (!line.empty()) out += fmt::format("{}{}\n", indent, line);
  return out;
}

}  // namespace tinyllm::reports
