// A fork server's sandbox (see run_server.hpp): the grader's side of fork_server/protocol.hpp. The
// server's sandbox runs in a thread of its own (run_sandboxed, until the server ends); each run is
// watched here as supervise_run watches a run of its own: its output, its time, its end.
#include "sandbox/run_server.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <stdexcept>

#include "channel.hpp"
#include "sandbox/sandbox_child.hpp"
#include "sandbox/sandbox_plan.hpp"
#include "sandbox/sandbox_supervise.hpp"

namespace tinyllm::runner {
namespace {

using Clock = std::chrono::steady_clock;
using namespace tinyllm::fork_server;

// How long a server may take to answer a Stop before it is given up.
constexpr double kStopSeconds = 5;

int milliseconds_until(Clock::time_point when) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(when - Clock::now());
  return static_cast<int>(std::clamp<long long>(left.count(), 0, 1000));
}

Clock::time_point after(double seconds) {
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

// The result file the server passed: a regular file of at most kMaxResultBytes, or nothing.
std::optional<std::string> read_result(int fd) {
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
      static_cast<std::size_t>(st.st_size) > detail::kMaxResultBytes)
    return std::nullopt;
  std::string bytes(static_cast<std::size_t>(st.st_size), '\0');
  std::size_t have = 0;
  while (have < bytes.size()) {
    const ssize_t n = pread(fd, bytes.data() + have, bytes.size() - have, static_cast<off_t>(have));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    have += static_cast<std::size_t>(n);
  }
  bytes.resize(have);
  if (bytes.empty()) return std::nullopt;
  return bytes;
}

}  // namespace

RunServer::RunServer(RunRequest request, double start_seconds) {
  int pair[2], cancel[2], ended[2];
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0)
    throw std::runtime_error(fmt::format("fork server: socketpair failed ({})", strerror(errno)));
  socket_ = pair[0];
  theirs_ = pair[1];
  if (pipe2(cancel, O_CLOEXEC) != 0 || pipe2(ended, O_CLOEXEC) != 0)
    throw std::runtime_error(fmt::format("fork server: pipe2 failed ({})", strerror(errno)));
  cancel_read_ = cancel[0];
  cancel_write_ = cancel[1];
  ended_read_ = ended[0];
  ended_write_ = ended[1];
  request.arguments.clear();
  request.server_socket = theirs_;
  request.cancel_fd = cancel_read_;
  sandbox_ = std::thread([this, request] {
    try {
      run_sandboxed(request);
    } catch (...) {  // the server never started, or its sandbox failed: it serves nothing
    }
    const char end = 'e';
    [[maybe_unused]] const ssize_t n = write(ended_write_, &end, 1);
  });
  // The server's end stays open here until the server greets: until then, the sandbox's end
  // (ended_read_) tells a server that never came.
  pollfd watch[2] = {{socket_, POLLIN, 0}, {ended_read_, POLLIN, 0}};
  const auto deadline = after(start_seconds);
  while (Clock::now() < deadline && poll(watch, 2, milliseconds_until(deadline)) <= 0) {
  }
  close(theirs_);
  theirs_ = -1;
  Message hello;
  std::string why;
  int fd = -1;
  if (watch[0].revents == 0 && watch[1].revents != 0) {
    lose("the suite ended before main");
  } else if (watch[0].revents == 0) {
    lose(fmt::format("the suite did not start within {:.0f} s", start_seconds));
  } else if (!receive_message(socket_, hello, why, fd)) {
    lose("the suite ended before main");
  } else if (hello.kind != Kind::Ready) {
    lose(hello.kind == Kind::Refused ? why : "it sent no greeting");
  } else {
    serving_ = true;
  }
  if (fd >= 0) close(fd);
}

RunServer::~RunServer() {
  lose("");
  if (sandbox_.joinable()) sandbox_.join();
  for (int fd : {socket_, theirs_, cancel_read_, cancel_write_, ended_read_, ended_write_})
    if (fd >= 0) close(fd);
}

void RunServer::lose(std::string why) {
  if (serving_ || why_not_.empty()) why_not_ = std::move(why);
  serving_ = false;
  shutdown(socket_, SHUT_RDWR);
  const char stop = 's';
  [[maybe_unused]] const ssize_t n = write(cancel_write_, &stop, 1);
}

std::optional<SandboxRun> RunServer::run(std::uint64_t token,
                                         const std::vector<std::string>& arguments,
                                         double timeout_seconds, const ResourceLimits& limits) {
  if (!serving_) return std::nullopt;
  std::string text;
  for (const std::string& a : arguments) text.append(a).push_back('\0');
  text.append("--gtest_output=json:").append(detail::kSandboxResultFile).push_back('\0');
  int output[2];
  if (pipe2(output, O_CLOEXEC) != 0) return std::nullopt;
  Message request;
  request.kind = Kind::Run;
  request.token = token;
  const auto start = Clock::now();
  const bool sent = send_message(socket_, request, text, output[1]);
  close(output[1]);
  if (!sent) {
    close(output[0]);
    lose("the server is gone");
    return std::nullopt;
  }

  SandboxRun run;
  detail::OutputKeeper kept;
  const std::size_t output_cap = static_cast<std::size_t>(limits.output_mb * 1024 * 1024);
  std::optional<RunEnding> stopped;
  auto deadline = after(timeout_seconds);
  auto stop = [&](RunEnding why) {
    if (stopped) return;
    stopped = why;
    Message m;
    m.kind = Kind::Stop;
    send_message(socket_, m);
    deadline = after(kStopSeconds);
  };
  std::optional<Message> result;
  int result_fd = -1;
  bool output_open = true, lost = false;
  std::array<char, 1 << 16> buffer;
  while (!lost && (!result || output_open)) {
    pollfd fds[2] = {{output_open ? output[0] : -1, POLLIN, 0}, {result ? -1 : socket_, POLLIN, 0}};
    const int wait_ms = result ? 2000 : milliseconds_until(deadline);
    const int ready = poll(fds, 2, wait_ms);
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0 && result) break;  // the run's processes are gone; a copy of the pipe is not
    if (ready == 0 && Clock::now() >= deadline) {
      if (stopped) lost = true;  // the server does not answer a Stop
      stop(RunEnding::TimedOut);
      continue;
    }
    if (fds[0].revents != 0) {
      const ssize_t n = read(output[0], buffer.data(), buffer.size());
      if (n > 0) {
        kept.add(buffer.data(), static_cast<std::size_t>(n));
        if (kept.total > output_cap) stop(RunEnding::OutputLimit);
      } else if (n == 0 || errno != EINTR) {
        output_open = false;
      }
    }
    if (fds[1].revents != 0) {
      Message m;
      std::string unused;
      if (receive_message(socket_, m, unused, result_fd) && m.kind == Kind::Result) {
        result = m;
        run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      } else {
        lost = true;
      }
    }
  }
  close(output[0]);
  if (lost || !result) {
    if (result_fd >= 0) close(result_fd);
    lose("the server ended during a run");
    if (!stopped) return std::nullopt;  // the run's end is unknown: it runs again on its own
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  }
  if (stopped) {
    run.ending = *stopped;
  } else if (result->ending == Ending::Signaled) {
    run.ending = RunEnding::Signaled;
    run.signal = result->value;
  } else {
    run.ending = RunEnding::Exited;
    run.exit_code = result->value;
  }
  if (result_fd >= 0) {
    if (!stopped && result->has_result) run.result_json = read_result(result_fd);
    close(result_fd);
  }
  run.output = kept.text();
  run.last_started_test = kept.last_started_test();
  return run;
}

}  // namespace tinyllm::runner
