// The schema library's switch (docs/mutants.md, "One library for every mutant"): compiled into
// that library only, with TINYLLM_SCHEMA_LAST the highest variant number it holds. Before any
// code of a suite runs (a library's constructors run before those of the program that loads it),
// it reads the run's key and token, finds the variant the token names (none for a decoy), and
// erases both from the environment and from the memory /proc/self/environ shows.
//
// The reach run (kRecordReach's token) is the reference's, and records the first time each
// (variant, test) pair's code runs by appending "<number>\t<test>\n" to the file named by
// kReachFileVariable, with one write(2) per line on an O_APPEND descriptor, so that a crash loses
// nothing already recorded. The file is created when the run selects reach: an empty record says
// "nothing reached", a missing one "the run did not record". It never prints, never throws and
// allocates nothing.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "token.hpp"

namespace tinyllm_schema {

int active __attribute__((visibility("hidden"))) = 0;

namespace {

std::uint64_t grade_key = 0;
bool have_key = false;

bool read_hex(const char* text, std::uint64_t& value) {
  if (text == nullptr || *text == '\0') return false;
  char* end = nullptr;
  value = std::strtoull(text, &end, 16);
  return *end == '\0';
}

// Reads and erases one variable.
bool take(const char* name, std::uint64_t& value) {
  char* text = std::getenv(name);
  const bool ok = read_hex(text, value);
  if (text != nullptr) std::memset(text, '0', std::strlen(text));
  unsetenv(name);
  return ok;
}

// The variant `given` names under the grade's key: its number, -1 for reach, 0 (the reference)
// for a decoy.
int variant_of(std::uint64_t given) {
  if (!have_key) return 0;
  for (int number = 1; number <= TINYLLM_SCHEMA_LAST; ++number)
    if (token(grade_key, static_cast<std::uint64_t>(number)) == given)
      return number == kRecordReach ? -1 : number;
  return 0;
}

// The reach record: which test is running, and the last test each variant recorded in.
constexpr std::size_t kNumbers = TINYLLM_SCHEMA_LAST + 1;
constexpr std::size_t kNameBytes = 512;  // longer test names are cut (covered_by shows the cut)

// Each test gets a new number; a variant records again when the number it last saw is not current.
std::atomic<unsigned> current_test{1};
std::atomic<unsigned> last_recorded[kNumbers];
// The current test's name in one of two slots, so a record in a thread that outlives its test
// reads a whole name (the previous one) while the next is being copied into the other slot.
char names[2][kNameBytes];
std::atomic<int> current_slot{0};

constexpr int kNotOpened = -2;
std::atomic<int> record_fd{kNotOpened};

// Returns the record's descriptor, opening it the first time; -1 when there is no record.
int record_descriptor() {
  const int fd = record_fd.load(std::memory_order_acquire);
  if (fd != kNotOpened) return fd;
  const char* path = std::getenv(kReachFileVariable);
  const int opened = path != nullptr && *path != '\0'
                         ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600)
                         : -1;
  int expected = kNotOpened;
  if (record_fd.compare_exchange_strong(expected, opened, std::memory_order_acq_rel)) return opened;
  if (opened >= 0) close(opened);  // another thread opened it first
  return expected;
}

// Writes "<number>\t<name>\n" in one write(2).
void append_line(int fd, unsigned number, const char* name) {
  char line[kNameBytes + 16];
  char digits[12];
  std::size_t count = 0;
  do {
    digits[count++] = static_cast<char>('0' + number % 10);
    number /= 10;
  } while (number != 0);
  std::size_t length = 0;
  while (count > 0) line[length++] = digits[--count];
  line[length++] = '\t';
  for (std::size_t i = 0; i + 1 < kNameBytes && name[i] != '\0'; ++i)
    line[length++] = name[i] == '\n' || name[i] == '\t' ? ' ' : name[i];
  line[length++] = '\n';
  while (write(fd, line, length) < 0 && errno == EINTR) {
  }
}

void select(int variant) {
  active = variant;
  if (active < 0) record_descriptor();
}

__attribute__((constructor(101))) void select_variant() {
  std::uint64_t given = 0;
  have_key = take(kKeyVariable, grade_key);
  if (take(kTokenVariable, given)) select(variant_of(given));
}

}  // namespace

void reached(int number) {
  if (number < 0 || static_cast<std::size_t>(number) >= kNumbers) return;
  const unsigned test = current_test.load(std::memory_order_acquire);
  if (last_recorded[number].exchange(test, std::memory_order_relaxed) == test) return;
  const int fd = record_descriptor();
  if (fd < 0) return;
  const int saved_errno = errno;  // the code around the switch must not see it change
  append_line(fd, static_cast<unsigned>(number),
              names[current_slot.load(std::memory_order_acquire)]);
  errno = saved_errno;
}

}  // namespace tinyllm_schema

// Called by the grader's GoogleTest listener (runner/sandboxed/probe_listener) when a test starts,
// with "Suite.Test" ("" between tests); it finds this function with dlsym. Only the reach run
// keeps the name.
extern "C" __attribute__((visibility("default"))) void tinyllm_probe_test_started(
    const char* name) noexcept {
  if (tinyllm_schema::active >= 0) return;
  using namespace tinyllm_schema;
  const int slot = 1 - current_slot.load(std::memory_order_relaxed);
  std::size_t i = 0;
  for (; name != nullptr && name[i] != '\0' && i + 1 < kNameBytes; ++i) names[slot][i] = name[i];
  names[slot][i] = '\0';
  current_slot.store(slot, std::memory_order_release);
  current_test.fetch_add(1, std::memory_order_acq_rel);
}
