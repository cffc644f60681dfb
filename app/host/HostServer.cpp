#include "HostServer.h"

#include "HostChannel.h"

#include "bridge/HostStopped.h"

#include "clw/engine/protocol/HostCoreHold.h"
#include "clw/engine/protocol/HostDoorbell.h"
#include "clw/engine/protocol/HostFrame.h"
#include "clw/engine/protocol/HostProtocolError.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>

#if defined(__linux__) || defined(__APPLE__)
#include <pthread.h>
#endif

namespace clw::host {

using engine::HostMessage;

namespace {
constexpr Lane kLanes[] = {Lane::Session, Lane::Buffer, Lane::Edit, Lane::Device};
// The lanes but Session (which has a thread of its own) may each run a request while one more
// thread reads.
constexpr std::size_t kPoolSize = std::size(kLanes);
constexpr std::size_t kReadChunk = 1 << 16;

// Names the thread for a debugger, top and the tests (15 characters at most on Linux).
void nameThisThread(const char* name) {
#if defined(__linux__)
    pthread_setname_np(pthread_self(), name);
#elif defined(__APPLE__)
    pthread_setname_np(name);
#else
    (void)name;
#endif
}

// Whether the calling thread is the Session lane's.
thread_local bool tOnSessionThread = false;

// Polls `ready` for `window` (true once it is), pausing between looks; the clock is read every
// few looks, since reading it costs more than one.
template <class Ready>
bool spinFor(std::chrono::microseconds window, Ready ready) {
    for (const auto until = std::chrono::steady_clock::now() + window;
         std::chrono::steady_clock::now() < until;)
        for (int look = 0; look < 16; ++look) {
            if (ready())
                return true;
            engine::HostDoorbell::pause();
        }
    return false;
}
} // namespace

HostServer::HostServer(HostChannel& channel, std::chrono::microseconds spin)
    : m_channel(channel)
    , m_spin(spin)
    , m_sessionReads(HostChannel::kRearmWakes && spin.count() > 0) {
    for (Lane lane : kLanes) // every queue exists before a thread looks at the map
        m_queues[lane];
}

HostServer::~HostServer() {
    {
        std::lock_guard lock(m_mutex);
        m_closing = true;
        for (auto& [id, state] : m_running)
            state->cancelled.store(true);
    }
    m_wake.notify_all();
    m_sessionWake.notify_all();
    if (m_sessionThread.joinable())
        m_sessionThread.join();
    for (std::thread& thread : m_pool)
        thread.join();
}

void HostServer::on(const std::string& verb, Lane lane, Handler handler) {
    m_handlers[verb] = {lane, std::move(handler)};
}

void HostServer::onSessionRest(std::function<void()> chore) {
    m_sessionChore = std::move(chore);
}

void HostServer::sessionChoreDue() {
    {
        std::lock_guard lock(m_mutex);
        m_sessionChoreDue = true;
        // The thread may be asleep in the channel, as its reader.
        if (m_sessionReading && !tOnSessionThread)
            m_channel.rearm();
    }
    // Wakes nobody while the thread runs or polls: it does the chore when it comes to rest.
    m_sessionWake.notify_one();
}

void HostServer::send(HostMessage message) {
    const std::vector<unsigned char> head = engine::HostFrame::encodeHead(message);
    std::lock_guard lock(m_writeMutex);
    m_channel.write(head, message.bulk);
    if (message.kind != HostMessage::Kind::Event && m_spin.count() > 0)
        m_channel.rearm();
}

int HostServer::serve() {
    m_sessionThread = std::thread([this] {
        nameThisThread("host session");
        tOnSessionThread = true;
        runSessions();
    });
    for (std::size_t i = 0; i < kPoolSize; ++i)
        m_pool.emplace_back([this] {
            nameThisThread("host lane");
            work();
        });
    std::unique_lock lock(m_mutex);
    m_endedWake.wait(lock, [this] { return m_ended.has_value(); });
    return *m_ended;
}

bool HostServer::poolMayRead() const {
    return !m_reading && !m_ended && !sessionWantsReading();
}

bool HostServer::poolHasWork() const {
    for (const auto& [lane, queue] : m_queues)
        if (lane != Lane::Session && !queue.busy && !queue.waiting.empty())
            return true;
    return poolMayRead();
}

bool HostServer::sessionMayRead() const {
    return !m_reading && !m_ended && sessionWantsReading();
}

bool HostServer::sessionWantsReading() const {
    return m_sessionReads && m_sessionIdle.load(std::memory_order_relaxed);
}

void HostServer::offerReading() {
    if (sessionWantsReading()) {
        m_sessionCalled.store(true, std::memory_order_release);
        m_sessionWake.notify_one();
    } else {
        callPool();
    }
}

void HostServer::callPool() {
    // Sequentially consistent with waitInPool: either the polling thread sees the call, or this
    // sees that none polls and wakes a sleeper.
    m_poolCalls.fetch_add(1);
    if (!m_poolPolling.load())
        m_wake.notify_one();
}

void HostServer::waitInPool(std::unique_lock<std::mutex>& lock,
                            const std::function<bool()>& ready) {
    if (ready())
        return;
    if (m_sessionReads && !m_poolPolling.exchange(true)) {
        const std::uint64_t seen = m_poolCalls.load();
        lock.unlock();
        spinFor(m_spin, [&] { return m_poolCalls.load(std::memory_order_relaxed) != seen; });
        m_poolPolling.store(false);
        lock.lock();
    }
    m_wake.wait(lock, ready);
}

void HostServer::work() {
    std::unique_lock lock(m_mutex);
    for (;;) {
        Job job;
        waitInPool(lock, [&] {
            if (m_closing)
                return true;
            job = takeRunnable(false);
            return job || poolMayRead();
        });
        if (m_closing)
            return;
        if (!job)
            m_reading = true;
        // The calls that woke this thread may have been meant for others too (one polling
        // thread takes many).
        if (m_sessionReads && poolHasWork())
            callPool();
        if (!job) {
            job = read(lock, nullptr);
            if (!job && m_ended)
                return;
            if (!job)
                continue; // the reading went to the Session lane's thread
        }
        const Lane lane = job->first;
        lock.unlock();
        run(std::move(job->second));
        lock.lock();
        m_queues[lane].busy = false;
    }
}

void HostServer::runSessions() {
    // Held from the end of a run that asked for it while more come within the spin window, so
    // that they run and answer on one core (HostCoreHold says why); let go once the succession
    // is over.
    engine::HostCoreHold core;
    bool holdCore = false;
    std::unique_lock lock(m_mutex);
    for (;;) {
        if (core.held() != (holdCore && m_spin.count() > 0)) {
            lock.unlock();
            if (holdCore)
                core.hold();
            else
                core.release();
            lock.lock();
        }
        if (m_closing)
            return;
        Job job = takeRunnable(true);
        if (!job) {
            m_sessionIdle.store(m_sessionReads);
            m_handBack.store(m_sessionReads); // its queue is empty
            // A reader of the pool asleep in the channel hands the reading back once woken. The
            // reply's wake-up may have come before this thread came to rest, and found it awake.
            if (m_sessionReads && m_reading && !m_sessionReading)
                m_channel.rearm();
            if (!sessionMayRead()) {
                // Another thread reads: a run it read, or the reading handed over, is taken
                // without a wake-up and without waiting for the lock (a thread that waits for a
                // mutex sleeps in the kernel until woken: a few microseconds, tens on a busy
                // machine, on every run).
                lock.unlock();
                if (!spinFor(m_spin, [&] {
                        return m_sessionCalled.load(std::memory_order_acquire) && lock.try_lock();
                    })) {
                    core.release();
                    lock.lock();
                }
                m_sessionWake.wait(lock, [&] {
                    job = m_closing ? std::nullopt : takeRunnable(true);
                    return m_closing || job || sessionMayRead() || m_sessionChoreDue;
                });
            }
            m_sessionCalled.store(false, std::memory_order_relaxed);
            if (m_closing)
                return;
            if (!job && sessionMayRead()) {
                m_reading = m_sessionReading = true;
                job = read(lock, &core); // nothing: at rest with the chore due, or at the end
            }
            if (!job) {
                // Not as the reader, nor offered the reading: a driver that is slow or hangs
                // while freeing holds up no reading.
                m_sessionIdle.store(false);
                m_handBack.store(false);
                if (m_sessionReads && poolMayRead())
                    offerReading();
                restChore(lock);
                continue;
            }
        }
        // The reading this thread had, or one handed to it as this run was queued, goes to the
        // pool for the run.
        m_sessionIdle.store(false);
        m_handBack.store(false);
        if (m_sessionReads && poolMayRead())
            offerReading();
        m_sessionCalled.store(!m_queues[Lane::Session].waiting.empty(), std::memory_order_release);
        lock.unlock();
        holdCore = run(std::move(job->second));
        lock.lock();
        m_queues[Lane::Session].busy = false;
    }
}

void HostServer::restChore(std::unique_lock<std::mutex>& lock) {
    if (!m_sessionChoreDue)
        return;
    m_sessionChoreDue = false;
    lock.unlock();
    if (m_sessionChore)
        m_sessionChore();
    lock.lock();
}

HostServer::Job HostServer::takeRunnable(bool session) {
    for (auto& [lane, queue] : m_queues) {
        if ((lane == Lane::Session) != session || queue.busy || queue.waiting.empty())
            continue;
        Pending pending = std::move(queue.waiting.front());
        queue.waiting.pop_front();
        queue.busy = true;
        if (pending.request.id != 0) // a post: nobody can cancel it
            m_running[pending.request.id] = pending.state;
        return std::pair{lane, std::move(pending)};
    }
    return std::nullopt;
}

bool HostServer::waitForBytes(std::chrono::microseconds window, engine::HostCoreHold* sessionCore) {
    // A reader of the pool stops polling when the Session lane's thread comes to read.
    const std::atomic<bool>* handOver = sessionCore || !m_sessionReads ? nullptr : &m_handBack;
    const auto choreDue = [this] {
        std::lock_guard lock(m_mutex);
        return m_sessionChoreDue;
    };
    for (;;) {
        if (m_channel.waitForBytes(std::chrono::steady_clock::now() + window, handOver))
            return true;
        if (handOver && handOver->load())
            return false;
        if (m_spin.count() == 0)
            return true;   // nobody polls: the read sleeps
        if (sessionCore) { // the succession of runs is over
            sessionCore->release();
            if (choreDue())
                return false;
        }
        if (m_channel.sleepUntilBytesOrRearm())
            return true;
        if (sessionCore && choreDue()) // woken at rest for it (sessionChoreDue)
            return false;
        window = m_spin;
    }
}

HostServer::Job HostServer::read(std::unique_lock<std::mutex>& lock,
                                 engine::HostCoreHold* sessionCore) {
    // Said on stderr, which the workbench shows as the host's last words, and as an event.
    const auto refuse = [this](const engine::HostProtocolError& error) {
        std::fprintf(stderr, "clworkbench-host: refused a message: %s\n", error.what());
        std::fflush(stderr);
        HostMessage notice;
        notice.kind = HostMessage::Kind::Event;
        notice.verb = "refused";
        notice.body = {{"message", error.what()}};
        send(std::move(notice));
    };
    const bool session = sessionCore != nullptr;
    std::vector<unsigned char>& chunk = m_readChunk;
    chunk.resize(kReadChunk);
    // The next request of a quick succession comes within the window and wakes nobody. While a
    // run goes on the reader sleeps at once, leaving the cores to it (a CPU device's run takes
    // them all): the run's reply starts a window (rearm), before the next request.
    const auto runGoesOn = [this] {
        const Queue& queue = m_queues[Lane::Session];
        return HostChannel::kRearmWakes && (queue.busy || !queue.waiting.empty());
    };
    std::chrono::microseconds window = runGoesOn() ? std::chrono::microseconds(0) : m_spin;
    // The Session lane's thread comes to rest after a window without a run, even while other
    // requests keep coming.
    const auto restAt = std::chrono::steady_clock::now() + m_spin;
    for (;;) {
        if (!session && m_handBack.load(std::memory_order_relaxed)) {
            m_reading = false;
            offerReading();
            return std::nullopt;
        }
        lock.unlock();
        const bool bytes = waitForBytes(window, sessionCore);
        window = m_spin;
        std::optional<int> ended;
        std::vector<HostMessage> messages;
        if (!bytes) {
            // handed over below
        } else if (const std::size_t got = m_channel.read(chunk); got == 0) {
            ended = 0; // the workbench closed the channel: time to go
        } else {
            try {
                m_reader.feed(std::span(chunk).first(got));
                for (;;) {
                    try {
                        std::optional<HostMessage> message = m_reader.next();
                        if (!message)
                            break;
                        messages.push_back(std::move(*message));
                    } catch (const engine::HostProtocolError& error) {
                        refuse(error); // that message alone, stepped over
                    }
                }
            } catch (const engine::HostProtocolError& error) {
                refuse(error);
                ended = 2; // a stream out of step cannot be read on
            }
        }
        // The Reader lane's requests run now, without the lock; the others are queued below.
        const auto readerOnes = std::stable_partition(
            messages.begin(), messages.end(),
            [this](const HostMessage& message) { return !runsOnReader(message); });
        for (auto message = readerOnes; message != messages.end(); ++message)
            run(pendingOf(std::move(*message)));
        messages.erase(readerOnes, messages.end());
        lock.lock();
        if (ended) {
            m_reading = m_sessionReading = false;
            m_ended = ended;
            m_endedWake.notify_all();
            return std::nullopt; // nobody reads after the end
        }
        if (!bytes && session) { // to rest, with the chore due
            m_reading = m_sessionReading = false;
            return std::nullopt;
        }
        if (!bytes)
            continue; // to hand the reading over
        for (HostMessage& message : messages)
            dispatch(std::move(message));
        if (session) {
            for (auto& [lane, queue] : m_queues) // the pool runs the other lanes' requests
                if (lane != Lane::Session && !queue.busy && !queue.waiting.empty())
                    callPool();
            if (Job job = takeRunnable(true)) {
                m_reading = m_sessionReading = false; // passed to the pool by runSessions
                return job;
            }
            if (m_sessionChoreDue && std::chrono::steady_clock::now() >= restAt) {
                m_reading = m_sessionReading = false; // to rest
                return std::nullopt;
            }
            continue;
        }
        if (!m_queues[Lane::Session].waiting.empty()) {
            m_sessionCalled.store(true, std::memory_order_release);
            m_sessionWake.notify_one();
        }
        if (runGoesOn())
            window = std::chrono::microseconds(0);
        if (Job job = takeRunnable(false)) {
            // The reading passes to another thread, and the lanes that can run wake one each.
            m_reading = false;
            offerReading();
            for (auto& [lane, queue] : m_queues)
                if (lane != Lane::Session && !queue.busy && !queue.waiting.empty())
                    callPool();
            return job;
        }
    }
}

void HostServer::dispatch(HostMessage request) {
    if (request.kind != HostMessage::Kind::Request) {
        std::fprintf(stderr, "clworkbench-host: ignored a %s from the workbench\n",
                     engine::kindName(request.kind));
        return;
    }
    if (request.verb == "cancel") {
        cancel(request.body.value("id", std::uint64_t(0)));
        return;
    }
    const auto handler = m_handlers.find(request.verb);
    if (handler == m_handlers.end()) {
        answer(HostMessage::failureOf(request, "this device host does not know the request \"" +
                                                   request.verb +
                                                   "\": the workbench is newer "
                                                   "than its clworkbench-host; reinstall"));
        return;
    }
    const Lane lane = handler->second.first;
    Queue& queue = m_queues[lane];
    std::deque<Pending>& waiting = queue.waiting;
    if (!request.tag.empty()) {
        for (auto it = waiting.begin(); it != waiting.end();) {
            if (it->request.tag == request.tag) {
                answer(HostMessage::failureOf(it->request, ui::kReplacedByNewerRequest));
                it = waiting.erase(it);
            } else {
                ++it;
            }
        }
    }
    waiting.push_back(pendingOf(std::move(request)));
    if (lane == Lane::Session) // the reader keeps the reading: the run takes the session thread
        m_handBack.store(false);
}

bool HostServer::runsOnReader(const HostMessage& message) const {
    if (message.kind != HostMessage::Kind::Request)
        return false;
    const auto handler = m_handlers.find(message.verb);
    return handler != m_handlers.end() && handler->second.first == Lane::Reader;
}

HostServer::Pending HostServer::pendingOf(HostMessage request) {
    auto state = std::make_shared<ui::detail::JobState>();
    state->id = request.id;
    state->tag = request.tag;
    return {std::move(request), std::move(state)};
}

void HostServer::cancel(std::uint64_t id) {
    if (const auto running = m_running.find(id); running != m_running.end())
        running->second->cancelled.store(true);
    for (auto& [lane, queue] : m_queues)
        for (Pending& pending : queue.waiting)
            if (pending.request.id == id)
                pending.state->cancelled.store(true);
}

bool HostServer::run(Pending pending) {
    const HostMessage& request = pending.request;
    const RequestContext context(ui::JobContext(pending.state),
                                 [this, &request](nlohmann::json body) {
                                     HostMessage event;
                                     event.kind = HostMessage::Kind::Event;
                                     event.id = request.id;
                                     event.verb = "progress";
                                     event.body = std::move(body);
                                     send(std::move(event));
                                 });
    HostMessage reply;
    try {
        if (pending.state->cancelled.load())
            throw std::runtime_error("cancelled");
        reply = m_handlers.at(request.verb).second(request, context);
    } catch (const std::exception& error) {
        reply = HostMessage::failureOf(request, error.what());
    }
    answer(std::move(reply));
    // After the reply, which need not wait for the lock: a cancel that comes between finds a
    // request already answered, and marks nothing that is read again.
    if (request.id != 0) {
        std::lock_guard lock(m_mutex);
        m_running.erase(request.id);
    }
    return context.holdsCore();
}

void HostServer::answer(HostMessage reply) {
    if (reply.id != 0) {
        send(std::move(reply));
        return;
    }
    // A post's: nobody waits for it. A failure is said on standard error, among the last words
    // the workbench shows if the host stops.
    if (reply.kind == HostMessage::Kind::Failure) {
        std::fprintf(stderr, "clworkbench-host: %s failed: %s\n", reply.verb.c_str(),
                     reply.failureText().c_str());
        std::fflush(stderr);
    }
}

} // namespace clw::host
