// One wheat of mutants/catalog.toml: a correct alternative implementation of the module, on which
// a valid test passes (docs/mutants.md, "Wheats").
#pragma once
#include <string>

namespace tinyllm::catalog {

enum class WheatKind { Binary, Semantic };

struct WheatInfo {
  std::string id;  // "w01"
  WheatKind kind = WheatKind::Semantic;
  std::string title;    // "error messages worded differently"
  std::string varies;   // what it does differently from the reference, in a sentence
  std::string freedom;  // why that is allowed: the freedom's anchor in docs/contract-freedoms.md
  // Binary wheats only: how the reference is rebuilt, "other-compiler" or "O0", and the folder
  // of that build's library in variants/ (oracle/wheats.cmake).
  std::string build;
};

inline const char* to_string(WheatKind k) {
  return k == WheatKind::Binary ? "binary" : "semantic";
}

}  // namespace tinyllm::catalog
