// The course suite's autocast_test.cpp, unchanged (see README.md).
#include "../../../../properties/autocast_test.cpp"
