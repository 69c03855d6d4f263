// The schema library's switch (docs/mutants.md, "One library for every mutant"): compiled into
// that library only, with TINYLLM_SCHEMA_LAST the highest mutant number it holds. Before any code
// of a suite runs (a library's constructors run before those of the program that loads it), it
// reads the run's key and token, finds the mutant the token names (none for a decoy), and erases
// both from the environment and from the memory /proc/self/environ shows. A fork server's process
// (runner/sandboxed/fork_server/) is started with the key alone and selects each run's mutant in
// the child it forks for it, by its token, with tinyllm_schema_select.
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

// The mutant `given` names under the grade's key, or 0 (the reference) for a decoy.
int mutant_of(std::uint64_t given) {
  if (!have_key) return 0;
  for (int number = 1; number <= TINYLLM_SCHEMA_LAST; ++number)
    if (token(grade_key, static_cast<std::uint64_t>(number)) == given) return number;
  return 0;
}

__attribute__((constructor(101))) void select_mutant() {
  std::uint64_t given = 0;
  have_key = take(kKeyVariable, grade_key);
  if (take(kTokenVariable, given)) active = mutant_of(given);
}

}  // namespace
}  // namespace tinyllm_schema

// Makes the mutant `token` names the active one (a decoy: none). A suite that calls it learns
// nothing and can only make its own runs the reference's.
extern "C" __attribute__((visibility("default"))) void tinyllm_schema_select(std::uint64_t token) {
  tinyllm_schema::active = tinyllm_schema::mutant_of(token);
}
