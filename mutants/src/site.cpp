// A site is anchored by its marker comment "// sNN: <title>", not by line numbers: lines added
// above a site move it, and the catalog still finds it. Its extent is the marker down to the end
// of the statement after it (tinyllm/catalog/statement.hpp), the guarded change that the variant
// compiles.
#include "site.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tinyllm/catalog.hpp"
#include "tinyllm/catalog/statement.hpp"

namespace tinyllm::catalog {
namespace detail {
namespace {

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return std::string(s.substr(first, last - first + 1));
}

}  // namespace

std::vector<Marker> markers_of(const std::string& text, const std::string& id) {
  const std::string prefix = "// " + id + ":";
  std::vector<Marker> found;
  std::size_t begin = 0;
  for (int line = 1; begin <= text.size(); ++line) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    const std::string content = trimmed(std::string_view(text).substr(begin, end - begin));
    if (content.starts_with(prefix))
      found.push_back(
          {line, end, content, trimmed(std::string_view(content).substr(prefix.size()))});
    begin = end + 1;
  }
  return found;
}

int line_of(const std::string& text, std::size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

void locate_site(MutantInfo& m, const std::filesystem::path& source_root) {
  const std::filesystem::path path = source_root / m.file;
  const std::string shown = path.string();
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw CatalogError(shown + ": the site file of " + m.id +
                       " does not exist; fix its `file` in the catalog (a path relative to the "
                       "repository root)");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  const std::string wanted = "// " + m.id + ": " + m.title;
  const std::string guard = "is_mutant(" + std::to_string(std::stoi(m.id.substr(1))) + ")";

  const std::vector<Marker> markers = markers_of(text, m.id);
  if (markers.empty())
    throw CatalogError(shown + ": no marker comment \"" + wanted + "\" for " + m.id +
                       "; put it on the line above the statement guarded by " + guard +
                       ", or fix the catalog's `file` for " + m.id);
  if (markers.size() > 1) {
    std::string lines;
    for (const auto& marker : markers)
      lines += (lines.empty() ? "" : ", ") + std::to_string(marker.line);
    throw CatalogError(shown + ": the marker of " + m.id + " appears " +
                       std::to_string(markers.size()) + " times (lines " + lines +
                       "); keep only the one above the statement guarded by " + guard);
  }
  const Marker& marker = markers.front();
  if (marker.title != m.title)
    throw CatalogError(shown + ":" + std::to_string(marker.line) + ": the marker reads \"" +
                       marker.text + "\" but the catalog's title of " + m.id + " is \"" + m.title +
                       "\"; make the comment and the title the same");
  const auto end = statement_end(text, marker.offset);
  if (!end)
    throw CatalogError(shown + ":" + std::to_string(marker.line) +
                       ": no complete statement follows " + m.id +
                       "'s marker (the file ends, or a bracket closes first); the marker " +
                       "goes on the line above the statement guarded by " + guard);
  m.line_begin = marker.line;
  m.line_end = line_of(text, *end - 1);
}

}  // namespace detail

void locate_sites(std::vector<MutantInfo>& mutants, const std::filesystem::path& source_root) {
  for (auto& m : mutants) detail::locate_site(m, source_root);
}

}  // namespace tinyllm::catalog
