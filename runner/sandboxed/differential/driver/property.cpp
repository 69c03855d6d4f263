// The shims, the areas and the shared parts of the properties (property.hpp).
#include "property.hpp"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "compare.hpp"

namespace tinyllm_diff {

namespace {

using Call = const char* (*)(const char*);
Call reference_call = nullptr;
Call learner_call = nullptr;
bool tracing = false;

Call load(const std::string& path, const char* which) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    throw std::runtime_error(std::string("cannot load the ") + which + " shim: " + dlerror());
  auto call = reinterpret_cast<Call>(dlsym(handle, "tinyllm_diff_call"));
  if (!call)
    throw std::runtime_error(std::string("the ") + which +
                             " shim has no tinyllm_diff_call: " + dlerror());
  return call;
}

}  // namespace

void load_shims(const std::string& reference, const std::string& learner) {
  reference_call = load(reference, "reference");
  learner_call = load(learner, "learner's");
}

std::string call_reference(const std::string& request) {
  return reference_call(request.c_str());
}
std::string call_learner(const std::string& request, const std::string& scenario) {
  if (tracing) std::cout << "[call] " << scenario << std::endl;
  return learner_call(request.c_str());
}

void trace_learner_calls(bool on) {
  tracing = on;
}

const std::vector<Area>& areas() {
  static const std::vector<Area> table = {
      {"cast", true, cast_cases},
      {"autocast_matmul", true, autocast_matmul_cases},
      {"DynamicLossScaler", false, DynamicLossScaler_cases},
      {"grad_accumulate", false, grad_accumulate_cases},
      {"train_step_mixed", false, train_step_mixed_cases},
      {"checkpoint_sequential", true, checkpoint_sequential_cases},
      {"checkpoint", false, checkpoint_cases},
  };
  return table;
}

void check_area(const std::string& name) {
  const auto found = std::ranges::find(areas(), name, &Area::name);
  if (found == areas().end()) throw std::invalid_argument("differential: no area called " + name);
  const Area& area = *found;
  ::testing::Test::RecordProperty("exact", area.exact ? "true" : "false");
  ::testing::Test::RecordProperty(
      "cases", std::to_string(rc::detail::configuration().testParams.maxSuccess));
  const Case c = *area.cases();
  const std::string reference = call_reference(c.request);
  const std::string yours = call_learner(c.request, c.scenario);
  // TINYLLM_DIFF_TRACE=1 prints every exchange, to see what a property sends and gets back.
  static const bool trace = std::getenv("TINYLLM_DIFF_TRACE") != nullptr;
  if (trace) std::cerr << "> " << c.request << "\n" << reference << "< yours:\n" << yours;
  if (const auto difference = first_difference(yours, reference))
    RC_FAIL("differential: " + c.scenario + ": " + *difference);
}

rc::Gen<double> any_value() {
  return rc::gen::weightedOneOf<double>({{3, finite_value()}, {1, special_value()}});
}

std::vector<double> pick(std::size_t n, const rc::Gen<double>& values) {
  return *rc::gen::container<std::vector<double>>(n, values);
}

rc::Gen<MlpSpec> mlp_spec(long min_linear, long max_linear, long max_width, bool dropout) {
  return rc::gen::mapcat(rc::gen::inRange<long>(min_linear, max_linear + 1), [=](long n_linear) {
    return rc::gen::apply(
        [](std::string dtype, std::vector<long> widths, std::vector<std::string> activations,
           double p, std::uint64_t seed) {
          return MlpSpec{std::move(dtype), std::move(widths), std::move(activations), p, seed};
        },
        rc::gen::element<std::string>("f32", "f64"),
        rc::gen::container<std::vector<long>>(n_linear + 1,
                                              rc::gen::inRange<long>(1, max_width + 1)),
        rc::gen::container<std::vector<std::string>>(n_linear - 1,
                                                     rc::gen::element<std::string>("tanh", "relu")),
        dropout ? rc::gen::element(0.25, 0.5, 0.5, 0.0) : rc::gen::just(0.0),
        rc::gen::inRange<std::uint64_t>(0, 1000));
  });
}

void write(Line& request, const MlpSpec& spec) {
  request << spec.dtype << spec.widths.size();
  for (long w : spec.widths) request << w;
  for (const auto& a : spec.activations) request << a;
  request.real(spec.dropout) << spec.seed;
}

std::string describe(const MlpSpec& spec) {
  std::string out = "an MLP ";
  for (std::size_t i = 0; i < spec.widths.size(); ++i)
    out += (i ? "-" : "") + std::to_string(spec.widths[i]);
  out += " (";
  for (const auto& a : spec.activations) out += a + ", ";
  if (spec.dropout > 0) out += "dropout " + decimal(spec.dropout) + ", ";
  return out + spec.dtype + ", seed " + std::to_string(spec.seed) + ")";
}

long layer_count(const MlpSpec& spec) {
  const long linear = static_cast<long>(spec.widths.size()) - 1;
  return linear + (linear - 1) * (spec.dropout > 0 ? 2 : 1);
}

Batches pick_batches(const MlpSpec& spec, const std::vector<long>& rows) {
  Batches b;
  for (long r : rows) {
    b.rows.push_back(r);
    b.target_rows.push_back(r);
    b.inputs.push_back(pick(static_cast<std::size_t>(r * spec.widths.front()), finite_value(2)));
    b.targets.push_back(pick(static_cast<std::size_t>(r * spec.widths.back()), finite_value(2)));
  }
  return b;
}

void write(Line& request, const Batches& b) {
  request << b.rows.size();
  for (std::size_t i = 0; i < b.rows.size(); ++i) {
    request << b.rows[i] << b.target_rows[i];
    request.reals(b.inputs[i]).reals(b.targets[i]);
  }
}

std::string describe(const Batches& b) {
  if (b.rows.empty()) return "no micro-batches";
  std::string out = "micro-batches of ";
  for (std::size_t i = 0; i < b.rows.size(); ++i) {
    out += (i ? ", " : "") + std::to_string(b.rows[i]);
    if (b.target_rows[i] != b.rows[i]) out += " (targets " + std::to_string(b.target_rows[i]) + ")";
  }
  out += " rows, inputs ";
  for (std::size_t i = 0; i < b.inputs.size(); ++i)
    out += (i ? " " : "") + decimals(b.inputs[i], 6);
  return out;
}

}  // namespace tinyllm_diff
