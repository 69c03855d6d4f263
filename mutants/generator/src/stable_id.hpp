// The stable id of a generated mutant: no line number in it, so an unrelated edit elsewhere in
// the file (a line inserted above, another function changed) keeps every id.
#pragma once
#include <string>

namespace tinyllm::generator {

struct MutantKey {
  std::string file;
  std::string function;
  std::string operator_name;
  std::string original;  // whitespace collapsed
  int occurrence = 0;
};

// Returns "file|function|operator|original|#occurrence".
std::string readable_key(const MutantKey& key);

// Returns "g" and the first 10 hex digits of the 64-bit FNV-1a hash of readable_key(key),
// finalized by SplitMix64's mixer.
std::string stable_id(const MutantKey& key);

}  // namespace tinyllm::generator
