// The check that the catalog's wheats and the oracle's sources agree, anchored on the marker
// comments "// wNN: <title>": every site of a semantic wheat is found, holds its own is_wheat(N),
// and no is_wheat(N) sits outside its wheat's sites; a binary wheat has no site at all; and every
// wheat's freedom is a section of docs/contract-freedoms.md (a freedom not written down there is
// not a freedom). Unlike a mutant, a wheat may have several sites, anywhere in oracle/src.
#include <cctype>
#include <fstream>
#include <map>
#include <sstream>

#include "site.hpp"
#include "tinyllm/catalog.hpp"
#include "tinyllm/catalog/guards.hpp"
#include "tinyllm/catalog/statement.hpp"

namespace tinyllm::catalog {
namespace {

struct WheatSite {
  std::string file;  // relative to the repository root
  int line_begin = 0;
  int line_end = 0;
  bool guarded = false;  // holds its wheat's is_wheat(N)
};

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

int number_of(const WheatInfo& w) {
  return std::stoi(w.id.substr(1));
}

std::string guard_of(int number) {
  return "is_wheat(" + std::to_string(number) + ")";
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
                                        const std::filesystem::path& repository_root) {
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
  std::map<std::string, bool> anchors;
  for (std::string line; std::getline(in, line);)
    if (line.starts_with("#")) {
      const auto text = line.find_first_not_of("# ");
      if (text != std::string::npos) anchors[anchor_of(line.substr(text))] = true;
    }
  for (const WheatInfo& w : wheats)
    if (!anchors.contains(w.freedom))
      problems.push_back(w.id + ": its freedom \"" + w.freedom + "\" is no section of " +
                         doc.string() + "; write the freedom down there under a heading whose " +
                         "anchor is \"" + w.freedom + "\", or fix the catalog's `freedom`");
  return problems;
}

}  // namespace

std::vector<std::string> check_wheats(const std::vector<WheatInfo>& wheats,
                                      const std::filesystem::path& repository_root) {
  std::vector<std::string> problems;
  std::map<int, const WheatInfo*> by_number;
  std::map<int, std::vector<WheatSite>> sites;
  const std::vector<std::string> sources = detail::oracle_sources(repository_root);
  std::map<std::string, std::string> texts;
  for (const std::string& file : sources) texts[file] = read_text(repository_root / file);

  for (const WheatInfo& w : wheats) {
    const int number = number_of(w);
    by_number[number] = &w;
    const std::string wanted = "// " + w.id + ": " + w.title;
    bool marked = false;
    for (const std::string& file : sources) {
      const std::string& text = texts[file];
      for (const detail::Marker& marker : detail::markers_of(text, w.id)) {
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
                             guard_of(number));
          continue;
        }
        sites[number].push_back({file, marker.line, detail::line_of(text, *end - 1)});
      }
    }
    if (w.kind == WheatKind::Semantic && !marked)
      problems.push_back(w.id + " is semantic but oracle/src has no marker comment \"" + wanted +
                         "\"; put one above each statement `if "
                         "(tinyllm::detail::" +
                         guard_of(number) + ") ...` that makes the wheat");
  }

  for (const detail::GuardCall& call : detail::guard_calls(repository_root, "is_wheat")) {
    const std::string where =
        call.file + ":" + std::to_string(call.line) + ": " + guard_of(call.number);
    const auto wheat = by_number.find(call.number);
    if (wheat == by_number.end()) {
      problems.push_back(where + " has no [[wheat]] entry; add one to mutants/catalog.toml");
      continue;
    }
    if (wheat->second->kind == WheatKind::Binary) {
      problems.push_back(where + ": " + wheat->second->id +
                         " is a binary wheat, built from the reference's sources unchanged; "
                         "remove the guard, or make the wheat semantic");
      continue;
    }
    bool inside = false;
    for (WheatSite& site : sites[call.number])
      if (site.file == call.file && call.line >= site.line_begin && call.line <= site.line_end)
        inside = site.guarded = true;
    if (!inside)
      problems.push_back(where + " lies outside every site of " + wheat->second->id +
                         "; a wheat's change is the one statement after a marker comment \"// " +
                         wheat->second->id + ": " + wheat->second->title + "\"");
  }
  for (const auto& [number, wheat_sites] : sites)
    for (const WheatSite& site : wheat_sites)
      if (!site.guarded)
        problems.push_back(by_number[number]->id + ": its site " + site.file + ":" +
                           std::to_string(site.line_begin) + "-" + std::to_string(site.line_end) +
                           " holds no " + guard_of(number) +
                           "; guard the change with `if (tinyllm::detail::" + guard_of(number) +
                           ")` right after the marker");

  for (std::string& problem : check_freedoms(wheats, repository_root))
    problems.push_back(std::move(problem));
  return problems;
}

}  // namespace tinyllm::catalog
