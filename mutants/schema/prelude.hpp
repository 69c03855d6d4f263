// What the schema build puts before each file it compiles (docs/mutants.md, "One library for
// every mutant"): the switch the composed source and the oracle's guards ask,
// `::tinyllm_schema::on(K)`, true in a run whose token names variant K. In the reach run (a
// token for kRecordReach) it is never true and records instead that K's code ran. Declarations
// only: it adds no include, so it cannot change what the source's own code means.
namespace tinyllm_schema {
// The active variant's number in this library, 0 for none, -1 in the reach run (runtime.cpp sets
// it once, before any code of a suite runs). Hidden: no symbol a suite can name.
extern int active __attribute__((visibility("hidden")));
// Records that variant `number`'s code ran in the current test (runtime.cpp).
void reached(int number) __attribute__((visibility("hidden")));
inline bool on(int number) {
  if (__builtin_expect(active == number, 0)) return true;
  if (__builtin_expect(active < 0, 0)) reached(number);
  return false;
}
// Only its type is used, in `decltype(zero_of(e)){}`: `return {};` of the type of `e`.
template <class T>
T zero_of(const T&);
}  // namespace tinyllm_schema
