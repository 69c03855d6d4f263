// The probe library: the reference with a call at every probe site, which records which sites a
// suite's tests run (docs/mutants.md, "The probe library"). A site is a distinct probe point of
// the generated mutants (GeneratedMutant::probe) or of a pitfall site; variants/probe.json lists
// them: {"format": 1, "sites": [{"file", "line", "column", "mutants": [ids]}]}, a site's number
// being its index. The runner's reach step (runner/src/grading/reach.hpp) reads it.
#pragma once
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tinyllm/generator/generated_mutant.hpp"

namespace tinyllm::builder {

// The probe library's folder name inside the variants folder, and the sites' file name there.
inline constexpr const char* kProbeVariant = "probe";
inline constexpr const char* kProbeSitesName = "probe.json";

// One pitfall mutant's probe point (none: its site is outside every statement, always reached).
struct PitfallProbe {
  std::string id;  // sNN
  std::string file;
  std::optional<generator::SourcePosition> at;
};

struct ProbeSite {
  std::string file;
  generator::SourcePosition at;
  std::vector<std::string> mutants;  // the ids whose code this site's statement holds
};

// Returns one site per distinct (file, offset) of the mutants' and pitfalls' probe points, in the
// order of `files`, then by offset; mutants without a probe point are in no site.
std::vector<ProbeSite> probe_sites(const std::vector<std::string>& files,
                                   const std::vector<generator::GeneratedMutant>& mutants,
                                   const std::vector<PitfallProbe>& pitfalls);

// Returns the probe build's source of `file` (whose text is `text`, at `source_path`): `prelude`
// (mutants/probe/prelude.hpp), then a #line directive naming `source_path` (so __FILE__ and
// every line number stay the reference's), then `text` with "::tinyllm_probe::at(K); "
// inserted at the offset of each site K of `file`. Insertions add no line: a column moves, no
// line does. Throws BuildError when a site lies outside the text.
std::string instrumented_source(const std::string& text, const std::vector<ProbeSite>& sites,
                                const std::string& file, const std::string& prelude,
                                const std::string& source_path);

// Returns the document of variants/probe.json.
nlohmann::json probe_sites_json(const std::vector<ProbeSite>& sites);

}  // namespace tinyllm::builder
