// Matches failing course tests against the known mutants' signatures (see diagnosis.hpp).
#include "check/diagnosis.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <numeric>
#include <set>

namespace tinyllm::runner {

namespace {

using Tests = std::vector<std::string>;  // sorted, no repeats

Tests sorted_unique(Tests tests) {
  std::sort(tests.begin(), tests.end());
  tests.erase(std::unique(tests.begin(), tests.end()), tests.end());
  return tests;
}

// A std::ranges set algorithm as a function of two sets that returns the set it makes.
constexpr auto returning = [](const auto& algorithm) {
  return [&algorithm](const Tests& a, const Tests& b) {
    Tests out;
    algorithm(a, b, std::back_inserter(out));
    return out;
  };
};
const auto intersection = returning(std::ranges::set_intersection);
const auto difference = returning(std::ranges::set_difference);
const auto set_union = returning(std::ranges::set_union);

// Jaccard index of two sets: |a∩b| / |a∪b| (0 when both are empty).
double jaccard(const Tests& a, const Tests& b) {
  const std::size_t shared = intersection(a, b).size();
  const std::size_t either = a.size() + b.size() - shared;
  return either == 0 ? 0.0 : static_cast<double>(shared) / static_cast<double>(either);
}

double prior(const Signature& s) {
  return s.mutant.kind == reports::MutantKind::Generated ? kGeneratedPrior : 1.0;
}

// The failing test of a signature to read first (see diagnose).
std::string read_test(const Signature& s, const Tests& shared,
                      const std::map<std::string, int>& signatures_with) {
  const auto count = [&](const std::string& t) {
    const auto found = signatures_with.find(t);
    return found == signatures_with.end() ? 0 : found->second;
  };
  auto fewest = [&](const Tests& candidates) {  // sorted: ties go to the first name
    return candidates.empty() ? "" : *std::ranges::min_element(candidates, {}, count);
  };
  const Tests named = intersection(sorted_unique(s.mutant.caught_by), shared);
  return named.empty() ? fewest(shared) : fewest(named);
}

}  // namespace

SignatureHints match_signatures(const std::vector<std::string>& failing_tests,
                                const std::vector<Signature>& signatures) {
  SignatureHints diagnosis;
  const Tests failing = sorted_unique(failing_tests);
  if (failing.empty() || signatures.empty()) return diagnosis;

  const std::size_t n = signatures.size();
  std::vector<Tests> sig(n);
  std::vector<double> closeness(n), rank(n);
  // The best score of an explanation that may be named with confidence (see kPairMinimumTests).
  std::vector<double> confident_rank(n);
  std::vector<std::size_t> contained;
  std::map<std::string, int> signatures_with;
  for (std::size_t i = 0; i < n; ++i) {
    sig[i] = sorted_unique(signatures[i].failing_tests);
    for (const std::string& t : sig[i]) ++signatures_with[t];
    closeness[i] = jaccard(sig[i], failing);
    rank[i] = closeness[i] * prior(signatures[i]);
    confident_rank[i] = rank[i];
    if (!sig[i].empty() && difference(sig[i], failing).empty()) contained.push_back(i);
  }
  // Pairs of contained signatures, neither inside the other: two mistakes at once.
  for (std::size_t x = 0; x < contained.size(); ++x)
    for (std::size_t y = x + 1; y < contained.size(); ++y) {
      const std::size_t a = contained[x], b = contained[y];
      const Tests both = set_union(sig[a], sig[b]);
      if (both.size() == sig[a].size() || both.size() == sig[b].size()) continue;  // nested
      const double score =
          jaccard(both, failing) * kPairFactor * prior(signatures[a]) * prior(signatures[b]);
      rank[a] = std::max(rank[a], score);
      rank[b] = std::max(rank[b], score);
      if (both.size() >= kPairMinimumTests) {
        confident_rank[a] = std::max(confident_rank[a], score);
        confident_rank[b] = std::max(confident_rank[b], score);
      }
    }

  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (rank[a] != rank[b]) return rank[a] > rank[b];
    const bool pa = signatures[a].mutant.kind == reports::MutantKind::Pitfall;
    const bool pb = signatures[b].mutant.kind == reports::MutantKind::Pitfall;
    if (pa != pb) return pa;
    return closeness[a] > closeness[b];
  });
  for (const std::size_t i : order) {
    if (rank[i] < kListedScore || diagnosis.matches.size() == kMaxMatches) break;
    reports::DiagnosisMatch m;
    m.mutant = signatures[i].mutant;
    m.closeness = closeness[i];
    m.shared = intersection(sig[i], failing);
    m.missing = difference(sig[i], failing);
    m.extra = difference(failing, sig[i]);
    m.read_test = read_test(signatures[i], m.shared, signatures_with);
    diagnosis.matches.push_back(std::move(m));
  }
  diagnosis.close = !order.empty() && confident_rank[order.front()] >= kConfidentScore;
  return diagnosis;
}

}  // namespace tinyllm::runner
