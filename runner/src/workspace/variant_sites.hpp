// The variant sites of the oracle's module sources (oracle/src/mutant.hpp) resolved as a learner
// would have written the code: `start --from-reference` turns the reference module, or a pitfall
// mutant of it, into a workspace's plain source without any guard.
#pragma once
#include <set>
#include <string>
#include <string_view>

namespace tinyllm::runner {

// Returns the pitfall ids (N of each `// sNN:` site) in `source`.
std::set<int> pitfall_sites(std::string_view source);

// Returns `source` with every site resolved: a site is its marker comment `// sNN: ...` or
// `// wNN: ...` directly followed by one statement `if ([!]tinyllm::detail::is_mutant(N)) STMT`
// (or is_wheat). For a pitfall in `pitfalls` a positive guard keeps STMT and a negated one
// removes it; for every other pitfall, and every wheat, the opposite (the reference). The marker
// comments go too. Throws std::runtime_error naming a marker without its guard, or a guard left
// without a marker.
std::string resolve_variant_sites(std::string_view source, const std::set<int>& pitfalls);

// Returns a module source or internal header of the oracle as a workspace's src/ file: sites
// resolved as above, `#include "mutant.hpp"` dropped, `#include "train/X.hpp"` made
// `#include "X.hpp"` (the workspace's src/ is flat).
std::string workspace_module_file(std::string_view source, const std::set<int>& pitfalls);

}  // namespace tinyllm::runner
