#include "bridge/BufferSource.h"

#include <stdexcept>

namespace clw::ui {

void BufferSource::checkRange(std::uint64_t offset, std::uint64_t length) const {
    if (offset > size() || length > size() - offset)
        throw std::out_of_range("bytes " + std::to_string(offset) + " to " +
                                std::to_string(offset + length) + " are past the end of the " +
                                std::to_string(size()) + "-byte " + description());
}

} // namespace clw::ui
