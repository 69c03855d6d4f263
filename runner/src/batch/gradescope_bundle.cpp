// The Gradescope autograder bundle. Gradescope unpacks the zip into /autograder/source, runs
// setup.sh once to build the image, then per submission copies run_autograder to /autograder and
// runs it with the learner's files in /autograder/submission; it reads
// /autograder/results/results.json.
#include "batch/gradescope_bundle.hpp"

#include <fmt/format.h>

#include <stdexcept>
#include <system_error>

#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {
namespace fs = std::filesystem;
namespace {

void write_executable(const fs::path& path, const std::string& text) {
  base::write_whole_file(path, text);
  fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                  fs::perm_options::add);
}

// Folders of a working copy that are not source: a build tree would be stale on Gradescope's
// machine, and node_modules is reinstalled by install-deps.sh.
bool skipped(const fs::path& relative) {
  const std::string first = relative.begin()->string();
  return first == ".git" || first == "node_modules" || first == "out" ||
         first.rfind("build", 0) == 0;
}

void copy_repository(const fs::path& from, const fs::path& to) {
  if (!fs::is_regular_file(from / "CMakeLists.txt"))
    throw std::runtime_error(fmt::format(
        "Gradescope bundle: {} is not the tinyllm repository (no CMakeLists.txt): pass the "
        "repository root.",
        from.string()));
  fs::create_directories(to);
  for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator();
       ++it) {
    const fs::path relative = fs::relative(it->path(), from);
    if (skipped(relative)) {
      if (it->is_directory()) it.disable_recursion_pending();
      continue;
    }
    if (it->is_directory())
      fs::create_directories(to / relative);
    else if (it->is_regular_file())
      fs::copy_file(it->path(), to / relative, fs::copy_options::overwrite_existing);
  }
}

}  // namespace

std::string gradescope_run_autograder_script(bool with_config) {
  const std::string config = with_config ? " --config \"$root/source/grading.toml\"" : "";
  return fmt::format(R"sh(#!/usr/bin/env bash
# Gradescope runs this once per submission: grade the learner's suite in submission/ and leave
# results/results.json. Written by tinyllm's Gradescope bundle writer.
# AUTOGRADER_ROOT replaces /autograder, to try the bundle in a temporary folder.
set -u
root="${{AUTOGRADER_ROOT:-/autograder}}"
mkdir -p "$root/results"
rm -f "$root/results/results.json"
# Gradescope's metadata holds the previous submissions (the attempt: the hint ladder's rung) and
# the due date. Every option is spelled in full.
metadata=()
[ -f "$root/submission_metadata.json" ] &&
  metadata=(--submission-metadata "$root/submission_metadata.json")
tinyllm-grade grade "$root/submission" --output "$root/results" --format gradescope \
  "${{metadata[@]}}"{}
status=$?
echo "tinyllm-grade exited with status $status (0 PASS, 1 FAIL, 2 INVALID, 3 usage error)"
if [ ! -s "$root/results/results.json" ]; then
  # The grader stopped before writing: Gradescope shows nothing without a results.json. Marked
  # grader_failed, so the next submission does not count this one as an attempt.
  printf '{{"score": 0, "output": "The grader stopped with status %d before writing a result. Your instructor has the autograder log; this submission does not count as an attempt.", "extra_data": {{"tinyllm": {{"grader_failed": true, "status": %d}}}}, "tests": []}}\n' \
    "$status" "$status" >"$root/results/results.json"
fi
# A FAIL or INVALID grade is a result, not an autograder failure.
exit 0
)sh",
                     config);
}

std::string gradescope_setup_script() {
  return R"sh(#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder image: install the project's
# dependencies and build the grader from the repository copy in tinyllm/.
set -euo pipefail
source_dir=/autograder/source/tinyllm
build_dir=/autograder/build
bash "$source_dir/scripts/install-deps.sh" --grade-only
cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DTINYLLM_BUILD_TESTS=OFF -DTINYLLM_BUILD_BENCH=OFF
cmake --build "$build_dir"
grader=$(find "$build_dir" -name tinyllm-grade -type f -perm -u+x | head -n 1)
[ -n "$grader" ] || { echo "setup.sh: the build made no tinyllm-grade" >&2; exit 1; }
ln -sf "$grader" /usr/local/bin/tinyllm-grade
)sh";
}

void write_gradescope_bundle(const GradescopeBundleOptions& options) {
  std::error_code error;
  fs::create_directories(options.output_folder, error);
  if (error)
    throw std::runtime_error(fmt::format("Gradescope bundle: cannot create {}: {}",
                                         options.output_folder.string(), error.message()));
  const bool with_config = !options.config_file.empty();
  write_executable(options.output_folder / "setup.sh", gradescope_setup_script());
  write_executable(options.output_folder / "run_autograder",
                   gradescope_run_autograder_script(with_config));
  if (with_config)
    fs::copy_file(options.config_file, options.output_folder / "grading.toml",
                  fs::copy_options::overwrite_existing);
  if (!options.repository_root.empty())
    copy_repository(options.repository_root, options.output_folder / "tinyllm");
}

}  // namespace tinyllm::runner
