// How fast the oracle's span rounding is next to the conversions it replaces: fp16 against the
// processor's F16C instructions, bf16 against Eigen's bfloat16, all on the same 16M float32 values
// in the same run. The summary prints the throughput ratios and the goals (fp16 >= 0.5x F16C,
// bf16 faster than Eigen).
#include <benchmark/benchmark.h>
#include <cpuid.h>

#include <Eigen/Core>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "f16c_baseline.hpp"
#include "summary_reporter.hpp"
#include "tinyllm/numerics.hpp"

namespace {

constexpr std::size_t element_count = std::size_t(1) << 24;
constexpr std::uint64_t seed = 20240917;

// Returns values spread over fp16's whole range and beyond (subnormals, normals, overflow) and
// bf16's ordinary range: a normal variate times 2^u, u uniform in [-30, 20]. The oracle's loops
// are branch-free, so the mix matters only to the baselines.
const std::vector<float>& inputs() {
  static const std::vector<float> values = [] {
    std::mt19937_64 generator(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::uniform_int_distribution<int> exponent(-30, 20);
    std::vector<float> generated(element_count);
    for (float& value : generated) value = std::ldexp(normal(generator), exponent(generator));
    return generated;
  }();
  return values;
}

// Returns true if the processor has F16C. clang 14 has no __builtin_cpu_supports("f16c"), so read
// CPUID leaf 1 (ECX bit 29); "avx" also checks that the OS saves the registers F16C uses.
bool has_f16c() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __builtin_cpu_supports("avx") && __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 &&
         (ecx & bit_F16C) != 0;
}

template <class Round>
void run(benchmark::State& state, Round round) {
  const std::vector<float>& in = inputs();
  std::vector<float> out(in.size());
  for (auto _ : state) {
    round(std::span<const float>(in), std::span<float>(out));
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * in.size()));
  state.SetBytesProcessed(
      static_cast<std::int64_t>(state.iterations() * in.size() * 2 * sizeof(float)));
}

void oracle_bf16(benchmark::State& state) {
  run(state, [](std::span<const float> in, std::span<float> out) {
    tinyllm::numerics::round_to_bf16(in, out);
  });
}
void eigen_bf16(benchmark::State& state) {
  run(state, [](std::span<const float> in, std::span<float> out) {
    for (std::size_t i = 0; i < in.size(); ++i) out[i] = static_cast<float>(Eigen::bfloat16(in[i]));
  });
}
void oracle_fp16(benchmark::State& state) {
  run(state, [](std::span<const float> in, std::span<float> out) {
    tinyllm::numerics::round_to_fp16(in, out);
  });
}
void f16c_fp16(benchmark::State& state) {
  if (!has_f16c()) {
    state.SkipWithError("this processor lacks F16C: no fp16 baseline, ratio not measured");
    return;
  }
  run(state, tinyllm::bench::round_to_fp16_f16c);
}

BENCHMARK(oracle_bf16)->Unit(benchmark::kMillisecond);
BENCHMARK(eigen_bf16)->Unit(benchmark::kMillisecond);
BENCHMARK(oracle_fp16)->Unit(benchmark::kMillisecond);
BENCHMARK(f16c_fp16)->Unit(benchmark::kMillisecond);

// Prints "name / baseline = ratio (goal)", or why the ratio is missing.
void print_ratio(const tinyllm::bench::SummaryReporter& reporter, const std::string& name,
                 const std::string& baseline, const char* goal) {
  const auto ours = reporter.values.find(name);
  const auto theirs = reporter.values.find(baseline);
  if (ours == reporter.values.end() || theirs == reporter.values.end()) {
    std::printf("%s / %s: not measured (filtered out or skipped)\n", name.c_str(),
                baseline.c_str());
    return;
  }
  const double ratio = ours->second / theirs->second;
  std::printf("%s / %s = %.2f (%.3g / %.3g elements/s; goal %s)\n", name.c_str(), baseline.c_str(),
              ratio, ours->second, theirs->second, goal);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::AddCustomContext("elements", std::to_string(element_count));
  benchmark::AddCustomContext("seed", std::to_string(seed));
  tinyllm::bench::SummaryReporter reporter("items_per_second");
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  // Google Benchmark's rates are per CPU second, which a shared machine disturbs less than wall
  // time; the ratios compare runs of the same process.
  std::printf("\nthroughput ratios (elements per CPU second), same run:\n");
  print_ratio(reporter, "oracle_fp16", "f16c_fp16", ">= 0.5");
  print_ratio(reporter, "oracle_bf16", "eigen_bf16", "> 1");
  return 0;
}
