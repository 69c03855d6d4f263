// The generated variants' build, phase by phase: module files and headers, mutants (cached), the
// compiles, compiler equivalence, the links, then the manifest, the depfile and the cache's
// clean-up.
#include "tinyllm/builder/build_generated.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "mutant_objects.hpp"
#include "probe_build.hpp"
#include "schema_build.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/build_error.hpp"
#include "tinyllm/builder/equivalence.hpp"
#include "tinyllm/builder/link.hpp"
#include "tinyllm/builder/manifest.hpp"
#include "tinyllm/generator/generate.hpp"
#include "tinyllm/generator/mutant_json.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;
using base::ContentHasher;
using base::read_whole_file;
using base::write_whole_file;
using generator::GeneratedMutant;
namespace {

// Returns the mutants of the module files, from the cache when neither the files, their headers
// nor this program (which holds the generator) changed: parsing six files takes seconds.
std::vector<GeneratedMutant> generated_mutants(const BuildOptions& options,
                                               const std::vector<ModuleFile>& files) {
  ContentHasher key;
  key.add("mutants-1").add_file("/proc/self/exe").add(options.source_root.string());
  for (const ModuleFile& file : files)
    key.add(file.name).add_file(file.reference.source).add(file.header.headers_key);
  const fs::path cache = options.cache_dir / "mutants.json";
  if (fs::exists(cache)) {
    const nlohmann::json cached = nlohmann::json::parse(read_whole_file(cache), nullptr, false);
    if (cached.is_object() && cached.value("key", "") == key.hex())
      return generator::mutants_from_json(cached.at("document"));
  }
  if (options.progress != nullptr)
    *options.progress << "tinyllm-build-generated: generating the mutants of " << files.size()
                      << " files\n";
  generator::GeneratorOptions generator_options;
  generator_options.root = options.source_root;
  generator_options.files = options.files;
  std::vector<GeneratedMutant> mutants;
  try {
    mutants = generator::generate_mutants(generator_options);
  } catch (const generator::GeneratorError& e) {
    throw BuildError(std::string("generating the mutants failed: ") + e.what());
  }
  const nlohmann::json entry = {{"key", key.hex()},
                                {"document", generator::mutants_to_json(options.files, mutants)}};
  write_whole_file(cache, entry.dump() + "\n");
  return mutants;
}

// Classifies every mutant by compiler equivalence within its own file (two files' objects are
// never interchangeable: each is linked with the other files' reference objects).
std::vector<Equivalence> classify(const std::vector<ModuleFile>& files,
                                  const std::vector<GeneratedMutant>& mutants,
                                  const CompiledMutants& compiled) {
  std::vector<Equivalence> outcomes(mutants.size());
  for (std::size_t f = 0; f < files.size(); ++f) {
    std::vector<std::size_t> members;
    std::vector<std::string> objects;
    for (std::size_t i = 0; i < mutants.size(); ++i) {
      if (mutants[i].file != files[f].name) continue;
      members.push_back(i);
      objects.push_back(read_whole_file(compiled.objects[i]));
    }
    const std::vector<Equivalence> local =
        classify_objects(read_whole_file(compiled.baselines[f]), objects);
    for (std::size_t k = 0; k < members.size(); ++k)
      outcomes[members[k]] = {local[k].status, members[local[k].duplicate_of]};
  }
  return outcomes;
}

// Returns `path` escaped for a Makefile-style depfile.
std::string depfile_path(const fs::path& path) {
  std::string escaped;
  for (char c : path.string()) escaped += c == ' ' ? std::string("\\ ") : std::string(1, c);
  return escaped;
}

void write_depfile(const BuildOptions& options, const std::vector<ModuleFile>& files) {
  std::set<fs::path> inputs = {fs::weakly_canonical(options.compile_commands)};
  for (const ModuleFile& file : files) {
    inputs.insert(file.reference.source);
    inputs.insert(file.header.headers.begin(), file.header.headers.end());
  }
  if (!options.probe_dir.empty()) {
    inputs.insert(options.probe_dir / "runtime.cpp");
    inputs.insert(options.probe_dir / "prelude.hpp");
  }
  if (!options.schema_dir.empty())
    for (const char* name : {"prelude.hpp", "token.hpp", "runtime.cpp"})
      inputs.insert(options.schema_dir / name);
  if (!options.catalog.empty()) inputs.insert(fs::weakly_canonical(options.catalog));
  std::string text = depfile_path(options.variants_dir / kManifestName) + ":";
  for (const fs::path& input : inputs) text += " \\\n  " + depfile_path(input);
  write_whole_file(options.depfile, text + "\n");
}

// Deletes what no longer serves: objects of mutants that are gone, headers of old flags.
void clean_cache(const BuildOptions& options, const std::vector<ModuleFile>& files,
                 const CompiledMutants& compiled) {
  std::set<std::string> headers;
  for (const ModuleFile& file : files)
    headers.insert(file.header.cache_entries.begin(), file.header.cache_entries.end());
  const std::map<fs::path, const std::set<std::string>*> folders = {
      {options.cache_dir / "objects", &compiled.used}, {options.cache_dir / "pch", &headers}};
  for (const auto& [folder, keep] : folders) {
    if (!fs::is_directory(folder)) continue;
    for (const auto& entry : fs::directory_iterator(folder))
      if (!keep->contains(entry.path().filename().string())) fs::remove_all(entry.path());
  }
}

}  // namespace

BuildSummary build_generated_variants(const BuildOptions& options) {
  fs::create_directories(options.variants_dir);
  fs::create_directories(options.cache_dir);
  const std::vector<ModuleFile> files = prepare_module_files(options);
  const std::vector<GeneratedMutant> mutants = generated_mutants(options, files);
  std::map<std::string, const ModuleFile*> file_named;
  for (const ModuleFile& file : files) file_named[file.name] = &file;

  // The schema library first: the mutants it cannot hold get a library of their own. With
  // own_libraries (or no schema), every mutant is compiled on its own, classified by compiler
  // equivalence and linked into its own library, as before the schema existed.
  CompiledMutants compiled;
  const SchemaOutcome schema = build_schema_library(options, files, mutants, compiled);
  const bool every_own = options.own_libraries || options.schema_dir.empty();
  std::vector<Equivalence> outcomes(mutants.size());
  std::vector<fs::path> objects(mutants.size());
  if (every_own) {
    CompiledMutants own = compile_mutants(options, files, mutants);
    outcomes = classify(files, mutants, own);
    objects = own.objects;
    compiled.compiled += own.compiled;
    compiled.used.insert(own.used.begin(), own.used.end());
  } else {
    std::vector<std::size_t> left_out;
    std::vector<const ModuleFile*> owners;
    std::vector<std::string> sources, labels;
    for (std::size_t i = 0; i < mutants.size(); ++i) {
      if (schema.numbers.contains(mutants[i].id) && !options.own_ids.contains(mutants[i].id))
        continue;
      left_out.push_back(i);
      const ModuleFile& file = *file_named.at(mutants[i].file);
      owners.push_back(&file);
      sources.push_back(mutated_source(read_whole_file(file.reference.source), mutants[i]));
      labels.push_back("mutant " + mutants[i].id + " (" + mutants[i].readable + ")");
    }
    const std::vector<fs::path> built =
        compile_sources(options, owners, sources, labels,
                        "compiling the mutants with a library of their own", compiled);
    for (std::size_t k = 0; k < left_out.size(); ++k) objects[left_out[k]] = built[k];
  }

  BuildSummary summary;
  summary.raw = mutants.size();
  std::vector<MutantToLink> to_link;
  for (std::size_t i = 0; i < mutants.size(); ++i) {
    switch (outcomes[i].status) {
      case BuildStatus::Equivalent:
        ++summary.equivalent;
        break;
      case BuildStatus::Duplicate:
        ++summary.duplicate;
        break;
      case BuildStatus::Built:
        ++summary.built;
        if (!objects[i].empty())
          to_link.push_back(
              {mutants[i].id, file_named.at(mutants[i].file)->reference.object, objects[i]});
        break;
    }
  }
  const LinkOutcome linked = link_variants(options, to_link);
  summary.linked = linked.linked;
  summary.removed = linked.removed;

  const ProbeOutcome probe = build_probe_library(options, files, mutants, compiled);
  summary.probe_sites = probe.sites;
  summary.probe_linked = probe.linked;
  summary.compiled = compiled.compiled;
  summary.own_libraries = to_link.size();
  summary.schema_placed = schema.placed;
  summary.schema_left_out = schema.left_out;
  summary.schema_linked = schema.linked;

  // Rewritten only when it or a library changed: what reads it (the course suite's yardstick)
  // then reruns exactly when there is something new to grade (Ninja's restat).
  const fs::path manifest = options.variants_dir / kManifestName;
  const std::string text = manifest_json(options.files, mutants, outcomes).dump(2) + "\n";
  if (summary.linked > 0 || summary.removed > 0 || probe.linked || probe.written || schema.linked ||
      schema.written || !fs::exists(manifest) || read_whole_file(manifest) != text) {
    write_whole_file(manifest, text);
    summary.manifest_written = true;
  }
  if (!options.depfile.empty()) write_depfile(options, files);
  clean_cache(options, files, compiled);
  return summary;
}

}  // namespace tinyllm::builder
