// The known mutants' behaviour on the differential check's fixed sample (runner/sandboxed/
// differential/driver/behaviour.hpp), recorded once per build by `tinyllm-grade behaviours`: where
// each mutant's responses differ from the reference's, for the behavioural diagnosis.
#pragma once
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace tinyllm::runner {

// Returns build/differential/behaviours.txt: every recorded mutant's behaviour, one after another.
std::filesystem::path behaviours_file(const std::filesystem::path& build_dir);

struct BehaviourRecording {
  int recorded = 0;  // run now (those that failed among them)
  int reused = 0;    // unchanged since the last recording: its file was kept
  // "<id>: <why>" for each mutant whose recording failed (it crashed or hung on the sample), now
  // or on the same library before: it is left out of the file, so the diagnosis never names it.
  std::vector<std::string> failures;
  double seconds = 0;
};

// Records the behaviour of each mutant of `ids`, `jobs` at once, reusing a mutant's earlier file
// when its library and the recorder are unchanged, and writes behaviours_file(); `progress(done,
// total)` after each. Throws UsageError when the build lacks the driver or a shim,
// std::runtime_error when a file cannot be written.
BehaviourRecording record_behaviours(const std::filesystem::path& build_dir,
                                     const std::vector<std::string>& ids, int jobs,
                                     const std::function<void(int, int)>& progress = {});

}  // namespace tinyllm::runner
