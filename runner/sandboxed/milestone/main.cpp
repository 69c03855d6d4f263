// tinyllm-milestone: trains MS-L11's two runs and writes every number as JSON. Linked against
// libtinyllm_oracle.so, so the module it runs is whichever library the loader finds first: the
// reference's, or a learner's (`tinyllm-grade milestone DIR` sets LD_LIBRARY_PATH).
//
// Usage: tinyllm-milestone --out FILE [--quick] [--steps N] [--seed S] [--corpus DIR]
// (--gtest_output=json:FILE, which the grader's sandbox passes, is the same as --out FILE.)
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>

#include "result_json.hpp"
#include "trainer.hpp"

int main(int argc, char** argv) {
  using namespace tinyllm::milestone;
  bool quick = false;
  std::optional<std::size_t> steps;
  std::optional<std::uint64_t> seed;
  std::string out, corpus_dir = "/usr/share/common-licenses";
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      const auto value = [&]() -> std::string {
        if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
        return argv[++i];
      };
      if (arg == "--quick")
        quick = true;
      else if (arg == "--steps")
        steps = std::stoul(value());
      else if (arg == "--seed")
        seed = std::stoull(value());
      else if (arg == "--corpus")
        corpus_dir = value();
      else if (arg == "--out")
        out = value();
      else if (arg.rfind("--gtest_output=json:", 0) == 0)
        out = arg.substr(20);  // the grader's sandbox names its result file the way GoogleTest's is
      else
        throw std::invalid_argument("unknown argument " + arg);
    }
    if (out.empty()) throw std::invalid_argument("--out FILE is required");
    Plan plan = quick ? quick_plan() : Plan{};
    if (steps) plan.steps = *steps;
    if (seed) plan.seed = *seed;
    if (plan.steps == 0) throw std::invalid_argument("--steps must be positive");
    const Corpus corpus = read_corpus(corpus_dir);
    std::fprintf(stderr, "milestone: seed %llu, %zu steps, corpus %zu + %zu bytes from %s\n",
                 static_cast<unsigned long long>(plan.seed), plan.steps, corpus.train.size(),
                 corpus.held_out.size(), corpus_dir.c_str());
    const Result result =
        run_milestone(plan, corpus, [&](const std::string& run, std::size_t step) {
          if (step % 25 == 0 || step == plan.steps)
            std::fprintf(stderr, "milestone: %s step %zu/%zu\n", run.c_str(), step, plan.steps);
        });
    std::ofstream(out) << to_json(result).dump(1) << '\n';
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tinyllm-milestone: %s\n", e.what());
    return 2;
  }
}
