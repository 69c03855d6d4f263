// The generator's JSON output.
#include "tinyllm/generator/mutant_json.hpp"

namespace tinyllm::generator {
namespace {

nlohmann::json position_json(const SourcePosition& p) {
  return {{"line", p.line}, {"column", p.column}, {"offset", p.offset}};
}

SourcePosition position_from_json(const nlohmann::json& p) {
  return {p.at("line").get<int>(), p.at("column").get<int>(), p.at("offset").get<std::size_t>()};
}

}  // namespace

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
    if (m.probe) list.back()["probe"] = position_json(*m.probe);
  }
  return {{"format", 1},
          {"positions", "1-based line and byte column; end is exclusive; offset is 0-based bytes"},
          {"files", files},
          {"mutants", list}};
}

std::vector<GeneratedMutant> mutants_from_json(const nlohmann::json& document) {
  std::vector<GeneratedMutant> mutants;
  for (const nlohmann::json& m : document.at("mutants")) {
    mutants.push_back({m.at("id").get<std::string>(), m.at("readable").get<std::string>(),
                       m.at("file").get<std::string>(), m.at("function").get<std::string>(),
                       m.at("operator").get<std::string>(), m.at("original").get<std::string>(),
                       m.at("replacement").get<std::string>(), m.at("occurrence").get<int>(),
                       position_from_json(m.at("start")), position_from_json(m.at("end")),
                       std::nullopt});
    if (m.contains("probe")) mutants.back().probe = position_from_json(m.at("probe"));
  }
  return mutants;
}

}  // namespace tinyllm::generator
