#include "clw/engine/runtime/CallbackFailure.h"

#include <atomic>
#include <cstdio>

namespace clw::engine {

namespace {
std::atomic<int> g_callbackFailures{0};
}

int callbackFailureCount() {
    return g_callbackFailures.load();
}

void noteCallbackFailure(const char* where, const char* what) {
    ++g_callbackFailures;
    std::fprintf(stderr, "clw: %s threw: %s\n", where, what);
}

} // namespace clw::engine
