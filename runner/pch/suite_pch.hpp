// What every learner's suite includes, precompiled at build time (runner/CMakeLists.txt) and given
// to the compiler before a suite's own files (precompiled_header.cpp). Each of these headers is
// guarded (#pragma once or an include guard), and the compilers carry that state in the
// precompiled header, so a suite file that includes one again gets nothing twice.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <tinyllm/tinyllm.hpp>
