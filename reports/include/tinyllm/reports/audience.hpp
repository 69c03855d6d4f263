// Who reads a report, decided once (docs/reports.md, "What a survivor reveals"): write_reports
// shapes the grade for its reader, and every writer formats what it is given. What the reader may
// not see is no longer in the shaped result, so no format can show it.
#pragma once
#include "tinyllm/reports/check_result.hpp"
#include "tinyllm/reports/grade_result.hpp"

namespace tinyllm::reports {

// Returns `grade` shaped for `view`. Staff: staff_view (everything, and what the learner saw).
// The learner, at the grade's reveal level and hint rung:
//  - each mutant's `shown` is what the report says of it: everything for a detected one, the
//    reveal level for one not detected (Survived or NoCoverage); its `hints` are those its
//    learner's attempt earned (survivor_hints at the rung), made before anything is withheld;
//  - a survivor's catalog entry keeps only what `shown` allows. Reveal::Nothing: a pitfall keeps
//    its id and site, a generated mutant its id alone (no file, line, operator or change);
//    Reveal::Title: a pitfall loses its symptom, a generated mutant its change (the text it
//    replaces and its replacement);
//  - with Reveal::Nothing, the source of each oracle file a survivor is in becomes a stand-in of
//    as many comment lines (listed in withheld_sources), so mutant locations stay valid;
//  - a semantic wheat keeps its title from Reveal::Title on and what it varies (and the freedom
//    that allows it) with Reveal::TitleAndSymptom; an invalid test's failure keeps its message
//    on the reference always, on a semantic wheat with Reveal::TitleAndSymptom, and nowhere else
//    (what a test saw of a binary wheat is that binary's bytes).
GradeResult for_reader(GradeResult grade, View view);

// Returns `check` shaped for its learner at its reveal level: each mutant the diagnosis names or
// lists keeps what a survivor shown at that level keeps (above), and the tests' grade is shaped
// for the learner.
CheckResult for_reader(CheckResult check);

}  // namespace tinyllm::reports
