// Includes b.hpp, which includes this file back: a cycle without include guards.
#include "b.hpp"
