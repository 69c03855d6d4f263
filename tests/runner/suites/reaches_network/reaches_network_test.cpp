// Hostile suite: a test that tries to reach the grader's machine over the network (a TCP server on
// the host's 127.0.0.1:47613, which the end-to-end test listens on) and passes either way. With a
// private network namespace no connection arrives.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <tinyllm/tinyllm.hpp>

TEST(Hostile, reaches_for_the_network) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd >= 0) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(47613);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0)
      (void)!write(fd, "escaped\n", 8);
    close(fd);
  }
  EXPECT_EQ(tinyllm::Tensor::scalar(1.0).item(), 1.0);
}
