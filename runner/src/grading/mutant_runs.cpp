// A grade's mutant runs, through fork servers where it may (see mutant_runs.hpp).
#include "grading/mutant_runs.hpp"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <random>

#include "sandbox/run_server.hpp"
#include "tinyllm/base/parallel_for.hpp"

namespace tinyllm::runner {
namespace {

// Decoy runs of the reference among a grade's served runs: a suite that fails its runs in a
// server (to be graded on that alone) fails one of three with a chance of (1 - p)^3 to get away
// with killing a share p of the mutants.
constexpr int kDecoys = 3;

struct Item {
  std::size_t index = 0;  // the planned run's (unused for a decoy)
  bool decoy = false;
};

// The plan's runs, with `decoys` decoys at random places among them.
std::vector<Item> work_list(std::size_t runs, int decoys) {
  std::vector<Item> items;
  for (std::size_t i = 0; i < runs; ++i) items.push_back({i, false});
  std::random_device device;
  std::mt19937_64 random(device());
  for (int d = 0; d < decoys; ++d) {
    std::uniform_int_distribution<std::size_t> at(0, items.size());
    items.insert(items.begin() + static_cast<std::ptrdiff_t>(at(random)), Item{0, true});
  }
  return items;
}

}  // namespace

MutantRunsDone run_mutants(const MutantRunPlan& plan) {
  MutantRunsDone done;
  const std::size_t count = plan.runs.size();
  std::vector<std::optional<SandboxRun>> runs(count);
  std::vector<char> served(count, 0);
  const std::vector<Item> all = work_list(count, plan.serve ? kDecoys : 0);
  std::atomic<std::size_t> next{0};
  std::atomic<int> decoys{0};
  std::atomic<bool> decoy_failed{false};
  std::mutex note_mutex;
  auto note = [&](const std::string& why) {
    const std::lock_guard lock(note_mutex);
    if (done.note.empty() && !why.empty()) done.note = why;
  };

  auto worker = [&](std::size_t) {
    std::unique_ptr<RunServer> server;
    for (std::size_t k; (k = next++) < all.size();) {
      const Item& item = all[k];
      const PlannedRun planned = item.decoy ? PlannedRun{"reference", {}} : plan.runs[item.index];
      const std::string& variant = planned.variant;
      RunRequest one_process = plan.request(planned);
      if (plan.serve && plan.variant_runs->in_schema(variant)) {
        if (!server) {
          server = std::make_unique<RunServer>(plan.server, plan.server_start_seconds);
          if (!server->serving()) note("the fork server did not start: " + server->why_not());
        }
        std::optional<SandboxRun> run =
            server->run(plan.variant_runs->token(variant), one_process.arguments,
                        one_process.timeout_seconds, one_process.limits);
        if (!run && !server->why_not().empty()) note("a fork server stopped: " + server->why_not());
        if (run && item.decoy) {
          ++decoys;
          if (!plan.passes(*run)) decoy_failed = true;
          continue;
        }
        if (run) {
          runs[item.index] = std::move(*run);
          served[item.index] = 1;
          if (plan.finished) plan.finished(item.index, runs[item.index]->seconds);
          continue;
        }
      }
      if (item.decoy) continue;
      runs[item.index] = run_sandboxed(one_process);
      if (plan.finished) plan.finished(item.index, runs[item.index]->seconds);
    }
  };
  base::parallel_for(static_cast<std::size_t>(std::max(1, plan.jobs)), plan.jobs, worker);

  if (decoy_failed) {
    done.note =
        "a decoy run of the reference did not pass in the fork server: the suite runs differently "
        "there, so every run was run again on its own";
    std::vector<std::size_t> again;
    for (std::size_t i = 0; i < count; ++i)
      if (served[i]) again.push_back(i);
    base::parallel_for(again.size(), plan.jobs, [&](std::size_t k) {
      runs[again[k]] = run_sandboxed(plan.request(plan.runs[again[k]]));
      served[again[k]] = 0;
    });
  }
  for (std::size_t i = 0; i < count; ++i) {
    done.served += served[i];
    done.runs.push_back(std::move(*runs[i]));
  }
  done.decoys = decoys;
  return done;
}

}  // namespace tinyllm::runner
