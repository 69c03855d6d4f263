// The probe runtime, linked only into the probe library (variants/probe/libtinyllm_oracle.so,
// docs/mutants.md): the calls the builder inserts at the probe sites land here. It records the
// first hit of each (site, current test) pair by appending one line "<site>\t<test>\n" to the file
// named by TINYLLM_PROBE_FILE, with one write(2) per line on an O_APPEND descriptor, so that the
// lines of forked processes interleave whole and a crash loses nothing already hit. It never
// prints, never throws and allocates nothing; without TINYLLM_PROBE_FILE it writes nothing. With
// it, the file is created when the library loads.
//
// The builder compiles it with TINYLLM_PROBE_SITES defined to the number of sites.
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstdlib>

#ifndef TINYLLM_PROBE_SITES
#error "TINYLLM_PROBE_SITES (the number of probe sites) must be defined: the builder defines it"
#endif

namespace {

constexpr std::size_t kSites = TINYLLM_PROBE_SITES > 0 ? TINYLLM_PROBE_SITES : 1;
constexpr std::size_t kNameBytes = 512;  // longer test names are cut (covered_by shows the cut)

// Each test gets a new number; a site records again when the number it last saw is not current.
std::atomic<unsigned> current_test{1};
std::atomic<unsigned> last_recorded[kSites];
// The current test's name in one of two slots, so a hit in a thread that outlives its test reads
// a whole name (the previous one) while the next is being copied into the other slot.
char names[2][kNameBytes];
std::atomic<int> current_slot{0};

constexpr int kNotOpened = -2;
std::atomic<int> record_fd{kNotOpened};

// Returns the record's descriptor, opening it at the first hit; -1 when there is no record.
int record_descriptor() {
  const int fd = record_fd.load(std::memory_order_acquire);
  if (fd != kNotOpened) return fd;
  const char* path = std::getenv("TINYLLM_PROBE_FILE");
  const int opened = path != nullptr && *path != '\0'
                         ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600)
                         : -1;
  int expected = kNotOpened;
  if (record_fd.compare_exchange_strong(expected, opened, std::memory_order_acq_rel)) return opened;
  if (opened >= 0) close(opened);  // another thread opened it first
  return expected;
}

// With TINYLLM_PROBE_FILE set, the record exists from the library's load on, empty until a site is
// hit: an empty record says "nothing reached", a missing one "the probe did not run".
[[maybe_unused]] const int opened_at_load = record_descriptor();

// Writes "<site>\t<name>\n" in one write(2).
void append_line(int fd, unsigned site, const char* name) {
  char line[kNameBytes + 16];
  char digits[12];
  std::size_t count = 0;
  do {
    digits[count++] = static_cast<char>('0' + site % 10);
    site /= 10;
  } while (site != 0);
  std::size_t length = 0;
  while (count > 0) line[length++] = digits[--count];
  line[length++] = '\t';
  for (std::size_t i = 0; i + 1 < kNameBytes && name[i] != '\0'; ++i)
    line[length++] = name[i] == '\n' || name[i] == '\t' ? ' ' : name[i];
  line[length++] = '\n';
  while (write(fd, line, length) < 0 && errno == EINTR) {
  }
}

}  // namespace

extern "C" {

// Called at every probe site of the probe library (the builder inserts the calls).
void tinyllm_probe_hit(unsigned site) noexcept {
  if (site >= kSites) return;
  const unsigned test = current_test.load(std::memory_order_acquire);
  if (last_recorded[site].exchange(test, std::memory_order_relaxed) == test) return;
  const int fd = record_descriptor();
  if (fd < 0) return;
  const int saved_errno = errno;  // the code around the probe must not see it change
  append_line(fd, site, names[current_slot.load(std::memory_order_acquire)]);
  errno = saved_errno;
}

// Called by the grader's GoogleTest listener (runner/sandboxed/probe_listener) when a test starts,
// with "Suite.Test"; it finds this function with dlsym, so only the probe library has it.
void tinyllm_probe_test_started(const char* name) noexcept {
  const int slot = 1 - current_slot.load(std::memory_order_relaxed);
  std::size_t i = 0;
  for (; name != nullptr && name[i] != '\0' && i + 1 < kNameBytes; ++i) names[slot][i] = name[i];
  names[slot][i] = '\0';
  current_slot.store(slot, std::memory_order_release);
  current_test.fetch_add(1, std::memory_order_acq_rel);
}
}
