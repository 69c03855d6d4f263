// The diagnosis on made-up signatures: which known mutant a set of failing course tests names,
// in what order, and when it names none. (diagnosis_signatures_test.cpp measures it on the
// build's real signatures.)
#include "check/diagnosis.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace tinyllm::runner {
namespace {

Signature pitfall(const std::string& id, std::vector<std::string> tests,
                  std::vector<std::string> caught_by = {}) {
  Signature s;
  s.mutant.kind = reports::MutantKind::Pitfall;
  s.mutant.id = id;
  s.mutant.caught_by = std::move(caught_by);
  s.failing_tests = std::move(tests);
  return s;
}

Signature generated(const std::string& id, std::vector<std::string> tests) {
  Signature s = pitfall(id, std::move(tests));
  s.mutant.kind = reports::MutantKind::Generated;
  return s;
}

std::vector<std::string> ids(const SignatureHints& d) {
  std::vector<std::string> out;
  for (const auto& m : d.matches) out.push_back(m.mutant.id);
  return out;
}

// g1 comes before the pitfall with its signature: the order given must not decide the ranking.
const std::vector<Signature> kSignatures = {
    generated("g1", {"C.d", "C.e"}), pitfall("s01", {"C.a", "C.b", "C.c"}, {"C.b"}),
    pitfall("s02", {"C.d", "C.e"}),  pitfall("s03", {"C.a", "C.b"}),
    pitfall("s04", {"C.f"}),         generated("g2", {"C.a", "C.g"}),
};

// Catches: a failing set equal to a signature not named first, or not confidently.
TEST(Diagnosis, exact_signature_is_named_first_and_confidently) {
  const auto d = match_signatures({"C.c", "C.a", "C.b"}, kSignatures);
  ASSERT_FALSE(d.matches.empty());
  EXPECT_EQ(d.matches.front().mutant.id, "s01");
  EXPECT_TRUE(d.close);
  EXPECT_DOUBLE_EQ(d.matches.front().closeness, 1.0);
  EXPECT_TRUE(d.matches.front().missing.empty());
  EXPECT_TRUE(d.matches.front().extra.empty());
  EXPECT_EQ(d.matches.front().shared, (std::vector<std::string>{"C.a", "C.b", "C.c"}));
}

// Catches: a generated mutant with the same signature ranked before the pitfall.
TEST(Diagnosis, pitfall_ranks_before_a_generated_mutant_with_the_same_signature) {
  const auto d = match_signatures({"C.d", "C.e"}, kSignatures);
  ASSERT_GE(d.matches.size(), 2u);
  EXPECT_EQ(ids(d)[0], "s02");
  EXPECT_EQ(ids(d)[1], "g1");
}

// Catches: two mistakes at once (the union of two signatures) naming neither, or only one.
TEST(Diagnosis, union_of_two_signatures_names_both_first) {
  const auto d = match_signatures({"C.a", "C.b", "C.c", "C.f"}, kSignatures);
  ASSERT_GE(d.matches.size(), 2u);
  EXPECT_EQ(ids(d)[0], "s01");
  EXPECT_EQ(ids(d)[1], "s04");
  EXPECT_TRUE(d.close);
  EXPECT_TRUE(d.matches[1].missing.empty());  // fully contained
  EXPECT_EQ(d.matches[1].extra, (std::vector<std::string>{"C.a", "C.b", "C.c"}));
}

// Catches: a confident diagnosis for failures no signature explains.
TEST(Diagnosis, failures_outside_every_signature_are_not_named) {
  const auto none = match_signatures({"C.x", "C.y"}, kSignatures);
  EXPECT_FALSE(none.close);
  EXPECT_TRUE(none.matches.empty());
  // C.g alone: only g2 has it, with another test: half close, listed but not confident.
  const auto partly = match_signatures({"C.g"}, kSignatures);
  EXPECT_FALSE(partly.close);
  ASSERT_FALSE(partly.matches.empty());
  EXPECT_EQ(partly.matches.front().mutant.id, "g2");
  EXPECT_EQ(partly.matches.front().missing, (std::vector<std::string>{"C.a"}));
}

// Catches: a diagnosis made of nothing (no failing test, or no signatures at all).
TEST(Diagnosis, nothing_failing_or_no_signatures_gives_no_match) {
  EXPECT_TRUE(match_signatures({}, kSignatures).matches.empty());
  EXPECT_FALSE(match_signatures({}, kSignatures).close);
  EXPECT_TRUE(match_signatures({"C.a"}, {}).matches.empty());
}

// Catches: the test to read not being the catalog's caught_by test when it fails, or not the
// most specific failing test otherwise.
TEST(Diagnosis, read_test_is_the_catalogs_or_the_most_specific) {
  const auto d = match_signatures({"C.a", "C.b", "C.c"}, kSignatures);
  EXPECT_EQ(d.matches.front().read_test, "C.b");  // s01's caught_by
  // g2: C.a is in three signatures, C.g in one.
  const auto g = match_signatures({"C.a", "C.g"}, kSignatures);
  ASSERT_FALSE(g.matches.empty());
  EXPECT_EQ(g.matches.front().mutant.id, "g2");
  EXPECT_EQ(g.matches.front().read_test, "C.g");
}

// Catches: two one-test signatures named with confidence for any two failing tests of theirs (a
// bug outside the catalog that fails those two tests, read as two known mistakes): such a pair is
// listed first, but not confidently.
TEST(Diagnosis, a_pair_of_one_test_signatures_is_listed_but_not_confident) {
  const std::vector<Signature> singles = {pitfall("s14", {"C.x"}), pitfall("s16", {"C.y"}),
                                          pitfall("s01", {"C.a", "C.b"})};
  const auto d = match_signatures({"C.x", "C.y"}, singles);
  ASSERT_GE(d.matches.size(), 2u);
  EXPECT_EQ(ids(d)[0], "s14");
  EXPECT_EQ(ids(d)[1], "s16");
  EXPECT_FALSE(d.close);
  // A pair that covers three tests or more is evidence enough.
  EXPECT_TRUE(match_signatures({"C.x", "C.a", "C.b"}, singles).close);
}

// Catches: more matches than the report can use, or matches listed below the floor.
TEST(Diagnosis, lists_at_most_the_maximum) {
  std::vector<Signature> many;
  for (int i = 0; i < 10; ++i) many.push_back(generated("g" + std::to_string(i), {"C.a"}));
  const auto d = match_signatures({"C.a"}, many);
  EXPECT_EQ(d.matches.size(), kMaxMatches);
  EXPECT_TRUE(d.close);
}

}  // namespace
}  // namespace tinyllm::runner
