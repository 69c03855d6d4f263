// The probe library's sites, instrumented sources and probe.json.
#include "tinyllm/builder/probe_library.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "tinyllm/builder/build_error.hpp"

namespace tinyllm::builder {

std::vector<ProbeSite> probe_sites(const std::vector<std::string>& files,
                                   const std::vector<generator::GeneratedMutant>& mutants,
                                   const std::vector<PitfallProbe>& pitfalls) {
  std::map<std::string, std::size_t> rank;
  for (const std::string& file : files) rank.emplace(file, rank.size());
  std::map<std::tuple<std::size_t, std::string, std::size_t>, ProbeSite> by_point;
  auto add = [&](const std::string& file, const generator::SourcePosition& at,
                 const std::string& id) {
    const auto found = rank.find(file);
    const std::size_t order = found == rank.end() ? files.size() : found->second;
    ProbeSite& site = by_point[{order, file, at.offset}];
    site.file = file;
    site.at = at;
    site.mutants.push_back(id);
  };
  for (const PitfallProbe& p : pitfalls)
    if (p.at) add(p.file, *p.at, p.id);
  for (const generator::GeneratedMutant& m : mutants)
    if (m.probe) add(m.file, *m.probe, m.id);
  std::vector<ProbeSite> sites;
  for (auto& [point, site] : by_point) sites.push_back(std::move(site));
  return sites;
}

std::string instrumented_source(const std::string& text, const std::vector<ProbeSite>& sites,
                                const std::string& file, const std::string& prelude,
                                const std::string& source_path) {
  std::vector<std::pair<std::size_t, std::size_t>> inserts;  // offset, site number
  for (std::size_t k = 0; k < sites.size(); ++k) {
    if (sites[k].file != file) continue;
    if (sites[k].at.offset >= text.size())
      throw BuildError("probe site " + std::to_string(k) + " lies past the end of " + file +
                       ": the file changed after its sites were found; rebuild");
    inserts.emplace_back(sites[k].at.offset, k);
  }
  std::sort(inserts.begin(), inserts.end());
  std::string quoted;
  for (const char c : source_path) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  std::string out = prelude + "\n#line 1 \"" + quoted + "\"\n";
  std::size_t copied = 0;
  for (const auto& [offset, k] : inserts) {
    out.append(text, copied, offset - copied);
    out += "::tinyllm_probe::at(" + std::to_string(k) + "); ";
    copied = offset;
  }
  out.append(text, copied);
  return out;
}

nlohmann::json probe_sites_json(const std::vector<ProbeSite>& sites) {
  nlohmann::json list = nlohmann::json::array();
  for (const ProbeSite& site : sites)
    list.push_back({{"file", site.file},
                    {"line", site.at.line},
                    {"column", site.at.column},
                    {"mutants", site.mutants}});
  return {{"format", 1}, {"sites", list}};
}

}  // namespace tinyllm::builder
