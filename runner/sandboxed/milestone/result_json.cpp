#include "result_json.hpp"

#include <stdexcept>

namespace tinyllm::milestone {
namespace {

// Calls `visit(pointer, field)` for every field of the result with its place in the JSON: one list
// for writing and for reading, so the two cannot disagree.
template <class R, class Visit>
void visit_fields(R& r, Visit visit) {
  auto& p = r.plan;
  visit("/plan/vocab", p.model.vocab);
  visit("/plan/dim", p.model.dim);
  visit("/plan/layers", p.model.layers);
  visit("/plan/heads", p.model.heads);
  visit("/plan/context", p.model.context);
  visit("/plan/hidden", p.model.hidden);
  visit("/plan/steps", p.steps);
  visit("/plan/batch", p.batch);
  visit("/plan/micro_batch", p.micro_batch);
  visit("/plan/budget", p.budget);
  visit("/plan/eval_every", p.eval_every);
  visit("/plan/eval_sequences", p.eval_sequences);
  visit("/plan/lr", p.lr);
  visit("/plan/seed", p.seed);
  visit("/plan/precision", p.precision);
  visit("/parameters", r.parameters);
  visit("/corpus/fingerprint", r.corpus_fingerprint);
  visit("/corpus/train_bytes", r.train_bytes);
  visit("/corpus/held_out_bytes", r.held_out_bytes);
  visit("/schedule", r.schedule);
  const auto visit_run = [&](const std::string& at, auto& run) {
    visit(at + "/name", run.name);
    visit(at + "/train_loss", run.train_loss);
    visit(at + "/held_out_step", run.held_out_step);
    visit(at + "/held_out_loss", run.held_out_loss);
    visit(at + "/held_bytes", run.held_bytes);
    visit(at + "/peak_bytes", run.peak_bytes);
    visit(at + "/skipped_steps", run.skipped_steps);
    visit(at + "/train_seconds", run.train_seconds);
  };
  visit_run("/float32", r.float32);
  visit_run("/mixed", r.mixed);
  visit("/checkpointed_held", r.checkpointed_held);
  visit("/plain_held", r.plain_held);
  visit("/error", r.error);
}

}  // namespace

nlohmann::json to_json(const Result& r) {
  nlohmann::json j = {{"version", 1}};
  visit_fields(r, [&](const std::string& at, const auto& value) {
    j[nlohmann::json::json_pointer(at)] = value;
  });
  return j;
}

Result result_from_json(const nlohmann::json& j) {
  if (j.at("version") != 1)
    throw std::runtime_error("the milestone's numbers are of version " + j.at("version").dump() +
                             ", not 1: rebuild the trainer with the grader");
  Result r;
  visit_fields(r, [&](const std::string& at, auto& value) {
    j.at(nlohmann::json::json_pointer(at)).get_to(value);
  });
  return r;
}

}  // namespace tinyllm::milestone
