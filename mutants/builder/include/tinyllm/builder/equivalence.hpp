// Trivial compiler equivalence (Papadakis et al., ICSE 2015): a mutant whose object code is the
// reference's is equivalent (no test can tell them apart), and mutants with the same object code
// are one mutant.
#pragma once
#include <string>
#include <vector>

namespace tinyllm::builder {

enum class BuildStatus { Built, Equivalent, Duplicate };

// Returns the manifest's name of `status`: "built", "equivalent" or "duplicate".
const char* build_status_name(BuildStatus status);

struct Equivalence {
  BuildStatus status = BuildStatus::Built;
  std::size_t duplicate_of = 0;  // for Duplicate: the index of the first mutant with this object
};

// Classifies the objects of one file's mutants, in generator order, against `baseline` (the
// unmutated file compiled the same way): equal to the baseline's bytes is Equivalent; equal to an
// earlier built mutant's is a Duplicate of it; anything else is Built. Whole objects are
// compared: compiled with -g0 from stdin, equal source gives equal bytes, so nothing but code and
// data can differ (docs/mutants.md).
std::vector<Equivalence> classify_objects(const std::string& baseline,
                                          const std::vector<std::string>& objects);

}  // namespace tinyllm::builder
