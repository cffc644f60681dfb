#pragma once
// A thread pool whose queued jobs can carry a tag: a job submitted with the tag of one still
// waiting replaces it (the replaced job's `dropped` runs instead of its work). Running jobs are
// never interrupted. The destructor finishes everything queued.
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace clw::engine {

class TaggedWorkQueue {
public:
    explicit TaggedWorkQueue(unsigned threads);
    ~TaggedWorkQueue();
    TaggedWorkQueue(const TaggedWorkQueue&) = delete;
    TaggedWorkQueue& operator=(const TaggedWorkQueue&) = delete;

    void submit(std::string tag, std::function<void()> work, std::function<void()> dropped = {});
    // Blocks until nothing is queued or running.
    void waitIdle();

private:
    struct Job {
        std::string tag;
        std::function<void()> work;
        std::function<void()> dropped;
    };
    void workerLoop();

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    std::deque<Job> m_jobs;
    unsigned m_running = 0;
    bool m_stopping = false;
    std::vector<std::thread> m_threads;
};

} // namespace clw::engine
