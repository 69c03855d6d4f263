// Whether a learner's module passed `check` as it is now: `check` records the module's content
// hash when its module half passes (DIR/.tinyllm/module-passed), and `diff` reads it.
#pragma once
#include <string>

#include "workspace/workspace.hpp"

namespace tinyllm::runner {

// Returns the hash of the module's files as they are now (include/ and src/, paths and bytes).
std::string module_sources_hash(const Workspace& workspace);

// Records the module verdict of a check of the module whose files hashed to `hash`: passed keeps
// the hash, not passed removes any record.
void record_module_verdict(const Workspace& workspace, const std::string& hash, bool passed);

// Returns whether the module's files, as they are now, are those of a module that passed check.
bool module_passes(const Workspace& workspace);

}  // namespace tinyllm::runner
