#pragma once
// Gathers the host buffers let go on this thread while it lives (RemoteBufferSource's release),
// and releases them with one request for each host when it ends. A run's outcome holds two
// buffers for each of its buffers (now and before the run); released one request each, the host
// read and handled them one by one, before the next run's request (clw_bench_launch's
// replacing figures). Only the buffers whose last holder lets go of them while it lives are
// gathered: one still shown in the inspector stays lent. Batches nest; the outermost releases.
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace clw::ui {

class HostConnection;

class HostReleaseBatch {
public:
    HostReleaseBatch();
    ~HostReleaseBatch();
    HostReleaseBatch(const HostReleaseBatch&) = delete;
    HostReleaseBatch& operator=(const HostReleaseBatch&) = delete;

    // The outermost batch open on this thread, or null.
    static HostReleaseBatch* current();
    // Posts buffer.release for the handles (a typed body, HostRun.proto's BufferRelease); a
    // stopped host holds nothing to release.
    static void release(HostConnection& host, const std::vector<std::uint64_t>& handles);
    void add(const std::shared_ptr<HostConnection>& host, std::uint64_t handle);

private:
    bool m_outermost = false;
    std::vector<std::pair<std::shared_ptr<HostConnection>, std::vector<std::uint64_t>>> m_hosts;
};

} // namespace clw::ui
