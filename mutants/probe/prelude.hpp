// What the probe build puts before each instrumented source (docs/mutants.md): the inserted calls
// `::tinyllm_probe::at(K);` go through a constexpr function that does nothing in constant
// evaluation, so a probe inside code the compiler evaluates at compile time keeps it valid.
// Declarations only: it adds no include, so it cannot change what the source's own code means.
extern "C" void tinyllm_probe_hit(unsigned site) noexcept;
namespace tinyllm_probe {
constexpr void at(unsigned site) noexcept {
  if (!__builtin_is_constant_evaluated()) tinyllm_probe_hit(site);
}
}  // namespace tinyllm_probe
