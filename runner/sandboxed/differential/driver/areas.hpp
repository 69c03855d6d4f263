// The contract areas the differential check compares, each with the generator of its cases: the
// properties (numeric_properties.cpp, training_properties.cpp) draw from them with RapidCheck, and
// the behavioural diagnosis (behaviour.hpp) draws a fixed sample from them.
#pragma once
#include <rapidcheck.h>

#include <string>
#include <vector>

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

// Returns the areas in the order the driver runs and reports them.
const std::vector<Area>& areas();

// Returns the area called `name`; std::invalid_argument when there is none.
const Area& area_named(const std::string& name);

rc::Gen<Case> cast_cases();
rc::Gen<Case> autocast_matmul_cases();
rc::Gen<Case> DynamicLossScaler_cases();
rc::Gen<Case> grad_accumulate_cases();
rc::Gen<Case> train_step_mixed_cases();
rc::Gen<Case> checkpoint_sequential_cases();
rc::Gen<Case> checkpoint_cases();

}  // namespace tinyllm_diff
