#include "clw/engine/runtime/CleanupWait.h"

#include "clw/engine/runtime/CommandQueue.h"

#include <atomic>
#include <cstdio>
#include <future>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>

namespace clw::engine {

namespace {
std::atomic<std::chrono::milliseconds::rep> g_limitMs{kCleanupWaitLimit.count()};
std::atomic<int> g_abandoned{0};
std::mutex g_lastMutex;
std::string g_last;
} // namespace

std::chrono::milliseconds cleanupWaitLimit() {
    return std::chrono::milliseconds(g_limitMs.load());
}

std::chrono::milliseconds setCleanupWaitLimit(std::chrono::milliseconds limit) {
    return std::chrono::milliseconds(g_limitMs.exchange(limit.count()));
}

int abandonedWaitCount() {
    return g_abandoned.load();
}

std::string lastAbandonedWait() {
    std::lock_guard lock(g_lastMutex);
    return g_last;
}

void noteAbandonedWait(const std::string& what, const std::string& outcome) {
    const std::string text = what + ": gave up waiting (the limit is " +
                             std::to_string(cleanupWaitLimit().count()) + " ms); " + outcome;
    {
        std::lock_guard lock(g_lastMutex);
        g_last = text;
    }
    ++g_abandoned;
    std::fprintf(stderr, "clw: %s\n", text.c_str());
}

bool finishWithin(const CommandQueue& queue, const std::string& what, const std::string& outcome) {
    // OpenCL has no clFinish with a time limit: a thread of its own makes it. It holds a
    // reference to the queue and is handed the entry points it calls, so it may outlive
    // everything here (the caller, a test's C-API seam) and reads nothing shared.
    const cl_command_queue raw = queue.get();
    const auto finish = clApi().clFinish;
    const auto release = clApi().clReleaseCommandQueue;
    if (const cl_int code = clApi().clRetainCommandQueue(raw); code != CL_SUCCESS) {
        noteAbandonedWait(what, "the queue could not be retained for the wait (" + errorName(code) +
                                    "); " + outcome);
        return false;
    }
    auto finished = std::make_shared<std::promise<void>>();
    std::future<void> done = finished->get_future();
    std::thread waiter;
    try {
        waiter = std::thread([raw, finish, release, finished] {
            finish(raw); // its error says nothing the caller could act on: it returned
            finished->set_value();
            release(raw);
        });
    } catch (const std::system_error& error) {
        release(raw);
        noteAbandonedWait(what,
                          std::string("no thread could wait (") + error.what() + "); " + outcome);
        return false;
    }
    if (done.wait_for(cleanupWaitLimit()) == std::future_status::ready) {
        waiter.join();
        return true;
    }
    waiter.detach();
    noteAbandonedWait(what, outcome);
    return false;
}

} // namespace clw::engine
