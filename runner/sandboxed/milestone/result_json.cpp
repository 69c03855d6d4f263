#include "result_json.hpp"

#include <stdexcept>

namespace tinyllm::milestone {
namespace {

nlohmann::json run_json(const Run& run) {
  return {{"name", run.name},
          {"train_loss", run.train_loss},
          {"held_out_step", run.held_out_step},
          {"held_out_loss", run.held_out_loss},
          {"held_bytes", run.held_bytes},
          {"peak_bytes", run.peak_bytes},
          {"skipped_steps", run.skipped_steps},
          {"train_seconds", run.train_seconds}};
}

Run run_from(const nlohmann::json& j) {
  Run run;
  j.at("name").get_to(run.name);
  j.at("train_loss").get_to(run.train_loss);
  j.at("held_out_step").get_to(run.held_out_step);
  j.at("held_out_loss").get_to(run.held_out_loss);
  j.at("held_bytes").get_to(run.held_bytes);
  j.at("peak_bytes").get_to(run.peak_bytes);
  j.at("skipped_steps").get_to(run.skipped_steps);
  j.at("train_seconds").get_to(run.train_seconds);
  return run;
}

}  // namespace

nlohmann::json to_json(const Result& r) {
  const auto& m = r.plan.model;
  return {{"version", 1},
          {"plan",
           {{"vocab", m.vocab},
            {"dim", m.dim},
            {"layers", m.layers},
            {"heads", m.heads},
            {"context", m.context},
            {"hidden", m.hidden},
            {"steps", r.plan.steps},
            {"batch", r.plan.batch},
            {"micro_batch", r.plan.micro_batch},
            {"budget", r.plan.budget},
            {"eval_every", r.plan.eval_every},
            {"eval_sequences", r.plan.eval_sequences},
            {"lr", r.plan.lr},
            {"seed", r.plan.seed},
            {"precision", r.plan.precision}}},
          {"parameters", r.parameters},
          {"corpus",
           {{"fingerprint", r.corpus_fingerprint},
            {"train_bytes", r.train_bytes},
            {"held_out_bytes", r.held_out_bytes}}},
          {"schedule", r.schedule},
          {"float32", run_json(r.float32)},
          {"mixed", run_json(r.mixed)},
          {"checkpointed_held", r.checkpointed_held},
          {"plain_held", r.plain_held},
          {"error", r.error}};
}

Result result_from_json(const nlohmann::json& j) {
  if (j.at("version") != 1)
    throw std::runtime_error("the milestone's numbers are of version " + j.at("version").dump() +
                             ", not 1: rebuild the trainer with the grader");
  Result r;
  const auto& p = j.at("plan");
  auto& m = r.plan.model;
  p.at("vocab").get_to(m.vocab);
  p.at("dim").get_to(m.dim);
  p.at("layers").get_to(m.layers);
  p.at("heads").get_to(m.heads);
  p.at("context").get_to(m.context);
  p.at("hidden").get_to(m.hidden);
  p.at("steps").get_to(r.plan.steps);
  p.at("batch").get_to(r.plan.batch);
  p.at("micro_batch").get_to(r.plan.micro_batch);
  p.at("budget").get_to(r.plan.budget);
  p.at("eval_every").get_to(r.plan.eval_every);
  p.at("eval_sequences").get_to(r.plan.eval_sequences);
  p.at("lr").get_to(r.plan.lr);
  p.at("seed").get_to(r.plan.seed);
  p.at("precision").get_to(r.plan.precision);
  j.at("parameters").get_to(r.parameters);
  j.at("corpus").at("fingerprint").get_to(r.corpus_fingerprint);
  j.at("corpus").at("train_bytes").get_to(r.train_bytes);
  j.at("corpus").at("held_out_bytes").get_to(r.held_out_bytes);
  j.at("schedule").get_to(r.schedule);
  r.float32 = run_from(j.at("float32"));
  r.mixed = run_from(j.at("mixed"));
  j.at("checkpointed_held").get_to(r.checkpointed_held);
  j.at("plain_held").get_to(r.plain_held);
  j.at("error").get_to(r.error);
  return r;
}

}  // namespace tinyllm::milestone
