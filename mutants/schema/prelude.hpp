// What the schema build puts before each module file it compiles (docs/mutants.md, "One library
// for every mutant"): the switch the composed source asks, `::tinyllm_schema::on(K)`, true in a
// run whose token names mutant K. Declarations only: it adds no include, so it cannot change what
// the source's own code means.
namespace tinyllm_schema {
// The active mutant's number in this library, 0 for none (runtime.cpp sets it once, before any
// code of a suite runs). Hidden: no symbol a suite can name.
extern int active __attribute__((visibility("hidden")));
inline bool on(int number) {
  return __builtin_expect(active == number, 0);
}
// Only its type is used, in `decltype(zero_of(e)){}`: `return {};` of the type of `e`.
template <class T>
T zero_of(const T&);
}  // namespace tinyllm_schema
