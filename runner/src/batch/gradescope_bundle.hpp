// An autograder bundle for Gradescope: setup.sh builds tinyllm-grade from a copy of the
// repository, run_autograder grades /autograder/submission into /autograder/results.
#pragma once
#include <filesystem>
#include <string>

namespace tinyllm::runner {

struct GradescopeBundleOptions {
  std::filesystem::path output_folder;    // becomes the zip's root (Gradescope's source/)
  std::filesystem::path repository_root;  // copied into tinyllm/ ("" to copy nothing)
  std::filesystem::path config_file;      // copied as grading.toml and passed with --config ("")
};

// Returns the text of run_autograder: grades submission/ with --format gradescope and always
// leaves a results.json (a failure one when the grader itself failed). AUTOGRADER_ROOT overrides
// /autograder so the script can be tried in a temporary folder.
std::string gradescope_run_autograder_script(bool with_config);

// Returns the text of setup.sh: installs Debian's packages and builds tinyllm-grade.
std::string gradescope_setup_script();

// Writes setup.sh and run_autograder (executable), the repository copy and the configuration.
// Throws std::runtime_error naming the path when a file cannot be written.
void write_gradescope_bundle(const GradescopeBundleOptions& options);

}  // namespace tinyllm::runner
