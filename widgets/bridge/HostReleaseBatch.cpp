#include "bridge/HostReleaseBatch.h"

#include "bridge/HostConnection.h"

#include "HostRun.pb.h"

#include <algorithm>

namespace clw::ui {

namespace {
thread_local HostReleaseBatch* t_batch = nullptr;
} // namespace

HostReleaseBatch::HostReleaseBatch() {
    if (!t_batch) {
        t_batch = this;
        m_outermost = true;
    }
}

HostReleaseBatch::~HostReleaseBatch() {
    if (!m_outermost)
        return;
    t_batch = nullptr;
    for (const auto& [host, handles] : m_hosts)
        release(*host, handles);
}

void HostReleaseBatch::release(HostConnection& host, const std::vector<std::uint64_t>& handles) {
    if (host.isStopped())
        return;
    engine::wire::BufferRelease message;
    message.mutable_handles()->Add(handles.begin(), handles.end());
    host.postTyped("buffer.release", message.SerializeAsString());
}

HostReleaseBatch* HostReleaseBatch::current() {
    return t_batch;
}

void HostReleaseBatch::add(const std::shared_ptr<HostConnection>& host, std::uint64_t handle) {
    auto found = std::find_if(m_hosts.begin(), m_hosts.end(),
                              [&](const auto& entry) { return entry.first == host; });
    if (found == m_hosts.end())
        found = m_hosts.insert(m_hosts.end(), {host, {}});
    found->second.push_back(handle);
}

} // namespace clw::ui
