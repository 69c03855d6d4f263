// The fork server, linked into every suite the grader compiles, last, with -Wl,--wrap=main
// (runner/CMakeLists.txt, suite_build/compile.cpp): __wrap_main runs after every static initializer
// of the suite and its libraries, before main. Without TINYLLM_FORK_SERVER_FD it calls main at
// once, and the program is what it was without it. With it (a grade's mutant runs, in a sandbox),
// the process becomes a server: it never runs a test; for each run the grader asks for, it forks a
// child that selects the run's mutant in the schema library and calls main with the arguments a
// run of its own would have had; then it kills everything the child left, empties the folders a
// run may write, and answers with how the child ended and its result file (protocol.hpp).
//
// A child starts from the server's state, which is the state of a suite's fresh process after its
// static initialisation: the server allocates nothing on the heap (raw system calls, static
// buffers), so a child's heap is laid out as a fresh process's is, and a mutant that reads past
// its memory reads what it would have read on its own. That holds as long as the suite's state
// holds nothing a fork shares or drops: the server refuses to serve (and the grader runs every run
// the one-process way) when the suite has started a thread, holds a descriptor or a shared
// writable mapping, or has set a timer before main.
#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "channel.hpp"

extern "C" int __real_main(int argc, char** argv, char** envp);

namespace {

using namespace tinyllm::fork_server;

using Select = void (*)(std::uint64_t);

// The folders a run may write in the sandbox (sandbox_plan.cpp), emptied after each run.
constexpr const char* kRunFolders[] = {"/tmp", "/work", "/grade/result", "/dev/shm"};
constexpr int kFolders = sizeof kRunFolders / sizeof *kRunFolders;
mode_t folder_modes[kFolders];  // as the sandbox made them, restored after each run

// The most arguments a run may have (the grader sends a filter and the result file's flag).
constexpr int kMaxArguments = 1024;
char* run_argv[kMaxArguments + 2];

// Room for the /proc files the server reads whole (its memory map, the IPC tables).
char file_buffer[1 << 20];

bool is_number(const char* name) {
  if (*name == '\0') return false;
  for (; *name != '\0'; ++name)
    if (*name < '0' || *name > '9') return false;
  return true;
}

// Calls `each(entry, folder's descriptor)` for every entry of the open folder `dir` but "." and
// "..", from its start; stops when it returns false. Returns false when it was stopped.
template <typename Each>
bool each_entry(int dir, Each each) {
  lseek(dir, 0, SEEK_SET);
  alignas(dirent64) char entries[4096];
  for (long n; (n = syscall(SYS_getdents64, dir, entries, sizeof entries)) > 0;)
    for (long at = 0; at < n;) {
      const auto* entry = reinterpret_cast<const dirent64*>(entries + at);
      at += entry->d_reclen;
      if (std::strcmp(entry->d_name, ".") == 0 || std::strcmp(entry->d_name, "..") == 0) continue;
      if (!each(entry->d_name, dir)) return false;
    }
  return true;
}

// Calls `each(number, folder's descriptor)` for every number-named entry of `folder`.
template <typename Each>
bool each_number(const char* folder, Each each) {
  const int dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return false;
  const bool all = each_entry(
      dir, [&](const char* name, int fd) { return !is_number(name) || each(std::atoi(name), fd); });
  close(dir);
  return all;
}

// Reads a /proc file whole into file_buffer, NUL-terminated. Returns false when it cannot, or
// when it does not fit.
bool read_whole(const char* path) {
  const int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  std::size_t have = 0;
  for (ssize_t n; (n = read(fd, file_buffer + have, sizeof file_buffer - 1 - have)) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    have += static_cast<std::size_t>(n);
    if (have == sizeof file_buffer - 1) break;
  }
  close(fd);
  file_buffer[have] = '\0';
  return have < sizeof file_buffer - 1;
}

// Why a child of this process would not start as a fresh process of the suite does, or nullptr.
const char* why_not_serve(int socket) {
  int threads = 0;
  each_number("/proc/self/task", [&](int, int) { return ++threads, true; });
  if (threads != 1) return "the suite starts a thread before main";
  const bool none_held = each_number("/proc/self/fd", [&](int fd, int listing) {
    return fd <= 2 || fd == socket || fd == listing;
  });
  if (!none_held) return "the suite holds an open descriptor before main";
  if (!read_whole("/proc/self/maps")) return "the suite maps more memory than the server checks";
  // Each line: "start-end perms offset ...", perms as "rw-s" for a shared writable mapping.
  for (const char* line = file_buffer; *line != '\0';) {
    const char* perms = std::strchr(line, ' ');
    if (perms != nullptr && std::strlen(perms) > 4 && perms[2] == 'w' && perms[4] == 's')
      return "the suite maps shared writable memory before main";
    const char* next = std::strchr(line, '\n');
    if (next == nullptr) break;
    line = next + 1;
  }
  for (int which : {ITIMER_REAL, ITIMER_VIRTUAL, ITIMER_PROF}) {
    itimerval timer{};
    if (getitimer(which, &timer) == 0 &&
        (timer.it_value.tv_sec != 0 || timer.it_value.tv_usec != 0))
      return "the suite sets a timer before main";
  }
  if (read_whole("/proc/self/timers") && file_buffer[0] != '\0')
    return "the suite creates a timer before main";
  return nullptr;
}

// Removes everything inside the open folder `dir` (closed here), making folders writable first.
// Returns false when something stays.
bool empty_folder(int dir) {
  bool removed_all = false;
  for (int pass = 0; pass < 16 && !removed_all; ++pass) {
    bool any = false, failed = false;
    each_entry(dir, [&](const char* name, int folder) {
      any = true;
      struct stat st {};
      if (fstatat(folder, name, &st, AT_SYMLINK_NOFOLLOW) != 0) return true;
      if (S_ISDIR(st.st_mode)) {
        fchmodat(folder, name, 0700, 0);
        const int inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (inner < 0 || !empty_folder(inner)) failed = true;
        if (unlinkat(folder, name, AT_REMOVEDIR) != 0) failed = true;
      } else if (unlinkat(folder, name, 0) != 0) {
        failed = true;
      }
      return true;
    });
    removed_all = !any;
    if (failed) break;
  }
  close(dir);
  return removed_all;
}

void record_folder_modes() {
  for (int i = 0; i < kFolders; ++i) {
    struct stat st {};
    folder_modes[i] = stat(kRunFolders[i], &st) == 0 ? st.st_mode & 07777 : 0;
  }
}

bool empty_run_folders() {
  bool all = true;
  for (int i = 0; i < kFolders; ++i) {
    if (folder_modes[i] == 0) continue;  // not in this sandbox
    chmod(kRunFolders[i], 0700);
    const int dir = open(kRunFolders[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    all = dir >= 0 && empty_folder(dir) && all;
    all = chmod(kRunFolders[i], folder_modes[i]) == 0 && all;
  }
  return all;
}

// Calls `remove(id)` for each object of a /proc/sysvipc table ("key id ..." after a header).
template <typename Remove>
void each_ipc_object(const char* table, Remove remove) {
  if (!read_whole(table)) return;
  const char* line = std::strchr(file_buffer, '\n');
  while (line != nullptr && *++line != '\0') {
    char* end = nullptr;
    std::strtol(line, &end, 10);                    // the key
    const long id = std::strtol(end, nullptr, 10);  // the id
    remove(static_cast<int>(id));
    line = std::strchr(line, '\n');
  }
}

// Removes the System V IPC objects a run made (the sandbox has an IPC namespace of its own).
void remove_ipc_objects() {
  each_ipc_object("/proc/sysvipc/shm", [](int id) { shmctl(id, IPC_RMID, nullptr); });
  each_ipc_object("/proc/sysvipc/sem", [](int id) { semctl(id, 0, IPC_RMID); });
  each_ipc_object("/proc/sysvipc/msg", [](int id) { msgctl(id, IPC_RMID, nullptr); });
}

// Kills every process of the sandbox but its PID 1 (the launcher, which reaps them) and this one,
// and waits until they are gone. Returns false when some outlive five seconds.
bool end_the_rest() {
  const int self = getpid();
  for (int waited_ms = 0; waited_ms < 5000; ++waited_ms) {
    kill(-1, SIGKILL);
    while (waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    if (each_number("/proc", [&](int pid, int) { return pid == 1 || pid == self; })) return true;
    usleep(1000);
  }
  return false;
}

// Points run_argv at the server's program name and the request's arguments (each ended by '\0'
// in `text`). Returns their count, or -1 when there are too many.
int split_arguments(char* program, char* text, std::size_t size) {
  int count = 0;
  run_argv[count++] = program;
  for (std::size_t at = 0; at < size;) {
    const char* end = static_cast<const char*>(std::memchr(text + at, '\0', size - at));
    if (end == nullptr) break;
    if (count > kMaxArguments) return -1;
    run_argv[count++] = text + at;
    at = static_cast<std::size_t>(end - text) + 1;
  }
  run_argv[count] = nullptr;
  return count;
}

// The result file the run's arguments name (--gtest_output=json:PATH), or nullptr.
const char* result_file_of(int argc) {
  constexpr const char kFlag[] = "--gtest_output=json:";
  for (int i = 1; i < argc; ++i)
    if (std::strncmp(run_argv[i], kFlag, sizeof kFlag - 1) == 0)
      return run_argv[i] + sizeof kFlag - 1;
  return nullptr;
}

// Serves runs until the grader closes the socket. Returns only in a child, with main's status.
int serve(int socket, char* program) {
  const auto select = reinterpret_cast<Select>(dlsym(RTLD_DEFAULT, "tinyllm_schema_select"));
  const char* why = select == nullptr ? "the library has no mutant switch" : why_not_serve(socket);
  Message hello;
  hello.kind = why == nullptr ? Kind::Ready : Kind::Refused;
  if (!send_message(socket, hello, why, why == nullptr ? 0 : std::strlen(why)) || why != nullptr)
    _exit(0);
  record_folder_modes();
  for (;;) {
    Message request;
    const char* text = nullptr;
    int output = -1;
    if (!receive_message(socket, request, text, output) || request.kind != Kind::Run || output < 0)
      _exit(0);
    const int argc = split_arguments(program, const_cast<char*>(text), request.bytes);
    if (argc < 0) _exit(0);
    const pid_t child = static_cast<pid_t>(syscall(SYS_clone, SIGCHLD, nullptr, nullptr, nullptr,
                                                   nullptr));  // no atfork handlers of the suite
    if (child == 0) {                                          // the run
      close(socket);
      dup2(output, 1);
      dup2(output, 2);
      close(output);
      select(request.token);
      return __real_main(argc, run_argv, environ);
    }
    close(output);
    if (child < 0) _exit(0);
    const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, child, 0));
    int status = 0;
    for (bool ended = false; !ended;) {
      pollfd watch[2] = {{pidfd, POLLIN, 0}, {socket, POLLIN, 0}};
      if (poll(watch, 2, -1) < 0) continue;
      if (watch[1].revents != 0) {  // Stop, or the grader is gone
        Message stop;
        const char* unused = nullptr;
        int fd = -1;
        const bool stopped = receive_message(socket, stop, unused, fd) && stop.kind == Kind::Stop;
        if (fd >= 0) close(fd);
        kill(child, SIGKILL);
        if (!stopped) {
          end_the_rest();
          _exit(0);
        }
      }
      if (watch[0].revents != 0 || pidfd < 0) ended = waitpid(child, &status, 0) == child;
    }
    if (pidfd >= 0) close(pidfd);
    Message result;
    result.kind = Kind::Result;
    result.ending = WIFSIGNALED(status) ? Ending::Signaled : Ending::Exited;
    result.value = WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status);
    if (!end_the_rest()) _exit(0);
    const char* result_path = result_file_of(argc);
    const int result_fd = result_path == nullptr
                              ? -1
                              : open(result_path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    result.has_result = result_fd >= 0 ? 1 : 0;
    remove_ipc_objects();
    const bool clean = empty_run_folders();
    const bool sent = send_message(socket, result, nullptr, 0, result_fd);
    if (result_fd >= 0) close(result_fd);
    if (!sent || !clean) _exit(0);
  }
}

}  // namespace

extern "C" int __wrap_main(int argc, char** argv, char** envp) {
  const char* named = std::getenv(kFdVariable);
  if (named == nullptr || argc < 1) return __real_main(argc, argv, envp);
  const int socket = std::atoi(named);
  unsetenv(kFdVariable);
  return serve(socket, argv[0]);
}
