#pragma once
// What a LaunchService's jobs run on: its queue, its job list and its kernel cache. The service,
// its worker thread and a thread running a job in the worker's place (LaunchFuture) each hold a
// reference, so a worker the service had to leave behind, stuck in a driver call, still has all
// it touches when the call returns (LaunchService::~LaunchService). Internal to the engine.
#include "clw/engine/launch/LaunchService.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace clw::engine {

class LaunchWorker {
public:
    using JobId = LaunchService::JobId;
    using Callback = LaunchService::Callback;

    LaunchWorker(const Context& context, const Device& device);
    LaunchWorker(const LaunchWorker&) = delete;
    LaunchWorker& operator=(const LaunchWorker&) = delete;

    const CommandQueue& queue() const noexcept { return m_queue; }

    // Queues a job: `work` runs it and hands its callback on to whoever delivers the result.
    JobId enqueue(std::function<void(Callback&)> work, Callback done);
    // Takes out job `id` if it has not started and returns its callback; empty when it has.
    Callback withdraw(JobId id);
    // Takes out every job that has not started and returns their callbacks.
    std::vector<Callback> withdrawAll();
    // Runs job `id` on the calling thread when it is next and nothing runs (LaunchFuture).
    void runIfFirst(JobId id);
    // Blocks until every job ran and the queue finished.
    void finish();

    // The worker thread's loop: runs jobs in order until stop() and no job is left, then waits
    // for the queue, so that no command's callback runs after it returned.
    void serve();
    void stop();

    // The jobs a LaunchService submits, run by the worker or a waiter.
    void runLaunch(const LaunchRequest& request, Callback& done);
    // Enqueues one transfer command and delivers its result when it completed.
    void runTransfer(const std::function<Event()>& enqueueCommand, Callback done);

private:
    struct Job {
        JobId id;
        std::function<void()> run;
        Callback done;
    };
    struct CachedKernel;
    // True when no job waits behind the running one.
    bool idle();
    // Runs a job taken off the list, then lets the next one go.
    void runTaken(std::function<void()> run);
    CachedKernel& kernelFor(const Program& program, const std::string& name);

    static constexpr size_t kMaxCachedKernels = 64;

    Context m_context;
    Device m_device;
    CommandQueue m_queue;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    std::deque<Job> m_jobs;
    bool m_busy = false; // a job runs, on the worker or on a waiter
    bool m_stopping = false;
    JobId m_nextId = 1;
    std::map<std::pair<cl_program, std::string>, std::shared_ptr<CachedKernel>> m_kernels;
    struct LastKernel {
        std::string name;
        CachedKernel& cached;
    };
    // The kernel cache belongs to whoever runs the current job (m_busy).
    cl_program m_lastProgram = nullptr;
    std::unique_ptr<LastKernel> m_lastKernel;
};

} // namespace clw::engine
