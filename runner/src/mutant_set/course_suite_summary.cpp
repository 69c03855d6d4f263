// Renders the course suite's score over the generated set (see course_suite_summary.hpp).
#include "mutant_set/course_suite_summary.hpp"

#include <fmt/format.h>

#include <map>
#include <utility>

namespace tinyllm::runner {

namespace {

struct Tally {
  int built = 0;
  int detected = 0;
};

std::string ratio(const Tally& t) {
  if (t.built == 0) return "-";
  return fmt::format("{}/{} ({:.0f}%)", t.detected, t.built, 100.0 * t.detected / t.built);
}

}  // namespace

void write_course_suite_summary(const GeneratedSet& set, bool list_missed, std::ostream& out) {
  std::map<std::pair<std::string, std::string>, Tally> by_group;
  Tally all;
  for (const GeneratedEntry& m : set.mutants) {
    if (m.build != "built" || !m.course) continue;
    const bool detected = reports::detected(m.course->status);
    for (Tally* t : {&by_group[{m.info.file, m.info.operator_name}], &all}) {
      ++t->built;
      t->detected += detected ? 1 : 0;
    }
  }
  const reports::GeneratedCounts& c = set.counts;
  out << fmt::format(
      "Generated mutants: {} made, {} left out of the schema library, {} reviewed in "
      "mutants/reviewed.toml, {} not detected by the course suite, {} counted in a learner's "
      "grade.\n",
      c.raw, c.left_out, c.reviewed, c.course_undetected, c.counted);
  if (all.built == 0) return;
  out << fmt::format("The course suite detects {} of the built generated mutants:\n", ratio(all));
  std::string file;
  for (const auto& [key, tally] : by_group) {
    if (key.first != file) out << "  " << (file = key.first) << "\n";
    out << fmt::format("    {:<32} {}\n", key.second, ratio(tally));
  }
  if (list_missed) {
    bool header = false;
    for (const GeneratedEntry& m : set.mutants) {
      if (m.build != "built" || !m.course || reports::detected(m.course->status)) continue;
      if (!header) out << "Missed by the course suite (not counted for learners):\n";
      header = true;
      out << fmt::format("  {}  {}:{}  {}  [{}]\n", m.info.id, m.info.file, m.info.line_begin,
                         m.info.title,
                         m.review ? "reviewed: " + m.review->verdict : "no review: unanswered");
    }
  }
  for (const std::string& id : set.stale_reviews)
    out << fmt::format(
        "note: mutants/reviewed.toml reviews {}, which the generator no longer makes; remove "
        "that entry.\n",
        id);
}

}  // namespace tinyllm::runner
