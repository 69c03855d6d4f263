// A compiler call in the sandbox, its limits in words, and its include policy (compiler_call.hpp).
#include "sandbox/compiler_call.hpp"

#include <fmt/format.h>
#include <signal.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>

#include "sandbox/sandbox.hpp"
#include "tinyllm/base/dependency_list.hpp"
#include "tinyllm/base/process.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

namespace {

// Returns the canonical form of `path` as far as it exists (the rest lexically normal).
fs::path resolved(const fs::path& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(path, ec);
  return ec ? path.lexically_normal() : p;
}

bool under(const fs::path& path, const fs::path& folder) {
  const fs::path rel = path.lexically_relative(folder);
  return !rel.empty() && *rel.begin() != "..";
}

// The compiler's own include folders (`-E -v`'s search list), canonical; asked once per compiler.
std::vector<fs::path> system_include_folders(const std::string& compiler) {
  static std::mutex mutex;
  static std::map<std::string, std::vector<fs::path>> known;
  std::lock_guard lock(mutex);
  if (auto found = known.find(compiler); found != known.end()) return found->second;
  const base::ProcessResult r =
      base::run_process({compiler, "-x", "c++", "-std=c++20", "-E", "-v", "/dev/null"}, 60);
  std::vector<fs::path> folders;
  std::istringstream lines(r.output);
  bool in_list = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("#include <...> search starts here:", 0) == 0) {
      in_list = true;
    } else if (line.rfind("End of search list.", 0) == 0) {
      in_list = false;
    } else if (in_list && !line.empty() && line[0] == ' ') {
      std::string dir = line.substr(line.find_first_not_of(' '));
      if (auto mark = dir.find(" (framework directory)"); mark != std::string::npos)
        dir.erase(mark);
      folders.push_back(resolved(dir));
    }
  }
  return known[compiler] = folders;
}

// The learner's #include lines that name `file` (by its file name): "test.cpp:3: #include ...".
std::vector<std::string> include_lines_naming(const fs::path& file,
                                              const std::vector<fs::path>& folders) {
  static const std::regex include(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"].*)");
  std::vector<std::string> found;
  for (const fs::path& folder : folders) {
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(folder, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (!it->is_regular_file() || it->file_size() > (1u << 20)) continue;
      std::ifstream in(it->path());
      int number = 0;
      for (std::string line; std::getline(in, line);) {
        ++number;
        std::smatch m;
        if (std::regex_match(line, m, include) &&
            fs::path(m[1].str()).filename() == file.filename())
          found.push_back(fmt::format("{}:{}: {}", it->path().lexically_relative(folder).string(),
                                      number, line.substr(line.find('#'))));
      }
    }
  }
  return found;
}

// Returns why the dependency list breaks the policy, or nothing when it holds.
std::optional<std::string> refusal(const IncludePolicy& policy, const std::string& compiler,
                                   const std::vector<fs::path>& dependencies,
                                   const fs::path& work_dir) {
  std::vector<fs::path> folders = system_include_folders(compiler);
  for (const fs::path& f : policy.folders) folders.push_back(resolved(f));
  std::vector<fs::path> files;
  for (const fs::path& f : policy.files) files.push_back(resolved(f));
  std::vector<std::string> lines;
  bool refused = false;
  auto allowed = [&](const fs::path& full) {
    return std::find(files.begin(), files.end(), full) != files.end() ||
           std::any_of(folders.begin(), folders.end(),
                       [&](const fs::path& f) { return under(full, f); });
  };
  for (const fs::path& dependency : dependencies) {
    bool outside = false;
    if (dependency.is_absolute()) {
      // Absolute and outside: refused even when it is not there (in a sandbox, nothing outside is).
      outside = !allowed(resolved(dependency));
    } else {
      // A relative name is one the preprocessor found relative to the compile's folder, or did
      // not find (-MG lists it as written, relative to the file that includes it): refused when
      // it names a file outside from there or from a learner's folder; a missing header is the
      // compiler's to report.
      std::vector<fs::path> candidates = {work_dir / dependency};
      for (const fs::path& f : policy.learner_folders) candidates.push_back(f / dependency);
      for (const fs::path& candidate : candidates) {
        std::error_code ec;
        if (fs::exists(candidate, ec) && !allowed(resolved(candidate))) outside = true;
      }
    }
    if (!outside) continue;
    refused = true;
    const auto named = include_lines_naming(dependency, policy.learner_folders);
    for (const auto& line : named)
      if (std::find(lines.begin(), lines.end(), line) == lines.end()) lines.push_back(line);
  }
  if (!refused) return std::nullopt;
  std::string text = fmt::format(
      "#include not allowed: the code includes a file outside what it may include ({}). It was "
      "not compiled, and nothing of that file is shown:\n",
      policy.allowed_in_words);
  for (const auto& line : lines) text += "  " + line + "\n";
  if (lines.empty()) text += "  (a file reached through a link or a macro)\n";
  return text;
}

// The limit that stopped a call, in a learner's words; nothing when none did.
std::optional<std::string> stopped_by(const SandboxRun& run, const CompilerSandbox& sandbox) {
  const ResourceLimits& l = sandbox.limits;
  switch (run.ending) {
    case RunEnding::TimedOut:
      return fmt::format(
          "the compiler took longer than {:g} s and was stopped: look for a template or constexpr "
          "computation that never ends",
          sandbox.timeout_seconds);
    case RunEnding::OutputLimit:
      return fmt::format(
          "the compiler printed more than {:g} MiB of messages and was stopped: the start and the "
          "end of them are above; fix the first error first",
          l.output_mb);
    case RunEnding::Signaled:
      if (run.signal == SIGXCPU || run.signal == SIGKILL)
        return fmt::format("the compiler used more than {:g} s of CPU and was stopped",
                           l.cpu_seconds);
      if (run.signal == SIGXFSZ)
        return fmt::format("the compiler wrote a file larger than {:g} MiB and was stopped",
                           l.file_size_mb);
      break;
    case RunEnding::Exited:
      break;
  }
  for (const char* said :
       {"out of memory", "virtual memory exhausted", "std::bad_alloc", "Cannot allocate memory"})
    if (run.exit_code != 0 && run.output.find(said) != std::string::npos)
      return fmt::format(
          "the compiler used more than {:g} MiB of memory and was stopped: look for an #include "
          "of a device or a huge generated file",
          l.memory_mb);
  return std::nullopt;
}

// Returns the call's argv run in `sandbox`: it may write only in its output folder, and runs there.
ToolRequest tool_request(const CompilerSandbox& sandbox, const CompilerCall& call,
                         std::vector<std::string> argv) {
  return {std::move(argv),         call.readable,  {call.output_dir}, call.output_dir,
          sandbox.timeout_seconds, sandbox.limits, sandbox.isolation};
}

// The preprocessor alone, listing what the compile read (missing headers included, -MG).
std::vector<fs::path> dependency_pass(const CompilerSandbox& sandbox, const CompilerCall& call) {
  std::vector<std::string> argv;
  for (std::size_t i = 0; i < call.argv.size(); ++i) {
    if (call.argv[i] == "-c") continue;
    if (call.argv[i] == "-o") {
      ++i;
      continue;
    }
    argv.push_back(call.argv[i]);
  }
  argv.insert(argv.end(), {"-M", "-MG", "-MF", call.dependency_file.string()});
  std::error_code ignored;
  fs::remove(call.dependency_file, ignored);
  // An #error fails it, yet the list is written.
  const SandboxRun run = run_tool(tool_request(sandbox, call, argv));
  if (run.ending != RunEnding::Exited || !fs::exists(call.dependency_file)) return {};
  return base::parse_dependencies(base::read_whole_file(call.dependency_file));
}

}  // namespace

CompilerResult call_compiler(const CompilerSandbox& sandbox, const CompilerCall& call) {
  ToolRequest request = tool_request(sandbox, call, call.argv);
  if (call.policy) {
    std::error_code ignored;
    fs::remove(call.dependency_file, ignored);
    request.argv.insert(request.argv.end(), {"-MD", "-MF", call.dependency_file.string()});
  }
  const SandboxRun run = run_tool(request);
  CompilerResult result;
  result.ok = run.ending == RunEnding::Exited && run.exit_code == 0;
  const std::optional<std::string> stop = stopped_by(run, sandbox);
  if (call.policy) {
    // A failed or stopped compile may have left no list: the preprocessor alone makes one. When
    // even that cannot, nothing the compiler said is shown, only why it stopped.
    std::vector<fs::path> dependencies;
    if (fs::exists(call.dependency_file))
      dependencies = base::parse_dependencies(base::read_whole_file(call.dependency_file));
    else if (!result.ok)
      dependencies = dependency_pass(sandbox, call);
    if (dependencies.empty() && !result.ok) {
      result.messages =
          stop.value_or(
              "the compiler stopped before it could say what it read: its messages are not shown") +
          "\n";
      return result;
    }
    if (auto refused = refusal(*call.policy, call.argv.front(), dependencies, call.output_dir)) {
      result.ok = false;
      result.refused = true;
      result.messages = *refused;
      return result;
    }
  }
  result.messages = run.output;
  if (stop) {
    result.ok = false;
    result.messages += *stop + "\n";
  }
  return result;
}

}  // namespace tinyllm::runner
