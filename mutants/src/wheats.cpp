// Reads and checks the [[wheat]] entries of mutants/catalog.toml: the correct alternative
// implementations every valid test must accept. Where a semantic wheat's sites sit is not in the
// file: check_wheat_sites.cpp finds them from their marker comments.
#include <regex>
#include <set>

#include "catalog_file.hpp"
#include "tinyllm/catalog.hpp"

namespace tinyllm::catalog {
using detail::required_string;
using detail::where;

std::vector<WheatInfo> load_wheats(const std::filesystem::path& catalog_file) {
  // The [[mutant]] entries are load's (catalog.cpp).
  const toml::table root = detail::parse_catalog(catalog_file);
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
    const auto* entry = node.as_table();
    if (!entry) throw CatalogError(where(catalog_file, node.source()) + ": expected a table");
    for (const auto& [key, value] : *entry)
      if (!known.contains(key.str()))
        throw CatalogError(where(catalog_file, value.source()) + ": unknown key `" +
                           std::string(key.str()) +
                           "` in a [[wheat]]; it takes id, kind, title, varies, freedom and, for "
                           "a binary wheat, build");
    WheatInfo w;
    w.id = required_string(*entry, "id", catalog_file, "wheat");
    if (!std::regex_match(w.id, std::regex("w[0-9]{2}")) || !ids.insert(w.id).second)
      throw CatalogError(where(catalog_file, entry->source()) + ": id \"" + w.id +
                         "\" must be unique and of the form wNN");
    const std::string kind = required_string(*entry, "kind", catalog_file, "wheat");
    if (kind != "binary" && kind != "semantic")
      throw CatalogError(where(catalog_file, entry->get("kind")->source()) + ": " + w.id +
                         " has kind \"" + kind + "\"; use \"binary\" or \"semantic\"");
    w.kind = kind == "binary" ? WheatKind::Binary : WheatKind::Semantic;
    w.title = required_string(*entry, "title", catalog_file, "wheat");
    w.varies = required_string(*entry, "varies", catalog_file, "wheat");
    w.freedom = required_string(*entry, "freedom", catalog_file, "wheat");
    if (!std::regex_match(w.freedom, std::regex("[a-z0-9]+(-[a-z0-9]+)*")))
      throw CatalogError(where(catalog_file, entry->get("freedom")->source()) + ": " + w.id +
                         "'s freedom \"" + w.freedom +
                         "\" must be the anchor of a section of docs/contract-freedoms.md, "
                         "such as \"error-messages\"");
    if (w.kind == WheatKind::Binary) {
      w.build = required_string(*entry, "build", catalog_file, "wheat");
      if (w.build != "other-compiler" && w.build != "O0")
        throw CatalogError(where(catalog_file, entry->get("build")->source()) + ": " + w.id +
                           " has build \"" + w.build + "\"; use \"other-compiler\" or \"O0\"");
    } else if (const auto* build = entry->get("build")) {
      throw CatalogError(where(catalog_file, build->source()) + ": " + w.id +
                         " is semantic: its changes are its marked sites in the oracle's "
                         "sources, so it takes no `build`; remove it");
    }
    wheats.push_back(std::move(w));
  }
  return wheats;
}

}  // namespace tinyllm::catalog
