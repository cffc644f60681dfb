#include "InitialContentsSource.h"

#include "bridge/HostBufferSource.h"

#include "clw/engine/session/SessionResources.h"

#include <algorithm>
#include <cstring>

namespace clw::ui {

InitialContentsSource::InitialContentsSource(
    std::shared_ptr<const engine::SessionResources> resources, engine::SessionBuffer buffer,
    std::uint64_t size)
    : m_resources(std::move(resources))
    , m_buffer(std::move(buffer))
    , m_size(size) {}

std::string InitialContentsSource::description() const {
    return "initial contents of " + m_buffer.name;
}

std::string InitialContentsSource::naturalType() const {
    return m_buffer.image ? m_buffer.elementType : std::string();
}

std::uint64_t InitialContentsSource::naturalWidth() const {
    return m_buffer.image ? m_buffer.shape.at(0) : 0;
}

std::uint64_t InitialContentsSource::naturalHeight() const {
    if (!m_buffer.image)
        return 0;
    return m_buffer.shape.size() > 1 ? m_buffer.shape[1] : 1;
}

const std::vector<unsigned char>& InitialContentsSource::contents() const {
    if (!m_contents) {
        std::vector<unsigned char> bytes = m_resources->initialContents(m_buffer);
        bytes.resize(m_size); // as the device buffer: padding past the elements reads as zeros
        m_contents = std::move(bytes);
    }
    return *m_contents;
}

void InitialContentsSource::read(std::uint64_t offset, std::span<unsigned char> out) const {
    checkRange(offset, out.size());
    const std::lock_guard lock(m_mutex);
    const std::vector<unsigned char>& bytes = contents();
    std::memcpy(out.data(), bytes.data() + offset, out.size());
}

void InitialContentsSource::write(std::uint64_t offset, std::span<const unsigned char> bytes) {
    checkRange(offset, bytes.size());
    const std::lock_guard lock(m_mutex);
    contents();
    std::memcpy(m_contents->data() + offset, bytes.data(), bytes.size());
}

std::shared_ptr<BufferSource> InitialContentsSource::snapshot() const {
    const std::lock_guard lock(m_mutex);
    return std::make_shared<HostBufferSource>(contents(), description());
}

} // namespace clw::ui
