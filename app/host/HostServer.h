#pragma once
// The device host's request loop: a pool of threads that take turns at reading the channel (the
// leader/follower pattern). The thread that reads a request for a free lane (Lane) runs it itself
// and hands the reading to another, so a request crosses no thread on its way in; requests of a
// busy lane wait for it. The Session lane's builds and runs are the exception: they all run on
// one thread of their own, which the reader hands them to. Drivers keep state per calling thread
// (with runs coming on the pool's threads in turn, a one-launch run through the host took 120-170
// us longer on NVIDIA, clw_bench_launch), and a lane that runs one request at a time needs no more
// than one.
// Replies, failures and events are written back whole. A newer queued request with the same tag
// replaces an older one that has not started (DESIGN.md §3); "cancel" marks a running request's
// job as cancelled.
#include "bridge/JobContext.h"

#include "clw/engine/protocol/HostFrame.h"
#include "clw/engine/protocol/HostMessage.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace clw::host {

class HostChannel;

// Session: builds and runs in order; Buffer: the inspector's transfers, which must not wait behind
// a long run; Edit: the editor's builds as the person types; Device: probes and benchmarks, which
// take seconds to minutes and must not hold up the others; Reader: a moment's bookkeeping, run by
// the thread that read it before it reads on (a request of another lane passes the reading to a
// thread woken for it, which the next request then waits for).
enum class Lane { Session, Buffer, Edit, Device, Reader };

// What a handler sees of its request: whether it was cancelled, a way to send events (progress)
// that the workbench routes to the request, and a place for what it made that may go only once
// the reply is out.
class RequestContext {
public:
    RequestContext(ui::JobContext job, std::function<void(nlohmann::json)> event)
        : m_job(std::move(job))
        , m_event(std::move(event)) {}
    const ui::JobContext& job() const { return m_job; }
    void event(nlohmann::json body) const { m_event(std::move(body)); }
    // Keeps `leftover` until the reply has been written: a run's outcome and plan take
    // microseconds to free, which the workbench then does not wait for (clw_bench_launch).
    void keepUntilAnswered(std::shared_ptr<const void> leftover) const {
        m_leftovers.push_back(std::move(leftover));
    }
    // Asks that the thread stay on its core while more requests follow closely (HostCoreHold):
    // for a run on a device whose driver sleeps while the device works.
    void holdCore() const { m_holdCore = true; }
    bool holdsCore() const { return m_holdCore; }

private:
    ui::JobContext m_job;
    std::function<void(nlohmann::json)> m_event;
    mutable std::vector<std::shared_ptr<const void>> m_leftovers;
    mutable bool m_holdCore = false;
};

class HostServer {
public:
    // Returns the reply (HostMessage::replyTo); throwing gives a failure with the text.
    using Handler =
        std::function<engine::HostMessage(const engine::HostMessage&, const RequestContext&)>;

    // The thread whose turn it is to read polls the channel for `spin` before it sleeps in a
    // read (the workbench's HostLaunch::spin, given as --spin-us).
    HostServer(HostChannel& channel, std::chrono::microseconds spin);
    ~HostServer();

    void on(const std::string& verb, Lane lane, Handler handler);
    // Work that belongs on the Session lane's thread but must not hold up a run: `chore` runs
    // there when the thread comes to rest (no request within the spin window) after
    // sessionChoreDue(), which wakes it if it rests already. Set before serve().
    void onSessionRest(std::function<void()> chore);
    // Any thread: the rest chore has work.
    void sessionChoreDue();
    // Serves until the workbench closes the channel; the exit status for main().
    int serve();

private:
    struct Pending {
        engine::HostMessage request;
        std::shared_ptr<ui::detail::JobState> state;
    };
    struct Queue {
        std::deque<Pending> waiting;
        bool busy = false; // one request of a lane runs at a time, in order
    };

    // A thread of the pool: reads the channel while nobody else does, runs the requests of lanes
    // that are free (but Session's), and waits otherwise.
    void work();
    // The Session lane's thread: runs its requests in order, polling for the next one for the
    // spin window before it sleeps; it holds its core meanwhile where the last run asked to.
    void runSessions();
    // The reader's turn: reads until a request can run; returns it with its lane marked busy,
    // or nothing at the channel's end.
    std::optional<std::pair<Lane, Pending>> read(std::unique_lock<std::mutex>& lock);
    // Under m_mutex: the next request of a free lane, the Session lane's alone or all others'.
    std::optional<std::pair<Lane, Pending>> takeRunnable(bool session);
    // Runs the request's handler and answers; true when the handler asked to hold its core.
    bool run(Pending pending);
    // Under m_mutex: queues a request on its lane, or answers it at once.
    void dispatch(engine::HostMessage request);
    // Whether `message` is a request of the Reader lane.
    bool runsOnReader(const engine::HostMessage& message) const;
    static Pending pendingOf(engine::HostMessage request);
    void cancel(std::uint64_t id);
    void send(engine::HostMessage message);
    // Sends a reply or failure, unless its request was a post (id 0).
    void answer(engine::HostMessage reply);

    HostChannel& m_channel;
    std::chrono::microseconds m_spin;
    engine::HostFrameReader m_reader; // only the thread that reads uses it
    // Where that thread reads the channel into: one for every turn at reading, which comes
    // after each request another lane ran (a run's buffers released, an inspector's read), and
    // a new one zeroed 64 KiB of the reader's cache each time.
    std::vector<unsigned char> m_readChunk;
    std::mutex m_writeMutex;
    std::mutex m_mutex; // guards what follows
    std::condition_variable m_wake;
    bool m_reading = false; // a thread of the pool reads the channel
    bool m_closing = false;
    std::optional<int> m_ended; // the exit status once the channel ended
    std::condition_variable m_endedWake;
    std::map<std::string, std::pair<Lane, Handler>> m_handlers;
    std::map<Lane, Queue> m_queues;
    std::map<std::uint64_t, std::shared_ptr<ui::detail::JobState>> m_running;
    std::vector<std::thread> m_pool;
    std::condition_variable m_sessionWake;
    std::atomic<bool> m_sessionQueued{false}; // for the session thread's polling, unlocked
    std::function<void()> m_sessionChore;
    bool m_sessionChoreDue = false;
    std::thread m_sessionThread;
};

} // namespace clw::host
