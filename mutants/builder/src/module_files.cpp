// The module files and their compiles (module_files.hpp).
#include "module_files.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "run_tool.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/build_error.hpp"
#include "tinyllm/catalog/guards.hpp"

namespace tinyllm::builder {
namespace fs = std::filesystem;
using base::ContentHasher;
using base::read_whole_file;
namespace {

// One stdin compile; its key is the hash of everything that decides the object's bytes.
struct CompileJob {
  const ModuleFile* file = nullptr;
  std::string source;
  std::string key;
};

CompileJob make_job(const ModuleFile& file, std::string source) {
  ContentHasher key;
  key.add("object-1");
  for (const std::string& flag : stdin_compile_flags(file.reference)) key.add(flag);
  key.add(file.headers.key).add(source);
  return {&file, std::move(source), key.hex()};
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
      stdin_compile_arguments(job.file->reference, temporary, {});
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

}  // namespace

std::vector<std::string> switched_files(const BuildOptions& options) {
  std::vector<std::string> names = options.files;
  for (const char* guard : {"is_mutant", "is_wheat"})
    for (const catalog::detail::GuardCall& call :
         catalog::detail::guard_calls(options.source_root, guard))
      if (call.file.ends_with(".cpp") &&
          std::find(names.begin(), names.end(), call.file) == names.end())
        names.push_back(call.file);
  return names;
}

std::vector<ModuleFile> prepare_module_files(const BuildOptions& options) {
  const nlohmann::json database = nlohmann::json::parse(read_whole_file(options.compile_commands));
  std::vector<ModuleFile> files;
  for (const std::string& name : switched_files(options))
    files.push_back(
        {name,
         find_reference_compile(database, options.source_root / name, options.reference_objects),
         {}});
  // One dependency scan per group of files with the same stdin flags (which include the folder).
  std::map<std::vector<std::string>, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < files.size(); ++i)
    groups[stdin_compile_flags(files[i].reference)].push_back(i);
  for (const auto& [flags, members] : groups) {
    std::vector<fs::path> sources;
    for (std::size_t i : members) sources.push_back(files[i].reference.source);
    const ModuleHeaders headers =
        find_module_headers(files[members.front()].reference, sources, options.cache_dir / "pch");
    for (std::size_t i : members) files[i].headers = headers;
  }
  return files;
}

std::optional<fs::path> try_compile_source(const BuildOptions& options, const ModuleFile& file,
                                           const std::string& source, std::string& diagnostics,
                                           Compiles& compiles) {
  const CompileJob job = make_job(file, source);
  const fs::path object = object_path(options.cache_dir, job.key);
  if (!fs::exists(object)) {
    const base::ProcessResult result = compile_into_cache(job, options.cache_dir);
    if (result.exit_code != 0) {
      diagnostics = result.output;
      return std::nullopt;
    }
    ++compiles.compiled;
  }
  compiles.used.insert(job.key + ".o");
  return object;
}

}  // namespace tinyllm::builder
