#pragma once
// A callback that failed where no caller can be told: an exception thrown by a caller's callback
// on a driver's thread (an event callback) or on an engine worker (a build's completion), or a
// callback the driver would not register where the engine has a fallback. It is counted and said
// on stderr, and the thread goes on with its next work.

#include <exception>

namespace clw::engine {

// How many callbacks threw since the process started (for tests and diagnostics).
int callbackFailureCount();
// Counts one and says it on stderr: "clw: <where> threw: <what>".
void noteCallbackFailure(const char* where, const char* what);

// Runs `callback`; whatever it throws is noted as above instead of going on.
template <class Callback>
void runGuarded(const char* where, Callback&& callback) noexcept {
    try {
        callback();
    } catch (const std::exception& error) {
        noteCallbackFailure(where, error.what());
    } catch (...) {
        noteCallbackFailure(where, "an exception that is not a std::exception");
    }
}

} // namespace clw::engine
