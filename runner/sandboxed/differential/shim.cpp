// The differential check's shim (docs/differential-check.md): tinyllm_diff_call runs one scenario
// of the module's contract on the module it is linked with and answers in plain text
// (protocol.hpp), so no C++ type of either module, whose private members may differ, meets the
// other.
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "shim_support.hpp"

namespace {

using namespace tinyllm;
using namespace tinyllm_diff::shim;

// cast <f32|f64> <dtype> <n> <x>*n <upstream>*n: the forward values and the backward gradient.
void run_cast(Words& in, Response& r) {
  const DType dtype = dtype_named(in.word());
  const std::string to = in.word();
  const auto n = static_cast<std::size_t>(in.integer());
  Tensor x = Tensor::from(in.reals(n), {n}, dtype);
  const Tensor upstream = Tensor::from(in.reals(n), {n}, dtype);
  x.requires_grad_();
  const Tensor y = train::cast(x, to);
  r.add("dtype", std::string(dtype_name(y.dtype())));
  r.values("forward", y);
  y.backward(upstream);
  r.grad("backward", x);
}

// Thrown through the scopes of run_autocast: not a std::exception, so nothing else catches it.
struct ThroughScopes {};

// Opens scopes[depth] and the deeper ones on the stack, so that an exception thrown in the
// innermost one unwinds through every Autocast's destructor; the innermost runs the matmul.
void nested_scopes(Response& r, const std::vector<std::string>& scopes, std::size_t depth,
                   Tensor& a, Tensor& b, bool throw_through) {
  if (depth == scopes.size()) {
    const Tensor c = matmul(a, b);
    r.values("matmul in the innermost scope", c);
    sum(c).backward();
    r.grad("gradient of a", a);
    r.grad("gradient of b", b);
    try {
      train::Autocast bad("fp8");
      r.add("Autocast(\"fp8\")", "no exception");
    } catch (...) {
      r.add("Autocast(\"fp8\")", exception_type());
    }
    r.add("autocast_dtype after Autocast(\"fp8\")", optional_word(train::autocast_dtype()));
    if (throw_through) throw ThroughScopes{};
    return;
  }
  const std::string level = std::to_string(depth + 1);
  train::Autocast scope(scopes[depth]);
  r.add("autocast_dtype in scope " + level, optional_word(train::autocast_dtype()));
  nested_scopes(r, scopes, depth + 1, a, b, throw_through);
  r.add("autocast_dtype in scope " + level + " after the inner ones closed",
        optional_word(train::autocast_dtype()));
}

// autocast <f32|f64> <m> <k> <n> <depth> <dtype>*depth <a> <b> <throw>: autocast_matmul, then a
// matmul in nested scopes, the active dtype at each depth and after, a bad dtype, and optionally
// an exception thrown through every scope.
void run_autocast(Words& in, Response& r) {
  const DType dtype = dtype_named(in.word());
  const auto m = static_cast<std::size_t>(in.integer());
  const auto k = static_cast<std::size_t>(in.integer());
  const auto n = static_cast<std::size_t>(in.integer());
  std::vector<std::string> scopes(static_cast<std::size_t>(in.integer()));
  for (auto& s : scopes) s = in.word();
  Tensor a = Tensor::from(in.reals(m * k), {m, k}, dtype);
  Tensor b = Tensor::from(in.reals(k * n), {k, n}, dtype);
  const bool throw_through = in.integer() != 0;
  r.values("autocast_matmul", train::autocast_matmul(a, b, scopes.back()));
  a.requires_grad_();
  b.requires_grad_();
  try {
    nested_scopes(r, scopes, 0, a, b, throw_through);
    r.add("autocast_dtype after the scopes", optional_word(train::autocast_dtype()));
  } catch (const ThroughScopes&) {
    r.add("autocast_dtype after an exception left the scopes",
          optional_word(train::autocast_dtype()));
  }
  r.values("matmul after the scopes", matmul(a.detach(), b.detach()));
}

train::ScalerState read_state(Words& in) {
  train::ScalerState s{};
  s.scale = in.real();
  s.growth = in.real();
  s.backoff = in.real();
  s.interval = in.integer();
  s.good_steps = in.integer();
  return s;
}
void add_state(Response& r, const std::string& label, const train::ScalerState& s) {
  r.add(label, Line().real(s.scale).real(s.growth).real(s.backoff) << s.interval << s.good_steps);
}

// scaler <init> <growth> <backoff> <interval> <n> <param>*n <steps> {<clip|none> <grad>*n}*steps
// <state to load>: SGD steps through the scaler on a parameter whose gradient is S * grad.
void run_scaler(Words& in, Response& r) {
  const double init = in.real(), growth = in.real(), backoff = in.real();
  const long interval = in.integer();
  const auto n = static_cast<std::size_t>(in.integer());
  Tensor p = Tensor::from(in.reals(n), {n}, DType::f32);
  p.requires_grad_();
  train::DynamicLossScaler scaler(init, growth, backoff, interval);
  optim::SGD opt({p}, 0.25);
  const long steps = in.integer();
  for (long i = 1; i <= steps; ++i) {
    const std::optional<double> clip = read_optional_real(in);
    const Tensor g = Tensor::from(in.reals(n), {n}, DType::f32);
    opt.zero_grad();
    const Tensor loss = scaler.scale(sum(p * g));
    const std::string step = "step " + std::to_string(i) + " ";
    r.values(step + "scaled loss", loss);
    loss.backward();
    r.add(step + "returned", scaler.step(opt, {p}, clip) ? "true" : "false");
    r.add(step + "loss_scale, good_steps", Line().real(scaler.loss_scale()) << scaler.good_steps());
    // The norm is a sum of squares whose order the contract does not fix when a module computes
    // it itself, and a clipped step multiplies by clip / norm: both to the tolerance.
    r.add("~" + step + "last_grad_norm", optional_real(scaler.last_grad_norm()));
    r.add(step + "has gradient after", p.has_grad() ? "yes" : "no");
    r.values((clip ? "~" : "") + step + "parameter after", p);
  }
  add_state(r, "state_dict", scaler.state_dict());
  const train::ScalerState loaded = read_state(in);
  train::DynamicLossScaler resumed;
  try {
    resumed.load_state_dict(loaded);
    r.add("load_state_dict", "accepted");
  } catch (...) {
    r.add("load_state_dict", exception_type());
  }
  add_state(r, "state_dict after load_state_dict", resumed.state_dict());
  r.add("loss_scale, good_steps after load_state_dict", Line().real(resumed.loss_scale())
                                                            << resumed.good_steps());
}

// accumulate <mlp> <batches> <scale|none>: the loss and the gradients (to tolerance), or the
// error and that nothing was backpropagated.
void run_accumulate(Words& in, Response& r) {
  Mlp mlp = read_mlp(in);
  const auto batches = read_batches(in, mlp);
  const std::optional<double> scale = read_optional_real(in);
  std::optional<train::DynamicLossScaler> scaler;
  if (scale) scaler.emplace(*scale);
  try {
    const double loss =
        train::grad_accumulate(*mlp.model, batches, nn::mse, scaler ? &*scaler : nullptr);
    r.add("~loss", Line().real(loss));
    gradients(r, "~gradient of parameter ", *mlp.model);
  } catch (...) {
    r.add("grad_accumulate threw", exception_type());
    gradients(r, "gradient after the error, parameter ", *mlp.model);
  }
}

// train_step <mlp> <batches> <precision> <none | scaler init interval> <clip|none> <lr>.
void run_train_step(Words& in, Response& r) {
  Mlp mlp = read_mlp(in);
  const auto batches = read_batches(in, mlp);
  const std::string precision = in.word();
  std::optional<train::DynamicLossScaler> scaler;
  if (in.word() == "scaler") {
    const double init = in.real();
    scaler.emplace(init, 2.0, 0.5, in.integer());
  }
  const std::optional<double> clip = read_optional_real(in);
  optim::SGD opt(mlp.model->parameters(), in.real());
  try {
    const auto result = train::train_step_mixed(*mlp.model, batches, nn::mse, opt, precision,
                                                scaler ? &*scaler : nullptr, clip);
    r.add("~loss", Line().real(result.loss));
    r.add("skipped", result.skipped ? "true" : "false");
    r.add("scale", Line().real(result.scale));
    r.add("~grad_norm", optional_real(result.grad_norm));
    parameters(r, "~parameter after the step ", *mlp.model);
  } catch (...) {
    r.add("train_step_mixed threw", exception_type());
    parameters(r, "parameter after the error ", *mlp.model);
  }
  if (scaler) add_state(r, "scaler state_dict after", scaler->state_dict());
}

// checkpoint <mlp> <budget> <rows> <x> <upstream>: checkpoint_sequential's output, every
// gradient, and where the dropout generator's stream is afterwards.
void run_checkpoint(Words& in, Response& r) {
  Mlp mlp = read_mlp(in);
  const auto budget = static_cast<std::size_t>(in.integer());
  const auto rows = static_cast<std::size_t>(in.integer());
  Tensor x = Tensor::from(in.reals(rows * mlp.in), {rows, mlp.in}, mlp.dtype);
  const Tensor upstream = Tensor::from(in.reals(rows * mlp.out), {rows, mlp.out}, mlp.dtype);
  x.requires_grad_();
  std::vector<std::shared_ptr<Watched>> watchers;
  const auto model = watched(mlp.layers, watchers);
  const Tensor y = train::checkpoint_sequential(*model, x, budget, mlp.rngs);
  r.values("output", y);
  r.add("each layer's runs after forward (- without a graph, + with)", logs_of(watchers));
  y.backward(upstream);
  r.add("each layer's runs after backward", logs_of(watchers));
  r.grad("gradient of the input", x);
  gradients(r, "gradient of parameter ", *mlp.model);
  r.add("dropout generator's next draw", std::to_string(mlp.dropout_rng->next_u64()));
}

// checkpoint_fn <f32|f64> <n> <a> <w> <same|distinct|constant> <autocast|none>: checkpoint of
// fn(a, b) = matmul(a, w) * b + tanh(a) with w a parameter, b = a (the same tensor twice), a copy
// of a, or both inputs constants (only the parameter requires grad), under an optional Autocast,
// then backward of the sum.
void run_checkpoint_fn(Words& in, Response& r) {
  const DType dtype = dtype_named(in.word());
  const auto n = static_cast<std::size_t>(in.integer());
  Tensor a = Tensor::from(in.reals(n * n), {n, n}, dtype);
  Tensor w = Tensor::from(in.reals(n * n), {n, n}, dtype);
  const std::string inputs = in.word();
  const bool same = inputs == "same";
  const std::string autocast = in.word();
  if (inputs != "constant") a.requires_grad_();
  w.requires_grad_();
  Tensor b = same ? a : a.detach();
  if (inputs == "distinct") b.requires_grad_();
  std::string runs;  // '-' for a call without a graph, '+' with one (Watched's log)
  const train::SegmentFn fn = [w, &runs](const std::vector<Tensor>& v) {
    runs += is_grad_enabled() ? '+' : '-';
    return matmul(v[0], w) * v[1] + tanh(v[0]);
  };
  Tensor y;
  {
    std::optional<train::Autocast> scope;
    if (autocast != "none") scope.emplace(autocast);
    y = train::checkpoint(fn, {a, b}, {w});
  }
  r.values("output", y);
  r.add("fn's runs after forward (- without a graph, + with)", runs);
  sum(y).backward();
  r.add("fn's runs after backward", runs);
  // a in both slots: the order its two slots' gradients are summed in is the module's
  // (docs/contract-freedoms.md, "A tensor in several slots"), so its gradient is the plain one to
  // rounding only.
  r.grad(same ? "~gradient of a" : "gradient of a", a);
  if (inputs == "distinct") r.grad("gradient of b", b);
  r.grad("gradient of the parameter", w);
}

std::string call(const std::string& request) {
  Response r;
  try {
    Words in(request);
    const std::string op = in.word();
    // An Autocast scope an earlier call left open (s05's pitfall) changes every result after it:
    // said first, so the difference reads as what it is.
    r.add("autocast_dtype before the call", optional_word(train::autocast_dtype()));
    static const std::map<std::string, void (*)(Words&, Response&)> runs = {
        {"cast", run_cast},
        {"autocast", run_autocast},
        {"scaler", run_scaler},
        {"accumulate", run_accumulate},
        {"train_step", run_train_step},
        {"checkpoint", run_checkpoint},
        {"checkpoint_fn", run_checkpoint_fn}};
    const auto run = runs.find(op);
    if (run == runs.end())
      throw std::invalid_argument("differential protocol: unknown operation " + op);
    run->second(in, r);
  } catch (...) {
    r.add("error", exception_type());
  }
  return r.text;
}

}  // namespace

// Runs the scenario `request` describes (protocol.hpp) and returns its response, valid until the
// next call on this thread. The only symbol a shim exports.
extern "C" __attribute__((visibility("default"))) const char* tinyllm_diff_call(
    const char* request) {
  thread_local std::string response;
  response = call(request);
  return response.c_str();
}
