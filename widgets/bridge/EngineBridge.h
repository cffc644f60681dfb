#pragma once
// The one way the GUI reaches the engine (DESIGN.md §3): jobs run on engine worker threads, each
// with an id and a cancellation check, and their results come back as values through a queued
// call on the bridge's thread (the GUI thread), guarded by a QPointer on the receiver.
//
// Not a QObject on purpose: no header of the bridge goes through moc.
#include "bridge/JobContext.h"
#include "bridge/JobResult.h"
#include "bridge/WorkerPool.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>

#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <utility>

namespace clw::ui {

struct JobOptions {
    // A newer job with the same non-empty tag cancels an older one still waiting in the queue
    // (a running one keeps running; it can check isCancelled()).
    std::string tag;
};

class EngineBridge {
public:
    // Must be created on the thread results are delivered to (the GUI thread).
    explicit EngineBridge(int workerThreads = 2);
    // Cancels every job, waits for the running ones and drops undelivered results.
    ~EngineBridge();
    EngineBridge(const EngineBridge&) = delete;
    EngineBridge& operator=(const EngineBridge&) = delete;

    // Runs `job(const JobContext&)` on a worker thread and later calls `done(JobResult<R>)` on the
    // bridge's thread, R being what the job returns (Done for void). The result of a job that
    // threw carries the exception's text; the result of a cancelled job is a cancellation error.
    // When `receiver` was deleted in the meantime, done is never called; a null receiver means
    // "always deliver". `receiver` must live on the bridge's thread.
    template <class Job, class DoneFn>
    JobId run(QObject* receiver, Job job, DoneFn done, JobOptions options = {});

    // Asks a job to stop. False when no such job is queued or running any more.
    bool cancel(JobId id);
    void cancelAll();
    // Queued plus running jobs.
    int activeJobs() const;
    int workerThreads() const { return m_pool->threadCount(); }
    // True on one of the bridge's worker threads (for assertions).
    bool isWorkerThread() const { return m_pool->isWorkerThread(); }

private:
    std::shared_ptr<detail::JobState> registerJob(JobOptions options);
    void finishJob(JobId id);
    static JobError errorFromCurrentException();

    template <class R, class Job>
    static JobResult<R> invoke(Job& job, const JobContext& context);

    std::unique_ptr<QObject> m_dispatcher; // lives on the bridge's thread; receives deliveries
    mutable std::mutex m_mutex;
    std::map<JobId, std::shared_ptr<detail::JobState>> m_jobs;
    JobId m_nextId = 1;
    std::unique_ptr<WorkerPool> m_pool; // last member: destroyed (joined) first
};

template <class R, class Job>
JobResult<R> EngineBridge::invoke(Job& job, const JobContext& context) {
    try {
        if constexpr (std::is_void_v<std::invoke_result_t<Job&, const JobContext&>>) {
            job(context);
            return JobResult<R>::success(Done{});
        } else {
            return JobResult<R>::success(job(context));
        }
    } catch (...) {
        // The worker boundary: every exception becomes an error value (DESIGN.md §4).
        return JobResult<R>::failure(errorFromCurrentException());
    }
}

template <class Job, class DoneFn>
JobId EngineBridge::run(QObject* receiver, Job job, DoneFn done, JobOptions options) {
    using Returned = std::invoke_result_t<Job&, const JobContext&>;
    using R = std::conditional_t<std::is_void_v<Returned>, Done, Returned>;
    static_assert(std::is_invocable_v<DoneFn&, JobResult<R>>,
                  "done must take the JobResult of what the job returns");

    std::shared_ptr<detail::JobState> state = registerJob(std::move(options));
    const JobId id = state->id;
    Q_ASSERT(!receiver || receiver->thread() == m_dispatcher->thread());
    QPointer<QObject> guard(receiver);
    const bool guarded = receiver != nullptr;
    QObject* dispatcher = m_dispatcher.get();
    m_pool->post(Task([this, state, guard, guarded, dispatcher, job = std::move(job),
                       done = std::move(done)]() mutable {
        const JobContext context(state);
        state->started.store(true, std::memory_order_release);
        JobResult<R> result = context.isCancelled()
                                  ? JobResult<R>::failure(JobError::cancellation())
                                  : invoke<R>(job, context);
        if (context.isCancelled() && result.ok())
            result = JobResult<R>::failure(JobError::cancellation());
        finishJob(state->id);
        // The guard is only read on the dispatcher's thread, where the receiver lives.
        QMetaObject::invokeMethod(
            dispatcher,
            [guard = std::move(guard), guarded, done = std::move(done),
             result = std::move(result)]() mutable {
                if (guard || !guarded)
                    done(std::move(result));
            },
            Qt::QueuedConnection);
    }));
    return id;
}

} // namespace clw::ui
