// What a failed build of a learner's module means, in the contract's words: the contract check's
// failing lines named by the declaration they check, and the linker's messages about a function
// defined twice, defined by the foundation too, or not defined at all.
#pragma once
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tinyllm::runner {

// Returns one line per declaration of the contract that the compiler's `output` for the contract
// check (the file `contract_check`, whose checks each follow a `// contract: NAME` line) reports
// as failing: "the workspace's include/tinyllm/train/precision.hpp changed the contract's
// declaration of DynamicLossScaler::step: <the compiler's first error there>".
std::vector<std::string> contract_check_problems(std::string_view output,
                                                 const std::filesystem::path& contract_check);

// Returns one line per problem the linker's `output` reports, translated: a function defined
// twice (and in which files), a definition that duplicates the foundation's, a contract function
// not defined (or not with the contract's signature). `sources` maps each object file the link
// was given to the workspace source it was compiled from ("src/cast.cpp"). Symbols may be
// mangled or not.
std::vector<std::string> link_problems(std::string_view output,
                                       const std::map<std::string, std::string>& sources);

// Returns `symbol` demangled (unchanged when it is not a mangled C++ name).
std::string demangled(const std::string& symbol);

}  // namespace tinyllm::runner
