// What every property of the driver shares: the two shims it compares (the reference's and the
// learner's), the contract areas it compares them on, each with the generator of its cases
// (numeric_properties.cpp, training_properties.cpp; the behavioural diagnosis, behaviour.hpp,
// draws a fixed sample from them), generators of plain inputs (no tinyllm code is linked into the
// driver: the values are the course's, properties/values.hpp) and the one comparison that fails a
// case.
#pragma once
#include <rapidcheck.h>

#include <cstdint>
#include <string>
#include <vector>

#include "protocol.hpp"
#include "values.hpp"

namespace tinyllm_diff {

// One generated call: what it does in words (the counterexample's text) and the request itself.
struct Case {
  std::string scenario;
  std::string request;
};

struct Area {
  std::string name;  // the property's: "cast", "DynamicLossScaler", ...
  bool exact;        // every result compared bit for bit (else some to the tolerance)
  rc::Gen<Case> (*cases)();
};

// Loads both shims from `reference` and `learner` (paths, or names found on LD_LIBRARY_PATH), each
// with dlopen (RTLD_LOCAL, so neither module's symbols can bind to the other's). Throws
// std::runtime_error with dlerror()'s text when one does not load or lacks tinyllm_diff_call.
void load_shims(const std::string& reference, const std::string& learner);

// Returns the reference's and the learner's response to `request`. `scenario` says the call in
// words: with trace_learner_calls on, it is printed first ("[call] cast of 1.5 (f32) to bf16"), so
// a run that the learner's module crashes or hangs ends with the call that did it.
std::string call_reference(const std::string& request);
std::string call_learner(const std::string& request, const std::string& scenario);

// Turns the printing of every call of the learner's shim on (the driver's --trace-calls).
void trace_learner_calls(bool on);

// Returns the areas in the order the driver runs and reports them.
const std::vector<Area>& areas();

rc::Gen<Case> cast_cases();
rc::Gen<Case> autocast_matmul_cases();
rc::Gen<Case> DynamicLossScaler_cases();
rc::Gen<Case> grad_accumulate_cases();
rc::Gen<Case> train_step_mixed_cases();
rc::Gen<Case> checkpoint_sequential_cases();
rc::Gen<Case> checkpoint_cases();

// The body of area `name`'s property: records in the test's JSON entry whether the area compares
// bit for bit ("exact") and how many cases it runs ("cases"), which the grader reports
// (runner/src/check/differential.cpp); draws a case from the area's generator and sends it to both
// shims; RC_FAIL with "<scenario>: <first difference>" when they differ, so the failure of the
// smallest counterexample says in words what was called and what differs.
void check_area(const std::string& name);

using course_gen::finite_value;
using course_gen::special_value;
// Mostly finite values, one in four special.
rc::Gen<double> any_value();
// `n` values from `values`.
std::vector<double> pick(std::size_t n, const rc::Gen<double>& values);

// A small MLP as the course's mlp_spec describes one (the shim builds it: shim.cpp read_mlp).
struct MlpSpec {
  std::string dtype;                     // "f32" or "f64"
  std::vector<long> widths;              // inputs, then each Linear's outputs
  std::vector<std::string> activations;  // "tanh" or "relu", between Linears
  double dropout = 0;                    // p of a Dropout after each activation
  std::uint64_t seed = 0;
};
// Linear layers in [min_linear, max_linear], widths in [1, max_width]; with `dropout`, mostly
// p 0.25 or 0.5, sometimes none.
rc::Gen<MlpSpec> mlp_spec(long min_linear, long max_linear, long max_width, bool dropout);
void write(Line& request, const MlpSpec& spec);
std::string describe(const MlpSpec& spec);  // "an MLP 2-3-1 (tanh, f32, seed 7)"
// Returns the number of layers of the Sequential `spec` builds (Linear, activation, Dropout).
long layer_count(const MlpSpec& spec);

// Micro-batches for a spec: rows and target rows of each, then its values.
struct Batches {
  std::vector<long> rows, target_rows;
  std::vector<std::vector<double>> inputs, targets;
};
Batches pick_batches(const MlpSpec& spec, const std::vector<long>& rows);
void write(Line& request, const Batches& batches);
std::string describe(const Batches& batches);  // "micro-batches of 1, 3 rows"

}  // namespace tinyllm_diff
