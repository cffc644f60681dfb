#pragma once
// A buffer that lives in a device host, as a BufferSource: reads, writes, fills and snapshots are
// requests to the host (blocking, on a worker thread as every BufferSource call). Letting go of it
// releases the host's buffer, with the others let go in a HostReleaseBatch. When the host has
// stopped, each call throws HostStopped.
#include "bridge/BufferSource.h"

#include "HostRun.pb.h"

#include <memory>

namespace clw::ui {

class HostConnection;

class RemoteBufferSource : public BufferSource {
public:
    // `lent`: what the host lent (HostBufferTable::lend).
    RemoteBufferSource(std::shared_ptr<HostConnection> host, const engine::wire::LentBuffer& lent);
    ~RemoteBufferSource() override;

    std::uint64_t size() const override { return m_size; }
    std::string description() const override { return m_description; }
    std::string naturalType() const override { return m_naturalType; }
    std::uint64_t naturalWidth() const override { return m_width; }
    std::uint64_t naturalHeight() const override { return m_height; }

    void read(std::uint64_t offset, std::span<unsigned char> out) const override;
    void write(std::uint64_t offset, std::span<const unsigned char> bytes) override;
    bool fillPattern(std::span<const unsigned char> pattern, std::uint64_t offset,
                     std::uint64_t size) override;
    std::shared_ptr<BufferSource> snapshot() const override;
    // The first line of the host's stop message once it stopped.
    std::string lostReason() const override;

private:
    std::shared_ptr<HostConnection> m_host;
    std::uint64_t m_handle = 0;
    std::uint64_t m_size = 0;
    std::string m_description;
    std::string m_naturalType;
    std::uint64_t m_width = 0;
    std::uint64_t m_height = 0;
};

} // namespace clw::ui
