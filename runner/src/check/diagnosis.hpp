// The test-signature hint of `check`'s diagnosis: which known mutants' signatures (signatures.hpp)
// the course tests that fail on a learner's module resemble, best first, and whether the best is
// close. Only a hint: a few course tests say little about a bug (a cast that truncates fails
// exactly the two tests of s04's signature), so the diagnosis names a mutant only by behaviour
// (behaviour_diagnosis.hpp) and shows these beside it.
//
// Closeness of one signature S to the failing tests F is their Jaccard index |S∩F| / |S∪F|: 1
// exactly when F = S, 0 when they share nothing; a missing test and an extra one cost alike.
//
// A learner may have made two known mistakes at once: F is then the union of two signatures, and
// each alone is only partly close. So an explanation is either one signature, or two signatures
// both contained in F (every test of each fails) neither of which contains the other; it scores
// the closeness of its tests (S, or Sa∪Sb) to F, times
//   - 0.98 for a pair (one mistake explains as much as two, so it comes first),
//   - 0.95 for each generated mutant in it (the pitfalls are the mistakes learners make; with an
//     equal fit, a pitfall is the likelier one).
// A mutant ranks by the best explanation it is part of; equal ranks: pitfalls first, then the
// closer signature, then catalog and manifest order.
//
// Close: the best explanation scores at least 0.75 (e.g. F = S with one test more or fewer
// out of four or more, or exactly a pair's union of three tests or more: kPairMinimumTests). Below
// that, no known signature is close.
#pragma once
#include <string>
#include <vector>

#include "check/signatures.hpp"
#include "tinyllm/reports/check_result.hpp"

namespace tinyllm::runner {

inline constexpr double kPairFactor = 0.98;
inline constexpr double kGeneratedPrior = 0.95;
inline constexpr double kConfidentScore = 0.75;
// A pair is close only when its two signatures cover at least this many tests:
// two one-test signatures together fit any two failing tests of theirs (a bug outside the catalog
// that fails Course.hand_example_loss_scaler and Course.scaler_state_dict_roundtrip is not "s14
// and s16"), so such a pair is listed first but not close.
inline constexpr std::size_t kPairMinimumTests = 3;
// A mutant is listed when its rank reaches this (a signature sharing a third of its tests with F,
// or part of such an explanation), at most kMaxMatches of them.
inline constexpr double kListedScore = 0.3;
inline constexpr std::size_t kMaxMatches = 5;

struct SignatureHints {
  std::vector<reports::DiagnosisMatch> matches;  // best first
  bool close = false;                            // the best explanation reaches kConfidentScore
};

// Returns the matches of `failing_tests` (the course tests failing with the grading seed, any
// order) against `signatures`, best first; no match when nothing failed. Each match's read_test
// is the failing test of its signature to read first: a test its catalog entry names (caught_by)
// when one fails, else the failing one that fewest signatures contain (the most specific).
SignatureHints match_signatures(const std::vector<std::string>& failing_tests,
                                const std::vector<Signature>& signatures);

}  // namespace tinyllm::runner
