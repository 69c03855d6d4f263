// The differential check's driver: loads the reference shim and the learner's shim, then runs one
// RapidCheck property per contract area (numeric_properties.cpp, training_properties.cpp), each
// calling both shims on the same generated inputs. It links no tinyllm code: the modules live only
// in the shims. Usage:
//   tinyllm-differential --reference=SHIM --learner=SHIM [GoogleTest flags]
// (or TINYLLM_DIFF_REFERENCE and TINYLLM_DIFF_LEARNER); a shim is a path or a file name found on
// LD_LIBRARY_PATH. RC_PARAMS may give the seed ("seed=N"); the number of cases is always kCases.
// Two more modes of the behavioural diagnosis (behaviour.hpp):
//   --record=FILE --record-id=ID   writes the "learner" shim's behaviour (a mutant's, at build
//                                  time) to FILE and runs no property
//   --behaviours=FILE              adds the tests Behaviour.<area>, which compare the learner with
//                                  the reference and every mutant of FILE on each area's fixed
//                                  sample (run them alone: --gtest_filter=Behaviour.*)
//   --trace-calls                  prints each call of the learner's shim before making it
//                                  ("[call] <the call in words>")
// Exit 0 when every property holds, 1 when one fails, 2 when a shim cannot be loaded or the
// recording fails.
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "behaviour.hpp"
#include "property.hpp"

namespace {

constexpr const char* kDefaultSeed = "20261201";  // the course suite's (seed_environment.cpp)
constexpr const char* kCases = "100";             // cases per property, whatever RC_PARAMS says

// Sets RC_PARAMS before the first property reads it: the given seed or the default, kCases cases.
void set_rapidcheck_params() {
  const char* given = std::getenv("RC_PARAMS");
  std::string seed = kDefaultSeed;
  if (given) {
    const std::string params = given;
    const auto at = params.find("seed=");
    if (at != std::string::npos) seed = params.substr(at + 5, params.find(' ', at) - at - 5);
  }
  const std::string params = std::string("seed=") + seed + " max_success=" + kCases;
  setenv("RC_PARAMS", params.c_str(), 1);
  std::cout << "[differential] RapidCheck seed=" << seed << ", " << kCases << " cases per property"
            << std::endl;
}

std::string option(int argc, char** argv, const std::string& name, const char* environment) {
  const std::string prefix = "--" + name + "=";
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]).rfind(prefix, 0) == 0) return argv[i] + prefix.size();
  const char* value = std::getenv(environment);
  return value ? value : "";
}

}  // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  const std::string reference = option(argc, argv, "reference", "TINYLLM_DIFF_REFERENCE");
  const std::string learner = option(argc, argv, "learner", "TINYLLM_DIFF_LEARNER");
  if (reference.empty() || learner.empty()) {
    std::cerr << "tinyllm-differential: give both shims: --reference=SHIM --learner=SHIM\n";
    return 2;
  }
  const std::string record = option(argc, argv, "record", "TINYLLM_DIFF_RECORD");
  try {
    tinyllm_diff::load_shims(reference, learner);
    if (!record.empty()) {
      tinyllm_diff::record_behaviour(record, option(argc, argv, "record-id", "TINYLLM_DIFF_ID"));
      return 0;
    }
  } catch (const std::exception& e) {
    std::cerr << "tinyllm-differential: " << e.what() << "\n";
    return 2;
  }
  const std::string behaviours = option(argc, argv, "behaviours", "TINYLLM_DIFF_BEHAVIOURS");
  if (!behaviours.empty()) {
    try {
      tinyllm_diff::register_behaviour_tests(behaviours);
    } catch (const std::exception& e) {
      ::testing::Test::RecordProperty("behaviour_error", e.what());
    }
  }
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--trace-calls") tinyllm_diff::trace_learner_calls(true);
  set_rapidcheck_params();
  return RUN_ALL_TESTS();
}
