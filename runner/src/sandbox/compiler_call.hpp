// One compiler or linker call on a learner's files: in the sandbox (sandbox.hpp's run_tool), within
// the compile's limits, and, for a compile, held to an include policy: the preprocessor's
// dependency list (-MD) is checked against the folders the call may read, before any of the
// compiler's messages is shown. So a file outside them (a secret of the grading machine, the
// oracle's internals) never reaches a report, in any isolation: in a sandbox the file is not
// there to read (the policy is a second wall); in plain mode the policy is the only one.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace tinyllm::runner {

// What a compile may read: files under `folders`, the `files` themselves, and the compiler's own
// system include folders (the standard library, GoogleTest, RapidCheck, ...).
struct IncludePolicy {
  std::vector<std::filesystem::path> folders;
  std::vector<std::filesystem::path> files;
  // Where the learner's #include lines are looked for, to name the one that was refused.
  std::vector<std::filesystem::path> learner_folders;
  // What may be included, in a learner's words ("its own folder, <tinyllm/...>, ...").
  std::string allowed_in_words;
};

// How every call of one build is sandboxed.
struct CompilerSandbox {
  Isolation isolation = Isolation::Plain;  // resolved
  ResourceLimits limits;
  double timeout_seconds = 600;
};

struct CompilerCall {
  std::vector<std::string> argv;  // the whole command; a compile has "-c SOURCE -o OBJECT"
  std::vector<std::filesystem::path> readable;  // besides the system: inputs, headers, libraries
  std::filesystem::path output_dir;             // writable: objects, the program, dependency files
  // A compile: the policy its dependency list is held to (-MD -MF <dependency_file> is added).
  std::optional<IncludePolicy> policy;
  std::filesystem::path dependency_file;
};

struct CompilerResult {
  bool ok = false;
  // What may be shown: the compiler's messages (bounded, as a run's output is), or, when the call
  // was stopped or refused, only why, in a learner's words.
  std::string messages;
  bool refused = false;  // the include policy refused it: no other attempt should be made
};

// Runs `call` in `sandbox`. Throws what run_tool throws (the sandbox could not be set up).
CompilerResult call_compiler(const CompilerSandbox& sandbox, const CompilerCall& call);

}  // namespace tinyllm::runner
