#pragma once
// The device host's request loop: reads frames from the channel on the main thread, runs each
// request on the worker of its lane (Lane), and writes replies,
// failures and events back. A newer queued request with the same tag replaces an older one that
// has not started (DESIGN.md §3); "cancel" marks a running request's job as cancelled.
#include "bridge/JobContext.h"

#include "clw/engine/protocol/HostMessage.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace clw::host {

class HostChannel;

// Session: builds and runs in order; Buffer: the inspector's transfers, which must not wait behind
// a long run; Edit: the editor's builds as the person types; Device: probes and benchmarks, which
// take seconds to minutes and must not hold up the others.
enum class Lane { Session, Buffer, Edit, Device };

// What a handler sees of its request: whether it was cancelled, and a way to send events
// (progress) that the workbench routes to the request.
class RequestContext {
public:
    RequestContext(ui::JobContext job, std::function<void(nlohmann::json)> event)
        : m_job(std::move(job))
        , m_event(std::move(event)) {}
    const ui::JobContext& job() const { return m_job; }
    void event(nlohmann::json body) const { m_event(std::move(body)); }

private:
    ui::JobContext m_job;
    std::function<void(nlohmann::json)> m_event;
};

class HostServer {
public:
    // Returns the reply (HostMessage::replyTo); throwing gives a failure with the text.
    using Handler =
        std::function<engine::HostMessage(const engine::HostMessage&, const RequestContext&)>;

    explicit HostServer(HostChannel& channel);
    ~HostServer();

    void on(const std::string& verb, Lane lane, Handler handler);
    // Serves until the workbench closes the channel; the exit status for main().
    int serve();

private:
    struct Pending {
        engine::HostMessage request;
        std::shared_ptr<ui::detail::JobState> state;
    };
    struct Queue {
        std::deque<Pending> waiting;
        // One per lane: a request wakes its lane's worker alone, not all four.
        std::condition_variable wake;
        std::thread worker;
    };

    void dispatch(engine::HostMessage request);
    void work(Lane lane);
    void send(const engine::HostMessage& message);
    void cancel(std::uint64_t id);

    HostChannel& m_channel;
    std::mutex m_writeMutex;
    std::mutex m_mutex;
    bool m_closing = false;
    std::map<std::string, std::pair<Lane, Handler>> m_handlers;
    std::map<Lane, Queue> m_queues;
    std::map<std::uint64_t, std::shared_ptr<ui::detail::JobState>> m_running;
};

} // namespace clw::host
