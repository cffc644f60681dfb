#include "bridge/WorkerPool.h"

#include <algorithm>

namespace clw::ui {

WorkerPool::WorkerPool(int threadCount) {
    const int count = std::max(1, threadCount);
    m_threads.reserve(size_t(count));
    for (int i = 0; i < count; ++i)
        m_threads.emplace_back([this] { work(); });
}

WorkerPool::~WorkerPool() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    for (std::thread& thread : m_threads)
        thread.join();
}

void WorkerPool::post(Task task) {
    {
        std::lock_guard lock(m_mutex);
        m_queue.push_back(std::move(task));
    }
    m_wake.notify_one();
}

bool WorkerPool::isWorkerThread() const {
    const auto self = std::this_thread::get_id();
    return std::any_of(m_threads.begin(), m_threads.end(),
                       [&](const std::thread& thread) { return thread.get_id() == self; });
}

void WorkerPool::work() {
    for (;;) {
        Task task;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stopping || !m_queue.empty(); });
            if (m_queue.empty())
                return; // stopping and drained
            task = std::move(m_queue.front());
            m_queue.pop_front();
        }
        task();
    }
}

} // namespace clw::ui
