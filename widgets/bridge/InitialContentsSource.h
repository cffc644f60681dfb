#pragma once
// A buffer's initial contents as its session describes them (a fill rule or a data file), as a
// BufferSource: what a run's buffer held before its launches, for the inspector's diff. Nothing
// is generated until the first read (on a worker), and then once: a session's buffers are usually
// viewed, not all compared.
#include "bridge/BufferSource.h"

#include "clw/engine/session/Session.h"

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace clw::engine {
class SessionResources;
}

namespace clw::ui {

class InitialContentsSource : public BufferSource {
public:
    // `size` is the bytes of the run's buffer (the contents have as many).
    InitialContentsSource(std::shared_ptr<const engine::SessionResources> resources,
                          engine::SessionBuffer buffer, std::uint64_t size);

    std::uint64_t size() const override { return m_size; }
    std::string description() const override;
    std::string naturalType() const override;
    // An image's, as its device image has them (ImageSource); 0 for a buffer.
    std::uint64_t naturalWidth() const override;
    std::uint64_t naturalHeight() const override;
    void read(std::uint64_t offset, std::span<unsigned char> out) const override;
    // The contents are the session's, not the device's: a write changes nothing but this copy.
    void write(std::uint64_t offset, std::span<const unsigned char> bytes) override;
    std::shared_ptr<BufferSource> snapshot() const override;

private:
    const std::vector<unsigned char>& contents() const; // under m_mutex

    std::shared_ptr<const engine::SessionResources> m_resources;
    engine::SessionBuffer m_buffer;
    std::uint64_t m_size;
    mutable std::mutex m_mutex;
    mutable std::optional<std::vector<unsigned char>> m_contents;
};

} // namespace clw::ui
