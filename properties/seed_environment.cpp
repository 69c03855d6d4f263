// Makes the suite's RapidCheck runs reproducible: a default seed, and the seed in effect printed
// before the first test.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cstdlib>
#include <iostream>
#include <string>

namespace {

// The seed used when RC_PARAMS does not give one (the date the suite was written).
constexpr const char* kDefaultSeed = "20261201";

class RapidCheckSeed : public ::testing::Environment {
 public:
  void SetUp() override {
    // RapidCheck reads RC_PARAMS once, at its first property; this runs before any test.
    const char* given = std::getenv("RC_PARAMS");
    std::string params = given ? given : "";
    if (params.find("seed=") == std::string::npos) {
      params += std::string(params.empty() ? "" : " ") + "seed=" + kDefaultSeed;
      setenv("RC_PARAMS", params.c_str(), 1);
    }
    const auto seed = rc::detail::configuration().testParams.seed;
    std::cout << "[course] RapidCheck seed=" << seed << " (replay with RC_PARAMS=\"seed=" << seed
              << "\")" << std::endl;
  }
};

// Registered at load time, so it works with gtest_main and with any main that calls RUN_ALL_TESTS.
[[maybe_unused]] ::testing::Environment* const registered =
    ::testing::AddGlobalTestEnvironment(new RapidCheckSeed);

}  // namespace
