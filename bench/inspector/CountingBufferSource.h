#pragma once
// A BufferSource that passes every call to another and counts the reads and their bytes, so that
// the benchmark can say what the inspector copied out of the buffer (through the device host: what
// crossed the channel). Reads come from the bridge's workers at once: the counts are atomic.
#include "bridge/BufferSource.h"

#include <atomic>
#include <memory>

namespace clw::bench {

class CountingBufferSource : public ui::BufferSource {
public:
    explicit CountingBufferSource(std::shared_ptr<ui::BufferSource> inner)
        : m_inner(std::move(inner)) {}

    std::uint64_t size() const override { return m_inner->size(); }
    std::string description() const override { return m_inner->description(); }
    std::string naturalType() const override { return m_inner->naturalType(); }
    std::uint64_t naturalWidth() const override { return m_inner->naturalWidth(); }
    std::uint64_t naturalHeight() const override { return m_inner->naturalHeight(); }

    void read(std::uint64_t offset, std::span<unsigned char> out) const override {
        m_inner->read(offset, out);
        m_reads.fetch_add(1, std::memory_order_relaxed);
        m_bytes.fetch_add(out.size(), std::memory_order_relaxed);
    }
    void write(std::uint64_t offset, std::span<const unsigned char> bytes) override {
        m_inner->write(offset, bytes);
    }
    bool fillPattern(std::span<const unsigned char> pattern, std::uint64_t offset,
                     std::uint64_t size) override {
        return m_inner->fillPattern(pattern, offset, size);
    }
    std::shared_ptr<ui::BufferSource> snapshot() const override { return m_inner->snapshot(); }

    std::uint64_t reads() const { return m_reads.load(); }
    std::uint64_t bytesRead() const { return m_bytes.load(); }

private:
    std::shared_ptr<ui::BufferSource> m_inner;
    mutable std::atomic<std::uint64_t> m_reads{0};
    mutable std::atomic<std::uint64_t> m_bytes{0};
};

} // namespace clw::bench
