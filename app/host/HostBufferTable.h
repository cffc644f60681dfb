#pragma once
// The buffers a device host lends the workbench: each BufferSource of a run (a device buffer, an
// image, initial contents) under a number the workbench's RemoteBufferSource names in its reads,
// writes, fills and snapshots, until it releases the number.
#include "bridge/BufferSource.h"

#include "HostRun.pb.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

namespace clw::host {

class HostBufferTable {
public:
    // Lends `source`; writes into `lent` what the workbench needs to show it without asking
    // again: handle, size, description, natural type, width and height.
    void lend(std::shared_ptr<ui::BufferSource> source, engine::wire::LentBuffer& lent);
    // Throws std::runtime_error naming the handle when it is not lent (released, or never).
    std::shared_ptr<ui::BufferSource> find(std::uint64_t handle) const;
    // Takes the handle's buffer out of the table, for the caller to free (null when not lent).
    std::shared_ptr<ui::BufferSource> release(std::uint64_t handle);
    std::size_t size() const;

private:
    mutable std::mutex m_mutex;
    std::map<std::uint64_t, std::shared_ptr<ui::BufferSource>> m_sources;
    std::uint64_t m_next = 1;
};

} // namespace clw::host
