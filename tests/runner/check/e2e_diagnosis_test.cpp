// The measure of the diagnosis: each of the 24 pitfalls written into a learner's workspace (the
// reference module with that pitfall's change applied, as `start --from-reference --pitfalls sNN`
// writes it) is checked; the course suite must fail as the catalog says and the diagnosis must
// name that pitfall first. One copy of the checked reference's workspace serves all 24 (only src/
// changes between checks), so the course suite and the differential shim are compiled once, as
// for a learner checking again.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "e2e_support.hpp"
#include "mutant_set/catalog.hpp"

namespace tinyllm::e2e {
namespace {

namespace fs = std::filesystem;

const fs::path source_dir = TINYLLM_SOURCE_DIR;

// Catches: a diagnosis that does not name the pitfall a learner's module has (the measure:
// top-1 accuracy over the 24 pitfalls, goal 24/24), and a pitfall workspace on which the course
// suite does not fail as the catalog says (then the workspace is not that pitfall). The pitfall
// is named by behaviour (it behaves exactly like its variant on the differential check's sample),
// and alone: a pitfall's module has one bug. It also catches a pitfall site that `start` cannot
// turn into plain code that compiles (check exits 3, not 1) or resolves to the reference (the
// course tests pass).
TEST(Diagnosis, names_each_of_the_24_pitfalls_first) {
  const auto catalog = runner::load_catalog(source_dir / "mutants" / "catalog.toml", source_dir);
  const fs::path workspace = copy_of_checked_reference("diagnosis");
  int top1 = 0;
  for (const auto& pitfall : catalog) {
    write_pitfalls(workspace, pitfall.id);
    const fs::path out = fresh_folder("diagnosis-report");
    const auto start = std::chrono::steady_clock::now();
    const Graded g = run_grader({"check", workspace.string(), "--quiet", "--output", out.string()});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_EQ(g.status, 1) << pitfall.id << "\n" << g.output;
    const nlohmann::json report = nlohmann::json::parse(std::ifstream(out / "check.json"));
    std::vector<std::string> failing;
    for (const auto& t : report["module"]["courseTests"])
      if (!t["passed"].get<bool>()) failing.push_back(t["test"]);
    for (const std::string& test : pitfall.caught_by)
      EXPECT_NE(std::find(failing.begin(), failing.end(), test), failing.end())
          << pitfall.id << ": " << test << " passes";
    const auto& diagnosis = report["module"]["diagnosis"];
    const std::string first = diagnosis["named"].empty() ? "none" : diagnosis["named"][0]["id"];
    const bool right = first == pitfall.id && diagnosis["confident"].get<bool>();
    top1 += right ? 1 : 0;
    EXPECT_TRUE(right) << pitfall.id << " diagnosed as " << first << "\n" << g.output;
    EXPECT_EQ(diagnosis["named"].size(), 1u) << pitfall.id << "\n" << g.output;
    std::cout << "diagnosis: " << pitfall.id << " -> " << first << " ("
              << (diagnosis["confident"].get<bool>() ? "confident" : "not confident") << "), "
              << seconds << " s\n";
  }
  std::cout << "diagnosis: top-1 accuracy " << top1 << "/" << catalog.size() << "\n";
}

}  // namespace
}  // namespace tinyllm::e2e
