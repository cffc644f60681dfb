#pragma once
// The wire form of a HostMessage. One frame:
//
//   "CLWH"                 4 bytes, the protocol's magic
//   header length          4 bytes, little-endian, at most kMaxHeaderBytes
//   bulk length            8 bytes, little-endian, at most kMaxBulkBytes
//   header                 protobuf HostEnvelope: version, kind, id, verb, tag, generation,
//                          body (the JSON body in CBOR, left out when empty), typed
//   bulk                   raw bytes
//
// The envelope is protobuf's (src/protocol/HostEnvelope.proto), the body's CBOR nlohmann::json's
// (to_cbor / from_cbor); nothing here parses bytes by hand. Another version, older or newer, is
// refused by name, so a workbench and a host of different installs say what is wrong.
#include "clw/engine/protocol/HostMessage.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace clw::engine {

class HostFrame {
public:
    static constexpr std::size_t kPrefixBytes = 16;
    static constexpr std::uint32_t kMaxHeaderBytes = 16u << 20;
    static constexpr std::uint64_t kMaxBulkBytes = std::uint64_t(1) << 40;

    // The frame's bytes.
    static std::vector<unsigned char> encode(const HostMessage& message);
    // The prefix alone and the header, for writers that send the bulk from where it lies.
    static std::vector<unsigned char> encodeHead(const HostMessage& message);
    // Reads one whole frame; throws HostProtocolError for anything but exactly one frame.
    static HostMessage decode(std::span<const unsigned char> frame);
    // The header's bytes as a message (no bulk); throws HostProtocolError.
    static HostMessage decodeHeader(std::span<const unsigned char> header);
};

// Takes a stream's bytes as they come (partial frames, several frames at once) and hands out
// whole messages. After an error it stays failed: a stream out of step cannot be resynchronized.
class HostFrameReader {
public:
    // Appends bytes; throws HostProtocolError when the stream is not this protocol.
    void feed(std::span<const unsigned char> bytes);
    // The next whole message, if one is complete.
    std::optional<HostMessage> next();
    // Bytes of a frame begun but not complete (for "the host stopped in the middle of a reply").
    std::size_t pendingBytes() const { return m_buffer.size() - m_start; }

private:
    void checkPrefix();

    std::vector<unsigned char> m_buffer;
    std::size_t m_start = 0;
    bool m_failed = false;
};

} // namespace clw::engine
