// The schema library's switch (docs/mutants.md, "One library for every mutant"): compiled into
// that library only, with TINYLLM_SCHEMA_LAST the highest mutant number it holds. Before any code
// of a suite runs (a library's constructors run before those of the program that loads it), it
// reads the run's key and token, finds the mutant the token names (none for a decoy), and erases
// both from the environment and from the memory /proc/self/environ shows.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "token.hpp"

namespace tinyllm_schema {

int active __attribute__((visibility("hidden"))) = 0;

namespace {

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

__attribute__((constructor(101))) void select_mutant() {
  std::uint64_t key = 0, given = 0;
  const bool have_key = take(kKeyVariable, key);
  const bool have_token = take(kTokenVariable, given);
  if (!have_key || !have_token) return;
  for (int number = 1; number <= TINYLLM_SCHEMA_LAST; ++number)
    if (token(key, static_cast<std::uint64_t>(number)) == given) active = number;
}

}  // namespace
}  // namespace tinyllm_schema
