// `tinyllm-grade merge SHARD... --output FOLDER`: join the output folders of `batch --shard K/N`
// runs into one class report.
#include <fmt/format.h>

#include <iostream>

#include "commands.hpp"
#include "errors.hpp"
#include "options.hpp"
#include "tinyllm/reports/class_batch.hpp"

namespace tinyllm::runner {

namespace po = boost::program_options;
namespace fs = std::filesystem;

int run_merge_command(const Arguments& args) {
  std::vector<std::string> shards;
  std::string output;
  bool help = false;
  po::options_description visible(
      "Usage: tinyllm-grade merge SHARD_FOLDER... --output FOLDER\n\n"
      "Reads every <SHARD_FOLDER>/<learner>/grade.json written by `tinyllm-grade batch --shard`\n"
      "and writes the class report (class-report.json, .html, class-learners.csv,\n"
      "class-mutants.csv) into FOLDER.\n"
      "Exit status: 0 merged, 3 usage error or shards that disagree.\n\nOptions");
  visible.add_options()("help,h", po::bool_switch(&help), "this help")(
      "output,o", po::value(&output), "the folder for the class report");
  po::options_description all;
  all.add(visible).add_options()("shards", po::value(&shards)->multitoken());
  po::positional_options_description positional;
  positional.add("shards", -1);
  parse_command_line("merge", args, all, positional);
  if (help) {
    std::cout << visible << "\n";
    return 0;
  }
  if (shards.empty())
    throw UsageError("merge: which shards? tinyllm-grade merge OUT1 OUT2 ... --output FOLDER");
  if (output.empty()) throw UsageError("merge: where to? add --output FOLDER for the class report");
  std::vector<fs::path> folders(shards.begin(), shards.end());
  try {
    const std::vector<reports::GradeResult> results = reports::merge_batches(folders, output);
    std::cout << fmt::format("merge: {} suites from {} shards; class report in {}\n",
                             results.size(), shards.size(),
                             (fs::path(output) / "class-report.html").string());
  } catch (const std::runtime_error& error) {
    throw UsageError(error.what());
  }
  return 0;
}

}  // namespace tinyllm::runner
