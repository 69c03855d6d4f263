// Google Benchmark's console output, plus one counter of each benchmark (the median when repeated)
// kept by name, for the summary a benchmark prints at the end: its ratios to the baselines measured
// in the same run.
#pragma once
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tinyllm::bench {

class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  // Keeps `counter` (e.g. "items_per_second") of each benchmark. Colours only on a terminal (the
  // library applies --benchmark_color to its own reporter only).
  explicit SummaryReporter(std::string counter)
      : ConsoleReporter(isatty(fileno(stdout)) ? OO_ColorTabular : OO_Tabular),
        counter_(std::move(counter)) {}
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      const auto value = run.counters.find(counter_);
      if ((single || median) && value != run.counters.end())
        values[run.run_name.function_name] = value->second.value;
    }
  }
  // The counter of each benchmark, by its name.
  std::map<std::string, double> values;

 private:
  std::string counter_;
};

}  // namespace tinyllm::bench
