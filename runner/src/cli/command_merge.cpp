// `tinyllm-grade merge SHARD... --output FOLDER`: join the output folders of `batch --shard K/N`
// runs into one class report.
#include <fmt/format.h>

#include <iostream>

#include "batch/class_batch.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "config/errors.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

int run_merge_command(const Arguments& args) {
  std::vector<std::string> shards;
  std::string output;
  std::string suites;
  CommandLine command(
      "merge",
      "Usage: tinyllm-grade merge SHARD_FOLDER... --output FOLDER [--suites SUITES]\n\n"
      "Reads every <SHARD_FOLDER>/<learner>/grade.json written by `tinyllm-grade batch --shard`\n"
      "and writes the class report (class-report.json, .html, class-learners.csv,\n"
      "class-mutants.csv) into FOLDER. Shards that shared one folder (batch --no-class-report,\n"
      "as a Slurm array's tasks do) merge with FOLDER as both: merge OUT --output OUT.\n"
      "With --suites, the class folder the shards graded, the report holds exactly its learners\n"
      "and the merge stops, naming them, if any has no grade of its suite as it is now.\n"
      "Exit status: 0 merged, 3 usage error, shards that disagree or learners not graded.",
      SharedOptions::None);
  command.add_options()("output,o", po::value(&output)->value_name("DIR"),
                        "the folder for the class report")(
      "suites", po::value(&suites)->value_name("SUITES"),
      "the class folder the shards graded: every learner in it must have a current grade, and "
      "only they are in the report");
  command.positional("shards", po::value(&shards)->multitoken(), -1);
  if (!command.parse(args)) return 0;
  if (shards.empty())
    throw UsageError("which shards? tinyllm-grade merge OUT1 OUT2 ... --output FOLDER");
  if (output.empty()) throw UsageError("where to? add --output FOLDER for the class report");
  if (!suites.empty() && !fs::is_directory(suites)) {
    throw UsageError(fmt::format(
        "--suites {} is not a folder: pass the class folder the shards graded", suites));
  }
  std::vector<fs::path> folders(shards.begin(), shards.end());
  try {
    const std::vector<reports::GradeResult> results = merge_batches(folders, output, suites);
    std::cout << fmt::format("merge: {} suites from {} shards; class report in {}\n",
                             results.size(), shards.size(),
                             (fs::path(output) / "class-report.html").string());
  } catch (const std::runtime_error& error) {
    throw UsageError(error.what());
  }
  return 0;
}

}  // namespace tinyllm::runner
