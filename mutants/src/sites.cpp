// The sites of the catalog's variants, anchored by their marker comments rather than line
// numbers. The guards are found with a regular expression rather than a parser: they are written
// one way (`is_mutant(7)`), and a guard elsewhere is reported.
#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "tinyllm/catalog.hpp"
#include "tinyllm/catalog/guards.hpp"
#include "tinyllm/catalog/statement.hpp"

namespace tinyllm::catalog {
namespace fs = std::filesystem;
namespace {

// A marker comment "// s07: weighting micro-batches 1/k" (or "// w03: ..." for a wheat).
struct Marker {
  int line = 0;            // 1-based
  std::size_t offset = 0;  // of the line's end in the file's text
  std::string text;        // the comment as written
  std::string title;       // what follows "// s07:", trimmed
};

struct WheatSite {
  std::string file;  // relative to the repository root
  int line_begin = 0;
  int line_end = 0;
  bool guarded = false;  // holds its wheat's is_wheat(N)
};

std::string read_text(std::ifstream& in) {
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::string trimmed(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return std::string(s.substr(first, last - first + 1));
}

// Returns every line of `text` that is a marker comment of variant `id` ("s07", "w03"): "// id:"
// after indentation, alone on its line.
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

// Returns the 1-based line of `text` that holds `offset`.
int line_of(const std::string& text, std::size_t offset) {
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + offset, '\n'));
}

int number_of(const std::string& id) {
  return std::stoi(id.substr(1));
}

std::string lines_of(const std::string& file, int begin, int end) {
  return file + ":" + std::to_string(begin) + "-" + std::to_string(end);
}

// Returns "is_mutant(7)" or "is_wheat(3)".
std::string guard_of(const char* guard, int number) {
  return guard + ("(" + std::to_string(number) + ")");
}

// Returns the problem of a site (`file` lines `begin` to `end`) of variant `id` without its guard.
std::string unguarded(const std::string& id, const std::string& file, int begin, int end,
                      const std::string& guard) {
  return id + ": its site " + lines_of(file, begin, end) + " holds no " + guard +
         "; guard the change with `if (tinyllm::detail::" + guard + ")` right after the marker";
}

void locate_site(MutantInfo& m, const fs::path& source_root) {
  const fs::path path = source_root / m.file;
  const std::string shown = path.string();
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw CatalogError(shown + ": the site file of " + m.id +
                       " does not exist; fix its `file` in the catalog (a path relative to the "
                       "repository root)");
  const std::string text = read_text(in);
  const std::string wanted = "// " + m.id + ": " + m.title;
  const std::string guard = guard_of("is_mutant", number_of(m.id));

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
  const auto end = detail::statement_end(text, marker.offset);
  if (!end)
    throw CatalogError(shown + ":" + std::to_string(marker.line) +
                       ": no complete statement follows " + m.id +
                       "'s marker (the file ends, or a bracket closes first); the marker " +
                       "goes on the line above the statement guarded by " + guard);
  m.line_begin = marker.line;
  m.line_end = line_of(text, *end - 1);
}

// Returns the .cpp, .hpp and .h files under repository_root/oracle/src, relative to
// repository_root, sorted (so problems come in the same order on every machine).
std::vector<std::string> oracle_sources(const fs::path& repository_root) {
  std::vector<std::string> files;
  const auto oracle_src = repository_root / "oracle" / "src";
  if (!fs::is_directory(oracle_src)) return files;
  for (const auto& entry : fs::recursive_directory_iterator(oracle_src)) {
    const auto extension = entry.path().extension();
    if (entry.is_regular_file() &&
        (extension == ".cpp" || extension == ".hpp" || extension == ".h"))
      files.push_back(fs::relative(entry.path(), repository_root).generic_string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Returns the anchor a Markdown renderer gives the heading `title`: lower case, spaces turned into
// hyphens, other punctuation dropped ("The binary" -> "the-binary").
std::string anchor_of(const std::string& title) {
  std::string anchor;
  for (const char c : title) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '-' || c == '_')
      anchor += static_cast<char>(std::tolower(u));
    else if (c == ' ')
      anchor += '-';
  }
  return anchor;
}

// Returns the problems with the wheats' freedoms: each must be the anchor of a heading of
// docs/contract-freedoms.md.
std::vector<std::string> check_freedoms(const std::vector<WheatInfo>& wheats,
                                        const fs::path& repository_root) {
  std::vector<std::string> problems;
  if (wheats.empty()) return problems;
  const auto doc = repository_root / "docs" / "contract-freedoms.md";
  std::ifstream in(doc);
  if (!in) {
    problems.push_back(doc.string() +
                       " does not exist; it states the freedoms the wheats use (one section "
                       "each, its anchor the wheat's `freedom`)");
    return problems;
  }
  std::set<std::string> anchors;
  for (std::string line; std::getline(in, line);)
    if (line.starts_with("#")) {
      const auto text = line.find_first_not_of("# ");
      if (text != std::string::npos) anchors.insert(anchor_of(line.substr(text)));
    }
  for (const WheatInfo& w : wheats)
    if (!anchors.contains(w.freedom))
      problems.push_back(w.id + ": its freedom \"" + w.freedom + "\" is no section of " +
                         doc.string() + "; write the freedom down there under a heading whose " +
                         "anchor is \"" + w.freedom + "\", or fix the catalog's `freedom`");
  return problems;
}

}  // namespace

void locate_sites(std::vector<MutantInfo>& mutants, const fs::path& source_root) {
  for (auto& m : mutants) locate_site(m, source_root);
}

std::vector<detail::GuardCall> detail::guard_calls(const fs::path& repository_root,
                                                   std::string_view guard) {
  const std::regex call(std::string(guard) + R"(\(([0-9]+)\))");
  std::vector<GuardCall> calls;
  for (const std::string& relative : oracle_sources(repository_root)) {
    std::ifstream in(repository_root / relative);
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      for (std::sregex_iterator it(line.begin(), line.end(), call), end; it != end; ++it)
        calls.push_back({relative, number, std::stoi((*it)[1])});
    }
  }
  return calls;
}

std::vector<std::string> check_sites(const std::vector<MutantInfo>& mutants,
                                     const fs::path& repository_root) {
  std::vector<std::string> problems;
  std::map<int, MutantInfo> located;  // by N: the mutants whose site was found
  for (MutantInfo m : mutants) {
    try {
      locate_site(m, repository_root);
      located[number_of(m.id)] = m;
    } catch (const CatalogError& e) {
      problems.push_back(e.what());
    }
  }
  std::map<int, bool> guarded;  // by N: is_mutant(N) found inside sNN's site
  for (const detail::GuardCall& call : detail::guard_calls(repository_root, "is_mutant")) {
    const std::string where =
        call.file + ":" + std::to_string(call.line) + ": " + guard_of("is_mutant", call.number);
    const auto found = located.find(call.number);
    if (found == located.end()) {
      if (std::none_of(mutants.begin(), mutants.end(),
                       [&](const MutantInfo& m) { return number_of(m.id) == call.number; }))
        problems.push_back(where + " has no catalog entry; add one to mutants/catalog.toml");
      continue;
    }
    const MutantInfo& m = found->second;
    if (m.file == call.file && call.line >= m.line_begin && call.line <= m.line_end)
      guarded[call.number] = true;
    else
      problems.push_back(where + " lies outside " + m.id + "'s site " +
                         lines_of(m.file, m.line_begin, m.line_end) +
                         "; a mutant's change is the one statement after its marker comment");
  }
  for (const auto& [number, m] : located)
    if (!guarded[number])
      problems.push_back(
          unguarded(m.id, m.file, m.line_begin, m.line_end, guard_of("is_mutant", number)));
  return problems;
}

// Unlike a mutant, a wheat may have several sites, anywhere in oracle/src.
std::vector<std::string> check_wheats(const std::vector<WheatInfo>& wheats,
                                      const fs::path& repository_root) {
  std::vector<std::string> problems;
  std::map<int, const WheatInfo*> by_number;
  std::map<int, std::vector<WheatSite>> sites;
  std::map<std::string, std::string> texts;  // by path, sorted as oracle_sources sorts them
  for (const std::string& file : oracle_sources(repository_root)) {
    std::ifstream in(repository_root / file, std::ios::binary);
    texts[file] = read_text(in);
  }

  for (const WheatInfo& w : wheats) {
    const int number = number_of(w.id);
    by_number[number] = &w;
    bool marked = false;
    for (const auto& [file, text] : texts) {
      for (const Marker& marker : markers_of(text, w.id)) {
        marked = true;
        const std::string at = file + ":" + std::to_string(marker.line);
        if (w.kind == WheatKind::Binary) {
          problems.push_back(at + ": " + w.id +
                             " is a binary wheat, the reference built differently: it has no "
                             "site in the sources; remove the marker, or make it semantic");
          continue;
        }
        if (marker.title != w.title) {
          problems.push_back(at + ": the marker reads \"" + marker.text +
                             "\" but the catalog's title of " + w.id + " is \"" + w.title +
                             "\"; make the comment and the title the same");
          continue;
        }
        const auto end = detail::statement_end(text, marker.offset);
        if (!end) {
          problems.push_back(at + ": no complete statement follows " + w.id +
                             "'s marker; the marker goes on the line above the statement "
                             "guarded by " +
                             guard_of("is_wheat", number));
          continue;
        }
        sites[number].push_back({file, marker.line, line_of(text, *end - 1)});
      }
    }
    if (w.kind == WheatKind::Semantic && !marked)
      problems.push_back(w.id + " is semantic but oracle/src has no marker comment \"// " + w.id +
                         ": " + w.title + "\"; put one above each statement `if " +
                         "(tinyllm::detail::" + guard_of("is_wheat", number) +
                         ") ...` that makes the wheat");
  }

  for (const detail::GuardCall& call : detail::guard_calls(repository_root, "is_wheat")) {
    const std::string where =
        call.file + ":" + std::to_string(call.line) + ": " + guard_of("is_wheat", call.number);
    const auto wheat = by_number.find(call.number);
    if (wheat == by_number.end()) {
      problems.push_back(where + " has no [[wheat]] entry; add one to mutants/catalog.toml");
      continue;
    }
    const WheatInfo& w = *wheat->second;
    if (w.kind == WheatKind::Binary) {
      problems.push_back(where + ": " + w.id +
                         " is a binary wheat, built from the reference's sources unchanged; "
                         "remove the guard, or make the wheat semantic");
      continue;
    }
    bool inside = false;
    for (WheatSite& site : sites[call.number])
      if (site.file == call.file && call.line >= site.line_begin && call.line <= site.line_end)
        inside = site.guarded = true;
    if (!inside)
      problems.push_back(where + " lies outside every site of " + w.id +
                         "; a wheat's change is the one statement after a marker comment \"// " +
                         w.id + ": " + w.title + "\"");
  }
  for (const auto& [number, wheat_sites] : sites)
    for (const WheatSite& site : wheat_sites)
      if (!site.guarded)
        problems.push_back(unguarded(by_number[number]->id, site.file, site.line_begin,
                                     site.line_end, guard_of("is_wheat", number)));

  for (std::string& problem : check_freedoms(wheats, repository_root))
    problems.push_back(std::move(problem));
  return problems;
}

}  // namespace tinyllm::catalog
