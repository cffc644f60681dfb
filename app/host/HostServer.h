#pragma once
// The device host's request loop: a pool of threads that take turns at reading the channel (the
// leader/follower pattern). The thread that reads a request for a free lane (Lane) runs it itself
// and hands the reading to another, so a request crosses no thread on its way in; requests of a
// busy lane wait for it. The Session lane's builds and runs are the exception: they all run on
// one thread of their own. Drivers keep state per calling thread (with runs coming on the pool's
// threads in turn, a one-launch run through the host took 120-170 us longer on NVIDIA,
// clw_bench_launch), and a lane that runs one request at a time needs no more than one.
// That thread reads the channel itself while it has nothing to run, so that a run, too, crosses
// no thread on its way in: it hands the reading to the pool as it begins a run and takes it back
// after. (Handed over from a reader of the pool, a one-launch run lost 1.0-1.9 us to the other
// core's caches.) Where a reader asleep cannot be woken to hand the reading back (Windows), or
// none polls (no spin window), the pool reads alone and hands the Session lane's requests over.
// Replies, failures and events are written back whole. A newer queued request with the same tag
// replaces an older one that has not started (DESIGN.md §3); "cancel" marks a running request's
// job as cancelled.
#include "bridge/JobContext.h"

#include "clw/engine/protocol/HostCoreHold.h"
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
    using Job = std::optional<std::pair<Lane, Pending>>;

    // A thread of the pool: reads the channel while nobody else does, runs the requests of lanes
    // that are free (but Session's), and waits otherwise.
    void work();
    // Under m_mutex: waits until `ready`. One thread of the pool at a time polls for the spin
    // window before it sleeps: the Session lane's thread hands the reading over as it begins a
    // run, and would otherwise have to wake a sleeper first.
    void waitInPool(std::unique_lock<std::mutex>& lock, const std::function<bool()>& ready);
    // The Session lane's thread: runs its requests in order, and reads the channel between them
    // where it can (else it polls for the next one for the spin window before it sleeps); it
    // holds its core meanwhile where the last run asked to.
    void runSessions();
    // The reader's turn, by a thread of the pool or by the Session lane's (with its `core`):
    // reads until a request can run, and returns it with its lane marked busy and the reading
    // handed on (the Session lane's thread hands it on itself). Nothing at the channel's end,
    // when a reader of the pool handed the reading to the Session lane's thread, or when that
    // thread let the reading go to come to rest with its chore due.
    Job read(std::unique_lock<std::mutex>& lock, engine::HostCoreHold* sessionCore);
    // Polls, then sleeps, until the channel has bytes (true); false when a reader of the pool is
    // to hand the reading to the Session lane's thread, or when that thread has come to rest (a
    // window without bytes) with its chore due.
    bool waitForBytes(std::chrono::microseconds window, engine::HostCoreHold* sessionCore);
    // Under m_mutex: the next request of a free lane, the Session lane's alone or all others'.
    Job takeRunnable(bool session);
    // Under m_mutex: whether a thread of the pool may take the reading; whether it has that or a
    // request to run; whether the Session lane's thread may take the reading (or wants to,
    // idle); passes the reading that was just let go to whichever should have it; wakes a
    // thread of the pool for work (the polling one, else a sleeper).
    bool poolMayRead() const;
    bool poolHasWork() const;
    bool sessionMayRead() const;
    bool sessionWantsReading() const;
    void offerReading();
    void callPool();
    // The Session lane's thread, at rest: its chore if due.
    void restChore(std::unique_lock<std::mutex>& lock);
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
    // Whether the Session lane's thread reads between its requests (see the top).
    bool m_sessionReads;
    engine::HostFrameReader m_reader; // only the thread that reads uses it
    // Where that thread reads the channel into: one for every turn at reading, which comes
    // after each request another lane ran (a run's buffers released, an inspector's read), and
    // a new one zeroed 64 KiB of the reader's cache each time.
    std::vector<unsigned char> m_readChunk;
    std::mutex m_writeMutex;
    std::mutex m_mutex; // guards what follows
    std::condition_variable m_wake;
    bool m_reading = false;        // a thread reads the channel
    bool m_sessionReading = false; // that thread is the Session lane's
    bool m_closing = false;
    std::optional<int> m_ended; // the exit status once the channel ended
    std::condition_variable m_endedWake;
    std::map<std::string, std::pair<Lane, Handler>> m_handlers;
    std::map<Lane, Queue> m_queues;
    std::map<std::uint64_t, std::shared_ptr<ui::detail::JobState>> m_running;
    std::vector<std::thread> m_pool;
    // For the pool's polling thread, unlocked: whether one polls, and a count of calls to it.
    std::atomic<bool> m_poolPolling{false};
    std::atomic<std::uint64_t> m_poolCalls{0};
    std::condition_variable m_sessionWake;
    // For the Session lane's thread's polling, unlocked: a request of its lane is queued, or the
    // reading is offered to it.
    std::atomic<bool> m_sessionCalled{false};
    // The Session lane's thread runs nothing (where it reads): a reader of the pool hands it the
    // reading at its next look. Written under m_mutex.
    std::atomic<bool> m_sessionIdle{false};
    // That thread is idle with no request of its lane queued: a reader of the pool hands it the
    // reading. One that queued a run keeps it (the run takes the thread, which would hand the
    // reading straight back). Written under m_mutex.
    std::atomic<bool> m_handBack{false};
    std::function<void()> m_sessionChore;
    bool m_sessionChoreDue = false;
    std::thread m_sessionThread;
};

} // namespace clw::host
