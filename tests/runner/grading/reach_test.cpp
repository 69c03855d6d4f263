// Reach's decisions from a probe record: which mutants are NoCoverage, and covered_by.
#include "grading/reach.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "temp_folder.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {
namespace {

reports::MutantResult mutant(const std::string& id) {
  reports::MutantResult r;
  r.mutant.id = id;
  r.reason = "not run";
  return r;
}

ProbeSites two_sites() {
  ProbeSites sites;
  sites.mutants_of_site = {{"s01", "g1"}, {"g2"}};
  sites.probed = {"s01", "g1", "g2"};
  return sites;
}

// Catches: a mutant whose site was hit marked NoCoverage, one whose site was not left to run, or
// a mutant with no probe point (always reached) marked NoCoverage.
TEST(Reach, unhit_sites_make_their_mutants_no_coverage) {
  const ProbeSites sites = two_sites();
  std::vector<reports::MutantResult> mutants = {mutant("s01"), mutant("g1"), mutant("g2"),
                                                mutant("g9")};
  const int unreached =
      apply_reach(sites, read_probe_record(sites, "0\tA.one\n"), {"A.one"}, mutants);
  EXPECT_EQ(unreached, 1);
  EXPECT_EQ(mutants[0].status, reports::MutantStatus::Survived);
  EXPECT_EQ(mutants[1].status, reports::MutantStatus::Survived);
  EXPECT_EQ(mutants[2].status, reports::MutantStatus::NoCoverage);
  EXPECT_EQ(mutants[2].reason, kNoCoverageReason);
  EXPECT_EQ(mutants[3].status, reports::MutantStatus::Survived) << "g9 has no probe point";
}

// Catches: covered_by naming an invalid test or code run outside any test (""), listing a test
// twice, or unsorted.
TEST(Reach, covered_by_lists_the_valid_tests_that_hit_the_site) {
  const ProbeSites sites = two_sites();
  std::vector<reports::MutantResult> mutants = {mutant("g1")};
  const std::string record = "0\tB.two\n0\t\n0\tA.one\n0\tB.two\n0\tC.invalid\n";
  apply_reach(sites, read_probe_record(sites, record), {"A.one", "B.two"}, mutants);
  EXPECT_EQ(mutants[0].covered_by, (std::vector<std::string>{"A.one", "B.two"}));
}

// Catches: a malformed or hostile record line (a site out of range, no tab, not a number)
// crashing the grader or reaching a mutant.
TEST(Reach, malformed_record_lines_are_ignored) {
  const ProbeSites sites = two_sites();
  std::vector<reports::MutantResult> mutants = {mutant("s01"), mutant("g2")};
  const std::string record =
      "7\tA.one\nx\tA.one\n1A.one\n\t1\n99999999999999999999\tA.one\n-1\tA\n";
  apply_reach(sites, read_probe_record(sites, record), {"A.one"}, mutants);
  EXPECT_EQ(mutants[0].status, reports::MutantStatus::NoCoverage);
  EXPECT_EQ(mutants[1].status, reports::MutantStatus::NoCoverage);
}

// Catches: a switch read as another variant's (a record line's number not the variant's number
// in schema.json), or a variant of the listing left out of the probed set (it would count as
// always reached).
TEST(Reach, each_switch_stands_for_the_variant_with_its_number) {
  const tinyllm::base::testing::TempFolder temp;
  const std::filesystem::path build = temp.path();
  tinyllm::base::write_whole_file(build / "variants" / "schema" / "libtinyllm_oracle.so", "lib");
  tinyllm::base::write_whole_file(
      build / "variants" / "schema.json",
      R"({"format": 3, "mutants": {"s01": 1, "g1": 1000}, "binary_wheats": {}})");
  const ProbeSites sites = probe_sites_of(VariantRuns(build));
  EXPECT_EQ(sites.probed, (std::set<std::string>{"s01", "g1"}));
  std::vector<reports::MutantResult> mutants = {mutant("s01"), mutant("g1")};
  apply_reach(sites, read_probe_record(sites, "1000\tA.one\n"), {"A.one"}, mutants);
  EXPECT_EQ(mutants[0].status, reports::MutantStatus::NoCoverage);
  EXPECT_EQ(mutants[1].covered_by, (std::vector<std::string>{"A.one"}));
}

}  // namespace
}  // namespace tinyllm::runner
