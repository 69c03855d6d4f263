// Recording the known mutants' behaviour (behaviours.hpp): one driver process per mutant, since
// every variant's library has the same name and only LD_LIBRARY_PATH picks it.
#include "check/behaviours.hpp"

#include <fmt/format.h>

#include <chrono>
#include <mutex>
#include <string_view>

#include "config/errors.hpp"
#include "grading/grade.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/parallel_for.hpp"
#include "tinyllm/base/process.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {

namespace fs = std::filesystem;

namespace {

constexpr double kRecordTimeout = 60;  // one mutant's sample takes well under a second
// The first words of a mutant's file when its recording failed: kept with its key like a
// recording, so that a build does not run a crashing or hanging mutant again.
constexpr std::string_view kLeftOut = "# left out: ";

struct Recorder {
  fs::path driver, reference_shim, variant_shim, cache;
  std::string key;  // of the three programs: a new driver or shim records every mutant again
};

Recorder recorder_of(const fs::path& build_dir) {
  const fs::path dir = build_dir / "differential";
  Recorder r{dir / "tinyllm-differential", dir / "libtinyllm_diff_reference.so",
             dir / "libtinyllm_diff_variant.so", dir / "behaviours", ""};
  base::ContentHasher h;
  for (const fs::path& program : {r.driver, r.reference_shim, r.variant_shim}) {
    if (!fs::exists(program))
      throw UsageError(
          fmt::format("recording the mutants' behaviour needs {}, which is missing: "
                      "build it (ninja -C {} tinyllm_differential)",
                      program.string(), build_dir.string()));
    h.add_file(program);
  }
  r.key = h.hex();
  return r;
}

}  // namespace

fs::path behaviours_file(const fs::path& build_dir) {
  return build_dir / "differential" / "behaviours.txt";
}

BehaviourRecording record_behaviours(const fs::path& build_dir, const std::vector<std::string>& ids,
                                     int jobs, const std::function<void(int, int)>& progress) {
  const auto start = std::chrono::steady_clock::now();
  const Recorder recorder = recorder_of(build_dir);
  // Each mutant on the library a grade runs it on, with its token.
  const VariantRuns runs(build_dir);
  fs::create_directories(recorder.cache);
  BehaviourRecording result;
  std::vector<bool> ok(ids.size(), false);
  std::mutex lock;
  int done = 0;
  base::parallel_for(
      ids.size(), base::job_count(jobs),
      [&](std::size_t i) {
        const std::string& id = ids[i];
        const RunTarget target = runs.target(id);
        const fs::path file = recorder.cache / (id + ".txt"),
                       stamp = recorder.cache / (id + ".key");
        const std::string key = base::ContentHasher::of({recorder.key, runs.library_hash(id)});
        if (fs::exists(file) && fs::exists(stamp) && base::read_whole_file(stamp) == key) {
          const std::string kept = base::read_whole_file(file);
          std::lock_guard guard(lock);
          ++result.reused;
          if (kept.starts_with(kLeftOut))  // failed before on this very library: not run again
            result.failures.push_back(
                id + ": " + kept.substr(kLeftOut.size(), kept.size() - kLeftOut.size() - 1));
          else
            ok[i] = true;
          return;
        }
        fs::remove(stamp);
        std::vector<std::string> command = {
            "env", "LD_LIBRARY_PATH=" + target.library.parent_path().string()};
        command.insert(command.end(), target.environment.begin(), target.environment.end());
        command.insert(command.end(),
                       {recorder.driver.string(), "--reference=" + recorder.reference_shim.string(),
                        "--learner=" + recorder.variant_shim.string(), "--record=" + file.string(),
                        "--record-id=" + id});
        const base::ProcessResult ran = base::run_process(command, kRecordTimeout);
        std::string why;
        if (ran.exit_code != 0) {
          why = ran.timed_out ? fmt::format("timed out after {:.0f} s", kRecordTimeout)
                : ran.exit_code == -1
                    ? std::string("crashed on the sample")
                    : fmt::format("ended without its behaviour (exit {})", ran.exit_code);
          base::write_whole_file(file, std::string(kLeftOut) + why + "\n");
        }
        base::write_whole_file(stamp, key);
        std::lock_guard guard(lock);
        ++result.recorded;
        if (why.empty())
          ok[i] = true;
        else
          result.failures.push_back(id + ": " + why);
      },
      base::AfterError::Finish,
      [&](std::size_t) {
        std::lock_guard guard(lock);
        if (progress) progress(++done, static_cast<int>(ids.size()));
      });
  std::string all;
  for (std::size_t i = 0; i < ids.size(); ++i)
    if (ok[i]) all += base::read_whole_file(recorder.cache / (ids[i] + ".txt"));
  base::write_whole_file(behaviours_file(build_dir), all);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace tinyllm::runner
