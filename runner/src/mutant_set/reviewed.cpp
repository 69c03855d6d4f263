// Reads mutants/reviewed.toml with toml++: [[generated]] entries of id, verdict and reason.
#include "mutant_set/reviewed.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <regex>

#include "config/errors.hpp"

namespace tinyllm::runner {

namespace {

[[noreturn]] void fail(const std::filesystem::path& path, const toml::source_region& where,
                       const std::string& what) {
  throw UsageError(
      fmt::format("{}:{}:{}: {}", path.string(), where.begin.line, where.begin.column, what));
}

std::string text_of(const std::filesystem::path& path, const toml::table& entry, const char* key) {
  const toml::node* node = entry.get(key);
  if (node == nullptr)
    fail(path, entry.source(), fmt::format("this [[generated]] entry has no '{}'", key));
  const auto value = node->value_exact<std::string>();
  if (!value) fail(path, node->source(), fmt::format("'{}' must be a string", key));
  return *value;
}

}  // namespace

std::map<std::string, Review> load_reviews(const std::filesystem::path& path) {
  std::map<std::string, Review> reviews;
  if (!std::filesystem::exists(path)) return reviews;
  toml::table root;
  try {
    root = toml::parse_file(path.string());
  } catch (const toml::parse_error& e) {
    fail(path, e.source(), std::string(e.description()));
  }
  for (const auto& [key, node] : root) {
    if (key.str() != "generated")
      fail(path, node.source(),
           fmt::format("unknown key '{}': the file holds [[generated]] entries only", key.str()));
  }
  const toml::node* list = root.get("generated");
  if (list == nullptr) return reviews;
  const toml::array* entries = list->as_array();
  if (entries == nullptr) fail(path, list->source(), "'generated' must be an array of tables");
  static const std::regex kId("g[0-9a-f]{10}");
  for (const toml::node& node : *entries) {
    const toml::table* entry = node.as_table();
    if (entry == nullptr) fail(path, node.source(), "each [[generated]] entry must be a table");
    for (const auto& [key, value] : *entry)
      if (key.str() != "id" && key.str() != "verdict" && key.str() != "reason")
        fail(path, value.source(),
             fmt::format("unknown key '{}': an entry has id, verdict and reason", key.str()));
    const std::string id = text_of(path, *entry, "id");
    if (!std::regex_match(id, kId))
      fail(path, entry->get("id")->source(),
           fmt::format("'{}' is not a generated mutant's id (g and 10 hex digits, as "
                       "`tinyllm-grade list --verbose` prints them)",
                       id));
    Review review{text_of(path, *entry, "verdict"), text_of(path, *entry, "reason"),
                  static_cast<int>(entry->source().begin.line)};
    if (review.verdict != "equivalent" && review.verdict != "excluded")
      fail(path, entry->get("verdict")->source(),
           fmt::format("'verdict' must be \"equivalent\" or \"excluded\", not \"{}\"",
                       review.verdict));
    if (review.reason.find_first_not_of(" \t\n") == std::string::npos)
      fail(path, entry->get("reason")->source(),
           "'reason' is empty: say why this mutant is not held against a learner");
    if (const auto earlier = reviews.find(id); earlier != reviews.end())
      fail(path, entry->source(),
           fmt::format("{} is reviewed twice (first on line {}); keep one entry", id,
                       earlier->second.line));
    reviews.emplace(id, std::move(review));
  }
  return reviews;
}

}  // namespace tinyllm::runner
