#include "bridge/ActiveHostRequest.h"

#include "bridge/JobContext.h"

namespace clw::ui {

engine::HostMessage ActiveHostRequest::send(const std::shared_ptr<HostConnection>& host,
                                            std::string verb, nlohmann::json body,
                                            HostRequestOptions options, const JobContext& job) {
    HostCall call = host->request(std::move(verb), std::move(body), {}, std::move(options));
    setActive(host, call.id);
    // A Cancel that came before the request was known here is passed on now.
    if (job.isCancelled())
        host->cancel(call.id);
    // Forgotten however the wait ends, so that a later Stop cannot end a host this job left.
    struct Forget {
        ActiveHostRequest* self;
        ~Forget() { self->setActive(nullptr, 0); }
    } forget{this};
    return call.reply.get();
}

void ActiveHostRequest::setActive(std::shared_ptr<HostConnection> host, std::uint64_t id) {
    std::lock_guard lock(m_mutex);
    // The old connection may be the last reference to a stopped host: it is closed (its I/O
    // thread joined) when `host` goes out of scope, after the lock.
    std::swap(m_host, host);
    m_id = id;
}

void ActiveHostRequest::cancel() {
    std::lock_guard lock(m_mutex);
    if (m_host)
        m_host->cancel(m_id);
}

bool ActiveHostRequest::stop(const QString& reason) {
    std::lock_guard lock(m_mutex);
    if (!m_host)
        return false;
    m_host->stop(reason);
    return true;
}

} // namespace clw::ui
