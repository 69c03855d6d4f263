// The probe library's build step (probe_build.hpp).
#include "probe_build.hpp"

#include <map>

#include "run_tool.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/build_error.hpp"
#include "tinyllm/builder/link.hpp"
#include "tinyllm/builder/probe_library.hpp"
#include "tinyllm/catalog.hpp"
#include "tinyllm/generator/generate.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;
using base::ContentHasher;
using base::read_whole_file;
using base::write_whole_file;
namespace {

// Returns the offset of the first non-blank byte after line `line` (1-based) of `text`: where the
// statement after a pitfall's marker comment starts.
std::size_t statement_after_line(const std::string& text, int line) {
  std::size_t at = 0;
  for (int l = 1; l <= line && at != std::string::npos; ++l) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  if (at == std::string::npos) return text.size();
  const std::size_t first = text.find_first_not_of(" \t\r\n", at);
  return first == std::string::npos ? text.size() : first;
}

// Returns the probe point of every pitfall site: the one of the statement after its marker
// comment (the guarded change). A pitfall in a file that is not a module file gets none (always
// reached). Cached like the generated mutants: parsing takes seconds.
std::vector<PitfallProbe> pitfall_probes(const BuildOptions& options,
                                         const std::vector<ModuleFile>& files) {
  if (options.catalog.empty()) return {};
  ContentHasher key;
  key.add("pitfall-probes-1").add_file("/proc/self/exe").add_file(options.catalog);
  for (const ModuleFile& file : files)
    key.add(file.name).add_file(file.reference.source).add(file.headers.key);
  const fs::path cache = options.cache_dir / "pitfall-probes.json";
  std::vector<PitfallProbe> probes;
  if (fs::exists(cache)) {
    const nlohmann::json cached = nlohmann::json::parse(read_whole_file(cache), nullptr, false);
    if (cached.is_object() && cached.value("key", "") == key.hex()) {
      for (const nlohmann::json& p : cached.at("probes")) {
        PitfallProbe probe{p.at("id"), p.at("file"), std::nullopt};
        if (p.contains("offset"))
          probe.at = generator::SourcePosition{p.at("line"), p.at("column"), p.at("offset")};
        probes.push_back(std::move(probe));
      }
      return probes;
    }
  }
  std::vector<catalog::MutantInfo> pitfalls;
  try {
    pitfalls = catalog::load(options.catalog);
    catalog::locate_sites(pitfalls, options.source_root);
  } catch (const catalog::CatalogError& e) {
    throw BuildError(std::string("the probe library needs the pitfall sites: ") + e.what());
  }
  std::map<std::string, std::vector<std::size_t>> by_file;
  for (std::size_t i = 0; i < pitfalls.size(); ++i) {
    probes.push_back({pitfalls[i].id, pitfalls[i].file, std::nullopt});
    by_file[pitfalls[i].file].push_back(i);
  }
  generator::GeneratorOptions parse;
  parse.root = options.source_root;
  for (const ModuleFile& file : files) {
    const auto members = by_file.find(file.name);
    if (members == by_file.end()) continue;
    const std::string text = read_whole_file(file.reference.source);
    std::vector<std::size_t> offsets;
    for (std::size_t i : members->second)
      offsets.push_back(statement_after_line(text, pitfalls[i].line_begin));
    std::vector<std::optional<generator::SourcePosition>> points;
    try {
      points = generator::probe_points(parse, file.name, offsets);
    } catch (const generator::GeneratorError& e) {
      throw BuildError(std::string("finding the pitfall sites' probe points failed: ") + e.what());
    }
    for (std::size_t k = 0; k < points.size(); ++k) probes[members->second[k]].at = points[k];
  }
  nlohmann::json list = nlohmann::json::array();
  for (const PitfallProbe& p : probes) {
    nlohmann::json entry = {{"id", p.id}, {"file", p.file}};
    if (p.at) {
      entry["line"] = p.at->line;
      entry["column"] = p.at->column;
      entry["offset"] = p.at->offset;
    }
    list.push_back(entry);
  }
  write_whole_file(cache, nlohmann::json({{"key", key.hex()}, {"probes", list}}).dump());
  return probes;
}

}  // namespace

ProbeOutcome build_probe_library(const BuildOptions& options, const std::vector<ModuleFile>& files,
                                 const std::vector<generator::GeneratedMutant>& mutants,
                                 Compiles& compiled) {
  ProbeOutcome outcome;
  if (options.probe_dir.empty() || files.empty()) return outcome;
  const std::vector<ProbeSite> sites =
      probe_sites(options.files, mutants, pitfall_probes(options, files));
  outcome.sites = sites.size();

  // One instrumented source per module file (a file without sites compiles as it is: the same
  // code as the reference's object, and one cache entry), plus the runtime.
  const std::string prelude = read_whole_file(options.probe_dir / "prelude.hpp");
  std::vector<const ModuleFile*> owners;
  std::vector<std::string> sources, labels;
  for (const ModuleFile& file : files) {
    owners.push_back(&file);
    sources.push_back(instrumented_source(read_whole_file(file.reference.source), sites, file.name,
                                          prelude, file.reference.source.string()));
    labels.push_back("the probe build of " + file.name);
  }
  const fs::path runtime = options.probe_dir / "runtime.cpp";
  owners.push_back(&files.front());
  sources.push_back("#define TINYLLM_PROBE_SITES " + std::to_string(sites.size()) + "\n#line 1 \"" +
                    runtime.string() + "\"\n" + read_whole_file(runtime));
  labels.push_back("the probe runtime " + runtime.string());
  const std::vector<fs::path> built =
      compile_sources(options, owners, sources, labels, "compiling the probe library", compiled);

  std::map<fs::path, fs::path> replaced;
  for (std::size_t i = 0; i < files.size(); ++i)
    replaced[fs::weakly_canonical(files[i].reference.object)] = built[i];
  std::vector<fs::path> objects;
  for (const fs::path& object : options.reference_objects) {
    const auto found = replaced.find(fs::weakly_canonical(object));
    objects.push_back(found == replaced.end() ? object : found->second);
  }
  objects.push_back(built.back());
  outcome.linked = link_library(options, kProbeVariant, objects);

  const fs::path listing = options.variants_dir / kProbeSitesName;
  const std::string text = probe_sites_json(sites).dump(2) + "\n";
  if (!fs::exists(listing) || read_whole_file(listing) != text) {
    write_whole_file(listing, text);
    outcome.written = true;
  }
  return outcome;
}

}  // namespace tinyllm::builder
