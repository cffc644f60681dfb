#pragma once
// What a fuzz target checks beyond "no crash": a broken promise of the parser (a session that
// does not read back equal, a value that does not print back to its bits) stops the process like
// a crash, so that libFuzzer keeps the input and the replay in the suite fails on it.
#include <cstdio>
#include <cstdlib>
#include <string>

namespace clw::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz check failed: %s\n", what.c_str());
    std::abort();
}

inline void require(bool holds, const std::string& what) {
    if (!holds)
        fail(what);
}

} // namespace clw::fuzz
