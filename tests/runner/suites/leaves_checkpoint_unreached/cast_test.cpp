// The course suite's cast_test.cpp, unchanged (see README.md).
#include "../../../../properties/cast_test.cpp"
