// The differential properties of training: grad_accumulate and train_step_mixed (their losses and
// gradients only to the course suite's tolerance: micro-batches add rows in another order than one
// batch; skip decisions, scales and exception types exactly) and checkpointing (exact: a
// checkpointed gradient equals the plain one bit for bit, and so the reference's).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "compare.hpp"
#include "property.hpp"

namespace tinyllm_diff {

// grad_accumulate on a small model from a seeded Generator: micro-batches of varied rows, with and
// without a scaler, and the bad inputs (none, a micro-batch without rows, targets whose rows
// differ). Catches s07-s10.
rc::Gen<Case> grad_accumulate_cases() {
  return rc::gen::exec([] {
    const MlpSpec spec = *mlp_spec(1, 2, 3, false);
    auto rows = *rc::gen::container<std::vector<long>>(*rc::gen::inRange<std::size_t>(1, 4),
                                                       rc::gen::inRange<long>(1, 4));
    const auto bad = *rc::gen::weightedElement<std::string>(
        {{12, "none"}, {1, "empty"}, {1, "zero rows"}, {1, "target rows"}});
    if (bad == "empty") rows.clear();
    if (bad == "zero rows") rows.back() = 0;
    Batches batches = pick_batches(spec, rows);
    if (bad == "target rows") {
      batches.target_rows.back() += 1;
      batches.targets.back() =
          pick(static_cast<std::size_t>(batches.target_rows.back() * spec.widths.back()),
               finite_value(2));
    }
    const int scale_exponent = *rc::gen::inRange(-1, 11);  // -1: no scaler
    Line request;
    request << "accumulate";
    write(request, spec);
    write(request, batches);
    request.real_or_none(std::ldexp(1.0, scale_exponent), scale_exponent >= 0);
    return Case{
        "grad_accumulate of " + describe(spec) + " on " + describe(batches) + " (mse), " +
            (scale_exponent < 0 ? std::string("no scaler")
                                : "a scaler of scale " + decimal(std::ldexp(1.0, scale_exponent))),
        request.text()};
  });
}

RC_GTEST_PROP(Differential, grad_accumulate, ()) {
  check_area("grad_accumulate");
}

// train_step_mixed in fp32, bf16 and fp16 (and an unknown precision), with and without a scaler
// and clipping, and a NaN loss (NonFiniteLossError without a scaler, a skip with one). The rows
// add up to a power of two, where every correct weighting gives the same bits (the contract's
// accumulation freedom), so a 16-bit rounding cannot amplify a last-bit difference. Catches s17.
rc::Gen<Case> train_step_mixed_cases() {
  return rc::gen::exec([] {
    const MlpSpec spec = *mlp_spec(1, 2, 3, false);
    const auto rows = *rc::gen::elementOf(std::vector<std::vector<long>>{
        {2}, {4}, {1, 1}, {1, 3}, {3, 1}, {2, 2}, {1, 1, 2}, {2, 1, 1}, {4, 4}, {5, 3}, {1, 2, 1}});
    Batches batches = pick_batches(spec, rows);
    const bool nan_input = *rc::gen::weightedElement<bool>({{5, false}, {1, true}});
    if (nan_input) batches.inputs.front().front() = NAN;
    const std::string precision = *rc::gen::weightedOneOf<std::string>(
        {{8, rc::gen::element<std::string>("fp32", "bf16", "fp16")},
         {1, rc::gen::just<std::string>("fp8")}});
    const bool with_scaler = *rc::gen::arbitrary<bool>();
    const int scale_exponent = *rc::gen::inRange(0, 17);
    const long interval = *rc::gen::inRange<long>(1, 3);
    const double clip = *rc::gen::element(0.0, 0.0, 0.5, 4.0);
    const double lr = *rc::gen::element(0.25, 0.1);
    Line request;
    request << "train_step";
    write(request, spec);
    write(request, batches);
    request << precision;
    if (with_scaler)
      (request << "scaler").real(std::ldexp(1.0, scale_exponent)) << interval;
    else
      request << "none";
    request.real_or_none(clip, clip > 0).real(lr);
    return Case{
        "train_step_mixed of " + describe(spec) + " on " + describe(batches) + " (mse, SGD lr " +
            decimal(lr) + ") in " + precision +
            (with_scaler ? ", a scaler of scale " + decimal(std::ldexp(1.0, scale_exponent)) +
                               " interval " + std::to_string(interval)
                         : ", no scaler") +
            (clip > 0 ? ", clip " + decimal(clip) : ""),
        request.text()};
  });
}

RC_GTEST_PROP(Differential, train_step_mixed, ()) {
  check_area("train_step_mixed");
}

// checkpoint_sequential of a Sequential of Linear, Tanh/ReLU and Dropout with its generator, over
// budgets (an impossible one too): the output, every gradient and the generator's stream after,
// bit for bit. Catches s18, s21-s24.
rc::Gen<Case> checkpoint_sequential_cases() {
  return rc::gen::exec([] {
    const MlpSpec spec = *mlp_spec(2, 4, 4, true);
    const long layers = layer_count(spec);
    // Mostly below the layers (two segments or more, the first checkpointed) down to about half the
    // layers (the fewest that still has a schedule), sometimes below (checkpoint_schedule's error),
    // sometimes every layer (one segment, nothing checkpointed).
    const long below = *rc::gen::weightedOneOf<long>(
        {{8, rc::gen::inRange<long>(2, layers / 2 + 2)}, {1, rc::gen::just(0L)}});
    const long budget = std::max(1L, layers + 1 - below);
    const long rows = *rc::gen::inRange<long>(1, 4);
    const auto x = pick(static_cast<std::size_t>(rows * spec.widths.front()), finite_value(2));
    const auto upstream =
        pick(static_cast<std::size_t>(rows * spec.widths.back()), finite_value(2));
    Line request;
    request << "checkpoint";
    write(request, spec);
    request << budget << rows;
    request.reals(x).reals(upstream);
    return Case{"checkpoint_sequential of " + describe(spec) + " (" + std::to_string(layers) +
                    " layers, training mode) with budget " + std::to_string(budget) + " on " +
                    std::to_string(rows) + " rows " + decimals(x) + ", upstream gradient " +
                    decimals(upstream),
                request.text()};
  });
}

RC_GTEST_PROP(Differential, checkpoint_sequential, ()) {
  check_area("checkpoint_sequential");
}

// checkpoint of fn(a, b) = matmul(a, w) * b + tanh(a) with the parameter w, b the same tensor as a
// or another one, or both constants (only w requires grad), under an optional Autocast: output and
// gradients bit for bit. Catches s19 (with constant inputs), s20,
// and an autocast state not recorded at the first call.
rc::Gen<Case> checkpoint_cases() {
  return rc::gen::exec([] {
    const std::string dtype = *rc::gen::element<std::string>("f32", "f64");
    const auto n = *rc::gen::inRange<long>(1, 4);
    const auto a = pick(static_cast<std::size_t>(n * n), finite_value(2));
    const auto w = pick(static_cast<std::size_t>(n * n), finite_value(2));
    const std::string same = *rc::gen::element<std::string>("same", "distinct", "constant");
    const std::string autocast = *rc::gen::element<std::string>("none", "bf16", "fp16");
    Line request;
    request << "checkpoint_fn" << dtype << n;
    request.reals(a).reals(w) << same << autocast;
    return Case{"checkpoint of fn(a, b) = matmul(a, w) * b + tanh(a) with a " + std::to_string(n) +
                    "x" + std::to_string(n) + " " + decimals(a) + " (" + dtype + "), parameter w " +
                    decimals(w) + ", b " +
                    (same == "same"       ? "the same tensor as a"
                     : same == "distinct" ? "a copy of a"
                                          : "a copy of a, neither requiring grad") +
                    (autocast == "none" ? "" : ", under Autocast " + autocast),
                request.text()};
  });
}

RC_GTEST_PROP(Differential, checkpoint, ()) {
  check_area("checkpoint");
}

}  // namespace tinyllm_diff
