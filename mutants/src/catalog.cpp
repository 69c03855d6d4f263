// Reads and checks mutants/catalog.toml with toml++ (the sites are found by sites.cpp).
#include "tinyllm/catalog.hpp"

#include <toml++/toml.h>

#include <regex>
#include <set>

namespace tinyllm::catalog {
namespace {

using std::filesystem::path;

// Returns "file:line:column" of `region`, the prefix of every error about a place in the file.
std::string where(const path& file, const toml::source_region& region) {
  return file.string() + ":" + std::to_string(region.begin.line) + ":" +
         std::to_string(region.begin.column);
}

// Returns the parsed catalog file; a top-level key other than the three arrays is an error.
toml::table parse_catalog(const path& catalog_file) {
  toml::table root;
  try {
    root = toml::parse_file(catalog_file.string());
  } catch (const toml::parse_error& e) {
    throw CatalogError(where(catalog_file, e.source()) + ": " + std::string(e.description()));
  }
  for (const auto& [key, node] : root)
    if (key != "mutant" && key != "wheat" && key != "operator_family")
      throw CatalogError(where(catalog_file, node.source()) + ": unknown key `" +
                         std::string(key.str()) +
                         "`; the catalog holds only [[mutant]], [[wheat]] and [[operator_family]] "
                         "entries");
  return root;
}

const toml::table& entry_table(const toml::node& node, const path& file) {
  const auto* entry = node.as_table();
  if (!entry) throw CatalogError(where(file, node.source()) + ": expected a table");
  return *entry;
}

// Returns the non-empty string `key` of `entry`, one of the file's [[`table`]] entries.
std::string required_string(const toml::table& entry, std::string_view key, const path& file,
                            std::string_view table) {
  const auto* node = entry.get(key);
  if (!node)
    throw CatalogError(where(file, entry.source()) + ": this [[" + std::string(table) +
                       "]] has no `" + std::string(key) + "`; add it as a string");
  const auto* value = node->as_string();
  if (!value || value->get().empty())
    throw CatalogError(where(file, node->source()) + ": `" + std::string(key) +
                       "` must be a non-empty string");
  return value->get();
}

// Returns the entry's id, which must be `letter` and two digits and not in `ids` (it is added).
std::string unique_id(const toml::table& entry, const path& file, std::string_view table,
                      char letter, std::set<std::string>& ids) {
  const std::string id = required_string(entry, "id", file, table);
  if (!std::regex_match(id, std::regex(letter + std::string("[0-9]{2}"))) || !ids.insert(id).second)
    throw CatalogError(where(file, entry.source()) + ": id \"" + id +
                       "\" must be unique and of the form " + letter + "NN");
  return id;
}

}  // namespace

std::vector<MutantInfo> load(const path& catalog_file) {
  const toml::table root = parse_catalog(catalog_file);
  const auto* entries = root.get_as<toml::array>("mutant");
  if (!entries || entries->empty())
    throw CatalogError(catalog_file.string() + ": no [[mutant]] entries");
  static const std::set<std::string, std::less<>> known = {
      "id",        "title", "symptom",  "question",       "concept",
      "caught_by", "file",  "function", "coincides_with", "why"};
  std::vector<MutantInfo> mutants;
  std::set<std::string> ids;
  for (const auto& node : *entries) {
    const toml::table& entry = entry_table(node, catalog_file);
    for (const auto& [key, value] : entry) {
      if (key.str() == "lines")
        throw CatalogError(where(catalog_file, value.source()) +
                           ": `lines` is no longer read: a site is found by its marker comment "
                           "\"// sNN: <title>\" in `file`; remove `lines`");
      if (!known.contains(key.str()))
        throw CatalogError(where(catalog_file, value.source()) + ": unknown key `" +
                           std::string(key.str()) + "`");
    }
    const auto field = [&](std::string_view key) {
      return required_string(entry, key, catalog_file, "mutant");
    };
    MutantInfo m;
    m.id = unique_id(entry, catalog_file, "mutant", 's', ids);
    m.title = field("title");
    m.symptom = field("symptom");
    m.hint_question = field("question");
    m.hint_concept = field("concept");
    m.file = field("file");
    m.function = field("function");
    const auto* caught = entry.get_as<toml::array>("caught_by");
    if (!caught || caught->empty())
      throw CatalogError(where(catalog_file, entry.source()) + ": " + m.id +
                         " needs caught_by = [\"Course.test_name\", ...]");
    for (const auto& test : *caught) {
      const auto* name = test.as_string();
      if (!name)
        throw CatalogError(where(catalog_file, test.source()) + ": caught_by holds test names");
      m.caught_by.push_back(name->get());
    }
    mutants.push_back(std::move(m));
  }
  return mutants;
}

std::map<std::string, std::string> load_operator_families(const path& catalog_file) {
  const toml::table root = parse_catalog(catalog_file);
  std::map<std::string, std::string> kinds;
  const auto* families = root.get_as<toml::array>("operator_family");
  if (!families) return kinds;
  for (const auto& node : *families) {
    const toml::table& family = entry_table(node, catalog_file);
    const std::string kind = required_string(family, "kind", catalog_file, "operator_family");
    const auto* operators = family.get_as<toml::array>("operators");
    if (!operators || operators->empty())
      throw CatalogError(where(catalog_file, family.source()) +
                         ": an [[operator_family]] needs operators = [\"cxx_...\", ...]");
    for (const auto& op : *operators) {
      const auto* name = op.as_string();
      if (!name || !kinds.emplace(name->get(), kind).second)
        throw CatalogError(where(catalog_file, op.source()) +
                           ": each operator is a string named in one family only");
    }
  }
  return kinds;
}

std::vector<WheatInfo> load_wheats(const path& catalog_file) {
  const toml::table root = parse_catalog(catalog_file);
  std::vector<WheatInfo> wheats;
  const auto* wheat_node = root.get("wheat");
  if (!wheat_node) return wheats;  // a catalog without wheats: validity checks the reference only
  const auto* entries = wheat_node->as_array();
  if (!entries)
    throw CatalogError(where(catalog_file, wheat_node->source()) +
                       ": `wheat` must be an array of tables; write each as [[wheat]]");
  static const std::set<std::string, std::less<>> known = {"id",     "kind",    "title",
                                                           "varies", "freedom", "build"};
  std::set<std::string> ids;
  for (const auto& node : *entries) {
    const toml::table& entry = entry_table(node, catalog_file);
    for (const auto& [key, value] : entry)
      if (!known.contains(key.str()))
        throw CatalogError(where(catalog_file, value.source()) + ": unknown key `" +
                           std::string(key.str()) +
                           "` in a [[wheat]]; it takes id, kind, title, varies, freedom and, for "
                           "a binary wheat, build");
    const auto field = [&](std::string_view key) {
      return required_string(entry, key, catalog_file, "wheat");
    };
    // Where an error about the value of `key` points.
    const auto at = [&](std::string_view key) {
      return where(catalog_file, entry.get(key)->source());
    };
    WheatInfo w;
    w.id = unique_id(entry, catalog_file, "wheat", 'w', ids);
    const std::string kind = field("kind");
    if (kind != "binary" && kind != "semantic")
      throw CatalogError(at("kind") + ": " + w.id + " has kind \"" + kind +
                         "\"; use \"binary\" or \"semantic\"");
    w.kind = kind == "binary" ? WheatKind::Binary : WheatKind::Semantic;
    w.title = field("title");
    w.varies = field("varies");
    w.freedom = field("freedom");
    if (!std::regex_match(w.freedom, std::regex("[a-z0-9]+(-[a-z0-9]+)*")))
      throw CatalogError(at("freedom") + ": " + w.id + "'s freedom \"" + w.freedom +
                         "\" must be the anchor of a section of docs/contract-freedoms.md, "
                         "such as \"error-messages\"");
    if (w.kind == WheatKind::Binary) {
      w.build = field("build");
      if (w.build != "other-compiler" && w.build != "O0")
        throw CatalogError(at("build") + ": " + w.id + " has build \"" + w.build +
                           "\"; use \"other-compiler\" or \"O0\"");
    } else if (entry.contains("build")) {
      throw CatalogError(at("build") + ": " + w.id +
                         " is semantic: its changes are its marked sites in the oracle's "
                         "sources, so it takes no `build`; remove it");
    }
    wheats.push_back(std::move(w));
  }
  return wheats;
}

}  // namespace tinyllm::catalog
