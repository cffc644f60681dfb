#pragma once
// Bytes in host memory as a BufferSource: snapshots of images, imported data, tests. Reads and
// writes from several workers are serialised by a mutex.
#include "bridge/BufferSource.h"

#include <mutex>
#include <vector>

namespace clw::ui {

class HostBufferSource : public BufferSource {
public:
    explicit HostBufferSource(std::vector<unsigned char> bytes,
                              std::string description = "host copy");

    std::uint64_t size() const override { return m_size; }
    std::string description() const override { return m_description; }
    void read(std::uint64_t offset, std::span<unsigned char> out) const override;
    void write(std::uint64_t offset, std::span<const unsigned char> bytes) override;
    std::shared_ptr<BufferSource> snapshot() const override;

private:
    mutable std::mutex m_mutex;
    std::vector<unsigned char> m_bytes;
    const std::uint64_t m_size;
    const std::string m_description;
};

} // namespace clw::ui
