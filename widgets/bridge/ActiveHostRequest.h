#pragma once
// The device host request a bridge job waits on, known to the GUI thread too: a panel's Cancel
// asks the host to cancel it, and Stop ends its host, while the job still waits for the reply.
// Thread-safe; shared between the panel and its job (the job may outlive the panel).
#include "bridge/HostConnection.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

namespace clw::ui {

class JobContext;

class ActiveHostRequest {
public:
    // A job's thread: sends the request to `host`, cancels it at once when `job` was cancelled
    // meanwhile, and waits for the reply. Throws HostStopped or HostRequestFailed.
    engine::HostMessage send(const std::shared_ptr<HostConnection>& host, std::string verb,
                             nlohmann::json body, HostRequestOptions options,
                             const JobContext& job);

    // Any thread. Asks the host to cancel the request in flight, if any.
    void cancel();
    // Any thread. Ends the host of the request in flight now (the reply then fails saying
    // `reason`); false when no request is in flight.
    bool stop(const QString& reason);

private:
    void setActive(std::shared_ptr<HostConnection> host, std::uint64_t id);

    std::mutex m_mutex;
    std::shared_ptr<HostConnection> m_host;
    std::uint64_t m_id = 0;
};

} // namespace clw::ui
