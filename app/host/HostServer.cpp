#include "HostServer.h"

#include "HostChannel.h"

#include "bridge/HostStopped.h"

#include "clw/engine/protocol/HostFrame.h"
#include "clw/engine/protocol/HostProtocolError.h"

#include <cstdio>
#include <exception>

namespace clw::host {

using engine::HostMessage;

HostServer::HostServer(HostChannel& channel)
    : m_channel(channel) {
    const Lane lanes[] = {Lane::Session, Lane::Buffer, Lane::Edit, Lane::Device};
    for (Lane lane : lanes) // every queue exists before a worker looks at the map
        m_queues[lane];
    for (Lane lane : lanes)
        m_queues[lane].worker = std::thread([this, lane] { work(lane); });
}

HostServer::~HostServer() {
    {
        std::lock_guard lock(m_mutex);
        m_closing = true;
        for (auto& [id, state] : m_running)
            state->cancelled.store(true);
        for (auto& [lane, queue] : m_queues)
            queue.wake.notify_all();
    }
    for (auto& [lane, queue] : m_queues)
        queue.worker.join();
}

void HostServer::on(const std::string& verb, Lane lane, Handler handler) {
    m_handlers[verb] = {lane, std::move(handler)};
}

void HostServer::send(const HostMessage& message) {
    const std::vector<unsigned char> head = engine::HostFrame::encodeHead(message);
    std::lock_guard lock(m_writeMutex);
    m_channel.write(head, message.bulk);
}

int HostServer::serve() {
    engine::HostFrameReader reader;
    std::vector<unsigned char> chunk(1 << 16);
    // Said on stderr, which the workbench shows as the host's last words, and as an event.
    const auto refuse = [this](const engine::HostProtocolError& error) {
        std::fprintf(stderr, "clworkbench-host: refused a message: %s\n", error.what());
        std::fflush(stderr);
        HostMessage notice;
        notice.kind = HostMessage::Kind::Event;
        notice.verb = "refused";
        notice.body = {{"message", error.what()}};
        send(notice);
    };
    for (;;) {
        const std::size_t got = m_channel.read(chunk);
        if (got == 0)
            return 0; // the workbench closed the channel: time to go
        try {
            reader.feed(std::span(chunk).first(got));
        } catch (const engine::HostProtocolError& error) {
            refuse(error);
            return 2; // a stream out of step cannot be read on
        }
        for (;;) {
            try {
                std::optional<HostMessage> message = reader.next();
                if (!message)
                    break;
                dispatch(std::move(*message));
            } catch (const engine::HostProtocolError& error) {
                refuse(error); // that message alone, stepped over
            }
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
        send(HostMessage::failureOf(request, "this device host does not know the request \"" +
                                                 request.verb +
                                                 "\": the workbench is newer "
                                                 "than its clworkbench-host; reinstall"));
        return;
    }
    const Lane lane = handler->second.first;
    std::lock_guard lock(m_mutex);
    Queue& queue = m_queues[lane];
    std::deque<Pending>& waiting = queue.waiting;
    if (!request.tag.empty()) {
        for (auto it = waiting.begin(); it != waiting.end();) {
            if (it->request.tag == request.tag) {
                send(HostMessage::failureOf(it->request, ui::kReplacedByNewerRequest));
                it = waiting.erase(it);
            } else {
                ++it;
            }
        }
    }
    auto state = std::make_shared<ui::detail::JobState>();
    state->id = request.id;
    state->tag = request.tag;
    waiting.push_back({std::move(request), std::move(state)});
    queue.wake.notify_one();
}

void HostServer::cancel(std::uint64_t id) {
    std::lock_guard lock(m_mutex);
    if (const auto running = m_running.find(id); running != m_running.end())
        running->second->cancelled.store(true);
    for (auto& [lane, queue] : m_queues)
        for (Pending& pending : queue.waiting)
            if (pending.request.id == id)
                pending.state->cancelled.store(true);
}

void HostServer::work(Lane lane) {
    for (;;) {
        Pending pending;
        {
            std::unique_lock lock(m_mutex);
            Queue& queue = m_queues[lane];
            queue.wake.wait(lock, [&] { return m_closing || !queue.waiting.empty(); });
            if (m_closing)
                return;
            pending = std::move(queue.waiting.front());
            queue.waiting.pop_front();
            m_running[pending.request.id] = pending.state;
        }
        const HostMessage& request = pending.request;
        const RequestContext context(ui::JobContext(pending.state),
                                     [this, &request](nlohmann::json body) {
                                         HostMessage event;
                                         event.kind = HostMessage::Kind::Event;
                                         event.id = request.id;
                                         event.verb = "progress";
                                         event.body = std::move(body);
                                         send(event);
                                     });
        HostMessage reply;
        try {
            if (pending.state->cancelled.load())
                throw std::runtime_error("cancelled");
            reply = m_handlers.at(request.verb).second(request, context);
        } catch (const std::exception& error) {
            reply = HostMessage::failureOf(request, error.what());
        }
        {
            std::lock_guard lock(m_mutex);
            m_running.erase(request.id);
        }
        send(reply);
    }
}

} // namespace clw::host
