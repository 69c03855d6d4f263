// The fork server's protocol (docs/grading.md, "One process per grade"), shared by the server
// linked into every suite (fork_server.cpp) and the grader's side (sandbox/run_server.cpp). One
// SOCK_SEQPACKET socket, handed into the sandbox as kServerFd: each message is a Message header,
// then `bytes` of text, and at most one descriptor (SCM_RIGHTS).
//
//   server -> grader  Ready, or Refused (text: why it cannot serve), once, before any run
//   grader -> server  Run (token, text: the arguments, each ended by '\0'; descriptor: the run's
//                     stdout and stderr)
//   grader -> server  Stop: end the run now (its time or output is over)
//   server -> grader  Result (ending, value; descriptor: the result file, when there is one),
//                     once everything the run started is gone and its folders are empty
//
// The grader closes its end to make the server exit.
#pragma once
#include <cstddef>
#include <cstdint>

namespace tinyllm::fork_server {

// The variable that names the socket's descriptor to the suite's process (erased before main).
inline constexpr const char* kFdVariable = "TINYLLM_FORK_SERVER_FD";
inline constexpr int kServerFd = 4;

inline constexpr std::uint32_t kMagic = 0x74666b73u;
// The largest message either side sends (header and text).
inline constexpr std::size_t kMaxMessage = 128 * 1024;

enum class Kind : std::uint32_t { Ready = 1, Refused, Run, Stop, Result };

enum class Ending : std::int32_t { Exited = 0, Signaled = 1 };

struct Message {
  std::uint32_t magic = kMagic;
  Kind kind = Kind::Ready;
  std::uint64_t token = 0;         // Run: selects the mutant (or none: a decoy)
  Ending ending = Ending::Exited;  // Result
  std::int32_t value = 0;          // Result: the exit status or the signal
  std::uint32_t bytes = 0;         // the text after the header
  std::uint32_t has_result = 0;    // Result: a descriptor of the result file follows
};

}  // namespace tinyllm::fork_server
