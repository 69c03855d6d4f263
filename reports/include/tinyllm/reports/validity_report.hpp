// What a learner's report may say about an invalid test: a test that failed on a correct
// implementation (the reference with one of its seeds, or a wheat). Every writer goes through
// these, so that no format says more about a wheat than the reveal policy allows and none ever
// echoes what a test saw of a binary wheat.
#pragma once
#include <string>
#include <vector>

#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// One ValidityFailure as a report may show it.
struct ShownFailure {
  // Where the test failed, in words: "fails on the reference implementation (RapidCheck seed 7)",
  // "fails on wheat w03 (error messages worded differently), a correct implementation", or, for a
  // binary wheat, "depends on the binary: it fails on the reference built without optimisation".
  std::string where;
  // With Reveal::TitleAndSymptom and a semantic wheat: what it varies and the freedom that allows
  // it ("what it varies: ...; the contract leaves that open:
  // docs/contract-freedoms.md#error-messages").
  std::string why_allowed;
  // The failure's text: the reference's always; a semantic wheat's with Reveal::TitleAndSymptom
  // only; a binary wheat's (or an unknown variant's) never, even when the data holds one.
  std::string message;
  std::string reproduce;  // the command that reruns that case
};

// Returns what a report may show of `failure` under `result.reveal` (see ShownFailure).
ShownFailure shown_failure(const GradeResult& result, const ValidityFailure& failure);

// Returns true when `failure` ran on a binary wheat, or on a variant the grade does not know (the
// safe side: its output is never shown).
bool hides_output(const GradeResult& result, const ValidityFailure& failure);

// Returns the sentence every format shows about the validity check: "Validity: per-test; 2 invalid
// tests (not graded); a valid test passes on the reference with every seed and on 5 wheats (w01,
// w02, w03, w04, w05)." Names wheats by id only: a semantic wheat's title is a reveal matter.
std::string validity_line(const GradeResult& result);

// Returns "2 invalid tests were not graded: A.b, C.d (each fails on a correct implementation)", or
// "" when there is none. With Validity::Strict or an INVALID grade the words say so instead.
std::string invalid_tests_sentence(const GradeResult& result);

// Returns the names of the invalid tests, in the grade's order.
std::vector<std::string> invalid_test_names(const GradeResult& result);

}  // namespace tinyllm::reports
