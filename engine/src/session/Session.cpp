#include "clw/engine/session/Session.h"

#include <limits>
#include <utility>

namespace clw::engine {

std::uint64_t SessionBuffer::elementCount() const {
    if (shape.empty())
        return 0;
    std::uint64_t count = 1;
    for (std::uint64_t size : shape) {
        // Saturates rather than wraps: a shape too large to count must fail to allocate, not
        // turn into a small buffer. SessionFile refuses such shapes when it reads them.
        if (size != 0 && count > std::numeric_limits<std::uint64_t>::max() / size)
            return std::numeric_limits<std::uint64_t>::max();
        count *= size;
    }
    return count;
}

const SessionBuffer* Session::findBuffer(const std::string& name) const {
    for (const SessionBuffer& buffer : buffers)
        if (buffer.name == name)
            return &buffer;
    return nullptr;
}

SessionBuffer* Session::findBuffer(const std::string& name) {
    return const_cast<SessionBuffer*>(std::as_const(*this).findBuffer(name));
}

} // namespace clw::engine
