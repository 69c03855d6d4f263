// Trivial compiler equivalence over one file's mutant objects.
#include "tinyllm/builder/equivalence.hpp"

#include <unordered_map>

namespace tinyllm::builder {

const char* build_status_name(BuildStatus status) {
  switch (status) {
    case BuildStatus::Built:
      return "built";
    case BuildStatus::Equivalent:
      return "equivalent";
    case BuildStatus::Duplicate:
      return "duplicate";
  }
  return "built";
}

std::vector<Equivalence> classify_objects(const std::string& baseline,
                                          const std::vector<std::string>& objects) {
  std::unordered_map<std::string_view, std::size_t> first_with;  // object bytes -> mutant index
  std::vector<Equivalence> result(objects.size());
  for (std::size_t i = 0; i < objects.size(); ++i) {
    if (objects[i] == baseline) {
      result[i].status = BuildStatus::Equivalent;
    } else if (const auto [it, inserted] = first_with.emplace(objects[i], i); !inserted) {
      result[i] = {BuildStatus::Duplicate, it->second};
    }
  }
  return result;
}

}  // namespace tinyllm::builder
