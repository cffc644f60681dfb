#include "clw/engine/runtime/Handle.h"

#include <atomic>
#include <cstdio>

namespace clw::engine {

namespace {
std::atomic<int> g_failedReleases{0};
}

int failedReleaseCount() {
    return g_failedReleases.load();
}

void noteFailedRelease(const char* label, cl_int code) {
    // A destructor cannot throw: count it for tests and say it once on stderr.
    ++g_failedReleases;
    std::fprintf(stderr, "clw: releasing a %s failed with %s\n", label, errorName(code).c_str());
}

} // namespace clw::engine
