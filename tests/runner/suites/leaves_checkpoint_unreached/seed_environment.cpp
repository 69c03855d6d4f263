// The course suite's seed_environment.cpp, unchanged (see README.md).
#include "../../../../properties/seed_environment.cpp"
