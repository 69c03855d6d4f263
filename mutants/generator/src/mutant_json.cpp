// The generator's JSON output.
#include "tinyllm/generator/mutant_json.hpp"

#include <stdexcept>
#include <utility>

namespace tinyllm::generator {
namespace {

nlohmann::json position_json(const SourcePosition& p) {
  return {{"line", p.line}, {"column", p.column}, {"offset", p.offset}};
}

SourcePosition position_from_json(const nlohmann::json& p) {
  return {p.at("line").get<int>(), p.at("column").get<int>(), p.at("offset").get<std::size_t>()};
}

constexpr std::pair<SchemaForm, const char*> kFormNames[] = {
    {SchemaForm::Expression, "expression"},
    {SchemaForm::Condition, "condition"},
    {SchemaForm::ValueInitialized, "value_initialized"},
    {SchemaForm::Discarded, "discarded"}};

}  // namespace

const char* schema_form_name(SchemaForm form) {
  for (const auto& [f, name] : kFormNames)
    if (f == form) return name;
  return "expression";
}

SchemaForm schema_form_of(const std::string& name) {
  for (const auto& [form, n] : kFormNames)
    if (name == n) return form;
  throw std::invalid_argument("unknown schema form \"" + name + "\"");
}

nlohmann::json mutants_to_json(const std::vector<std::string>& files,
                               const std::vector<GeneratedMutant>& mutants) {
  nlohmann::json list = nlohmann::json::array();
  for (const GeneratedMutant& m : mutants) {
    list.push_back({{"id", m.id},
                    {"readable", m.readable},
                    {"file", m.file},
                    {"function", m.function},
                    {"operator", m.operator_name},
                    {"original", m.original},
                    {"replacement", m.replacement},
                    {"occurrence", m.occurrence},
                    {"start", position_json(m.start)},
                    {"end", position_json(m.end)}});
    list.back()["schema"] = {{"start", position_json(m.scope_start)},
                             {"end", position_json(m.scope_end)},
                             {"form", schema_form_name(m.form)}};
  }
  return {{"format", 1},
          {"positions", "1-based line and byte column; end is exclusive; offset is 0-based bytes"},
          {"files", files},
          {"mutants", list}};
}

std::vector<GeneratedMutant> mutants_from_json(const nlohmann::json& document) {
  std::vector<GeneratedMutant> mutants;
  for (const nlohmann::json& m : document.at("mutants")) {
    GeneratedMutant g;
    g.id = m.at("id").get<std::string>();
    g.readable = m.at("readable").get<std::string>();
    g.file = m.at("file").get<std::string>();
    g.function = m.at("function").get<std::string>();
    g.operator_name = m.at("operator").get<std::string>();
    g.original = m.at("original").get<std::string>();
    g.replacement = m.at("replacement").get<std::string>();
    g.occurrence = m.at("occurrence").get<int>();
    g.start = position_from_json(m.at("start"));
    g.end = position_from_json(m.at("end"));
    mutants.push_back(std::move(g));
    const nlohmann::json& schema = m.at("schema");
    mutants.back().scope_start = position_from_json(schema.at("start"));
    mutants.back().scope_end = position_from_json(schema.at("end"));
    mutants.back().form = schema_form_of(schema.at("form").get<std::string>());
  }
  return mutants;
}

}  // namespace tinyllm::generator
