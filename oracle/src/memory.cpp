// Byte counters for tensor storage, updated by detail::Storage's constructor and destructor.
#include "tinyllm/memory.hpp"

#include <atomic>

namespace tinyllm::memory {
namespace {
std::atomic<std::size_t> current{0};
std::atomic<std::size_t> peak{0};
}  // namespace

std::size_t current_bytes() {
  return current.load();
}
std::size_t peak_bytes() {
  return peak.load();
}
void reset_peak() {
  peak.store(current.load());
}

namespace detail {
void on_allocate(std::size_t bytes) {
  const std::size_t now = current.fetch_add(bytes) + bytes;
  std::size_t seen = peak.load();
  while (now > seen && !peak.compare_exchange_weak(seen, now)) {
  }
}
void on_free(std::size_t bytes) {
  current.fetch_sub(bytes);
}
}  // namespace detail
}  // namespace tinyllm::memory
