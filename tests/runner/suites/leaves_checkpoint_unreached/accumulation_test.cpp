// The course suite's accumulation_test.cpp, unchanged (see README.md).
#include "../../../../properties/accumulation_test.cpp"
