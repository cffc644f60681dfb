#pragma once
// CBOR read into a JSON value with a bound on how deep arrays and maps nest. nlohmann's CBOR
// reader recurses once per level, so a header of a few hundred kilobytes of nested one-element
// arrays would overflow the reader's stack (an input in tests/fuzz/regressions): the bound stops it
// first. Private to the protocol room.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <span>

namespace clw::engine::detail {

// Messages nest a session's values a few levels deep; this is far beyond any of them.
constexpr std::size_t kMaxCborDepth = 256;

// Throws HostProtocolError for bytes that are not one CBOR value or nest deeper than maxDepth.
nlohmann::json parseBoundedCbor(std::span<const unsigned char> bytes,
                                std::size_t maxDepth = kMaxCborDepth);

} // namespace clw::engine::detail
