// Tests of the validity rounds' decisions (validity.hpp) with canned runs: who is blamed for a
// failed run, what a binary wheat's run may leave in a report, the exclusion filter, and the
// rounds' fixpoint, strict policy and INVALID reasons.
#include "grading/validity.hpp"

#include <gtest/gtest.h>

#include <map>
#include <mutex>
#include <nlohmann/json.hpp>

#include "grading/classify.hpp"

using namespace tinyllm::runner;
using tinyllm::reports::Validity;
using tinyllm::reports::WheatInfo;
using tinyllm::reports::WheatKind;

namespace {

const ValidityRun kReference = {"reference", 20261201, false, ""};
const ValidityRun kSemantic = {"w03", 20261201, false, "error messages worded differently"};
const ValidityRun kBinary = {"w01", 20261201, true, "the reference built by the other compiler"};

// Returns GoogleTest's JSON result for tests "A.<name>", each failing with its message when it has
// one ("" passes).
std::string gtest_json(const std::vector<std::pair<std::string, std::string>>& tests) {
  nlohmann::json suite = nlohmann::json::array();
  for (const auto& [name, failure] : tests) {
    nlohmann::json t = {{"name", name}, {"file", "/suite/a_test.cpp"}, {"line", 3}};
    if (!failure.empty()) t["failures"] = {{{"failure", failure}}};
    suite.push_back(t);
  }
  return nlohmann::json{{"tests", tests.size()},
                        {"testsuites", {{{"name", "A"}, {"testsuite", suite}}}}}
      .dump();
}

SandboxRun finished(const std::vector<std::pair<std::string, std::string>>& tests) {
  SandboxRun run;
  bool failed = false;
  for (const auto& t : tests) failed = failed || !t.second.empty();
  run.exit_code = failed ? 1 : 0;
  run.result_json = gtest_json(tests);
  return run;
}

SandboxRun crashed(const std::string& running_test, const std::string& output) {
  SandboxRun run;
  run.ending = RunEnding::Signaled;
  run.signal = 11;
  run.last_started_test = running_test;
  run.output = output;
  return run;
}

RunBlame blame(const ValidityRun& run, const SandboxRun& sandbox,
               const std::vector<std::string>& listed = {},
               const std::set<std::string>& known = {"A.t", "A.u"}) {
  return blame_run(run, classify_run(sandbox, listed), sandbox.output, listed, known, {});
}

// A suite of tests "A.x" whose outcome on each variant a function decides; it honours the
// exclusion filter as GoogleTest does and records the arguments of every run.
struct FakeSuite {
  // Returns the failure message of `test` on `variant` given the tests excluded ("" passes).
  using Failure =
      std::function<std::string(const std::string& variant, std::uint64_t seed,
                                const std::string& test, const std::set<std::string>& excluded)>;
  FakeSuite(std::vector<std::string> tests, Failure failure)
      : tests(std::move(tests)), failure(std::move(failure)) {}

  std::vector<std::string> tests;
  Failure failure;
  std::mutex mutex;
  std::vector<std::vector<std::string>> arguments_seen;

  SandboxRun operator()(const ValidityRun& run, const std::vector<std::string>& arguments) {
    {
      std::lock_guard lock(mutex);
      arguments_seen.push_back(arguments);
    }
    std::set<std::string> excluded;
    if (!arguments.empty()) {
      std::string list = arguments.front().substr(std::string("--gtest_filter=-").size());
      for (std::size_t start = 0; start <= list.size();) {
        const std::size_t end = std::min(list.find(':', start), list.size());
        excluded.insert(list.substr(start, end - start));
        start = end + 1;
      }
    }
    std::vector<std::pair<std::string, std::string>> ran;
    for (const auto& t : tests)
      if (!excluded.contains("A." + t))
        ran.emplace_back(t, failure(run.variant, run.seed, "A." + t, excluded));
    return finished(ran);
  }
};

ValidityPlan plan(Validity policy = Validity::PerTest) {
  Config config;
  config.reference_seeds = {1, 2};
  std::vector<WheatInfo> wheats = {
      {"w01", WheatKind::Binary, kBinary.title, "the compiler", "the-binary", "other-compiler"},
      {"w03", WheatKind::Semantic, kSemantic.title, "messages", "error-messages", ""}};
  ValidityPlan p;
  p.runs = validity_runs(config, wheats);
  p.policy = policy;
  p.jobs = 2;
  p.suite_dir = "/suite";
  p.reproduce = [](const ValidityRun& run, const std::string& test) {
    return run.variant + " " + std::to_string(run.seed) + " " + test;
  };
  return p;
}

ValidityResult check(FakeSuite& suite, Validity policy = Validity::PerTest) {
  return check_validity(plan(policy), std::ref(suite));
}

std::vector<std::string> names(const std::vector<tinyllm::reports::InvalidTest>& invalid) {
  std::vector<std::string> out;
  for (const auto& t : invalid) out.push_back(t.test);
  return out;
}

}  // namespace

// Catches: wheats run with another seed than the grading seed, a reference seed left out, or the
// grading-seed reference run not first (the mutants' timeout and test list come from it).
TEST(ValidityRuns, reference_with_every_seed_first_then_each_wheat_with_the_grading_seed) {
  const auto runs = plan().runs;
  ASSERT_EQ(runs.size(), 5U);
  EXPECT_EQ(runs[0].variant, "reference");
  EXPECT_EQ(runs[0].seed, 20261201U);
  EXPECT_EQ(runs[1].seed, 1U);
  EXPECT_EQ(runs[2].seed, 2U);
  EXPECT_EQ(runs[3].variant, "w01");
  EXPECT_TRUE(runs[3].binary);
  EXPECT_EQ(runs[4].variant, "w03");
  EXPECT_EQ(runs[4].seed, 20261201U);
  EXPECT_FALSE(runs[4].binary);
}

// Catches: an empty filter passed when nothing is excluded (which would run no test at all), or a
// filter that is not sorted (two grades of one suite would run different arguments).
TEST(ValidityFilter, no_argument_without_exclusions_and_a_sorted_negative_filter_with_them) {
  EXPECT_TRUE(exclusion_arguments({}).empty());
  EXPECT_EQ(exclusion_arguments({"B.u", "A.t"}),
            std::vector<std::string>{"--gtest_filter=-A.t:B.u"});
}

// Catches: a failing test not blamed, or blamed without GoogleTest's failure text.
TEST(ValidityBlame, a_failing_test_is_blamed_with_its_message) {
  const RunBlame b = blame(kReference, finished({{"t", "boom"}, {"u", ""}}));
  ASSERT_EQ(b.failed.size(), 1U);
  EXPECT_EQ(b.failed[0].first, "A.t");
  EXPECT_EQ(b.failed[0].second, "boom");
  EXPECT_TRUE(b.unblamable.empty());
}

// Catches: a binary wheat's failure text kept, which would hand a learner that binary's bytes.
TEST(ValidityBlame, a_binary_wheats_failure_keeps_no_message) {
  const RunBlame b = blame(kBinary, finished({{"t", "hash 0123abcd != 4567ef01"}}));
  ASSERT_EQ(b.failed.size(), 1U);
  EXPECT_EQ(b.failed[0].first, "A.t");
  EXPECT_EQ(b.failed[0].second, "");
}

// Catches: a test name only a binary wheat's run showed (a name can carry the binary's bytes)
// kept in the result.
TEST(ValidityBlame, a_binary_wheat_naming_a_test_the_reference_never_showed_names_nothing) {
  const RunBlame b = blame(kBinary, finished({{"leak_0123abcd", "x"}}));
  EXPECT_TRUE(b.failed.empty());
  EXPECT_NE(b.unblamable.find("depends on the binary"), std::string::npos) << b.unblamable;
  EXPECT_EQ(b.unblamable.find("0123abcd"), std::string::npos) << b.unblamable;
}

// Catches: the test running when a run crashed not blamed, or its output lost from the message.
TEST(ValidityBlame, a_crash_blames_the_running_test_with_the_outcome_and_output) {
  const RunBlame b = blame(kReference, crashed("A.t", "printed before the crash"));
  ASSERT_EQ(b.failed.size(), 1U);
  EXPECT_EQ(b.failed[0].first, "A.t");
  EXPECT_NE(b.failed[0].second.find("crashed with SIGSEGV"), std::string::npos);
  EXPECT_NE(b.failed[0].second.find("printed before the crash"), std::string::npos);
  EXPECT_EQ(blame(kBinary, crashed("A.t", "printed before the crash")).failed[0].second, "");
}

// Catches: a run that fails before any test passing unnoticed (or blaming an empty name), and a
// binary wheat's exit status (a value the suite chooses) echoed in the reason.
TEST(ValidityBlame, a_failure_outside_any_test_is_unblamable) {
  const RunBlame crash = blame(kSemantic, crashed("", ""));
  EXPECT_TRUE(crash.failed.empty());
  EXPECT_NE(crash.unblamable.find("crashed with SIGSEGV"), std::string::npos) << crash.unblamable;
  EXPECT_NE(crash.unblamable.find("w03"), std::string::npos) << crash.unblamable;
  SandboxRun exited = finished({{"t", ""}});
  exited.exit_code = 173;
  EXPECT_NE(blame(kReference, exited).unblamable.find("173"), std::string::npos);
  const RunBlame binary = blame(kBinary, exited);
  EXPECT_FALSE(binary.unblamable.empty());
  EXPECT_EQ(binary.unblamable.find("173"), std::string::npos) << binary.unblamable;
}

// Catches: a test that does not run on a wheat (registered only on some binaries) left valid.
TEST(ValidityBlame, a_test_missing_from_a_runs_list_is_blamed) {
  const RunBlame b = blame(kSemantic, finished({{"t", ""}}), {"A.t", "A.u"});
  ASSERT_EQ(b.failed.size(), 1U);
  EXPECT_EQ(b.failed[0].first, "A.u");
  EXPECT_NE(b.failed[0].second.find("does not run on wheat w03"), std::string::npos);
}

// Catches: a grade of a valid suite spending extra rounds or passing a filter to the mutants.
TEST(ValidityRounds, a_valid_suite_takes_one_round_and_no_filter) {
  FakeSuite suite{{"t", "u"}, [](auto&&...) { return std::string(); }};
  const ValidityResult r = check(suite);
  EXPECT_EQ(r.rounds, 1);
  EXPECT_TRUE(r.run_arguments.empty());
  EXPECT_TRUE(r.invalid_tests.empty());
  EXPECT_TRUE(r.invalid_reasons.empty());
  EXPECT_EQ(r.valid_tests, (std::vector<std::string>{"A.t", "A.u"}));
  ASSERT_EQ(r.tests.size(), 2U);
  EXPECT_EQ(r.tests[0].file, "a_test.cpp");  // relative to the suite folder
}

// Catches: a test failing on one wheat only kept valid, its failure not attributed to that wheat
// with the seed and a reproduce command, or the mutants run without the filter that drops it.
TEST(ValidityRounds, a_test_failing_on_one_wheat_is_invalid_and_filtered_out) {
  FakeSuite suite{{"t", "pins"},
                  [](const std::string& variant, auto, const std::string& test, auto&) {
                    return variant == "w03" && test == "A.pins" ? std::string("message differs")
                                                                : std::string();
                  }};
  const ValidityResult r = check(suite);
  EXPECT_TRUE(r.invalid_reasons.empty());
  EXPECT_EQ(r.rounds, 2);
  EXPECT_EQ(r.run_arguments, std::vector<std::string>{"--gtest_filter=-A.pins"});
  EXPECT_EQ(r.valid_tests, std::vector<std::string>{"A.t"});
  ASSERT_EQ(r.invalid_tests.size(), 1U);
  ASSERT_EQ(r.invalid_tests[0].failures.size(), 1U);
  const auto& f = r.invalid_tests[0].failures[0];
  EXPECT_EQ(f.variant, "w03");
  EXPECT_EQ(f.seed, 20261201U);
  EXPECT_EQ(f.message, "message differs");
  EXPECT_EQ(f.reproduce, "w03 20261201 A.pins");
  EXPECT_EQ(r.tests.size(), 2U);  // the invalid test is still listed
}

// Catches: stopping after the first round, so a test that fails only once another is filtered
// out (it relied on that test's side effects) kills mutants while failing on the reference.
TEST(ValidityRounds, rounds_go_on_until_the_filtered_suite_passes_everywhere) {
  FakeSuite suite{{"a", "b", "c"},
                  [](const std::string& variant, std::uint64_t seed, const std::string& test,
                     const std::set<std::string>& ex) {
                    if (test == "A.a" && variant == "reference" && seed == 2) return "seed 2";
                    if (test == "A.b" && ex.contains("A.a")) return "needs A.a first";
                    return "";
                  }};
  const ValidityResult r = check(suite);
  EXPECT_TRUE(r.invalid_reasons.empty());
  EXPECT_EQ(r.rounds, 3);
  EXPECT_EQ(names(r.invalid_tests), (std::vector<std::string>{"A.a", "A.b"}));
  EXPECT_EQ(r.run_arguments, std::vector<std::string>{"--gtest_filter=-A.a:A.b"});
  EXPECT_EQ(r.valid_tests, std::vector<std::string>{"A.c"});
  // The last round ran exactly what the mutants will run.
  EXPECT_EQ(suite.arguments_seen.back(), r.run_arguments);
}

// Catches: the strict policy grading the valid tests instead of making the grade INVALID.
TEST(ValidityRounds, strict_policy_makes_any_invalid_test_invalidate_the_grade) {
  FakeSuite suite{{"t", "u"}, [](const std::string& variant, auto, const std::string& test, auto&) {
                    return variant == "reference" && test == "A.u" ? "wrong" : "";
                  }};
  const ValidityResult r = check(suite, Validity::Strict);
  EXPECT_EQ(r.rounds, 1);
  ASSERT_EQ(r.invalid_reasons.size(), 1U);
  EXPECT_NE(r.invalid_reasons[0].find("strict"), std::string::npos);
  EXPECT_EQ(names(r.invalid_tests), std::vector<std::string>{"A.u"});
  EXPECT_TRUE(check(suite).invalid_reasons.empty()) << "per test, the valid A.t is graded";
}

// Catches: a suite whose every test is invalid graded (on no test: every mutant survives) instead
// of INVALID, or told it has no tests.
TEST(ValidityRounds, every_test_invalid_is_invalid) {
  FakeSuite suite{{"t", "u"}, [](const std::string& variant, auto, const std::string& test, auto&) {
                    return (variant == "w01") == (test == "A.t") ? "fails" : "";
                  }};
  const ValidityResult r = check(suite);
  EXPECT_TRUE(r.valid_tests.empty());
  ASSERT_EQ(r.invalid_reasons.size(), 1U);
  EXPECT_NE(r.invalid_reasons[0].find("every test is invalid"), std::string::npos);
  EXPECT_EQ(names(r.invalid_tests), (std::vector<std::string>{"A.t", "A.u"}));
  // A binary wheat's failure is named, but keeps no message.
  ASSERT_FALSE(r.invalid_tests[0].failures.empty());
  EXPECT_EQ(r.invalid_tests[0].failures[0].variant, "w01");
  EXPECT_EQ(r.invalid_tests[0].failures[0].message, "");
}

// Catches: a suite with no tests graded instead of INVALID.
TEST(ValidityRounds, no_tests_is_invalid) {
  FakeSuite suite{{}, [](auto&&...) { return std::string(); }};
  const ValidityResult r = check(suite);
  ASSERT_EQ(r.invalid_reasons.size(), 1U);
  EXPECT_NE(r.invalid_reasons[0].find("no tests"), std::string::npos);
}

// Catches: a run that fails with nothing to blame ignored (the mutants would then run a suite
// that fails everywhere) rather than making the grade INVALID.
TEST(ValidityRounds, a_run_failing_with_nothing_to_blame_is_invalid) {
  ValidityPlan p = plan();
  const ValidityResult r =
      check_validity(p, [](const ValidityRun& run, const std::vector<std::string>&) {
        return run.variant == "w03" ? crashed("", "") : finished({{"t", ""}});
      });
  ASSERT_EQ(r.invalid_reasons.size(), 1U);
  EXPECT_NE(r.invalid_reasons[0].find("no test to blame"), std::string::npos);
}

// Catches: rounds that never end for a suite whose tests keep failing differently.
TEST(ValidityRounds, rounds_stop_at_their_limit) {
  int calls = 0;
  std::mutex mutex;
  ValidityPlan p = plan();
  p.jobs = 1;
  // Without the binary wheat, which may not name tests the reference never showed.
  std::erase_if(p.runs, [](const ValidityRun& run) { return run.binary; });
  const ValidityResult r =
      check_validity(p, [&](const ValidityRun&, const std::vector<std::string>&) {
        std::lock_guard lock(mutex);
        ++calls;
        // A fresh test name fails in every run, forever.
        return finished({{"stable", ""}, {"new" + std::to_string(calls), "fails"}});
      });
  EXPECT_EQ(r.rounds, kMaxValidityRounds);
  ASSERT_EQ(r.invalid_reasons.size(), 1U);
  EXPECT_NE(r.invalid_reasons[0].find("kept failing differently"), std::string::npos);
}

// Catches: a test that hangs on the reference with the grading seed waited out again on every
// other seed and wheat (nine timeouts for one hanging test), or the tests after it left without a
// verdict: the grading-seed run goes on without it, and the others never run it.
TEST(Validity, ATestThatTimesOutWithTheGradingSeedIsWaitedOutOnce) {
  std::mutex mutex;
  std::vector<std::vector<std::string>> arguments_seen;
  const auto run = [&](const ValidityRun&, const std::vector<std::string>& arguments) {
    {
      std::lock_guard lock(mutex);
      arguments_seen.push_back(arguments);
    }
    if (!arguments.empty()) return finished({{"ok", ""}});
    SandboxRun hung;
    hung.ending = RunEnding::TimedOut;
    hung.last_started_test = "A.hangs";
    hung.output = "[ RUN      ] A.hangs\n";
    return hung;
  };
  const ValidityResult result = check_validity(plan(), run);
  // The grading-seed run, resumed without it; the other four; a round of all five to settle.
  ASSERT_EQ(arguments_seen.size(), 2U + 4U + 5U);
  EXPECT_TRUE(arguments_seen[0].empty());
  for (std::size_t i = 1; i < arguments_seen.size(); ++i)
    EXPECT_EQ(arguments_seen[i], (std::vector<std::string>{"--gtest_filter=-A.hangs"}));
  ASSERT_EQ(names(result.invalid_tests), (std::vector<std::string>{"A.hangs"}));
  EXPECT_EQ(result.invalid_tests[0].failures.size(), 1U);
  EXPECT_EQ(result.valid_tests, (std::vector<std::string>{"A.ok"}));
  EXPECT_EQ(result.run_seconds.size(), 5U);
  EXPECT_EQ(result.rounds, 2);
  EXPECT_TRUE(result.invalid_reasons.empty());
}

// Catches: a crash that costs the tests after it their verdicts in that run: each run goes on
// without the test it crashed in, so a failure after the crash is found in the same round.
TEST(Validity, ARunGoesOnWithoutTheTestItCrashedIn) {
  FakeSuite suite{{"crashes", "fails_on_w03", "ok"},
                  [](const std::string& variant, std::uint64_t, const std::string& test,
                     const std::set<std::string>&) {
                    return variant == "w03" && test == "A.fails_on_w03" ? "differs" : "";
                  }};
  const auto run = [&](const ValidityRun& r, const std::vector<std::string>& arguments) {
    if (arguments.empty()) return crashed("A.crashes", "[ RUN      ] A.crashes\n");
    return suite(r, arguments);
  };
  const ValidityResult result = check_validity(plan(), run);
  EXPECT_EQ(names(result.invalid_tests),
            (std::vector<std::string>{"A.fails_on_w03", "A.crashes"}));  // never listed: last
  EXPECT_EQ(result.valid_tests, (std::vector<std::string>{"A.ok"}));
  EXPECT_EQ(result.rounds, 2);
  EXPECT_TRUE(result.invalid_reasons.empty());
}
