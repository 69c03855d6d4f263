// DynamicLossScaler.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "generators.hpp"

namespace {
using tinyllm::DType;
using tinyllm::Tensor;
using tinyllm::train::DynamicLossScaler;
using tinyllm::train::ScalerState;

const double kInf = std::numeric_limits<double>::infinity();

// Catches s11 (never unscaling) and s14 (the good-step count not restarted after an overflow):
// section 3's trace with S = 8, growth 2, backoff 1/2, interval 2 and SGD lr 0.5 on one weight
// starting at 0. Each scaled gradient is set directly, then the scaler steps.
TEST(Course, hand_example_loss_scaler) {
  Tensor w = Tensor::from({0.0}, {1}).requires_grad_();
  tinyllm::optim::SGD opt({w}, 0.5);
  DynamicLossScaler scaler(8.0, 2.0, 0.5, 2);
  struct Row {
    double scaled_grad;
    bool stepped;
    double w_after, scale_after;
    long good_steps_after;
  };
  // step: scaled g, finite?, w after, S after, good steps (section 3's table).
  const std::vector<Row> trace = {{8, true, -0.5, 8, 1},
                                  {kInf, false, -0.5, 4, 0},
                                  {4, true, -1.0, 4, 1},
                                  {8, true, -2.0, 8, 0},
                                  {16, true, -3.0, 8, 1}};
  for (std::size_t i = 0; i < trace.size(); ++i) {
    SCOPED_TRACE("step " + std::to_string(i + 1));
    w.set_grad(Tensor::from({trace[i].scaled_grad}, {1}));
    EXPECT_EQ(scaler.step(opt, {w}), trace[i].stepped);
    EXPECT_EQ(w.item(), trace[i].w_after) << "the update uses g / S";
    EXPECT_EQ(scaler.loss_scale(), trace[i].scale_after)
        << "S grows at the wrong step: a count that does not restart at the overflow grows it "
           "one step early, a growth check that waits for more than `interval` good steps one "
           "step late";
    EXPECT_EQ(scaler.good_steps(), trace[i].good_steps_after);
  }
}

// Catches s12 (stepping on non-finite gradients) and s13 (keeping the bad gradients after a skip):
// a random overflow (inf, -inf or NaN in one entry) changes no parameter, drops every gradient,
// multiplies S by the backoff and restarts the count; then, with gradients from backward through
// an fp16 cast (which overflows once S >= 2^16), steps are skipped and S halved exactly until it
// fits, and the step that succeeds applies the true gradient.
RC_GTEST_PROP(Course, scaler_skips_inf_steps, ()) {
  const auto n_params = *rc::gen::inRange<std::size_t>(1, 4);
  std::vector<Tensor> params, before;
  for (std::size_t i = 0; i < n_params; ++i) {
    const auto size = *rc::gen::inRange<std::size_t>(1, 5);
    Tensor p = *course_gen::tensor({size}, DType::f32);
    p.requires_grad_();
    p.set_grad(*course_gen::tensor({size}, DType::f32));
    params.push_back(p);
    before.push_back(p.detach());
  }
  const auto bad_param = *rc::gen::inRange<std::size_t>(0, n_params);
  const auto bad_index = *rc::gen::inRange<std::size_t>(0, params[bad_param].numel());
  const double bad_value = *rc::gen::element(kInf, -kInf, std::numeric_limits<double>::quiet_NaN());
  auto grad = params[bad_param].grad().values();
  grad[bad_index] = bad_value;
  params[bad_param].set_grad(Tensor::from(grad, params[bad_param].shape()));
  const int exponent = *rc::gen::inRange(1, 24);
  const double backoff = *rc::gen::element(0.5, 0.25);
  DynamicLossScaler scaler(std::ldexp(1.0, exponent), 2.0, backoff, 3);
  tinyllm::optim::SGD opt(params, 0.1);
  RC_ASSERT(!scaler.step(opt, params));
  for (std::size_t i = 0; i < n_params; ++i) {
    RC_ASSERT(params[i].values() == before[i].values());
    RC_ASSERT(!params[i].has_grad());
  }
  RC_ASSERT(scaler.loss_scale() == std::ldexp(1.0, exponent) * backoff);
  RC_ASSERT(scaler.good_steps() == 0);

  // Overflow from backward: d/dw sum(cast(w * c, fp16)) * S reaches the cast as S, which fp16
  // rounds to infinity from 2^16 (65520 and up) on. No zero_grad between attempts: the scaler
  // itself must drop the bad gradients, or they poison every later attempt.
  const auto size = *rc::gen::inRange<std::size_t>(1, 5);
  const Tensor c = *course_gen::tensor({size}, DType::f32, course_gen::bf16_value(-4, 4));
  Tensor w = *course_gen::tensor({size}, DType::f32);
  w.requires_grad_();
  const Tensor w0 = w.detach();
  const int start = *rc::gen::inRange(16, 21);
  DynamicLossScaler fp16_scaler(std::ldexp(1.0, start), 2.0, 0.5, 2000);
  tinyllm::optim::SGD sgd({w}, 0.25);
  int skipped = 0;
  for (int attempt = 0; attempt < 10; ++attempt) {
    const Tensor loss = tinyllm::sum(tinyllm::train::cast(w * c, "fp16"));
    fp16_scaler.scale(loss).backward();
    if (fp16_scaler.step(sgd, {w})) break;
    ++skipped;
  }
  RC_ASSERT(skipped == start - 15);
  RC_ASSERT(fp16_scaler.loss_scale() == std::ldexp(1.0, 15));
  // The true gradient is c: w = w0 - 0.25 * c, computed in float32.
  const auto cv = c.values(), w0v = w0.values(), wv = w.values();
  for (std::size_t i = 0; i < size; ++i)
    RC_ASSERT(wv[i] == static_cast<double>(static_cast<float>(w0v[i]) -
                                           static_cast<float>(0.25f * static_cast<float>(cv[i]))));
}

// Catches s15 (clipping before unscaling): a gradient of norm 5 ([3, 4]) scaled by 1024 and
// clipped to 1 by the scaler equals the unscaled gradient clipped to 1, and the norm clipping saw
// is 5, in true gradient units.
TEST(Course, scaler_unscales_before_clipping) {
  Tensor scaled = Tensor::from({0.0, 0.0}, {2}).requires_grad_();
  Tensor plain = Tensor::from({0.0, 0.0}, {2}).requires_grad_();
  scaled.set_grad(Tensor::from({3.0 * 1024, 4.0 * 1024}, {2}));
  plain.set_grad(Tensor::from({3.0, 4.0}, {2}));
  tinyllm::optim::SGD scaled_opt({scaled}, 1.0), plain_opt({plain}, 1.0);
  DynamicLossScaler scaler(1024.0, 2.0, 0.5, 2000);
  ASSERT_TRUE(scaler.step(scaled_opt, {scaled}, 1.0));
  EXPECT_DOUBLE_EQ(tinyllm::optim::clip_grad_norm_({plain}, 1.0), 5.0);
  plain_opt.step();
  EXPECT_EQ(scaled.values(), plain.values())
      << "clipping S * g to 1 and then dividing by S leaves an update S times too small";
  ASSERT_TRUE(scaler.last_grad_norm().has_value());
  EXPECT_DOUBLE_EQ(*scaler.last_grad_norm(), 5.0);
  // The clipped update has norm 1 (to the clip's 1e-6 guard).
  const auto v = scaled.values();
  EXPECT_NEAR(std::hypot(v[0], v[1]), 1.0, 1e-6);
}

// Catches s16 (losing the good-step count on resume): a scaler restored from another's state dict
// has the same S and count, and grows S at the same step; bad state dicts raise and change nothing.
TEST(Course, scaler_state_dict_roundtrip) {
  Tensor w = Tensor::from({0.0}, {1}).requires_grad_();
  tinyllm::optim::SGD opt({w}, 0.1);
  DynamicLossScaler original(8.0, 2.0, 0.5, 3);
  for (int i = 0; i < 2; ++i) {
    w.set_grad(Tensor::from({8.0}, {1}));
    ASSERT_TRUE(original.step(opt, {w}));
  }
  ASSERT_EQ(original.good_steps(), 2);
  const ScalerState saved = original.state_dict();
  EXPECT_EQ(saved.scale, 8.0);
  EXPECT_EQ(saved.good_steps, 2);

  DynamicLossScaler resumed;
  resumed.load_state_dict(saved);
  EXPECT_EQ(resumed.state_dict(), saved);
  EXPECT_EQ(resumed.loss_scale(), 8.0);
  EXPECT_EQ(resumed.good_steps(), 2) << "the count must survive a resume";
  // The third good step grows S in both.
  for (DynamicLossScaler* s : {&original, &resumed}) {
    w.set_grad(Tensor::from({8.0}, {1}));
    ASSERT_TRUE(s->step(opt, {w}));
  }
  EXPECT_EQ(original.loss_scale(), 16.0);
  EXPECT_EQ(resumed.loss_scale(), 16.0) << "the resumed run grew S late";
  EXPECT_EQ(resumed.state_dict(), original.state_dict());

  // Bad values raise and leave the state as it was.
  const auto kept = resumed.state_dict();
  for (auto bad : {ScalerState{-1.0, 2.0, 0.5, 3, 0}, ScalerState{8.0, 1.0, 0.5, 3, 0},
                   ScalerState{8.0, 2.0, 1.5, 3, 0}, ScalerState{8.0, 2.0, 0.5, 0, 0},
                   ScalerState{8.0, 2.0, 0.5, 3, -1}}) {
    EXPECT_THROW(resumed.load_state_dict(bad), std::invalid_argument);
    EXPECT_EQ(resumed.state_dict(), kept);
  }
  EXPECT_THROW(DynamicLossScaler(0.0), std::invalid_argument);
  EXPECT_THROW(DynamicLossScaler(8.0, 0.5), std::invalid_argument);
}

// Catches a range check tighter than the contract's: a scale of 1 or below (where overflows take
// S), an interval of 1 (grow after every good step) and the states they lead to are accepted by
// the constructor and by load_state_dict, and a scaler behaves by them.
TEST(CourseContract, scaler_accepts_every_state_it_can_reach) {
  Tensor w = Tensor::from({0.0}, {1}).requires_grad_();
  tinyllm::optim::SGD opt({w}, 0.1);
  DynamicLossScaler every_step(1.0, 2.0, 0.5, 1);
  w.set_grad(Tensor::from({kInf}, {1}));
  ASSERT_FALSE(every_step.step(opt, {w}));
  EXPECT_EQ(every_step.loss_scale(), 0.5);
  w.set_grad(Tensor::from({1.0}, {1}));
  ASSERT_TRUE(every_step.step(opt, {w}));
  EXPECT_EQ(every_step.loss_scale(), 1.0) << "interval 1: S grows after every good step";
  EXPECT_EQ(every_step.good_steps(), 0);

  const ScalerState small{0.25, 2.0, 0.5, 1, 0};
  DynamicLossScaler resumed;
  resumed.load_state_dict(small);
  EXPECT_EQ(resumed.state_dict(), small);
  EXPECT_NO_THROW(DynamicLossScaler(0.5, 2.0, 0.5, 1));
}

// Catches a last_grad_norm() that outlives its step: it is the norm clipping saw on the last step,
// so a later step that does not clip, or is skipped, leaves it empty.
TEST(CourseContract, scaler_reports_only_the_last_steps_clipping) {
  Tensor w = Tensor::from({0.0, 0.0}, {2}).requires_grad_();
  tinyllm::optim::SGD opt({w}, 0.1);
  DynamicLossScaler scaler(4.0, 2.0, 0.5, 2000);
  w.set_grad(Tensor::from({12.0, 16.0}, {2}));
  ASSERT_TRUE(scaler.step(opt, {w}, 1.0));
  ASSERT_TRUE(scaler.last_grad_norm().has_value());
  EXPECT_DOUBLE_EQ(*scaler.last_grad_norm(), 5.0);
  w.set_grad(Tensor::from({12.0, 16.0}, {2}));
  ASSERT_TRUE(scaler.step(opt, {w}));
  EXPECT_FALSE(scaler.last_grad_norm().has_value()) << "this step did not clip";
  w.set_grad(Tensor::from({12.0, 16.0}, {2}));
  ASSERT_TRUE(scaler.step(opt, {w}, 1.0));
  w.set_grad(Tensor::from({kInf, 16.0}, {2}));
  ASSERT_FALSE(scaler.step(opt, {w}, 1.0));
  EXPECT_FALSE(scaler.last_grad_norm().has_value()) << "a skipped step clips nothing";
}

// Catches a scaler that reads every parameter's gradient: a parameter without one (unused by the
// loss) is left alone, as the optimizer leaves it, and the others step.
TEST(CourseContract, scaler_leaves_parameters_without_a_gradient_alone) {
  Tensor used = Tensor::from({1.0}, {1}).requires_grad_();
  Tensor unused = Tensor::from({2.0}, {1}).requires_grad_();
  tinyllm::optim::SGD opt({used, unused}, 0.5);
  DynamicLossScaler scaler(8.0, 2.0, 0.5, 2000);
  used.set_grad(Tensor::from({8.0}, {1}));
  ASSERT_TRUE(scaler.step(opt, {used, unused}, 10.0));
  EXPECT_EQ(used.item(), 0.5) << "1 - 0.5 * (8 / 8)";
  EXPECT_EQ(unused.item(), 2.0);
  EXPECT_FALSE(unused.has_grad());
}

// Catches s11 (never unscaling), and s07-s09 (micro-batches weighted 1/k, summed, or zeroed in
// between): gradients below 2^-25 vanish in an fp16 backward, and with loss scaling they come back
// equal to the float32 gradients, to fp16's precision. The loss mean(pred * t) with tiny positive
// t sends t / N back to the fp16 matmul's output, accumulated over two micro-batches of unequal
// size; x in [0.5, 1) keeps every true gradient below 2^-25, and positive, so no cancellation
// hides an error.
RC_GTEST_PROP(Course, fp16_underflow_is_rescued_by_loss_scaling, ()) {
  const auto first_rows = *rc::gen::inRange<std::size_t>(1, 4);
  const auto second_rows = *rc::gen::inRange<std::size_t>(first_rows + 1, 7);
  const auto cols = *rc::gen::inRange<std::size_t>(1, 4);
  const std::size_t rows = first_rows + second_rows;
  auto positive = [](rc::Gen<double> g) {
    return rc::gen::map(std::move(g), [](double v) { return std::abs(v); });
  };
  const Tensor x =
      *course_gen::tensor({rows, cols}, DType::f32, positive(course_gen::bf16_value(-1, -1)));
  const Tensor t =
      *course_gen::tensor({rows, 1}, DType::f32, positive(course_gen::fp16_underflow_value()));
  auto tiny_loss = [](const Tensor& pred, const Tensor& weight) {
    return tinyllm::mean(pred * weight);
  };
  const std::vector<tinyllm::train::Batch> batches = {
      {tinyllm::slice_rows(x, 0, first_rows), tinyllm::slice_rows(t, 0, first_rows)},
      {tinyllm::slice_rows(x, first_rows, rows), tinyllm::slice_rows(t, first_rows, rows)}};
  auto make_model = [cols] {
    tinyllm::Generator init(7);
    return std::make_shared<tinyllm::nn::Linear>(cols, 1, init, false);
  };

  // float32, one batch: the true gradient sum_r t_r x_r / N, nonzero.
  auto fp32 = make_model();
  tiny_loss((*fp32)(x), t).backward();
  const auto expected = fp32->weight.grad().values();
  for (double g : expected) RC_ASSERT(g > 0.0);

  // fp16 without scaling: every gradient flushes to zero.
  auto unscaled = make_model();
  {
    tinyllm::train::Autocast fp16("fp16");
    tinyllm::train::grad_accumulate(*unscaled, batches, tiny_loss);
  }
  for (double g : unscaled->weight.grad().values()) RC_ASSERT(g == 0.0);

  // fp16 with S = 2^40: the gradients land in fp16's normal range; unscaled, they match.
  auto scaled = make_model();
  DynamicLossScaler scaler(std::ldexp(1.0, 40), 2.0, 0.5, 2000);
  tinyllm::optim::SGD no_update(scaled->parameters(), 0.0);
  {
    tinyllm::train::Autocast fp16("fp16");
    tinyllm::train::grad_accumulate(*scaled, batches, tiny_loss, &scaler);
  }
  RC_ASSERT(scaler.step(no_update, scaled->parameters()));
  const auto rescued = scaled->weight.grad().values();
  for (std::size_t i = 0; i < expected.size(); ++i)
    RC_ASSERT(std::abs(rescued[i] - expected[i]) <= 4e-3 * expected[i]);
}

}  // namespace
