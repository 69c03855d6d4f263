// Hostile suite: a test that looks for a note an earlier run left, then leaves one, in every
// place a run can write: its working folder, HOME, TMPDIR, /tmp, /var/tmp, /dev/shm, and a System
// V shared-memory segment. Finding a note fails the test: the reference runs three times, so a
// note that survives one run makes the grade INVALID (or kills a mutant). With runs kept apart the
// grade is FAIL and every mutant survives.
#include <gtest/gtest.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <tinyllm/tinyllm.hpp>
#include <vector>

namespace {
bool exists(const std::string& path) {
  if (std::FILE* f = std::fopen(path.c_str(), "r")) {
    std::fclose(f);
    return true;
  }
  return false;
}
}  // namespace

TEST(Hostile, finds_no_note_from_an_earlier_run) {
  std::vector<std::string> places = {"tinyllm-note", "/tmp/tinyllm-note", "/var/tmp/tinyllm-note",
                                     "/dev/shm/tinyllm-note"};
  for (const char* var : {"HOME", "TMPDIR"})
    if (const char* dir = std::getenv(var)) places.push_back(std::string(dir) + "/tinyllm-note");
  for (const auto& place : places)
    EXPECT_FALSE(exists(place)) << "found a note from an earlier run at " << place;
  for (const auto& place : places) {
    if (std::FILE* f = std::fopen(place.c_str(), "w")) {
      std::fputs("a note\n", f);
      std::fclose(f);
    }
  }
  const key_t key = 0x746c6d6e;  // a fixed System V key: the same in every run
  int existing = shmget(key, 4096, 0);
  EXPECT_LT(existing, 0) << "found a System V shared-memory note from an earlier run";
  shmget(key, 4096, IPC_CREAT | 0666);
  EXPECT_EQ(tinyllm::Tensor::scalar(1.0).item(), 1.0);
}
