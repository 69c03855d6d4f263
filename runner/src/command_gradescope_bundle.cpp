// `tinyllm-grade gradescope-bundle DIR`: writes an autograder an instructor uploads to Gradescope
// as it is (setup.sh builds the grader from a copy of this repository, run_autograder grades the
// submission into results/results.json).
#include <fmt/format.h>

#include <iostream>

#include "commands.hpp"
#include "errors.hpp"
#include "options.hpp"
#include "tinyllm/reports/gradescope_bundle.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

int run_gradescope_bundle_command(const Arguments& args) {
  CommonOptions common;
  std::string folder;
  bool help = false;
  po::options_description visible(
      "Usage: tinyllm-grade gradescope-bundle DIR [options]\n\n"
      "Writes a Gradescope autograder into the folder DIR: setup.sh, run_autograder, a copy of "
      "this\n"
      "repository, and the grading policy (--config). Zip the folder's contents and upload them "
      "as\n"
      "the assignment's autograder; learners submit their suite's .cpp files.\n\nOptions");
  visible.add_options()("help,h", po::bool_switch(&help), "this help");
  visible.add(common_options(common));
  po::options_description all;
  all.add(visible).add_options()("folder", po::value(&folder));
  po::positional_options_description positional;
  positional.add("folder", 1);
  parse_command_line("gradescope-bundle", args, all, positional);
  if (help) {
    std::cout << visible << "\n";
    return 0;
  }
  if (folder.empty())
    throw UsageError("gradescope-bundle: where to? tinyllm-grade gradescope-bundle OUTPUT_FOLDER");
  // Reads and checks the configuration now, so a bad policy fails here, not on Gradescope.
  const GradingContext ctx = prepare_context(common, false);
  reports::GradescopeBundleOptions options;
  options.output_folder = folder;
  options.repository_root = ctx.source_dir;
  if (!common.config_file.empty()) options.config_file = common.config_file;
  reports::write_gradescope_bundle(options);
  std::cout << fmt::format(
      "Wrote the autograder to {}: zip its contents (cd {} && zip -r ../autograder.zip .) and "
      "upload the zip as the assignment's autograder.\n",
      folder, folder);
  return 0;
}

}  // namespace tinyllm::runner
