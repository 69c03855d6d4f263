// `tinyllm-grade behaviours`: records every known mutant's behaviour on the differential check's
// fixed sample (check/behaviours.hpp), for the behavioural diagnosis of `check`. The build runs it
// (target tinyllm-grader) after the yardstick.
#include <fmt/format.h>

#include <iostream>

#include "check/behaviours.hpp"
#include "cli/commands.hpp"
#include "cli/context_setup.hpp"
#include "cli/options.hpp"
#include "mutant_set/generated_set.hpp"

namespace tinyllm::runner {

int run_behaviours_command(const Arguments& args) {
  CommandLine command(
      "behaviours",
      "Usage: tinyllm-grade behaviours [options]\n\n"
      "Runs every pitfall and every built generated mutant on the differential check's fixed\n"
      "sample (100 inputs per contract area) and writes what each does differently from the\n"
      "reference to <build-dir>/differential/behaviours.txt. `check` compares a learner's module\n"
      "with them: a mutant that behaves exactly like the module is named as its bug. The build\n"
      "runs it (ninja target tinyllm-grader); a mutant whose library is unchanged is not run\n"
      "again.\n"
      "Exit status: 0 written, 3 usage or configuration error.",
      SharedOptions::Grading);
  if (!command.parse(args)) return 0;
  CommonOptions options = command.common();
  options.mutant_set = "pitfalls";
  const GradingContext ctx = prepare_grading_context(options);
  std::vector<std::string> ids;
  for (const reports::MutantInfo& m : ctx.mutants) ids.push_back(m.id);
  for (const GeneratedEntry& m : load_generated_set(ctx.build_dir, ctx.source_dir, false).mutants)
    if (m.build == "built") ids.push_back(m.info.id);
  const BehaviourRecording recording =
      record_behaviours(ctx.build_dir, ids, ctx.config.jobs, [&](int done, int total) {
        if (!options.quiet) std::cerr << fmt::format("\rbehaviours: {}/{}", done, total);
      });
  if (!options.quiet) std::cerr << "\n";
  for (const std::string& failure : recording.failures)
    std::cerr << "behaviours: left out " << failure << "\n";
  std::cout << fmt::format(
      "behaviours: wrote {}: {} mutants recorded ({:.1f} s), {} unchanged "
      "reused, {} left out\n",
      behaviours_file(ctx.build_dir).string(), recording.recorded, recording.seconds,
      recording.reused, recording.failures.size());
  return 0;
}

}  // namespace tinyllm::runner
