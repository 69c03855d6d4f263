// tinyllm-build-generated: builds the schema library, its listing and the manifest; a custom
// command of the build runs it (mutants/builder/CMakeLists.txt).
#include <chrono>
#include <iostream>
#include <string>

#include "tinyllm/base/whole_file.hpp"
#include "tinyllm/builder/build_generated.hpp"

namespace {

void print_help() {
  std::cout << R"(Usage: tinyllm-build-generated --config FILE [--jobs N] [--quiet]

Builds the schema library <build>/variants/schema/libtinyllm_oracle.so: the module's files
compiled once with every generated mutant, every pitfall and every semantic wheat behind a
runtime switch (the run's token selects one); <build>/variants/schema.json (each one's number
in it); and the manifest <build>/variants/generated.json (every generated mutant, and why the
schema could not hold one). The library also records, in a grade's reach run, which variants'
code each test runs. The build runs it (target tinyllm_generated_variants); FILE is written by CMake:
<build>/mutants/builder/generated-variants.conf. Objects and links are cached in the build
folder: a rerun compiles only what changed and relinks only a library whose inputs changed.

Options:
  --config FILE              the configuration CMake wrote (required)
  --jobs N                   compiles at once (default: the hardware threads)
  --quiet                    no progress on stderr
  --help                     show this text

See docs/mutants.md. Exit status: 0 built, 1 a step failed (the message says which and why),
2 bad usage.
)";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace tinyllm::builder;
  std::string config;
  unsigned jobs = 0;
  bool quiet = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      print_help();
      return 0;
    } else if (arg == "--config" && i + 1 < argc) {
      config = argv[++i];
    } else if (arg == "--jobs" && i + 1 < argc) {
      jobs = static_cast<unsigned>(std::stoul(argv[++i]));
    } else if (arg == "--quiet") {
      quiet = true;
    } else {
      std::cerr << "tinyllm-build-generated: unknown option or missing value: " << arg
                << "; see --help\n";
      return 2;
    }
  }
  if (config.empty()) {
    std::cerr << "tinyllm-build-generated: --config FILE is required; see --help\n";
    return 2;
  }
  try {
    const auto start = std::chrono::steady_clock::now();
    BuildOptions options = parse_config(tinyllm::base::read_whole_file(config), config);
    options.jobs = jobs;
    options.progress = quiet ? nullptr : &std::cerr;
    const BuildSummary summary = build_generated_variants(options);
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    if (!quiet)
      std::cerr << "tinyllm-build-generated: " << summary.raw << " mutants: " << summary.built
                << " in the schema library, " << summary.left_out << " left out; "
                << summary.compiled << " compiled" << (summary.schema_linked ? ", linked" : "")
                << " in " << seconds.count() << " s\n";
  } catch (const std::exception& e) {  // a BuildError, or a file that cannot be read or written
    std::cerr << "tinyllm-build-generated: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
