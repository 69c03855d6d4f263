// What reports say about invalid tests: tests that failed on a correct implementation (the
// reference with one of its seeds, or a wheat), from a grade shaped for its reader (for_reader,
// audience.hpp, which withholds what a test saw of a binary wheat, and of a semantic wheat below
// Reveal::TitleAndSymptom).
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
  // For a semantic wheat whose variation the reader may see: what it varies and the freedom that
  // allows it ("what it varies: ...; the contract leaves that open:
  // docs/contract-freedoms.md#error-messages").
  std::string why_allowed;
  // The failure's text, as far as the shaped grade holds it.
  std::string message;
  std::string reproduce;  // the command that reruns that case
};

// Returns how a report shows `failure` (see ShownFailure).
ShownFailure shown_failure(const GradeResult& result, const ValidityFailure& failure);

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
