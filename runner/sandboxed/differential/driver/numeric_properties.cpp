// The differential properties of the module's exact numerics: cast and its backward, autocast's
// rounding points and scopes, the dynamic loss scaler. Every result here is exact in the contract
// (docs/contract-freedoms.md), so the learner's must equal the reference's bit for bit, but for the
// scaler's clipping norm (docs/differential-check.md, "Why each comparison is exact").
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "compare.hpp"
#include "property.hpp"

namespace tinyllm_diff {

// cast of f32 and f64 tensors to bf16 and fp16, forward and backward, and a dtype that is not one.
// Catches a wrong rounding (ties, subnormals, overflow, NaN), a dtype change (s04) and a backward
// that does not round the gradient (s02).
rc::Gen<Case> cast_cases() {
  return rc::gen::exec([] {
    const std::string dtype = *rc::gen::element<std::string>("f32", "f64");
    const std::string to = *rc::gen::weightedOneOf<std::string>(
        {{8, rc::gen::element<std::string>("bf16", "fp16")},
         {1, rc::gen::element<std::string>("fp8", "float16", "BF16", "f32")}});
    const auto n = *rc::gen::inRange<std::size_t>(1, 6);
    const auto x = pick(n, any_value());
    const auto upstream = pick(n, any_value());
    Line request;
    request << "cast" << dtype << to << n;
    request.reals(x).reals(upstream);
    return Case{"cast of " + decimals(x) + " (" + dtype + ") to " + to + ", upstream gradient " +
                    decimals(upstream),
                request.text()};
  });
}

RC_GTEST_PROP(Differential, cast, ()) {
  check_area("cast");
}

// matmul in nested Autocast scopes and autocast_matmul: rounding points (s01 output, s03 one
// operand), the active dtype in and after scopes (s06), after an exception (s05), a bad dtype.
rc::Gen<Case> autocast_matmul_cases() {
  return rc::gen::exec([] {
    const std::string dtype = *rc::gen::element<std::string>("f32", "f64");
    const auto m = *rc::gen::inRange<long>(1, 4);
    const auto k = *rc::gen::inRange<long>(1, 4);
    const auto n = *rc::gen::inRange<long>(1, 4);
    const auto scopes = *rc::gen::container<std::vector<std::string>>(
        *rc::gen::inRange<std::size_t>(1, 4), rc::gen::element<std::string>("bf16", "fp16"));
    const auto a = pick(static_cast<std::size_t>(m * k), finite_value());
    const auto b = pick(static_cast<std::size_t>(k * n), finite_value());
    const bool throw_through = *rc::gen::arbitrary<bool>();
    Line request;
    request << "autocast" << dtype << m << k << n << scopes.size();
    for (const auto& s : scopes) request << s;
    request.reals(a).reals(b) << (throw_through ? 1 : 0);
    std::string nesting;
    for (const auto& s : scopes) nesting += (nesting.empty() ? "" : " inside ") + s;
    return Case{"matmul of a " + std::to_string(m) + "x" + std::to_string(k) + " " + decimals(a) +
                    " and b " + std::to_string(k) + "x" + std::to_string(n) + " " + decimals(b) +
                    " (" + dtype + ") under Autocast " + nesting +
                    (throw_through ? ", then an exception through the scopes" : ""),
                request.text()};
  });
}

RC_GTEST_PROP(Differential, autocast_matmul, ()) {
  check_area("autocast_matmul");
}

namespace {

struct ScalerArgs {
  double init, growth, backoff;
  long interval;
};

// Constructor arguments: mostly valid powers of two (which keep scaling exact), sometimes one
// out of its range.
rc::Gen<ScalerArgs> scaler_args() {
  const auto valid = rc::gen::apply(
      [](int e, double growth, double backoff, long interval) {
        return ScalerArgs{std::ldexp(1.0, e), growth, backoff, interval};
      },
      rc::gen::inRange(0, 17), rc::gen::element(2.0, 4.0), rc::gen::element(0.5, 0.25),
      rc::gen::inRange<long>(1, 4));
  const auto invalid = rc::gen::element(
      ScalerArgs{0.0, 2, 0.5, 2}, ScalerArgs{-1.0, 2, 0.5, 2}, ScalerArgs{INFINITY, 2, 0.5, 2},
      ScalerArgs{NAN, 2, 0.5, 2}, ScalerArgs{1024, 1.0, 0.5, 2}, ScalerArgs{1024, 2, 1.0, 2},
      ScalerArgs{1024, 2, 0.0, 2}, ScalerArgs{1024, 2, 0.5, 0}, ScalerArgs{1024, 2, 0.5, -3});
  return rc::gen::weightedOneOf<ScalerArgs>({{8, valid}, {1, invalid}});
}

// A state for load_state_dict: mostly valid, sometimes one field out of range.
std::vector<double> pick_state() {
  const bool valid = *rc::gen::weightedElement<bool>({{6, true}, {1, false}});
  std::vector<double> s = {std::ldexp(1.0, *rc::gen::inRange(0, 17)), 2.0, 0.5,
                           static_cast<double>(*rc::gen::inRange(1, 6)),
                           static_cast<double>(*rc::gen::inRange(0, 5))};
  if (!valid) {
    const auto field = *rc::gen::inRange<std::size_t>(0, 5);
    s[field] = std::vector<double>{-1.0, 1.0, 1.5, 0.0, -1.0}[field];
  }
  return s;
}

}  // namespace

// A sequence of scaler steps on an SGD-updated parameter, finite and overflowing gradients, with
// and without clipping; then state_dict and load_state_dict. Catches s11-s16.
rc::Gen<Case> DynamicLossScaler_cases() {
  return rc::gen::exec([] {
    const ScalerArgs args = *scaler_args();
    const auto n = *rc::gen::inRange<std::size_t>(1, 4);
    const auto p = pick(n, finite_value(2));
    const auto steps = *rc::gen::inRange<long>(1, 7);
    Line request;
    request << "scaler";
    request.real(args.init).real(args.growth).real(args.backoff) << args.interval << n;
    request.reals(p) << steps;
    std::string story;
    for (long i = 0; i < steps; ++i) {
      const double clip = *rc::gen::element(0.0, 0.0, 0.5, 1.0, 4.0);
      auto g = pick(n, finite_value());
      if (*rc::gen::weightedElement<bool>({{3, false}, {1, true}}))
        g[*rc::gen::inRange<std::size_t>(0, n)] = *rc::gen::element(INFINITY, -INFINITY, NAN);
      request.real_or_none(clip, clip > 0).reals(g);
      story += "; step " + std::to_string(i + 1) + " with gradient " + decimals(g) +
               (clip > 0 ? ", clip " + decimal(clip) : "");
    }
    const auto state = pick_state();
    request.real(state[0]).real(state[1]).real(state[2]);
    request << static_cast<long>(state[3]) << static_cast<long>(state[4]);
    return Case{"DynamicLossScaler(" + decimal(args.init) + ", " + decimal(args.growth) + ", " +
                    decimal(args.backoff) + ", " + std::to_string(args.interval) +
                    ") on parameter " + decimals(p) + " (SGD lr 0.25)" + story +
                    "; then load_state_dict of " + decimals(state),
                request.text()};
  });
}

RC_GTEST_PROP(Differential, DynamicLossScaler, ()) {
  check_area("DynamicLossScaler");
}

}  // namespace tinyllm_diff
