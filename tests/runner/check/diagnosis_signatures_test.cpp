// The diagnosis measured on the build's real signatures (the yardstick's
// variants/course-suite.json): each pitfall's own failing tests name it first; the union of two
// pitfalls' names both among the first three; failures no known mutant explains are not named.
// The figures are printed (and recorded as test properties) for the README.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "check/diagnosis.hpp"
#include "check/signatures.hpp"
#include "config/config.hpp"
#include "e2e_support.hpp"
#include "mutant_set/catalog.hpp"
#include "mutant_set/generated_set.hpp"

namespace fs = std::filesystem;

namespace tinyllm::runner {
namespace {

using e2e::source_dir;

// The signatures a full-set check diagnoses with: the pitfalls', then the counted generated ones'.
Signatures build_signatures() {
  auto mutants = load_catalog(source_dir / "mutants" / "catalog.toml", source_dir);
  for (auto& m : counted_mutants(load_generated_set(e2e::build_dir, source_dir, true)))
    mutants.push_back(std::move(m));
  return load_signatures(e2e::build_dir, source_dir, mutants, Config{}.seed);
}

std::vector<Signature> pitfalls_of(const Signatures& all) {
  std::vector<Signature> out;
  for (const auto& s : all.signatures)
    if (s.mutant.kind == reports::MutantKind::Pitfall) out.push_back(s);
  return out;
}

std::vector<std::string> first_ids(const SignatureHints& d, std::size_t n) {
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < std::min(n, d.matches.size()); ++i)
    ids.push_back(d.matches[i].mutant.id);
  return ids;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Catches: a pitfall whose own failing tests do not name it first (or not confidently), against
// every signature a full check uses.
TEST(DiagnosisOnBuild, each_pitfalls_own_failures_name_it_first) {
  const Signatures all = build_signatures();
  const auto pitfalls = pitfalls_of(all);
  ASSERT_EQ(pitfalls.size(), 24u) << all.note;
  int top1 = 0;
  for (const auto& p : pitfalls) {
    const auto d = match_signatures(p.failing_tests, all.signatures);
    ASSERT_FALSE(d.matches.empty()) << p.mutant.id;
    EXPECT_EQ(d.matches.front().mutant.id, p.mutant.id);
    EXPECT_TRUE(d.close) << p.mutant.id;
    top1 += d.matches.front().mutant.id == p.mutant.id ? 1 : 0;
  }
  std::cout << "diagnosis: single pitfalls named first: " << top1 << "/24 (against "
            << all.signatures.size() << " signatures)\n";
  RecordProperty("single_top1", top1);
}

using TestSet = std::set<std::string>;

TestSet set_of(const Signature& s) {
  return {s.failing_tests.begin(), s.failing_tests.end()};
}

// Whether the failures `u` of pitfalls a and b are exactly another pitfall's, or another pair's:
// the failing tests cannot then tell which mistakes were made.
bool ambiguous(const std::vector<Signature>& pitfalls, std::size_t a, std::size_t b,
               const TestSet& u) {
  auto inside = [&](std::size_t i) {
    return std::includes(u.begin(), u.end(), pitfalls[i].failing_tests.begin(),
                         pitfalls[i].failing_tests.end());
  };
  for (std::size_t c = 0; c < pitfalls.size(); ++c) {
    if (c == a || c == b || !inside(c)) continue;
    if (set_of(pitfalls[c]) == u) return true;
    for (std::size_t d = 0; d < pitfalls.size(); ++d) {
      if (d == c || !inside(d)) continue;
      TestSet both = set_of(pitfalls[c]);
      both.insert(pitfalls[d].failing_tests.begin(), pitfalls[d].failing_tests.end());
      if (both == u) return true;
    }
  }
  // One signature inside the other: the union is the bigger one's alone.
  return u.size() == pitfalls[a].failing_tests.size() ||
         u.size() == pitfalls[b].failing_tests.size();
}

// Catches: two pitfalls at once not both among the first three matches. When the union of their
// failures is exactly another pitfall's, or another pair's, or one signature lies inside the
// other, the failures cannot tell which mistakes were made: those pairs are counted, not required.
TEST(DiagnosisOnBuild, two_pitfalls_at_once_are_both_among_the_first_three) {
  const Signatures all = build_signatures();
  const auto pitfalls = pitfalls_of(all);
  ASSERT_EQ(pitfalls.size(), 24u) << all.note;
  int pairs = 0, both = 0, clear = 0, clear_both = 0;
  for (std::size_t a = 0; a < pitfalls.size(); ++a)
    for (std::size_t b = a + 1; b < pitfalls.size(); ++b) {
      TestSet u = set_of(pitfalls[a]);
      u.insert(pitfalls[b].failing_tests.begin(), pitfalls[b].failing_tests.end());
      const auto top = first_ids(match_signatures({u.begin(), u.end()}, all.signatures), 3);
      const bool found =
          contains(top, pitfalls[a].mutant.id) && contains(top, pitfalls[b].mutant.id);
      ++pairs;
      both += found ? 1 : 0;
      if (ambiguous(pitfalls, a, b, u)) continue;
      ++clear;
      clear_both += found ? 1 : 0;
      EXPECT_TRUE(found) << pitfalls[a].mutant.id << " + " << pitfalls[b].mutant.id << ": top 3 "
                         << ::testing::PrintToString(top);
    }
  std::cout << "diagnosis: two pitfalls at once, both in the first three: " << both << "/" << pairs
            << " pairs (" << clear_both << "/" << clear
            << " whose failures no other pitfall or pair gives)\n";
  RecordProperty("pairs_both_top3", both);
  RecordProperty("pairs", pairs);
}

// Catches: a confident diagnosis for failures outside the catalog: a single course test no
// signature has alone, every course test at once (a module not written yet), and a scrambled set.
TEST(DiagnosisOnBuild, failures_no_signature_explains_are_not_named) {
  const Signatures all = build_signatures();
  ASSERT_FALSE(all.signatures.empty()) << all.note;
  std::set<std::string> tests;
  std::set<std::vector<std::string>> alone;
  for (const auto& s : all.signatures) {
    tests.insert(s.failing_tests.begin(), s.failing_tests.end());
    alone.insert(s.failing_tests);
  }
  int singles = 0;
  for (const auto& t : tests) {
    if (alone.count({t})) continue;
    ++singles;
    EXPECT_FALSE(match_signatures({t}, all.signatures).close) << t;
  }
  EXPECT_GT(singles, 0);
  EXPECT_FALSE(match_signatures({tests.begin(), tests.end()}, all.signatures).close);
  // Scrambled: every third test of the sorted list.
  std::vector<std::string> scrambled;
  int i = 0;
  for (const auto& t : tests)
    if (i++ % 3 == 0) scrambled.push_back(t);
  const auto d = match_signatures(scrambled, all.signatures);
  EXPECT_FALSE(d.close) << ::testing::PrintToString(first_ids(d, 3));
  std::cout << "diagnosis: " << singles << " single tests no signature has alone, not named\n";
}

// Catches: the empty failing set producing matches.
TEST(DiagnosisOnBuild, nothing_failing_gives_no_match) {
  const Signatures all = build_signatures();
  EXPECT_TRUE(match_signatures({}, all.signatures).matches.empty());
}

}  // namespace
}  // namespace tinyllm::runner
