// `tinyllm-grade gradescope-bundle DIR`: writes an autograder an instructor uploads to Gradescope
// as it is (setup.sh builds the grader from a copy of this repository, run_autograder grades the
// submission into results/results.json).
#include <fmt/format.h>

#include <iostream>

#include "batch/gradescope_bundle.hpp"
#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "config/errors.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;

int run_gradescope_bundle_command(const Arguments& args) {
  std::string folder;
  CommandLine command(
      "gradescope-bundle",
      "Usage: tinyllm-grade gradescope-bundle DIR [options]\n\n"
      "Writes a Gradescope autograder into the folder DIR: setup.sh, run_autograder, a copy of "
      "this\n"
      "repository, and the grading policy (--config). Zip the folder's contents and upload them "
      "as\n"
      "the assignment's autograder; learners submit their suite's .cpp files.",
      SharedOptions::Catalog);
  command.positional("folder", po::value(&folder), 1);
  if (!command.parse(args)) return 0;
  if (folder.empty()) throw UsageError("where to? tinyllm-grade gradescope-bundle OUTPUT_FOLDER");
  // Reads and checks the configuration now, so a bad policy fails here, not on Gradescope.
  const GradingContext ctx = prepare_catalog_context(command.common());
  GradescopeBundleOptions options;
  options.output_folder = folder;
  options.repository_root = ctx.source_dir;
  if (!command.common().config_file.empty()) options.config_file = command.common().config_file;
  write_gradescope_bundle(options);
  std::cout << fmt::format(
      "Wrote the autograder to {}: zip its contents (cd {} && zip -r ../autograder.zip .) and "
      "upload the zip as the assignment's autograder.\n",
      folder, folder);
  return 0;
}

}  // namespace tinyllm::runner
