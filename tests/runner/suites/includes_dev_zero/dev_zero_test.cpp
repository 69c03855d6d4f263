// A suite whose compile reads a device without end: it must stop at a limit (in a sandbox the
// device is not there; in plain mode, the compiler's memory limit), with a message that says so.
#include <gtest/gtest.h>

#include "/dev/zero"

TEST(Hostile, never_compiles) {
  SUCCEED();
}
