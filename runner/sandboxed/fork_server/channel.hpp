// Sending and receiving the fork server's messages (protocol.hpp), for both sides. Header-only:
// the server is an object compiled with the suites' flags, apart from the grader's libraries. The
// raw forms allocate nothing (the server's heap must stay what a fresh process of the suite has);
// the grader uses the std::string forms.
#pragma once
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "protocol.hpp"

namespace tinyllm::fork_server {

// Sends one message with `size` bytes of text; `fd` >= 0 goes with it. Returns false when the
// other side is gone.
inline bool send_message(int socket, const Message& header, const char* text, std::size_t size,
                         int fd = -1) {
  Message m = header;
  m.magic = kMagic;
  m.bytes = static_cast<std::uint32_t>(size);
  if (sizeof m + size > kMaxMessage) return false;
  iovec parts[2] = {{&m, sizeof m}, {const_cast<char*>(text), size}};
  msghdr message{};
  message.msg_iov = parts;
  message.msg_iovlen = size == 0 ? 1 : 2;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  if (fd >= 0) {
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    cmsghdr* c = CMSG_FIRSTHDR(&message);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(c), &fd, sizeof fd);
  }
  for (;;) {
    const ssize_t n = sendmsg(socket, &message, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    return n == static_cast<ssize_t>(sizeof m + size);
  }
}

inline bool send_message(int socket, const Message& header, const std::string& text = {},
                         int fd = -1) {
  return send_message(socket, header, text.data(), text.size(), fd);
}

// Receives one message into `header`, its text into `text` (header.bytes of them, in a buffer of
// this thread's that the next call overwrites), and its descriptor into `fd` (-1: none; it is
// close-on-exec). Returns false at the end of the stream or on anything malformed.
inline bool receive_message(int socket, Message& header, const char*& text, int& fd) {
  fd = -1;
  static thread_local char buffer[kMaxMessage];
  iovec part{buffer, sizeof buffer};
  msghdr message{};
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  ssize_t n;
  do {
    n = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
  } while (n < 0 && errno == EINTR);
  for (cmsghdr* c = CMSG_FIRSTHDR(&message); c != nullptr; c = CMSG_NXTHDR(&message, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
        c->cmsg_len == CMSG_LEN(sizeof(int)))
      std::memcpy(&fd, CMSG_DATA(c), sizeof fd);
  const bool ok = n >= static_cast<ssize_t>(sizeof header) &&
                  (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) == 0;
  if (ok) std::memcpy(&header, buffer, sizeof header);
  if (!ok || header.magic != kMagic ||
      header.bytes != static_cast<std::size_t>(n) - sizeof header) {
    if (fd >= 0) close(fd);
    fd = -1;
    return false;
  }
  text = buffer + sizeof header;
  return true;
}

inline bool receive_message(int socket, Message& header, std::string& text, int& fd) {
  const char* bytes = nullptr;
  if (!receive_message(socket, header, bytes, fd)) return false;
  text.assign(bytes, header.bytes);
  return true;
}

}  // namespace tinyllm::fork_server
