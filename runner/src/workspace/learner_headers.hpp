// The module's headers as a learner's workspace has them: the oracle's public declarations
// unchanged, each class's private members left to the learner. Generated from the oracle's headers
// so the declarations have one source.
#pragma once
#include <string>
#include <string_view>

namespace tinyllm::runner {

// The comment that stands in a learner's header for a class's private members.
inline constexpr std::string_view learner_private_members_comment =
    "  // The private members are yours to design: add what this class needs to keep its state.\n"
    "  // The public declarations are the contract's: `check` rejects a change to them.\n";

// Returns `header` with the body of every `private:` section (up to the class's closing brace or
// the next access specifier) replaced by learner_private_members_comment; every other byte is
// kept.
std::string without_private_members(std::string_view header);

}  // namespace tinyllm::runner
