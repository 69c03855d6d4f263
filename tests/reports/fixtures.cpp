// The fixtures' data. The oracle source is a small stand-in for oracle/src/train/*.cpp whose sites
// sit at known lines, so location tests can name exact columns.
#include "fixtures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "fixture_parts.hpp"
#include "tinyllm/reports/audience.hpp"
#include "tinyllm/reports/gradescope_report.hpp"
#include "tinyllm/reports/html_report.hpp"
#include "tinyllm/reports/json_report.hpp"
#include "tinyllm/reports/junit_report.hpp"
#include "tinyllm/reports/markdown_report.hpp"
#include "tinyllm/reports/terminal_report.hpp"

namespace tinyllm::reports::fixtures {
namespace {

constexpr const char* kAccumulatePath = "oracle/src/train/accumulate.cpp";
constexpr const char* kScalerPath = "oracle/src/train/loss_scaler.cpp";
constexpr const char* kCheckpointPath = "oracle/src/train/checkpoint.cpp";
constexpr const char* kCastPath = "oracle/src/train/cast.cpp";

// The generated mutants' file: `<` at line 3 columns 9-10, the call statement at line 4 columns
// 3-18, `0.5f` at line 5 columns 18-22.
constexpr const char* kCastSource =
    "// Casting to half precision.\n"
    "float round_to_half(float x, float limit) {\n"
    "  if (x < limit) return x;\n"
    "  clamp_count(x);\n"
    "  return limit * 0.5f;\n"
    "}\n";

// Line 5 is s07's site ("    if constexpr ..." indented by 4), line 7 is s08's.
constexpr const char* kAccumulateSource =
    "// Gradient accumulation.\n"
    "double micro_batch_weight(int rows, int total_rows, int k) {\n"
    "  double weight = static_cast<double>(rows) / total_rows;\n"
    "  // s07: weighting micro-batches 1/k\n"
    "    if constexpr (is_mutant(7)) weight = 1.0 / k;\n"
    "  // s08: summing micro-batch losses\n"
    "  if constexpr (is_mutant(8)) weight = 1.0;\n"
    "  return weight;\n"
    "}\n";

constexpr const char* kScalerSource =
    "// Dynamic loss scaling.\n"
    "bool should_step(bool finite) {\n"
    "  if constexpr (is_mutant(12)) return true;  // s12: stepping on non-finite gradients\n"
    "  return finite;\n"
    "}\n"
    "void unscale(double& g, double s) {\n"
    "  if constexpr (is_mutant(11)) return;  // s11: never unscaling\n"
    "  g /= s;\n"
    "}\n";

constexpr const char* kCheckpointSource =
    "// Activation checkpointing.\n"
    "void add_grad(double& g, double d, bool seen) {\n"
    "  // s20: a tensor passed twice gets its gradient twice\n"
    "  if constexpr (is_mutant(20)) { g += d; return; }\n"
    "  if (!seen) g += d;\n"
    "}\n"
    "void replay() {\n"
    "  // s21: not replaying the generator\n"
    "  if constexpr (is_mutant(21)) return;\n"
    "}\n";

MutantInfo info(const char* id, const char* title, const char* symptom, const char* caught_by,
                const char* file, const char* function, int line_begin, int line_end) {
  MutantInfo mutant;
  mutant.id = id;
  mutant.title = title;
  mutant.symptom = symptom;
  mutant.caught_by = {caught_by};
  mutant.file = file;
  mutant.function = function;
  mutant.line_begin = line_begin;
  mutant.line_end = line_end;
  return mutant;
}

// A generated mutant as the grader makes one: not required, no symptom, its title the change.
MutantInfo generated(const char* id, const char* file, int line, int column_begin, int column_end,
                     const char* operator_name, const char* original, const char* replacement) {
  MutantInfo mutant;
  mutant.kind = MutantKind::Generated;
  mutant.id = id;
  mutant.title =
      std::string(replacement).empty()
          ? fmt::format("`{}` removed ({})", original, operator_name)
          : fmt::format("`{}` replaced by `{}` ({})", original, replacement, operator_name);
  mutant.caught_by = {"CourseSuite.cast_round_trip"};
  mutant.file = file;
  mutant.function = "round_to_half";
  mutant.line_begin = line;
  mutant.line_end = line;
  mutant.column_begin = column_begin;
  mutant.column_end = column_end;
  mutant.operator_name = operator_name;
  mutant.original = original;
  mutant.replacement = replacement;
  mutant.required = false;
  return mutant;
}

MutantResult killed(MutantInfo mutant, std::vector<std::string> by, double seconds) {
  const std::string reason =
      by.size() == 1 ? "1 test failed" : std::to_string(by.size()) + " tests failed";
  return MutantResult{std::move(mutant), MutantStatus::Killed, reason, std::move(by), seconds};
}

WheatInfo wheat(const char* id, WheatKind kind, const char* title, const char* varies,
                const char* freedom, const char* build) {
  return WheatInfo{id, kind, title, varies, freedom, build};
}

// The catalog's five wheats, as the grader passes them into every grade.
std::vector<WheatInfo> every_wheat() {
  return {
      wheat("w01", WheatKind::Binary, "the reference built by the other compiler",
            "the compiler: clang++ when the oracle is built with g++", "the-binary",
            "other-compiler"),
      wheat("w02", WheatKind::Binary, "the reference built without optimisation",
            "the optimisation level: -O0 instead of the build's", "the-binary", "O0"),
      wheat("w03", WheatKind::Semantic, "error messages worded differently",
            "every error message of the module is worded and quoted differently", "error-messages",
            ""),
      wheat("w04", WheatKind::Semantic, "micro-batch weights computed as n_i * (1/N)",
            "grad_accumulate computes each weight n_i/N as n_i * (1/N)", "accumulation-weights",
            ""),
      wheat("w05", WheatKind::Semantic, "checkpointing with another memory profile",
            "checkpoint's backward holds one more temporary while it reruns the segment",
            "memory-accounting", ""),
  };
}

std::vector<MutantInfo> catalog() {
  return {
      info("s07", "weighting micro-batches 1/k", "wrong gradient whenever the sizes differ",
           "CourseSuite.hand_example_accumulation", kAccumulatePath, "micro_batch_weight", 5, 5),
      info("s08", "summing micro-batch losses", "gradients k times too large",
           "CourseSuite.accumulation_equals_one_big_batch", kAccumulatePath, "micro_batch_weight",
           7, 7),
      info("s11", "never unscaling", "the update is S times too large",
           "CourseSuite.hand_example_loss_scaler", kScalerPath, "unscale", 7, 7),
      info("s12", "stepping on non-finite gradients", "one overflow makes every weight NaN",
           "CourseSuite.scaler_skips_inf_steps", kScalerPath, "should_step", 3, 3),
      info("s20", "a tensor passed twice gets its gradient twice",
           "doubled gradients for shared inputs", "CourseSuite.checkpoint_function_and_no_grad",
           kCheckpointPath, "add_grad", 3, 4),
      info("s21", "not replaying the generator",
           "the rerun's dropout mask differs from the forward pass's",
           "CourseSuite.checkpoint_replays_dropout_rng", kCheckpointPath, "replay", 8, 9),
  };
}

}  // namespace

std::string reproduce(const char* variant, std::uint64_t seed, const char* test) {
  return fmt::format(
      "cd /tmp/grade-hedy && env RC_PARAMS='seed={}' LD_LIBRARY_PATH=build/variants/{} ./suite "
      "--gtest_filter={}",
      seed, variant, test);
}

GradeResult base() {
  GradeResult result;
  result.suite_name = "ada";
  result.suite_path = "submissions/ada";
  result.threshold = 0.8;
  result.reveal = Reveal::Title;
  result.mutant_set = MutantSet::PitfallsOnly;
  result.seed = 20240611;
  result.seconds = 42.5;
  result.wheats = every_wheat();
  result.tests = {
      {"Accumulate.HandExample", "accumulate_test.cpp", 12},
      {"Accumulate.EqualsOneBigBatch", "accumulate_test.cpp", 30},
      {"Scaler.SkipsInfSteps", "scaler_test.cpp", 8},
      {"Scaler.HandExample", "scaler_test.cpp", 25},
      {"Checkpoint.ReplaysDropout", "checkpoint_test.cpp", 5},
  };
  result.suite_files = {
      {"accumulate_test.cpp",
       "#include <gtest/gtest.h>\n#include <tinyllm/tinyllm.hpp>\n// a comment with </script> "
       "and <!-- in it must not break the HTML report\nTEST(Accumulate, HandExample) {}\n"},
      {"scaler_test.cpp", "#include <gtest/gtest.h>\nTEST(Scaler, SkipsInfSteps) {}\n"},
      {"checkpoint_test.cpp", "#include <gtest/gtest.h>\nTEST(Checkpoint, ReplaysDropout) {}\n"},
  };
  result.oracle_files = {{kAccumulatePath, kAccumulateSource},
                         {kScalerPath, kScalerSource},
                         {kCheckpointPath, kCheckpointSource}};
  return result;
}

GradeResult pass_all_killed() {
  GradeResult result = base();
  result.verdict = Verdict::Pass;
  result.score = 1.0;
  const std::vector<MutantInfo> mutants = catalog();
  result.mutants = {
      killed(mutants[0], {"Accumulate.EqualsOneBigBatch", "Accumulate.HandExample"}, 1.25),
      killed(mutants[1], {"Accumulate.EqualsOneBigBatch"}, 1.5),
      killed(mutants[2], {"Scaler.HandExample"}, 0.75),
      killed(mutants[3], {"Scaler.HandExample", "Scaler.SkipsInfSteps"}, 0.5),
      killed(mutants[4], {"Checkpoint.ReplaysDropout"}, 2.0),
      killed(mutants[5], {"Checkpoint.ReplaysDropout"}, 2.25),
  };
  return result;
}

GradeResult fail_with_survivors(Reveal reveal) {
  GradeResult result = base();
  result.suite_name = "grace";
  result.verdict = Verdict::Fail;
  result.reveal = reveal;
  result.score = 4.0 / 6.0;
  const std::vector<MutantInfo> mutants = catalog();
  result.mutants = {
      MutantResult{mutants[0], MutantStatus::Survived, "every test passed", {}, 1.0},
      killed(mutants[1],
             {"Accumulate.EqualsOneBigBatch", "Accumulate.HandExample", "Scaler.HandExample",
              "Scaler.SkipsInfSteps"},
             1.5),
      killed(mutants[2], {"Scaler.HandExample"}, 0.75),
      MutantResult{mutants[3],
                   MutantStatus::Timeout,
                   "no result within 30 s (10x the reference run)",
                   {},
                   30.0},
      MutantResult{mutants[4], MutantStatus::Survived, "every test passed", {}, 2.0},
      MutantResult{mutants[5],
                   MutantStatus::Killed,
                   "crashed with SIGSEGV",
                   {"Checkpoint.ReplaysDropout"},
                   0.25},
  };
  return result;
}

GradeResult invalid_compile_error() {
  GradeResult result = base();
  result.suite_name = "linus";
  result.verdict = Verdict::Invalid;
  result.score = 0;
  result.tests.clear();
  result.invalid_reasons = {"The suite does not compile: fix the errors below."};
  result.compile_log =
      "accumulate_test.cpp:4:3: \x1b[1;31merror:\x1b[0m 'grad_acumulate' was not declared in this "
      "scope; did you mean 'grad_accumulate'?\n"
      "    4 |   grad_acumulate(model, batches); // </script> <!-- \xff\xfe\n"
      "      |   ^~~~~~~~~~~~~~\n";
  return result;
}

GradeResult invalid_reference_failures() {
  GradeResult result = base();
  result.suite_name = "barbara";
  result.verdict = Verdict::Invalid;
  result.score = 0;
  result.validity = Validity::Strict;
  result.invalid_reasons = {
      "2 tests fail on the reference implementation: a test that rejects the correct code is "
      "wrong."};
  result.invalid_tests = {
      {"Accumulate.HandExample",
       {{"reference", 20240611,
         "accumulate_test.cpp:14: Failure\nExpected equality of these values:\n  grad\n    Which "
         "is: 0.25\n  0.5",
         "tinyllm-grade reproduce submissions/barbara --test Accumulate.HandExample --seed "
         "20240611"}}},
      {"Scaler.SkipsInfSteps",
       {{"reference", 77,
         "Falsifiable after 3 tests\nstd::tuple<float>: (inf)\nscaler_test.cpp:9: scale | grows",
         "tinyllm-grade reproduce submissions/barbara --test Scaler.SkipsInfSteps --seed 77"}}},
  };
  return result;
}

GradeResult full_with_generated(Reveal reveal) {
  GradeResult result = pass_all_killed();
  result.suite_name = "katherine";
  result.reveal = reveal;
  result.mutant_set = MutantSet::Full;
  result.verdict = Verdict::Fail;
  result.score = 7.0 / 9.0;
  result.oracle_files[kCastPath] = kCastSource;
  result.generated = GeneratedCounts{10, 4, 1, 2, 3};
  result.mutants.push_back(
      MutantResult{generated(kGeneratedLtToGe, kCastPath, 3, 9, 10, "cxx_lt_to_ge", "<", ">="),
                   MutantStatus::Survived,
                   "every test passed",
                   {},
                   0.5});
  result.mutants.push_back(
      MutantResult{generated(kGeneratedRemoveCall, kCastPath, 4, 3, 18, "cxx_remove_call_statement",
                             "clamp_count(x);", ""),
                   MutantStatus::Survived,
                   "every test passed",
                   {},
                   0.5});
  result.mutants.push_back(
      killed(generated(kGeneratedHalve, kCastPath, 5, 18, 22, "cxx_literal_halve", "0.5f", "0.25f"),
             {"Accumulate.HandExample"}, 0.5));
  return result;
}

GradeResult many_generated_survivors(int count) {
  GradeResult result = full_with_generated(Reveal::Title);
  result.mutants.resize(6);  // the pitfalls
  const char* files[] = {kCastPath, kScalerPath};
  const char* operators[] = {"cxx_lt_to_le", "cxx_add_to_sub"};
  for (int i = 0; i < count; ++i) {
    const int line = 1 + i % 5;
    result.mutants.push_back(
        MutantResult{generated(fmt::format("g{:010x}", i).c_str(), files[i % 2], line, 3, 4,
                               operators[(i / 2) % 2], "<", "<="),
                     MutantStatus::Survived,
                     "every test passed",
                     {},
                     0.5});
  }
  result.generated = GeneratedCounts{count, 0, 0, 0, count};
  result.score = 6.0 / (6.0 + count);
  return result;
}

std::vector<std::pair<std::string, GradeResult>> named_fixtures() {
  return {
      {"pass", pass_all_killed()},
      {"fail_reveal_nothing", fail_with_survivors(Reveal::Nothing)},
      {"fail_reveal_title", fail_with_survivors(Reveal::Title)},
      {"fail_reveal_symptom", fail_with_survivors(Reveal::TitleAndSymptom)},
      {"invalid_compile_error", invalid_compile_error()},
      {"invalid_reference_failures", invalid_reference_failures()},
  };
}

std::vector<std::pair<std::string, GradeResult>> named_full_grade_fixtures() {
  return {
      {"full_reveal_nothing", full_with_generated(Reveal::Nothing)},
      {"full_reveal_title", full_with_generated(Reveal::Title)},
      {"full_reveal_symptom", full_with_generated(Reveal::TitleAndSymptom)},
  };
}

GradeResult failure_that_printed(int lines) {
  GradeResult result = invalid_reference_failures();
  std::string message;
  for (int i = 1; i <= lines; ++i) message += "printed line " + std::to_string(i) + "\n";
  result.invalid_tests[0].failures[0].message = message;
  return result;
}

std::size_t line_count(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

GradeResult shown(const GradeResult& result) {
  return for_reader(result, result.feedback.view);
}

nlohmann::json gradescope_results(const GradeResult& result) {
  return gradescope_results_json(shown(result), for_reader(result, View::Staff));
}

std::vector<Format> learner_formats() {
  return {
      {"terminal", [](const GradeResult& r) { return render_terminal_report(shown(r), false); }},
      {"markdown", [](const GradeResult& r) { return render_markdown_report(shown(r)); }},
      {"junit", [](const GradeResult& r) { return render_junit_report(shown(r)); }},
      {"gradescope", [](const GradeResult& r) { return gradescope_learner_text(r); }},
      {"json", [](const GradeResult& r) { return render_json_report(shown(r)); }},
      {"html",
       [](const GradeResult& r) { return render_html_report(shown(r), "var bundle = 1;"); }},
  };
}

std::string gradescope_learner_text(const GradeResult& result) {
  nlohmann::json results = gradescope_results(result);
  auto& tests = results.at("tests");
  tests.erase(
      std::remove_if(tests.begin(), tests.end(),
                     [](const nlohmann::json& t) { return t.at("visibility") == "hidden"; }),
      tests.end());
  return results.dump(2);
}

}  // namespace tinyllm::reports::fixtures
