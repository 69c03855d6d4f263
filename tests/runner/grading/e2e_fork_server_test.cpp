// The fork server against plain isolation, where every run is a process of its own
// (docs/grading.md, "One process per grade"): every mutant's status the same both ways, on the
// examples (the full set); and a suite written from the contract alone passes when served.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "config/build_info.hpp"
#include "e2e_support.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::e2e;

namespace {

using Statuses = std::map<std::string, std::string>;

// The JSON report of a grade of `suite`, served (in the sandbox) or in plain isolation.
nlohmann::json graded(const fs::path& suite, bool serve) {
  const fs::path output = fresh_folder("fork-server-grade");
  const Graded g =
      run_grader({"grade", suite.string(), "--isolation", serve ? "namespaces" : "plain", "--quiet",
                  "-o", output.string(), "--format", "json"});
  EXPECT_LE(g.status, 2) << g.output;
  return nlohmann::json::parse(json_report(output));
}

// Each mutant's status in a report.
Statuses statuses_in(const nlohmann::json& report) {
  Statuses by_id;
  for (const auto& [name, file_entry] : report.at("files").items())
    for (const auto& m : file_entry.at("mutants"))
      by_id[m.at("id").get<std::string>()] = m.at("status").get<std::string>();
  return by_id;
}

Statuses statuses(const fs::path& suite, bool serve) {
  return statuses_in(graded(suite, serve));
}

// A mutant whose run is undefined behaviour may end either way from one run to the next,
// whoever runs it (the oracle's libraries are built with libstdc++'s assertions, so the known
// ones abort at the faulty access, but a new one might not): a difference counts only when the
// one-process way gives its status again.
void expect_same(const fs::path& suite) {
  SCOPED_TRACE(suite.string());
  const Statuses served = statuses(suite, true);
  const Statuses alone = statuses(suite, false);
  ASSERT_EQ(served.size(), alone.size());
  ASSERT_FALSE(served.empty());
  Statuses again;
  for (const auto& [id, status] : served) {
    if (alone.at(id) == status) continue;
    if (again.empty()) again = statuses(suite, false);
    if (again.at(id) != alone.at(id)) continue;  // it varies on its own
    ADD_FAILURE() << id << ": " << status << " when served, " << alone.at(id) << " on its own";
  }
}

}  // namespace

// Catches: a served run classified otherwise than the same run on its own (a state a child
// inherits, an exit or signal misreported, a failed test or a result file lost, a run not
// served at all and graded wrongly), on the examples' full grades.
TEST(ForkServer, examples_get_the_same_statuses_both_ways) {
  if (!namespaces_available()) GTEST_SKIP() << "the fork server needs a sandbox (bubblewrap)";
  for (const char* example : {"thorough", "partial"})
    expect_same(fs::path(tinyllm::runner::build_info::source_dir) / "examples" / example);
}

// Catches: a served run whose heap is laid out otherwise than a fresh process's (the server
// allocating before it forks), which a mutant that reads past its memory tells apart: with only
// two of the thorough example's files, `gdddd8e9ffb` (`s < starts.size()` made `<=` in
// checkpoint_sequential, one element past the schedule) survived every served run and was killed
// on its own.
TEST(ForkServer, a_mutant_that_reads_past_its_memory_gets_the_same_status_both_ways) {
  if (!namespaces_available()) GTEST_SKIP() << "the fork server needs a sandbox (bubblewrap)";
  const fs::path thorough =
      fs::path(tinyllm::runner::build_info::source_dir) / "examples" / "thorough";
  const fs::path suite = fresh_folder("fork-server-two-files");
  for (const char* file : {"accumulate_test.cpp", "recompute_test.cpp", "helpers.hpp"})
    fs::copy_file(thorough / file, suite / file);
  expect_same(suite);
}

// Catches: a grader that fails or invalidates tests the reference did not shape (a validity
// check or a wheat stricter than the contract, a served run classified otherwise), on a suite of
// 43 tests written from the contract alone (tests/runner/fixtures/independent_suite): served, it
// passes with no invalid test.
TEST(ForkServer, a_suite_written_from_the_contract_alone_passes_when_served) {
  if (!namespaces_available()) GTEST_SKIP() << "the fork server needs a sandbox (bubblewrap)";
  const fs::path suite = fs::path(tinyllm::runner::build_info::source_dir) / "tests" / "runner" /
                         "fixtures" / "independent_suite";
  const nlohmann::json report = graded(suite, true);
  EXPECT_EQ(report.at("config").at("verdict"), "PASS");
  EXPECT_EQ(report.at("config").at("invalidTestCount"), 0) << report.at("config").dump(2);
}
