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
// static initialisation, as long as that state holds nothing a fork shares or drops: the server
// refuses to serve (and the grader runs every run the one-process way) when the suite has started
// a thread, holds a descriptor or a shared writable mapping, or has set a timer before main.
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
#include <fstream>
#include <string>
#include <vector>

#include "channel.hpp"

extern "C" int __real_main(int argc, char** argv, char** envp);

namespace {

using namespace tinyllm::fork_server;

using Select = void (*)(std::uint64_t);

// The folders a run may write in the sandbox (sandbox_plan.cpp), emptied after each run.
constexpr const char* kRunFolders[] = {"/tmp", "/work", "/grade/result", "/dev/shm"};
constexpr int kFolders = sizeof kRunFolders / sizeof *kRunFolders;
mode_t folder_modes[kFolders];  // as the sandbox made them, restored after each run

bool is_number(const char* name) {
  if (*name == '\0') return false;
  for (; *name != '\0'; ++name)
    if (*name < '0' || *name > '9') return false;
  return true;
}

// Calls `each` with every number-named entry of `folder`; stops when it returns false.
template <typename Each>
bool each_number(const char* folder, Each each) {
  DIR* dir = opendir(folder);
  if (dir == nullptr) return false;
  bool all = true;
  while (dirent* entry = readdir(dir))
    if (is_number(entry->d_name) && !each(std::atoi(entry->d_name), dirfd(dir))) {
      all = false;
      break;
    }
  closedir(dir);
  return all;
}

// Why a child of this process would not start as a fresh process of the suite does, or "".
std::string why_not_serve(int socket) {
  int threads = 0;
  each_number("/proc/self/task", [&](int, int) { return ++threads, true; });
  if (threads != 1) return "the suite starts a thread before main";
  int held = -1;
  each_number("/proc/self/fd", [&](int fd, int listing) {
    if (fd <= 2 || fd == socket || fd == listing) return true;
    held = fd;
    return false;
  });
  if (held >= 0) return "the suite holds an open descriptor before main";
  std::ifstream maps("/proc/self/maps");
  for (std::string address, permissions, rest; maps >> address >> permissions;) {
    if (permissions.size() == 4 && permissions[1] == 'w' && permissions[3] == 's')
      return "the suite maps shared writable memory before main";
    std::getline(maps, rest);
  }
  for (int which : {ITIMER_REAL, ITIMER_VIRTUAL, ITIMER_PROF}) {
    itimerval timer{};
    if (getitimer(which, &timer) == 0 &&
        (timer.it_value.tv_sec != 0 || timer.it_value.tv_usec != 0))
      return "the suite sets a timer before main";
  }
  std::ifstream timers("/proc/self/timers");
  if (timers.peek() != std::ifstream::traits_type::eof())
    return "the suite creates a timer before main";
  return {};
}

// Removes everything inside the folder `dir` (a descriptor, closed here), making folders writable
// first. Returns false when something stays.
bool empty_folder(int dir) {
  DIR* listing = fdopendir(dir);
  if (listing == nullptr) {
    close(dir);
    return false;
  }
  bool all = true;
  std::vector<std::string> names;
  while (dirent* entry = readdir(listing))
    if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
      names.emplace_back(entry->d_name);
  for (const std::string& name : names) {
    struct stat st {};
    if (fstatat(dir, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      fchmodat(dir, name.c_str(), 0700, 0);
      const int inner = openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      all = inner >= 0 && empty_folder(inner) && all;
      all = unlinkat(dir, name.c_str(), AT_REMOVEDIR) == 0 && all;
    } else {
      all = unlinkat(dir, name.c_str(), 0) == 0 && all;
    }
  }
  closedir(listing);
  return all;
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

// Removes the System V IPC objects a run made (the sandbox has an IPC namespace of its own).
void remove_ipc_objects() {
  auto each_id = [](const char* table, auto remove) {
    std::ifstream listing(table);
    std::string line;
    std::getline(listing, line);  // the column names
    for (long key = 0, id = 0; listing >> key >> id; std::getline(listing, line))
      remove(static_cast<int>(id));
  };
  each_id("/proc/sysvipc/shm", [](int id) { shmctl(id, IPC_RMID, nullptr); });
  each_id("/proc/sysvipc/sem", [](int id) { semctl(id, 0, IPC_RMID); });
  each_id("/proc/sysvipc/msg", [](int id) { msgctl(id, IPC_RMID, nullptr); });
}

// Kills every process of the sandbox but its PID 1 (the launcher, which reaps them) and this one,
// and waits until they are gone. Returns false when some outlive five seconds.
bool end_the_rest() {
  const int self = getpid();
  for (int waited_ms = 0; waited_ms < 5000; ++waited_ms) {
    kill(-1, SIGKILL);
    while (waitpid(-1, nullptr, WNOHANG) > 0) {
    }
    const bool alone = each_number("/proc", [&](int pid, int) { return pid == 1 || pid == self; });
    if (alone) return true;
    usleep(1000);
  }
  return false;
}

// The arguments a run gets: the server's program name, then the request's.
std::vector<std::string> split_arguments(const std::string& text) {
  std::vector<std::string> arguments;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = text.find('\0', at);
    if (end == std::string::npos) break;
    arguments.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return arguments;
}

std::string result_file_of(const std::vector<std::string>& arguments) {
  const std::string flag = "--gtest_output=json:";
  for (const std::string& a : arguments)
    if (a.rfind(flag, 0) == 0) return a.substr(flag.size());
  return {};
}

// In the child: becomes the run and returns main's status.
int become_run(int socket, int output, const Message& request, const std::string& text,
               char* program, Select select) {
  close(socket);
  dup2(output, 1);
  dup2(output, 2);
  close(output);
  select(request.token);
  static std::vector<std::string> arguments;
  static std::vector<char*> argv;
  arguments = split_arguments(text);
  argv = {program};
  for (std::string& a : arguments) argv.push_back(a.data());
  argv.push_back(nullptr);
  return __real_main(static_cast<int>(argv.size() - 1), argv.data(), environ);
}

// Serves runs until the grader closes the socket. Returns only in a child, with main's status.
int serve(int socket, char* program) {
  const auto select = reinterpret_cast<Select>(dlsym(RTLD_DEFAULT, "tinyllm_schema_select"));
  std::string why = select == nullptr ? "the library has no mutant switch" : why_not_serve(socket);
  Message hello;
  hello.kind = why.empty() ? Kind::Ready : Kind::Refused;
  if (!send_message(socket, hello, why) || !why.empty()) _exit(0);
  record_folder_modes();
  for (;;) {
    Message request;
    std::string text;
    int output = -1;
    if (!receive_message(socket, request, text, output) || request.kind != Kind::Run || output < 0)
      _exit(0);
    const pid_t child = static_cast<pid_t>(syscall(SYS_clone, SIGCHLD, nullptr, nullptr, nullptr,
                                                   nullptr));  // no atfork handlers of the suite
    if (child == 0) return become_run(socket, output, request, text, program, select);
    close(output);
    if (child < 0) _exit(0);
    Message result;
    result.kind = Kind::Result;
    const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, child, 0));
    int status = 0;
    for (bool ended = false; !ended;) {
      pollfd watch[2] = {{pidfd, POLLIN, 0}, {socket, POLLIN, 0}};
      if (poll(watch, 2, -1) < 0) continue;
      if (watch[1].revents != 0) {  // Stop, or the grader is gone
        Message stop;
        std::string unused;
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
    result.ending = WIFSIGNALED(status) ? Ending::Signaled : Ending::Exited;
    result.value = WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status);
    if (!end_the_rest()) _exit(0);
    const std::string result_path = result_file_of(split_arguments(text));
    const int result_fd =
        result_path.empty()
            ? -1
            : open(result_path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    result.has_result = result_fd >= 0 ? 1 : 0;
    remove_ipc_objects();
    const bool clean = empty_run_folders();
    const bool sent = send_message(socket, result, {}, result_fd);
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
