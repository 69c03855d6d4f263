// The fixtures of per-test validity: grades with invalid tests of every kind (the reference, a
// semantic wheat, a binary wheat) and a grade whose every test is invalid.
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "fixture_parts.hpp"
#include "fixtures.hpp"

namespace tinyllm::reports::fixtures {

GradeResult graded_with_invalid_tests(Reveal reveal) {
  GradeResult result = full_with_generated(reveal);
  result.suite_name = "hedy";
  result.suite_path = "submissions/hedy";
  result.reach_measured = true;
  result.tests.push_back({"Scaler.Smoke", "scaler_test.cpp", 40});
  for (const auto& [name, line] :
       std::vector<std::pair<const char*, int>>{{"Accumulate.RandomSizes", 50},
                                                {"Errors.PinsMessage", 9},
                                                {"Checkpoint.PinsPeakBytes", 30},
                                                {"Fingerprint.MatchesReference", 12}}) {
    result.tests.push_back({name, "invalid_test.cpp", line});
  }
  result.suite_files["invalid_test.cpp"] = "#include <gtest/gtest.h>\n// tests that over-specify\n";
  // Reach: every detected mutant was run by its killers, Scaler.Smoke runs s11 and s12 and kills
  // nothing, s07 and `<` -> `>=` are run but survive, s21 and the removed call are never run.
  for (MutantResult& mutant : result.mutants) mutant.covered_by = mutant.killed_by;
  auto find = [&](const std::string& id) -> MutantResult& {
    for (MutantResult& mutant : result.mutants)
      if (mutant.mutant.id == id) return mutant;
    throw std::logic_error("no mutant " + id);
  };
  for (const char* id : {"s11", "s12"}) {
    find(id).covered_by.push_back("Scaler.Smoke");
    std::sort(find(id).covered_by.begin(), find(id).covered_by.end());
  }
  MutantResult& s07 = find("s07");
  s07 = MutantResult{s07.mutant, MutantStatus::Survived, "every test passed", {}, 1.0};
  s07.covered_by = {"Accumulate.HandExample", "Scaler.Smoke"};
  find(kGeneratedLtToGe).covered_by = {"Accumulate.HandExample"};
  for (const char* id : {"s21", kGeneratedRemoveCall}) {
    MutantResult& unreached = find(id);
    unreached =
        MutantResult{unreached.mutant, MutantStatus::NoCoverage, "no test runs its code", {}, 0.0};
  }
  result.score = 5.0 / 9.0;
  result.verdict = Verdict::Fail;
  // One invalid test of each kind. The binary wheats' failures hold a message although the grader
  // never stores one: the reports must not show it all the same.
  result.invalid_tests = {
      {"Accumulate.RandomSizes",
       {{"reference", 77,
         "accumulate_test.cpp:50: Failure\nValue of: close(a, b)\n  Actual: false\nRANDOM-SIZES",
         reproduce("reference", 77, "Accumulate.RandomSizes")}}},
      {"Errors.PinsMessage",
       {{"w03", 20240611,
         "errors_test.cpp:9: Failure\nExpected: \"grad_accumulate: empty micro-batch\"\n  "
         "Actual: \"WHEAT-W03-MESSAGE\"",
         reproduce("w03", 20240611, "Errors.PinsMessage")}}},
      {"Checkpoint.PinsPeakBytes",
       {{"w05", 20240611, "checkpoint_test.cpp:30: Failure\npeak_bytes() is WHEAT-W05-BYTES",
         reproduce("w05", 20240611, "Checkpoint.PinsPeakBytes")}}},
      {"Fingerprint.MatchesReference",
       {{"w01", 20240611, "fingerprint_test.cpp:12: Failure\nhash BINARY-W01-BYTES",
         reproduce("w01", 20240611, "Fingerprint.MatchesReference")},
        {"w02", 20240611, "fingerprint_test.cpp:12: Failure\nhash BINARY-W02-BYTES",
         reproduce("w02", 20240611, "Fingerprint.MatchesReference")}}},
  };
  return result;
}

GradeResult every_test_invalid() {
  GradeResult result = base();
  result.suite_name = "alonzo";
  result.verdict = Verdict::Invalid;
  result.score = 0;
  result.tests = {{"Fingerprint.MatchesReference", "fingerprint_test.cpp", 12},
                  {"Accumulate.HandExample", "accumulate_test.cpp", 12}};
  result.invalid_reasons = {"Every test is invalid: no valid test remains to grade."};
  result.invalid_tests = {
      {"Fingerprint.MatchesReference",
       {{"w01", 20240611, "hash BINARY-W01-BYTES",
         reproduce("w01", 20240611, "Fingerprint.MatchesReference")}}},
      {"Accumulate.HandExample",
       {{"reference", 20240611, "accumulate_test.cpp:14: Failure",
         reproduce("reference", 20240611, "Accumulate.HandExample")}}},
  };
  return result;
}

std::vector<std::pair<std::string, GradeResult>> named_validity_fixtures() {
  return {
      {"validity_reveal_nothing", graded_with_invalid_tests(Reveal::Nothing)},
      {"validity_reveal_title", graded_with_invalid_tests(Reveal::Title)},
      {"validity_reveal_symptom", graded_with_invalid_tests(Reveal::TitleAndSymptom)},
      {"invalid_every_test", every_test_invalid()},
  };
}

}  // namespace tinyllm::reports::fixtures
