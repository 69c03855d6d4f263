// How fast the oracle's matmul_plain is next to the naive loop it replaced and to OpenBLAS's
// cblas_sgemm on one thread, float32, at the (m, k, n) shapes of a small Llama, all in the same
// run. The summary prints each one's GFLOP/s per shape and the oracle's ratios to the other two
// (goal: at least 0.3x OpenBLAS), and whether the oracle's product has the naive loop's bits.
#include <benchmark/benchmark.h>
#include <cblas.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "naive_baseline.hpp"
#include "summary_reporter.hpp"
#include "tinyllm/tensor.hpp"

namespace {

struct Dims {
  std::size_t m, k, n;
};
// A small Llama's products: (tokens, width) @ (width, width | 3 width | 4 width) and back, one
// head's attention, and the small ones of its backward.
constexpr Dims shapes[] = {{2048, 64, 64}, {2048, 64, 192}, {2048, 192, 64}, {2048, 64, 256},
                           {64, 2048, 64}, {64, 16, 64},    {64, 64, 16},    {256, 64, 64}};
constexpr std::uint64_t seed = 20240917;

std::string name_of(const Dims& d) {
  return std::to_string(d.m) + "x" + std::to_string(d.k) + "x" + std::to_string(d.n);
}

// One shape's operands, uniform in [-1, 1): as plain arrays for the baselines and as float32
// tensors (the same values) for the oracle.
struct Case {
  Dims dims;
  std::vector<float> a, b;
  tinyllm::Tensor ta, tb;
};

Case make_case(const Dims& d, std::mt19937_64& gen) {
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  Case c{d, std::vector<float>(d.m * d.k), std::vector<float>(d.k * d.n),
         tinyllm::Tensor::zeros({d.m, d.k}), tinyllm::Tensor::zeros({d.k, d.n})};
  for (float& v : c.a) v = uniform(gen);
  for (float& v : c.b) v = uniform(gen);
  std::memcpy(c.ta.mutable_data<float>().data(), c.a.data(), c.a.size() * sizeof(float));
  std::memcpy(c.tb.mutable_data<float>().data(), c.b.data(), c.b.size() * sizeof(float));
  return c;
}

// Returns whether the oracle's product has the naive loop's bits (both keep the contract's order).
bool same_bits(const Case& c) {
  std::vector<float> naive(c.dims.m * c.dims.n);
  tinyllm::bench::matmul_naive(c.a.data(), c.b.data(), naive.data(), c.dims.m, c.dims.k, c.dims.n);
  const tinyllm::Tensor product = tinyllm::matmul_plain(c.ta, c.tb);
  return std::memcmp(product.data<float>().data(), naive.data(), naive.size() * sizeof(float)) == 0;
}

// The counter GFLOP: 2 m k n floating-point operations per product, as a rate (per CPU second).
void count_flops(benchmark::State& state, const Dims& d) {
  state.counters["GFLOP"] = benchmark::Counter(
      2e-9 * static_cast<double>(d.m * d.k * d.n) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}

// The oracle as its callers use it: shape checks, a new zeroed output tensor, the kernel.
void oracle(benchmark::State& state, const Case* c) {
  for (auto _ : state) {
    const tinyllm::Tensor product = tinyllm::matmul_plain(c->ta, c->tb);
    benchmark::DoNotOptimize(product.data<float>().data());
  }
  count_flops(state, c->dims);
}

void naive(benchmark::State& state, const Case* c) {
  std::vector<float> out(c->dims.m * c->dims.n);
  for (auto _ : state) {
    tinyllm::bench::matmul_naive(c->a.data(), c->b.data(), out.data(), c->dims.m, c->dims.k,
                                 c->dims.n);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  count_flops(state, c->dims);
}

void openblas(benchmark::State& state, const Case* c) {
  const Dims& d = c->dims;
  const int m = static_cast<int>(d.m), k = static_cast<int>(d.k), n = static_cast<int>(d.n);
  std::vector<float> out(d.m * d.n);
  for (auto _ : state) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, c->a.data(), k,
                c->b.data(), n, 0.0f, out.data(), n);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  count_flops(state, d);
}

// Returns "x / y" with two decimals, or "-" when either was not measured.
std::string ratio(double x, double y) {
  if (!(x > 0 && y > 0)) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", x / y);
  return text;
}

// Prints one line per shape: the three rates, the oracle's ratios, and whether its bits are the
// naive loop's; 0 and "-" where a benchmark was filtered out.
void print_summary(const tinyllm::bench::SummaryReporter& reporter, const std::vector<Case>& cases,
                   const std::vector<bool>& same) {
  std::printf(
      "\nGFLOP/s per CPU second, same run (medians when repeated); goal: oracle/openblas"
      " >= 0.3\n");
  std::printf("%-15s %8s %8s %9s %16s %13s  %s\n", "m x k x n", "naive", "oracle", "openblas",
              "oracle/openblas", "oracle/naive", "bits");
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string name = name_of(cases[i].dims);
    auto rate = [&](const char* who) {
      const auto found = reporter.values.find(std::string(who) + "/" + name);
      return found == reporter.values.end() ? 0.0 : found->second;
    };
    const double naive = rate("naive"), oracle = rate("oracle"), openblas = rate("openblas");
    if (naive == 0.0 && oracle == 0.0 && openblas == 0.0) continue;
    std::printf("%-15s %8.2f %8.2f %9.2f %16s %13s  %s\n", name.c_str(), naive, oracle, openblas,
                ratio(oracle, openblas).c_str(), ratio(oracle, naive).c_str(),
                same[i] ? "same as naive" : "DIFFER from naive");
  }
}

}  // namespace

int main(int argc, char** argv) {
  // Single-threaded OpenBLAS: the oracle runs on one thread, and rates are per CPU second of this
  // thread (run.sh also sets OPENBLAS_NUM_THREADS=1, so no pool is started at all).
  openblas_set_num_threads(1);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::mt19937_64 gen(seed);
  std::vector<Case> cases;
  std::vector<bool> same;
  for (const Dims& d : shapes) {
    cases.push_back(make_case(d, gen));
    same.push_back(same_bits(cases.back()));
  }
  // Each shape's three in a row, so a busy spell on a shared machine hits one shape's all alike.
  for (const Case& c : cases) {
    const std::string name = name_of(c.dims);
    benchmark::RegisterBenchmark(("naive/" + name).c_str(), naive, &c);
    benchmark::RegisterBenchmark(("oracle/" + name).c_str(), oracle, &c);
    benchmark::RegisterBenchmark(("openblas/" + name).c_str(), openblas, &c);
  }
  benchmark::AddCustomContext("seed", std::to_string(seed));
  benchmark::AddCustomContext("openblas", openblas_get_config());
  benchmark::AddCustomContext("openblas_core", openblas_get_corename());
  benchmark::AddCustomContext("openblas_threads", std::to_string(openblas_get_num_threads()));
  tinyllm::bench::SummaryReporter reporter("GFLOP");
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  print_summary(reporter, cases, same);
  return 0;
}
