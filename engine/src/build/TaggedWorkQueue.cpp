#include "clw/engine/build/TaggedWorkQueue.h"

#include <algorithm>

namespace clw::engine {

TaggedWorkQueue::TaggedWorkQueue(unsigned threads) {
    threads = std::max(1u, threads);
    for (unsigned i = 0; i < threads; ++i)
        m_threads.emplace_back([this] { workerLoop(); });
}

TaggedWorkQueue::~TaggedWorkQueue() {
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    for (std::thread& thread : m_threads)
        thread.join();
}

void TaggedWorkQueue::submit(std::string tag, std::function<void()> work,
                             std::function<void()> dropped) {
    std::function<void()> replacedDropped;
    {
        std::lock_guard lock(m_mutex);
        if (!tag.empty()) {
            auto it = std::find_if(m_jobs.begin(), m_jobs.end(),
                                   [&](const Job& job) { return job.tag == tag; });
            if (it != m_jobs.end()) {
                replacedDropped = std::move(it->dropped);
                m_jobs.erase(it);
            }
        }
        m_jobs.push_back({std::move(tag), std::move(work), std::move(dropped)});
    }
    m_wake.notify_one();
    if (replacedDropped)
        replacedDropped(); // outside the lock: it may submit or take long
}

void TaggedWorkQueue::waitIdle() {
    std::unique_lock lock(m_mutex);
    m_idle.wait(lock, [this] { return m_jobs.empty() && m_running == 0; });
}

void TaggedWorkQueue::workerLoop() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait(lock, [this] { return m_stopping || !m_jobs.empty(); });
            if (m_jobs.empty())
                return; // stopping, and everything queued is done
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
            ++m_running;
        }
        job.work(); // jobs turn their exceptions into values themselves
        // What the job captured goes before it counts as done: waitIdle() promises that no job
        // still touches anything.
        job = Job{};
        {
            std::lock_guard lock(m_mutex);
            --m_running;
            if (m_jobs.empty() && m_running == 0)
                m_idle.notify_all();
        }
    }
}

} // namespace clw::engine
