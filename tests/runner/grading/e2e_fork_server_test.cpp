// The fork server against the one-process way (docs/grading.md, "One process per grade"): every
// mutant's status the same both ways, on the examples (the full set) and on the hostile suites
// whose runs on the mutants crash, hang, fail or pass (the pitfalls, with the hostile limits).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "config/build_info.hpp"
#include "e2e_support.hpp"

namespace fs = std::filesystem;
using namespace tinyllm::e2e;

namespace {

using Statuses = std::map<std::string, std::string>;

// The JSON report of a grade of `suite` with `config`'s policy and fork_server set to `serve`.
nlohmann::json graded(const fs::path& suite, const std::string& config, bool serve) {
  // At the top: after a [table] line a key would belong to that table.
  const fs::path file =
      write_config("fork-server-policy",
                   std::string("fork_server = ") + (serve ? "true" : "false") + "\n" + config);
  const fs::path output = fresh_folder("fork-server-grade");
  const Graded g = run_grader({"grade", suite.string(), "-c", file.string(), "--quiet", "-o",
                               output.string(), "--format", "json"});
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

Statuses statuses(const fs::path& suite, const std::string& config, bool serve) {
  return statuses_in(graded(suite, config, serve));
}

// The policy of a grade without a file (the full set), and of the hostile suites' tests.
std::string default_policy() {
  return "";
}
std::string hostile_policy() {
  std::ifstream in(hostile_config);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A mutant whose run is undefined behaviour may end either way from one run to the next,
// whoever runs it (the oracle's libraries are built with libstdc++'s assertions, so the known
// ones abort at the faulty access, but a new one might not): a difference counts only when the
// one-process way gives its status again.
void expect_same(const fs::path& suite, const std::string& policy,
                 const Statuses& served_already = {}) {
  SCOPED_TRACE(suite.string());
  const Statuses served = served_already.empty() ? statuses(suite, policy, true) : served_already;
  const Statuses alone = statuses(suite, policy, false);
  ASSERT_EQ(served.size(), alone.size());
  ASSERT_FALSE(served.empty());
  Statuses again;
  for (const auto& [id, status] : served) {
    if (alone.at(id) == status) continue;
    if (again.empty()) again = statuses(suite, policy, false);
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
    expect_same(fs::path(tinyllm::runner::build_info::source_dir) / "examples" / example,
                default_policy());
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
  expect_same(suite, default_policy());
}

// Catches: a hostile run (a crash, a hang, a failure on some mutants, a fingerprint of the
// library, a pinned message) classified otherwise when served.
TEST(ForkServer, hostile_suites_get_the_same_statuses_both_ways) {
  if (!namespaces_available()) GTEST_SKIP() << "the fork server needs a sandbox (bubblewrap)";
  for (const char* suite : {"misbehaves_on_mutants", "kills_some", "pins_error_message",
                            "fingerprints_library", "leaves_checkpoint_unreached", "crashes",
                            "forks_in_a_loop", "reads_the_mutant_token", "looks_for_variant"})
    expect_same(suites / suite, hostile_policy());
}

// Catches: a grader that fails or invalidates tests the reference did not shape (a validity
// check or a wheat stricter than the contract, a served run classified otherwise), on a suite of
// 43 tests written from the contract alone (tests/runner/fixtures/independent_suite): it passes,
// with no invalid test, the same both ways.
TEST(ForkServer, a_suite_written_from_the_contract_alone_passes_the_same_both_ways) {
  if (!namespaces_available()) GTEST_SKIP() << "the fork server needs a sandbox (bubblewrap)";
  const fs::path suite = fs::path(tinyllm::runner::build_info::source_dir) / "tests" / "runner" /
                         "fixtures" / "independent_suite";
  const nlohmann::json report = graded(suite, default_policy(), true);
  EXPECT_EQ(report.at("config").at("verdict"), "PASS");
  EXPECT_EQ(report.at("config").at("invalidTestCount"), 0) << report.at("config").dump(2);
  expect_same(suite, default_policy(), statuses_in(report));
}
