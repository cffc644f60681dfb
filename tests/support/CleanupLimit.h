#pragma once
// For tests of cleanup waits (CleanupWait.h): a shorter limit for one test, and a way to run a
// cleanup that fails the test when it does not end, instead of hanging it.
#include "clw/engine/runtime/CleanupWait.h"

#include <chrono>
#include <functional>
#include <future>
#include <optional>
#include <thread>

namespace clw::test {

// Shortens the cleanup limit for one test, so that a wait that runs out runs out quickly.
class ShortCleanupLimit {
public:
    explicit ShortCleanupLimit(std::chrono::milliseconds limit)
        : m_saved(engine::setCleanupWaitLimit(limit)) {}
    ~ShortCleanupLimit() { engine::setCleanupWaitLimit(m_saved); }
    ShortCleanupLimit(const ShortCleanupLimit&) = delete;
    ShortCleanupLimit& operator=(const ShortCleanupLimit&) = delete;

private:
    std::chrono::milliseconds m_saved;
};

// Runs `cleanup` on a thread of its own and returns how long it took on the steady clock, or
// nothing when it took longer than `bound`: then `unstick` lets it end (a user event set, a
// worker let go), so that a cleanup that would wait for ever fails the test instead.
inline std::optional<std::chrono::milliseconds> endsWithin(std::chrono::milliseconds bound,
                                                           const std::function<void()>& cleanup,
                                                           const std::function<void()>& unstick) {
    std::promise<std::chrono::milliseconds> took;
    std::future<std::chrono::milliseconds> result = took.get_future();
    std::thread runner([&] {
        const auto start = std::chrono::steady_clock::now();
        cleanup();
        took.set_value(std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - start));
    });
    const bool ended = result.wait_for(bound) == std::future_status::ready;
    if (!ended)
        unstick();
    runner.join();
    if (!ended)
        return std::nullopt;
    return result.get();
}

} // namespace clw::test
