#pragma once
// The result of a LaunchService job, to wait for. Like std::future, with one difference: a
// thread that waits (get() or wait()) for a job that has not started yet, with nothing running
// before it, runs the job itself instead of sleeping while the service's worker wakes up to do it.
// The job runs exactly as the worker would run it (in order, with the service's kernel objects);
// the waiter saves the two thread wake-ups of a round trip. wait_for() never runs the job.
#include "clw/engine/launch/LaunchResult.h"

#include <chrono>
#include <cstdint>
#include <future>
#include <memory>

namespace clw::engine {

class LaunchService;
class LaunchWorker;

class LaunchFuture {
public:
    LaunchFuture() = default;

    bool valid() const noexcept { return m_future.valid(); }
    LaunchResult get();
    void wait();
    template <class Rep, class Period>
    std::future_status wait_for(const std::chrono::duration<Rep, Period>& timeout) const {
        return m_future.wait_for(timeout);
    }
    std::uint64_t jobId() const noexcept { return m_job; }

private:
    friend class LaunchService;
    // The service's job runner: once the service and its worker are gone, waiting is waiting.
    using ServiceToken = std::weak_ptr<LaunchWorker>;
    LaunchFuture(std::future<LaunchResult> future, ServiceToken service, std::uint64_t job)
        : m_future(std::move(future))
        , m_service(std::move(service))
        , m_job(job) {}
    void runIfNotStarted();

    std::future<LaunchResult> m_future;
    ServiceToken m_service;
    std::uint64_t m_job = 0;
};

} // namespace clw::engine
