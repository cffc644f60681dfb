#pragma once
// Launches and transfers on one command queue, run by one worker thread of their own (DESIGN.md
// §2 Launches, §3 Threads). Nothing blocks the caller: each call returns a job id and its result
// comes back through a future or a callback. Commands of one service run in the order they were
// submitted. Kernel objects are cached per (program, kernel name) in the service and used only
// by the one job running, so no cl_kernel is ever set from two threads at once (clSetKernelArg
// is not thread-safe).
//
// A thread waiting on a LaunchFuture of a job that has not started runs it in the worker's place
// (LaunchFuture.h): one job runs at a time either way, in submission order. A result is delivered
// by whoever ran the job when nothing else waits behind it (the quickest round trip), else by the
// command's completion callback. Drivers that never call the
// callback of a failed command (PoCL 3.1, pocl/pocl#1430) then leave that one result undelivered.
#include "clw/engine/CommandQueue.h"
#include "clw/engine/LaunchFuture.h"
#include "clw/engine/LaunchRequest.h"
#include "clw/engine/LaunchResult.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

namespace clw::engine {

class LaunchService {
public:
    using JobId = std::uint64_t;
    // Called on the worker thread, a driver thread or a thread waiting on the job's LaunchFuture:
    // it must only post the result.
    using Callback = std::function<void(LaunchResult)>;

    // A profiling, in-order queue of its own on (context, device).
    LaunchService(const Context& context, const Device& device);
    // Waits for submitted work; cancels nothing that was submitted.
    ~LaunchService();
    LaunchService(const LaunchService&) = delete;
    LaunchService& operator=(const LaunchService&) = delete;

    JobId launch(LaunchRequest request, Callback done);
    LaunchFuture launch(LaunchRequest request);

    // Transfers through the same queue, so a session's commands stay in order.
    JobId upload(Buffer buffer, size_t offset, std::vector<unsigned char> data, Callback done);
    JobId download(Buffer buffer, size_t offset, size_t size, Callback done);
    JobId fill(Buffer buffer, std::vector<unsigned char> pattern, size_t offset, size_t size,
               Callback done);
    LaunchFuture download(Buffer buffer, size_t offset, size_t size);

    // Cancels a job that has not started: its callback gets a result with `cancelled`. Returns
    // false when it already started (or finished).
    bool cancel(JobId id);
    // Blocks until everything submitted has completed on the device.
    void finish();

    const CommandQueue& queue() const noexcept { return m_queue; }
    const Device& device() const noexcept { return m_device; }

private:
    friend class LaunchFuture;
    struct Job {
        JobId id;
        std::function<void()> run;
        Callback done;
    };
    JobId enqueue(std::function<void(Callback&)> work, Callback done);
    void workerLoop();
    // Runs job `id` on the calling thread when it is next and nothing runs (LaunchFuture).
    void runIfFirst(JobId id);
    // A job's callback delivered into a LaunchFuture.
    LaunchFuture promised(const std::function<JobId(Callback)>& submit);
    // True when no job waits behind the running one.
    bool idle();
    void runLaunch(const LaunchRequest& request, Callback& done);
    struct CachedKernel;
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
    // Held by waiters while they run a job (LaunchFuture); the destructor drops it and waits
    // until no waiter holds it any more.
    std::shared_ptr<LaunchService*> m_token;
    std::future<void> m_tokenReleased;
    std::thread m_worker;
};

} // namespace clw::engine
