// Reading a make-style dependency list, as a compiler's -M / -MD writes it.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace tinyllm::base {

// Returns the paths `text` lists after its target, unescaped ("\ " is a space, "\#" a '#', "$$"
// a '$'; a backslash before a line break continues the list).
std::vector<std::filesystem::path> parse_dependencies(const std::string& text);

}  // namespace tinyllm::base
