#pragma once
// A fixed set of std::threads taking tasks in order from one queue. Qt-free.
#include "bridge/Task.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace clw::ui {

class WorkerPool {
public:
    explicit WorkerPool(int threadCount);
    // Runs every task still queued, then joins the threads.
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    // Queues a task; it runs on one of the pool's threads. A task must not throw.
    void post(Task task);
    int threadCount() const { return int(m_threads.size()); }
    // True on one of this pool's threads.
    bool isWorkerThread() const;

private:
    void work();

    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<Task> m_queue;
    bool m_stopping = false;
    std::vector<std::thread> m_threads;
};

} // namespace clw::ui
