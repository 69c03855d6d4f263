// Reach (reach.hpp): the schema library's switches, the reach run and what it says of each mutant.
#include "grading/reach.hpp"

#include <algorithm>
#include <iostream>
#include <iterator>
#include <sstream>

#include "grading/classify.hpp"
#include "token.hpp"

namespace tinyllm::runner {

ProbeSites probe_sites_of(const VariantRuns& runs) {
  ProbeSites sites;
  for (const auto& [id, number] : runs.numbers()) {
    if (static_cast<std::size_t>(number) >= sites.mutants_of_site.size())
      sites.mutants_of_site.resize(static_cast<std::size_t>(number) + 1);
    sites.mutants_of_site[static_cast<std::size_t>(number)].push_back(id);
    sites.probed.insert(id);
  }
  return sites;
}

ReachedBy read_probe_record(const ProbeSites& sites, const std::string& record) {
  ReachedBy reached;
  std::istringstream lines(record);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t tab = line.find('\t');
    if (tab == 0 || tab == std::string::npos || line.find_first_not_of("0123456789") != tab ||
        tab > 9)
      continue;
    const std::size_t site = std::stoul(line.substr(0, tab));
    if (site >= sites.mutants_of_site.size()) continue;
    for (const std::string& id : sites.mutants_of_site[site])
      reached[id].insert(line.substr(tab + 1));
  }
  return reached;
}

int apply_reach(const ProbeSites& sites, const ReachedBy& reached,
                const std::vector<std::string>& valid_tests,
                std::vector<reports::MutantResult>& mutants) {
  int unreached = 0;
  for (reports::MutantResult& m : mutants) {
    const auto found = reached.find(m.mutant.id);
    if (found == reached.end()) {
      if (!sites.probed.contains(m.mutant.id)) continue;  // no probe point: always reached
      m.status = reports::MutantStatus::NoCoverage;
      m.reason = kNoCoverageReason;
      m.covered_by.clear();
      ++unreached;
      continue;
    }
    m.covered_by.clear();
    std::ranges::set_intersection(found->second, valid_tests, std::back_inserter(m.covered_by));
  }
  return unreached;
}

NarrowedTests narrowed_tests(const ProbeSites& sites, const ReachedBy& reached,
                             const std::vector<reports::MutantResult>& mutants) {
  NarrowedTests narrowed;
  for (const reports::MutantResult& m : mutants) {
    const auto found = reached.find(m.mutant.id);
    if (m.status == reports::MutantStatus::NoCoverage || !sites.probed.contains(m.mutant.id) ||
        found == reached.end() || found->second.contains("") || m.covered_by.empty())
      continue;
    narrowed[m.mutant.id] = m.covered_by;
  }
  return narrowed;
}

ReachFound measure_reach(const VariantRuns& runs, RunRequest probe_run,
                         const std::vector<std::string>& expected_tests,
                         reports::GradeResult& result) {
  const ProbeSites sites = probe_sites_of(runs);
  probe_run.record_variable = tinyllm_schema::kReachFileVariable;
  const SandboxRun run = run_sandboxed(probe_run);
  const RunOutcome outcome = classify_run(run, expected_tests);
  if (outcome.kind != RunOutcomeKind::Passed || !run.record) {
    std::cerr << "tinyllm-grade: reach not measured, every mutant runs: the reach run "
              << (outcome.kind != RunOutcomeKind::Passed ? "did not pass as the reference did"
                                                         : "left no record")
              << "\n";
    return {run.seconds, {}};
  }
  std::vector<std::string> valid = expected_tests;
  std::sort(valid.begin(), valid.end());
  const ReachedBy reached = read_probe_record(sites, *run.record);
  apply_reach(sites, reached, valid, result.mutants);
  result.reach_measured = true;
  return {run.seconds, narrowed_tests(sites, reached, result.mutants)};
}

}  // namespace tinyllm::runner
