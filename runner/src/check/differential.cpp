// The differential check's runner side (differential.hpp): the learner's shim, built once per
// content, the driver run in the sandbox, its GoogleTest result read into DifferentialChecks.
#include "check/differential.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>

#include "config/build_info.hpp"
#include "config/errors.hpp"
#include "grading/classify.hpp"
#include "grading/resumed_run.hpp"
#include "grading/run_outcome.hpp"
#include "sandbox/sandbox.hpp"
#include "tinyllm/base/content_hash.hpp"
#include "tinyllm/base/process.hpp"
#include "tinyllm/base/whole_file.hpp"

namespace tinyllm::runner {
namespace {

namespace fs = std::filesystem;

constexpr const char* kLearnerShim = "libtinyllm_diff_learner.so";
constexpr const char* kWhat = "the differential check";

// Where the build keeps the driver and the reference shim, and where the learner shim's source is.
struct DifferentialFiles {
  fs::path driver, reference_shim, shim_source;
};

DifferentialFiles differential_files(const fs::path& build_dir, const fs::path& source_dir) {
  const fs::path out = build_dir / "differential",
                 src = source_dir / "runner" / "sandboxed" / "differential";
  return {out / "tinyllm-differential", out / "libtinyllm_diff_reference.so", src / "shim.cpp"};
}

// The compile and link of the learner's shim: the module's flags, the workspace's headers before
// the foundation's (never oracle/include, whose precision.hpp has the reference's private
// members), linked with the learner's library without an RPATH (the sandbox's LD_LIBRARY_PATH
// finds it).
std::vector<std::string> shim_command(const DifferentialRequest& r, const DifferentialFiles& files,
                                      const std::string& include_dir, const fs::path& output,
                                      const std::string& library_dir) {
  std::vector<std::string> argv = {build_info::cxx_compiler};
  std::istringstream flags(build_info::module_cxx_flags);
  for (std::string flag; flags >> flag;) argv.push_back(flag);
  argv.insert(
      argv.end(),
      {"-shared", "-I", include_dir, "-I", (r.build_dir / "foundation" / "include").string(), "-I",
       files.shim_source.parent_path().string(), files.shim_source.string(), "-o", output.string(),
       "-L", library_dir, "-ltinyllm_oracle", "-Wl,--no-undefined", "-pthread"});
  return argv;
}

// Returns the hash of everything the shim's object code depends on: the command, the shim's
// folder (runner/sandboxed/differential: shim.cpp, shim_support.hpp, protocol.hpp), the workspace's
// and the foundation's headers. Not the learner's library: the shim only names it (DT_NEEDED) and
// resolves its symbols when loaded, so a rebuilt module reuses the shim (a function it no longer
// defines shows when the driver loads the shim).
std::string shim_key(const DifferentialRequest& r, const DifferentialFiles& files,
                     const std::vector<std::string>& argv) {
  base::ContentHasher h;
  for (const auto& a : argv) h.add(a);
  h.add(base::folder_hash(files.shim_source.parent_path()));  // shim.cpp and the headers beside it
  h.add(base::folder_hash(r.include_dir));
  h.add(base::folder_hash(r.build_dir / "foundation" / "include"));
  return h.hex();
}

// Builds the learner's shim into work_dir unless the one there was built from the same content.
// Returns the compiler's messages when it fails.
std::optional<std::string> build_learner_shim(const DifferentialRequest& r,
                                              const DifferentialFiles& files, bool& cached) {
  fs::create_directories(r.work_dir);
  const fs::path shim = r.work_dir / kLearnerShim, stamp = r.work_dir / "learner-shim.key";
  // Built aside, then renamed into place: checks running at once never load a half-written shim.
  const fs::path building = r.work_dir / fmt::format("building-{}", getpid()) / kLearnerShim;
  const auto argv = shim_command(r, files, fs::absolute(r.include_dir).string(), building,
                                 fs::absolute(r.library).parent_path().string());
  // Where the workspace is does not matter (its headers' content does): a copied workspace keeps
  // its shim.
  const std::string key = shim_key(
      r, files,
      shim_command(r, files, "<the workspace's include/>", "<the shim>", "<the library's folder>"));
  cached = fs::exists(shim) && fs::exists(stamp) && base::read_whole_file(stamp) == key;
  if (cached) return std::nullopt;
  fs::create_directories(building.parent_path());
  CompilerCall call;
  call.argv = argv;
  call.readable = {r.include_dir, r.build_dir / "foundation" / "include",
                   files.shim_source.parent_path(), r.library};
  call.output_dir = building.parent_path();
  IncludePolicy policy;
  policy.folders = {r.include_dir, r.build_dir / "foundation" / "include",
                    files.shim_source.parent_path()};
  policy.learner_folders = {r.include_dir};
  policy.allowed_in_words =
      "the workspace's headers may include each other, the foundation's headers (<tinyllm/...>) "
      "and the standard library";
  call.policy = policy;
  call.dependency_file = building.string() + ".d";
  const CompilerResult built = call_compiler(r.compile_sandbox, call);
  if (!built.ok) return built.messages;
  fs::rename(building, shim);
  fs::remove_all(building.parent_path());
  base::write_whole_file(stamp, key);
  return std::nullopt;
}

// The last lines of a run's output (where the driver says why it could not start).
std::string output_tail(const std::string& output) {
  std::string text = output;
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  const auto cut = text.size() > 600 ? text.rfind('\n', text.size() - 600) : std::string::npos;
  return cut == std::string::npos ? text : text.substr(cut + 1);
}

// Runs the driver in the sandbox on the learner's library with both shims beside it, the learner's
// calls traced (the call a crash or a hang ends on), and the behaviours file when asked for. With
// `learner_shim` the reference's shim, both sides are the reference: the time the limit scales.
SandboxRun run_driver(const DifferentialRequest& request, const DifferentialFiles& files,
                      const std::string& learner_shim, bool behaviours,
                      const std::vector<std::string>& arguments, double timeout_seconds) {
  RunRequest run;
  run.executable = files.driver;
  run.library = request.library;
  run.companion_libraries = {files.reference_shim, request.work_dir / kLearnerShim};
  run.arguments = {"--reference=libtinyllm_diff_reference.so", "--learner=" + learner_shim,
                   "--trace-calls"};
  // A file the run reads by name, copied beside the shims like them (found in every isolation).
  if (behaviours) {
    run.companion_libraries.push_back(request.behaviours);
    run.arguments.push_back("--behaviours=" + request.behaviours.filename().string());
  }
  run.arguments.insert(run.arguments.end(), arguments.begin(), arguments.end());
  run.environment = {fmt::format("RC_PARAMS=seed={}", request.seed)};
  run.environment.insert(run.environment.end(), request.environment.begin(),
                         request.environment.end());
  run.timeout_seconds = timeout_seconds;
  run.limits = request.limits;
  std::string note;
  run.isolation = resolve_isolation(request.isolation, note);
  run.scratch_root = request.work_dir / "runs";
  fs::create_directories(run.scratch_root);
  return run_sandboxed(run);
}

// How long the driver may run with the reference on both sides (it takes about a second).
constexpr double kReferenceTimeout = 120;

// How a run ended during an area: "crashed with SIGSEGV", "did not finish within 6.5 s (the
// reference takes 1.01 s)".
std::string area_ending(const RunOutcome& outcome, const ResourceLimits& limits,
                        const ScaledTimeout& limit) {
  return ending_during(outcome, limits, limit, "the reference takes");
}

// The last call a run announced ("[call] ..." with --trace-calls): the call it ended on.
std::string last_call(const std::string& output) {
  const auto at = output.rfind("[call] ");
  if (at == std::string::npos) return "";
  const auto end = output.find('\n', at);
  return output.substr(at + 7, end == std::string::npos ? std::string::npos : end - at - 7);
}

// The area of a driver's test: "cast" for "Differential.cast" and "Behaviour.cast".
std::string area_of(const std::string& test) {
  return test.substr(test.find('.') + 1);
}

// The checks of a run of the properties that completed (whether or not they held; none when the
// areas before it ended every one), or nothing.
std::optional<std::vector<reports::DifferentialCheck>> complete_checks(const RunPiece& piece) {
  const bool complete = piece.outcome.kind == RunOutcomeKind::Passed ||
                        piece.outcome.kind == RunOutcomeKind::TestsFailed;
  if (!complete || !piece.run.result_json) return std::nullopt;
  return parse_differential_json(*piece.run.result_json)
      .value_or(std::vector<reports::DifferentialCheck>{});
}

// Every area of `areas` (the reference's run: names, order, exactness) as the learner's resumed
// run of the properties saw it: its result, or how the run ended during it and on which call.
std::vector<reports::DifferentialCheck> area_checks(
    const std::vector<reports::DifferentialCheck>& areas, const ResumedRun& run,
    const ResourceLimits& limits, const ScaledTimeout& limit) {
  const auto finished = complete_checks(run.last());
  std::vector<reports::DifferentialCheck> checks;
  for (const reports::DifferentialCheck& area : areas) {
    const auto ender = std::ranges::find(run.enders, area.name, area_of);
    if (ender != run.enders.end()) {
      const RunPiece& piece = run.pieces[ender - run.enders.begin()];
      reports::DifferentialCheck ended = area;
      ended.passed = false;
      ended.cases = 0;
      ended.ending = area_ending(piece.outcome, limits, limit);
      ended.call = last_call(piece.run.output);
      checks.push_back(std::move(ended));
    } else if (finished) {
      const auto done = std::ranges::find(*finished, area.name, &reports::DifferentialCheck::name);
      if (done != finished->end()) checks.push_back(*done);
    }
  }
  return checks;
}

// The driver's filter for the behaviour tests, without the ones `arguments` leave out.
std::string behaviour_filter(const std::vector<std::string>& arguments) {
  const std::string flag = "--gtest_filter=";
  return flag + "Behaviour.*" + (arguments.empty() ? "" : arguments[0].substr(flag.size()));
}

// The behavioural diagnosis's observation from the resumed run of the behaviour tests: each
// area's result, and the areas the module crashed or hung in, with the call.
BehaviourObservation observed_behaviour(const ResumedRun& run, const ResourceLimits& limits,
                                        const ScaledTimeout& limit) {
  const RunPiece& last = run.last();
  std::optional<BehaviourObservation> observed;
  if (!ended_early(last.outcome.kind) && last.run.result_json) {
    observed = parse_behaviour_json(*last.run.result_json);
    // Every area ended a run before: the last one had none left to run.
    if (!observed && !run.enders.empty()) observed = BehaviourObservation{};
  }
  if (!observed)
    return {{}, {}, 0, "its run on the sample " + describe_outcome(last.outcome, limits)};
  for (std::size_t i = 0; i < run.enders.size(); ++i) {
    reports::BehaviourArea ended;
    ended.name = area_of(run.enders[i]);
    ended.ending = area_ending(run.pieces[i].outcome, limits, limit);
    ended.call = last_call(run.pieces[i].run.output);
    observed->areas.push_back(std::move(ended));
  }
  return *observed;
}

}  // namespace

std::optional<std::vector<reports::DifferentialCheck>> parse_differential_json(
    const std::string& json) {
  const auto doc = nlohmann::json::parse(json, nullptr, false);
  if (doc.is_discarded() || !doc.contains("testsuites")) return std::nullopt;
  std::vector<reports::DifferentialCheck> checks;
  for (const auto& suite : doc["testsuites"]) {
    for (const auto& test : suite.value("testsuite", nlohmann::json::array())) {
      reports::DifferentialCheck c;
      c.name = test.value("name", "");
      c.exact = test.value("exact", "true") == "true";
      c.cases = std::stoi(test.value("cases", "0"));
      if (test.contains("failures") && !test["failures"].empty()) {
        c.passed = false;
        const std::string text = test["failures"][0].value("failure", "");
        // RapidCheck: "Falsifiable after N tests and M shrinks ..." then our RC_FAIL message.
        const auto after = text.find("Falsifiable after ");
        if (after != std::string::npos) c.cases = std::stoi(text.substr(after + 18));
        const auto said = text.find("\ndifferential: ");
        c.counterexample = said != std::string::npos ? text.substr(said + 15) : text;
        while (!c.counterexample.empty() && c.counterexample.back() == '\n')
          c.counterexample.pop_back();
      }
      checks.push_back(std::move(c));
    }
  }
  if (checks.empty()) return std::nullopt;
  return checks;
}

DifferentialResult run_differential(const DifferentialRequest& request) {
  const DifferentialFiles files = differential_files(request.build_dir, request.source_dir);
  for (const auto& needed : {files.driver, files.reference_shim, files.shim_source})
    if (!fs::exists(needed))
      throw UsageError(
          fmt::format("the differential check needs {}, which is missing: build the "
                      "grader (ninja -C {} tinyllm-grade)",
                      needed.string(), request.build_dir.string()));
  DifferentialResult result;
  if (auto diagnostics = build_learner_shim(request, files, result.shim_cached)) {
    result.problem = reports::RunProblem{
        kWhat,
        "its shim (runner/sandboxed/differential/shim.cpp, which calls every contract function) "
        "did not compile against your headers in " +
            request.include_dir.string() + ":\n" + *diagnostics};
    return result;
  }
  // The reference on both sides: each run on the learner's module gets its time times
  // timeout.factor, plus timeout.constant_seconds, as a mutant's run does.
  const SandboxRun timing =
      run_driver(request, files, "libtinyllm_diff_reference.so", false, {}, kReferenceTimeout);
  const auto areas = timing.result_json ? parse_differential_json(*timing.result_json)
                                        : std::optional<std::vector<reports::DifferentialCheck>>();
  const RunOutcome timed = classify_run(timing, {});
  if (timed.kind != RunOutcomeKind::Passed || !areas)
    throw std::runtime_error(
        "the differential check does not pass with the reference on both sides (" +
        describe_outcome(timed, request.limits) + "): the build is broken; rebuild it (ninja -C " +
        request.build_dir.string() + " tinyllm-grader)");
  const ScaledTimeout limit{
      request.timeout_factor * timing.seconds + request.timeout_constant_seconds, timing.seconds};
  // Runs the driver on the learner's module, saying what runs and which area ends a run.
  const auto run_learner = [&](const std::string& what, bool behaviours,
                               const std::vector<std::string>& arguments) {
    if (request.notices.running) request.notices.running(what);
    SandboxRun run = run_driver(request, files, kLearnerShim, behaviours, arguments, limit.seconds);
    const RunOutcome outcome = classify_run(run, {});
    if (request.notices.tell && ended_early(outcome.kind) && !outcome.running_test.empty())
      request.notices.tell(fmt::format("{}: {} in area {}; the other areas run again without it",
                                       what, area_ending(outcome, request.limits, limit),
                                       area_of(outcome.running_test)));
    return run;
  };
  const ResumedRun properties =
      run_resuming({}, {}, [&](const std::vector<std::string>& arguments) {
        return run_learner("the differential check", false, arguments);
      });
  result.checks = area_checks(*areas, properties, request.limits, limit);
  const RunPiece& last = properties.last();
  if (!complete_checks(last)) {
    std::string ending = describe_outcome(last.outcome, request.limits);
    if (last.outcome.kind == RunOutcomeKind::IncompleteResult)
      ending += ": " + output_tail(last.run.output);
    result.problem = reports::RunProblem{kWhat, std::move(ending)};
  }
  // The behavioural diagnosis, only when an area differs: runs of their own, in fresh processes
  // (the module meets the sample's calls in the order the mutants did), one test per area.
  const bool differs = std::any_of(result.checks.begin(), result.checks.end(),
                                   [](const reports::DifferentialCheck& c) { return !c.passed; });
  if (differs && !request.behaviours.empty() && fs::exists(request.behaviours)) {
    const ResumedRun sample = run_resuming({}, {}, [&](const std::vector<std::string>& arguments) {
      return run_learner("the diagnosis by behaviour", true, {behaviour_filter(arguments)});
    });
    result.behaviour = observed_behaviour(sample, request.limits, limit);
    // In the driver's order, the areas that ended a run among the others.
    const auto position = [&](const reports::BehaviourArea& a) {
      return std::ranges::find(*areas, a.name, &reports::DifferentialCheck::name) - areas->begin();
    };
    std::stable_sort(result.behaviour->areas.begin(), result.behaviour->areas.end(),
                     [&](const auto& a, const auto& b) { return position(a) < position(b); });
  }
  return result;
}

}  // namespace tinyllm::runner
