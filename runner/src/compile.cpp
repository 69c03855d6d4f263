// Compiles each source to an object in parallel, then links once. The executable has no RPATH:
// runs choose the oracle library (reference or variant) with LD_LIBRARY_PATH alone.
#include "compile.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <sstream>

#include "build_info.hpp"
#include "parallel_for.hpp"
#include "process.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

}  // namespace

std::vector<fs::path> learner_include_dirs(const fs::path& source_dir) {
  // properties/ holds one header, generators.hpp: `#include "generators.hpp"`. The repository root
  // is deliberately absent, so `#include "oracle/src/..."` does not compile.
  return {source_dir / "oracle" / "include", source_dir / "properties"};
}

Toolchain default_toolchain(const fs::path& source_dir, const fs::path& build_dir) {
  Toolchain t;
  t.compiler = build_info::cxx_compiler;
  t.cxx_flags = split_words(build_info::suite_cxx_flags);
  t.include_dirs = learner_include_dirs(source_dir);
  t.reference_library_dir = build_dir / "variants" / "reference";
  t.link_libraries = split_words(build_info::suite_link_libraries);
  return t;
}

std::vector<fs::path> suite_sources(const fs::path& suite_dir) {
  std::vector<fs::path> sources;
  for (const auto& entry : fs::recursive_directory_iterator(suite_dir)) {
    const auto ext = entry.path().extension();
    if (entry.is_regular_file() && (ext == ".cpp" || ext == ".cc" || ext == ".cxx"))
      sources.push_back(entry.path());
  }
  std::sort(sources.begin(), sources.end());
  return sources;
}

SuiteBuild compile_suite(const Toolchain& toolchain, const fs::path& suite_dir,
                         const std::vector<fs::path>& sources, const fs::path& out_dir, int jobs) {
  const auto start = std::chrono::steady_clock::now();
  SuiteBuild build;
  if (sources.empty()) {
    build.diagnostics = fmt::format(
        "{}: no .cpp files: a suite is a folder of GoogleTest .cpp "
        "files that include <tinyllm/tinyllm.hpp>",
        suite_dir.string());
    return build;
  }
  const fs::path object_dir = out_dir / "objects";
  fs::create_directories(object_dir);
  std::vector<fs::path> objects(sources.size());
  std::vector<ProcessResult> results(sources.size());
  parallel_for(sources.size(), jobs, [&](std::size_t i) {
    objects[i] = object_dir / fmt::format("{}-{}.o", i, sources[i].stem().string());
    std::vector<std::string> argv = {toolchain.compiler};
    argv.insert(argv.end(), toolchain.cxx_flags.begin(), toolchain.cxx_flags.end());
    argv.push_back("-iquote");
    argv.push_back(suite_dir.string());
    for (const auto& dir : toolchain.include_dirs) argv.push_back("-I" + dir.string());
    argv.insert(argv.end(), {"-c", sources[i].string(), "-o", objects[i].string()});
    results[i] = run_process(argv, toolchain.timeout_seconds);
  });
  bool compiled = true;
  for (std::size_t i = 0; i < sources.size(); ++i) {
    build.diagnostics += results[i].output;
    if (results[i].timed_out)
      build.diagnostics += fmt::format("{}: the compiler took longer than {} s and was stopped\n",
                                       sources[i].string(), toolchain.timeout_seconds);
    if (results[i].exit_code != 0) compiled = false;
  }
  if (compiled) {
    build.executable = out_dir / "suite";
    std::vector<std::string> argv = {toolchain.compiler};
    for (const auto& o : objects) argv.push_back(o.string());
    argv.insert(argv.end(), {"-o", build.executable.string(),
                             "-L" + toolchain.reference_library_dir.string(), "-ltinyllm_oracle"});
    argv.insert(argv.end(), toolchain.link_libraries.begin(), toolchain.link_libraries.end());
    ProcessResult link = run_process(argv, toolchain.timeout_seconds);
    build.diagnostics += link.output;
    if (link.timed_out) build.diagnostics += "the linker took too long and was stopped\n";
    build.ok = link.exit_code == 0;
    if (build.ok)
      fs::permissions(build.executable, fs::perms::owner_all | fs::perms::group_read |
                                            fs::perms::group_exec | fs::perms::others_read |
                                            fs::perms::others_exec);
  }
  build.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return build;
}

}  // namespace tinyllm::runner
