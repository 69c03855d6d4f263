// The compile phase: reference commands, precompiled headers, baselines and mutant objects.
#include "mutant_objects.hpp"

#include <atomic>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "run_tool.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/parallel_for.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/build_error.hpp"
#include "tinyllm/builder/progress.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;
using base::ContentHasher;
using base::read_whole_file;
namespace {

// One stdin compile; its key is the hash of everything that decides the object's bytes.
struct CompileJob {
  const ModuleFile* file = nullptr;
  std::string source;
  std::vector<std::string> extra_flags;  // the precompiled header's, or none
  std::string label;                     // what it is, for an error message
  std::string key;
};

CompileJob make_job(const ModuleFile& file, std::string source,
                    std::vector<std::string> extra_flags, std::string label) {
  ContentHasher key;
  key.add("object-1");
  for (const std::string& flag : stdin_compile_flags(file.reference)) key.add(flag);
  for (const std::string& flag : extra_flags) key.add(flag);
  key.add(file.header.headers_key).add(source);
  return {&file, std::move(source), std::move(extra_flags), std::move(label), key.hex()};
}

fs::path object_path(const fs::path& cache_dir, const std::string& key) {
  return cache_dir / "objects" / (key + ".o");
}

// Compiles `job` into the cache; returns the compiler's result (its output on failure).
base::ProcessResult compile_into_cache(const CompileJob& job, const fs::path& cache_dir) {
  const fs::path object = object_path(cache_dir, job.key);
  const fs::path work = cache_dir / "work";
  const fs::path source = work / (job.key + ".cpp");
  const fs::path temporary = work / (job.key + ".o");
  base::write_whole_file(source, job.source);
  const std::vector<std::string> arguments =
      stdin_compile_arguments(job.file->reference, temporary, job.extra_flags);
  base::ProcessResult result = run_tool(arguments, job.file->reference.directory, source);
  if (result.exit_code != 0) {
    result.output += "command: " + base::command_line(arguments) + " < " + source.string() + "\n";
    return result;
  }
  fs::create_directories(object.parent_path());
  fs::rename(temporary, object);
  fs::remove(source);
  return result;
}

// Compiles `job` unless its object is in the cache; returns whether it compiled.
bool compile(const CompileJob& job, const fs::path& cache_dir) {
  if (fs::exists(object_path(cache_dir, job.key))) return false;
  const base::ProcessResult result = compile_into_cache(job, cache_dir);
  if (result.exit_code != 0)
    throw BuildError(job.label + " does not compile:\n" + result.output +
                     "If the generator made a mutant that is not valid C++, report it with the "
                     "lines above; rebuild with -DTINYLLM_GENERATED_MUTANTS=OFF meanwhile.");
  return true;
}

// Compiles the distinct jobs of `jobs` in parallel; returns how many compiled.
std::size_t compile_all(const std::vector<CompileJob>& jobs, const BuildOptions& options,
                        const std::string& phase) {
  std::vector<const CompileJob*> distinct;
  std::set<std::string> seen;
  for (const CompileJob& job : jobs)
    if (seen.insert(job.key).second && !fs::exists(object_path(options.cache_dir, job.key)))
      distinct.push_back(&job);
  if (distinct.empty()) return 0;
  std::atomic<std::size_t> compiled{0};
  Progress progress(options.progress, phase, distinct.size());
  base::parallel_for(
      distinct.size(), base::job_count(static_cast<int>(options.jobs)),
      [&](std::size_t i) { compiled += compile(*distinct[i], options.cache_dir) ? 1 : 0; },
      base::AfterError::Finish, [&](std::size_t) { progress.step(); });
  return compiled;
}

}  // namespace

std::vector<ModuleFile> prepare_module_files(const BuildOptions& options) {
  const nlohmann::json database = nlohmann::json::parse(read_whole_file(options.compile_commands));
  std::vector<ModuleFile> files;
  for (const std::string& name : options.files)
    files.push_back(
        {name,
         find_reference_compile(database, options.source_root / name, options.reference_objects),
         {}});
  // One precompiled header per group of files with the same stdin flags (which include the
  // folder): a header built with other flags would be refused by the compiler.
  // Only compiling every mutant on its own gains from one: the schema is one compile per file.
  const bool build_header =
      options.precompiled_header && (options.own_libraries || options.schema_dir.empty());
  std::map<std::vector<std::string>, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < files.size(); ++i)
    groups[stdin_compile_flags(files[i].reference)].push_back(i);
  for (const auto& [flags, members] : groups) {
    std::vector<fs::path> sources;
    for (std::size_t i : members) sources.push_back(files[i].reference.source);
    const PrecompiledHeader header = prepare_precompiled_header(
        files[members.front()].reference, sources, build_header, options.cache_dir / "pch");
    if (build_header && !header.note.empty() && options.progress != nullptr)
      *options.progress << "tinyllm-build-generated: " << header.note << "\n";
    for (std::size_t i : members) files[i].header = header;
  }
  return files;
}

std::string mutated_source(const std::string& text, const generator::GeneratedMutant& mutant) {
  if (mutant.start.offset > mutant.end.offset || mutant.end.offset > text.size() ||
      text.compare(mutant.start.offset, mutant.end.offset - mutant.start.offset, mutant.original) !=
          0)
    throw BuildError("mutant " + mutant.id + " (" + mutant.readable + ") does not match " +
                     mutant.file + " at bytes " + std::to_string(mutant.start.offset) + ".." +
                     std::to_string(mutant.end.offset) +
                     ": the file changed after the mutants "
                     "were generated; rebuild");
  const std::string mutated =
      text.substr(0, mutant.start.offset) + mutant.replacement + text.substr(mutant.end.offset);
  // An operator's scope in parentheses keeps the parse tree: `a && b && c` with its first `&&`
  // swapped is `(a || b) && c`, as the schema library has it, not `a || (b && c)`.
  if (mutant.form != generator::SchemaForm::Expression ||
      mutant.scope_start.offset > mutant.start.offset ||
      mutant.scope_end.offset < mutant.end.offset)
    return mutated;
  const std::size_t scope_end =
      mutant.scope_end.offset + mutant.replacement.size() - mutant.original.size();
  return mutated.substr(0, mutant.scope_start.offset) + "(" +
         mutated.substr(mutant.scope_start.offset, scope_end - mutant.scope_start.offset) + ")" +
         mutated.substr(scope_end);
}

std::vector<fs::path> compile_sources(const BuildOptions& options,
                                      const std::vector<const ModuleFile*>& files,
                                      const std::vector<std::string>& sources,
                                      const std::vector<std::string>& labels,
                                      const std::string& phase, CompiledMutants& compiled) {
  std::vector<CompileJob> jobs;
  for (std::size_t i = 0; i < sources.size(); ++i)
    jobs.push_back(make_job(*files[i], sources[i], {}, labels[i]));
  compiled.compiled += compile_all(jobs, options, phase);
  std::vector<fs::path> objects;
  for (const CompileJob& job : jobs) {
    objects.push_back(object_path(options.cache_dir, job.key));
    compiled.used.insert(job.key + ".o");
  }
  return objects;
}

std::optional<fs::path> try_compile_source(const BuildOptions& options, const ModuleFile& file,
                                           const std::string& source, std::string& diagnostics,
                                           CompiledMutants& compiled) {
  const CompileJob job = make_job(file, source, {}, "");
  const fs::path object = object_path(options.cache_dir, job.key);
  if (!fs::exists(object)) {
    const base::ProcessResult result = compile_into_cache(job, options.cache_dir);
    if (result.exit_code != 0) {
      diagnostics = result.output;
      return std::nullopt;
    }
    ++compiled.compiled;
  }
  compiled.used.insert(job.key + ".o");
  return object;
}

CompiledMutants compile_mutants(const BuildOptions& options, const std::vector<ModuleFile>& files,
                                const std::vector<generator::GeneratedMutant>& mutants) {
  CompiledMutants result;
  std::map<std::string, std::size_t> index_of;
  std::vector<std::string> texts;
  for (std::size_t i = 0; i < files.size(); ++i) {
    index_of[files[i].name] = i;
    texts.push_back(read_whole_file(files[i].reference.source));
  }

  // Baselines, with and without the precompiled header: a file whose two objects differ (the
  // header changed what its source means) compiles its mutants without it.
  std::vector<CompileJob> baselines;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string label = "the unmutated " + files[i].name;
    baselines.push_back(make_job(files[i], texts[i], {}, label));
    baselines.push_back(make_job(files[i], texts[i], files[i].header.flags, label));
  }
  result.compiled += compile_all(baselines, options, "compiling the unmutated files");
  std::vector<std::vector<std::string>> extra_flags(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    const fs::path plain = object_path(options.cache_dir, baselines[2 * i].key);
    const fs::path with_header = object_path(options.cache_dir, baselines[2 * i + 1].key);
    result.baselines.push_back(plain);
    if (read_whole_file(plain) == read_whole_file(with_header)) {
      extra_flags[i] = files[i].header.flags;
    } else if (options.progress != nullptr) {
      *options.progress << "tinyllm-build-generated: " << files[i].name << " compiles to other "
                        << "bytes with the precompiled header: its mutants compile without it\n";
    }
  }

  std::vector<CompileJob> jobs;
  for (const generator::GeneratedMutant& mutant : mutants) {
    const auto found = index_of.find(mutant.file);
    if (found == index_of.end())
      throw BuildError("mutant " + mutant.id + " is in " + mutant.file +
                       ", which is not one of the files to mutate");
    const std::size_t i = found->second;
    jobs.push_back(make_job(files[i], mutated_source(texts[i], mutant), extra_flags[i],
                            "mutant " + mutant.id + " (" + mutant.readable + ")"));
  }
  result.compiled += compile_all(jobs, options, "compiling mutants");
  for (const CompileJob& job : jobs)
    result.objects.push_back(object_path(options.cache_dir, job.key));
  for (const CompileJob& job : baselines) result.used.insert(job.key + ".o");
  for (const CompileJob& job : jobs) result.used.insert(job.key + ".o");
  return result;
}

}  // namespace tinyllm::builder
