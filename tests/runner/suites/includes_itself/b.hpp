// Includes a.hpp, which includes this file back.
#include "a.hpp"
