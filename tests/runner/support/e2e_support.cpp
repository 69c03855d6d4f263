// The end-to-end tests' shared steps (e2e_support.hpp).
#include "e2e_support.hpp"

#include <unistd.h>

#include <fstream>
#include <iterator>
#include <random>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "sandbox/sandbox.hpp"
#include "tinyllm/base/process.hpp"

namespace tinyllm::e2e {

namespace fs = std::filesystem;

namespace {

// The folder every fresh folder of this process is made in, removed with all of them when the
// process exits: a test leaves nothing in the temporary folder.
class ProcessFolder {
 public:
  ProcessFolder()
      : path_(fs::temp_directory_path() / ("tinyllm-e2e-" + std::to_string(::getpid()))) {}
  ~ProcessFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  ProcessFolder(const ProcessFolder&) = delete;
  ProcessFolder& operator=(const ProcessFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

}  // namespace

fs::path fresh_folder(const std::string& name) {
  static const ProcessFolder root;
  std::random_device device;
  fs::path dir = root.path() / (name + "-" + std::to_string(device()));
  fs::create_directories(dir);
  return dir;
}

namespace {

fs::path checked_reference() {
  const fs::path checked = fs::path(TINYLLM_CHECKED_REFERENCE) / "ws";
  if (!fs::is_directory(checked / ".tinyllm"))
    throw std::runtime_error(checked.string() +
                             " is not a checked workspace: the fixture checked_reference_workspace "
                             "makes it (ctest runs it first)");
  return checked;
}

}  // namespace

void take_checked_reference_builds(const fs::path& workspace) {
  fs::remove_all(workspace / ".tinyllm");
  fs::copy(checked_reference() / ".tinyllm", workspace / ".tinyllm", fs::copy_options::recursive);
  // The builds, not the verdict: the copy has not passed `check` (`diff` waits for that).
  fs::remove(workspace / ".tinyllm" / "module-passed");
}

void write_pitfalls(const fs::path& workspace, const std::string& pitfalls) {
  const fs::path scratch = fresh_folder("pitfalls-" + pitfalls) / "ws";
  const Graded g =
      run_grader({"start", scratch.string(), "--from-reference", "--pitfalls", pitfalls});
  if (g.status != 0) throw std::runtime_error("start --pitfalls " + pitfalls + ": " + g.output);
  fs::remove_all(workspace / "src");
  fs::copy(scratch / "src", workspace / "src", fs::copy_options::recursive);
  fs::remove_all(scratch.parent_path());
}

void copy_checked_reference_to(const fs::path& workspace) {
  fs::copy(checked_reference(), workspace, fs::copy_options::recursive);
  take_checked_reference_builds(workspace);
}

fs::path copy_of_checked_reference(const std::string& name, const std::string& pitfalls) {
  const fs::path workspace = fresh_folder(name) / "ws";
  copy_checked_reference_to(workspace);
  if (!pitfalls.empty()) write_pitfalls(workspace, pitfalls);
  return workspace;
}

Graded run_grader(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {grader.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  auto r = base::run_process(argv, 280);
  return {r.exit_code, r.output};
}

Graded grade(const std::string& suite, std::vector<std::string> extra, const fs::path& config,
             fs::path* output_folder) {
  const fs::path output = fresh_folder(suite);
  if (output_folder) *output_folder = output;
  std::vector<std::string> args = {"grade", (suites / suite).string(), "-c", config.string(),
                                   "-o",    output.string(),           "-q"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_grader(args);
}

fs::path write_config(const std::string& name, const std::string& text) {
  fs::path file = fresh_folder(name) / "grade.toml";
  std::ofstream(file) << text;
  return file;
}

int processes_named(const std::string& name) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator("/proc")) {
    std::ifstream in(entry.path() / "stat");
    std::string stat;
    if (!std::getline(in, stat)) continue;
    auto open = stat.find('('), close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close + 2 >= stat.size())
      continue;
    const char state = stat[close + 2];
    if (stat.substr(open + 1, close - open - 1) == name && state != 'Z' && state != 'X') ++count;
  }
  return count;
}

std::string status_of(const std::string& output, const std::string& id) {
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    std::istringstream words(line);
    std::string mutant, status;
    words >> mutant >> status;
    if (mutant == id) return status;
  }
  return "";
}

std::string json_report(const fs::path& output_folder) {
  std::ifstream in(output_folder / "mutation-report.json");
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string table_without_times(const std::string& output) {
  std::istringstream in(output);
  std::string table;
  const std::regex row("^ *(s[0-9]{2}) +(Killed|Survived|Timeout) +(.*)$");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, row))
      table += m[1].str() + " " + m[2].str() + " " + m[3].str() + "\n";
  }
  return table;
}

bool namespaces_available() {
  static const bool available = [] {  // the grader's own probe (sandbox.cpp)
    std::string note;
    return runner::resolve_isolation(runner::Isolation::Auto, note) ==
           runner::Isolation::Namespaces;
  }();
  return available;
}

}  // namespace tinyllm::e2e
