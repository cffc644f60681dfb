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
//
// Destroying the service waits for its work, but not for ever (CleanupWait.h): a command that an
// unset user event holds back, or a kernel that hangs, would never let it return.
#include "clw/engine/launch/LaunchFuture.h"
#include "clw/engine/launch/LaunchRequest.h"
#include "clw/engine/launch/LaunchResult.h"
#include "clw/engine/runtime/CommandQueue.h"

#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <thread>

namespace clw::engine {

class LaunchWorker;

class LaunchService {
public:
    using JobId = std::uint64_t;
    // Called on the worker thread, a driver thread or a thread waiting on the job's LaunchFuture:
    // it must only post the result.
    using Callback = std::function<void(LaunchResult)>;

    // A profiling, in-order queue of its own on (context, device).
    LaunchService(const Context& context, const Device& device);
    // Waits for submitted work to complete, at most cleanupWaitLimit(). Past it, jobs that have
    // not started are cancelled (their results say why), the command waited for is left to
    // complete on its own (its result is delivered if it ever does), and the wait is counted and
    // said on stderr (abandonedWaitCount).
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
    // A job's callback delivered into a LaunchFuture.
    LaunchFuture promised(const std::function<JobId(Callback)>& submit);

    // Shared with the worker thread and with waiters running a job (LaunchFuture), so that a
    // worker left behind by the destructor still has what it touches.
    std::shared_ptr<LaunchWorker> m_worker;
    Device m_device;
    CommandQueue m_queue;       // the worker's
    std::future<void> m_served; // ready once the worker thread has nothing left to do
    std::thread m_thread;
};

} // namespace clw::engine
