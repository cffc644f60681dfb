#include "clw/engine/protocol/HostFrame.h"

#include "clw/engine/protocol/HostProtocolError.h"

#include "BoundedCbor.h"
#include "HostEnvelope.pb.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace clw::engine {

namespace {

constexpr std::array<unsigned char, 4> kMagic{'C', 'L', 'W', 'H'};

void putLittle(unsigned char* out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i)
        out[i] = static_cast<unsigned char>(value >> (8 * i));
}

std::uint64_t getLittle(const unsigned char* in, int bytes) {
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i)
        value |= std::uint64_t(in[i]) << (8 * i);
    return value;
}

struct Prefix {
    std::uint32_t headerBytes = 0;
    std::uint64_t bulkBytes = 0;
};

Prefix readPrefix(const unsigned char* bytes) {
    if (!std::equal(kMagic.begin(), kMagic.end(), bytes))
        throw HostProtocolError("not a device-host message (the frame does not start with "
                                "\"CLWH\"): the other side speaks another protocol or wrote "
                                "something else on the channel");
    Prefix prefix;
    prefix.headerBytes = static_cast<std::uint32_t>(getLittle(bytes + 4, 4));
    prefix.bulkBytes = getLittle(bytes + 8, 8);
    if (prefix.headerBytes == 0 || prefix.headerBytes > HostFrame::kMaxHeaderBytes)
        throw HostProtocolError("a device-host message header of " +
                                std::to_string(prefix.headerBytes) + " bytes (1 to " +
                                std::to_string(HostFrame::kMaxHeaderBytes) + " allowed)");
    if (prefix.bulkBytes > HostFrame::kMaxBulkBytes)
        throw HostProtocolError("a device-host message with " + std::to_string(prefix.bulkBytes) +
                                " bytes of data (at most " +
                                std::to_string(HostFrame::kMaxBulkBytes) + " allowed)");
    return prefix;
}

wire::HostEnvelope::Kind wireKind(HostMessage::Kind kind) {
    switch (kind) {
    case HostMessage::Kind::Request:
        return wire::HostEnvelope::REQUEST;
    case HostMessage::Kind::Reply:
        return wire::HostEnvelope::REPLY;
    case HostMessage::Kind::Failure:
        return wire::HostEnvelope::FAILURE;
    case HostMessage::Kind::Event:
        return wire::HostEnvelope::EVENT;
    }
    return wire::HostEnvelope::REQUEST;
}

HostMessage::Kind kindOf(int wire) {
    switch (wire) {
    case wire::HostEnvelope::REQUEST:
        return HostMessage::Kind::Request;
    case wire::HostEnvelope::REPLY:
        return HostMessage::Kind::Reply;
    case wire::HostEnvelope::FAILURE:
        return HostMessage::Kind::Failure;
    case wire::HostEnvelope::EVENT:
        return HostMessage::Kind::Event;
    }
    throw HostProtocolError("a device-host message of unknown kind " + std::to_string(wire));
}

// A thread's envelope, used again for every frame it writes or reads: its strings keep their
// room, so a frame costs no allocations of them (four to six of every run's request and reply,
// issue 17's 20 us). Room beyond kKeptBytes is given back after use.
wire::HostEnvelope& threadEnvelope() {
    thread_local wire::HostEnvelope envelope;
    return envelope;
}

constexpr std::size_t kKeptBytes = 64 * 1024;

// Gives back the envelope's room beyond kKeptBytes once its frame is done, thrown or not.
struct RoomGiver {
    wire::HostEnvelope& envelope;
    ~RoomGiver() {
        if (envelope.body().capacity() > kKeptBytes)
            std::string().swap(*envelope.mutable_body());
        if (envelope.typed().capacity() > kKeptBytes)
            std::string().swap(*envelope.mutable_typed());
    }
};

} // namespace

std::vector<unsigned char> HostFrame::encodeHead(const HostMessage& message) {
    wire::HostEnvelope& envelope = threadEnvelope();
    const RoomGiver giver{envelope};
    envelope.Clear();
    envelope.set_version(HostMessage::kProtocolVersion);
    envelope.set_kind(wireKind(message.kind));
    envelope.set_id(message.id);
    envelope.set_verb(message.verb);
    envelope.set_tag(message.tag);
    envelope.set_generation(message.generation);
    // An empty body (a ping, a plain reply) costs no CBOR at all.
    if (!message.body.is_null() && !(message.body.is_object() && message.body.empty())) {
        std::string& body = *envelope.mutable_body();
        nlohmann::json::to_cbor(message.body, body);
    }
    if (!message.typed.empty())
        envelope.set_typed(message.typed);
    const std::size_t headBytes = envelope.ByteSizeLong();
    if (headBytes > kMaxHeaderBytes)
        throw HostProtocolError("a device-host message header of " + std::to_string(headBytes) +
                                " bytes, more than the " + std::to_string(kMaxHeaderBytes) +
                                " the protocol allows");
    std::vector<unsigned char> out(kPrefixBytes + headBytes);
    std::copy(kMagic.begin(), kMagic.end(), out.begin());
    putLittle(out.data() + 4, headBytes, 4);
    putLittle(out.data() + 8, message.bulk.size(), 8);
    envelope.SerializeWithCachedSizesToArray(out.data() + kPrefixBytes);
    return out;
}

std::vector<unsigned char> HostFrame::encode(const HostMessage& message) {
    std::vector<unsigned char> out = encodeHead(message);
    out.insert(out.end(), message.bulk.begin(), message.bulk.end());
    return out;
}

HostMessage HostFrame::decodeHeader(std::span<const unsigned char> bytes) {
    wire::HostEnvelope& envelope = threadEnvelope();
    const RoomGiver giver{envelope};
    if (!envelope.ParseFromArray(bytes.data(), int(bytes.size())))
        throw HostProtocolError("a device-host message header that is not the protocol's "
                                "envelope: the other side wrote something else on the channel");
    // Both sides come from one install: a version either way is another install's, whose
    // messages this side would misread.
    if (envelope.version() != std::uint32_t(HostMessage::kProtocolVersion))
        throw HostProtocolError("a device-host message of protocol version " +
                                std::to_string(envelope.version()) + "; this side speaks version " +
                                std::to_string(HostMessage::kProtocolVersion) +
                                ": the workbench and its clworkbench-host come from different "
                                "installs; reinstall so that they match");
    HostMessage message;
    message.kind = kindOf(envelope.kind());
    if (envelope.verb().empty())
        throw HostProtocolError("a device-host message without its verb");
    message.id = envelope.id();
    // Copied, keeping the envelope's room (a verb and a tag fit in the string itself); the
    // typed body is taken, which costs its room one allocation, as a copy would.
    message.verb = envelope.verb();
    message.tag = envelope.tag();
    message.generation = envelope.generation();
    message.typed.swap(*envelope.mutable_typed());
    const std::string& body = envelope.body();
    if (body.empty())
        return message;
    message.body = detail::parseBoundedCbor(
        {reinterpret_cast<const unsigned char*>(body.data()), body.size()});
    if (!message.body.is_object())
        throw HostProtocolError("a device-host message whose body is not a map");
    return message;
}

HostMessage HostFrame::decode(std::span<const unsigned char> frame) {
    if (frame.size() < kPrefixBytes)
        throw HostProtocolError("a device-host message cut short: " + std::to_string(frame.size()) +
                                " bytes, less than its prefix");
    const Prefix prefix = readPrefix(frame.data());
    const std::uint64_t whole = kPrefixBytes + prefix.headerBytes + prefix.bulkBytes;
    if (frame.size() != whole)
        throw HostProtocolError("a device-host message of " + std::to_string(frame.size()) +
                                " bytes where its prefix announces " + std::to_string(whole));
    HostMessage message = decodeHeader(frame.subspan(kPrefixBytes, prefix.headerBytes));
    const auto bulk = frame.subspan(kPrefixBytes + prefix.headerBytes);
    message.bulk.assign(bulk.begin(), bulk.end());
    return message;
}

void HostFrameReader::feed(std::span<const unsigned char> bytes) {
    if (m_failed)
        throw HostProtocolError("the device-host channel failed earlier and cannot be read on");
    // Drop what was handed out before growing, so a long stream does not keep every frame.
    if (m_start > 0 && m_start == m_buffer.size()) {
        m_buffer.clear();
        m_start = 0;
    } else if (m_start > (1u << 20)) {
        m_buffer.erase(m_buffer.begin(), m_buffer.begin() + std::ptrdiff_t(m_start));
        m_start = 0;
    }
    m_buffer.insert(m_buffer.end(), bytes.begin(), bytes.end());
    checkPrefix();
}

void HostFrameReader::checkPrefix() {
    if (pendingBytes() < HostFrame::kPrefixBytes)
        return;
    try {
        readPrefix(m_buffer.data() + m_start);
    } catch (const HostProtocolError&) {
        m_failed = true;
        throw;
    }
}

std::optional<HostMessage> HostFrameReader::next() {
    if (m_failed || pendingBytes() < HostFrame::kPrefixBytes)
        return std::nullopt;
    const Prefix prefix = readPrefix(m_buffer.data() + m_start);
    const std::uint64_t whole = HostFrame::kPrefixBytes + prefix.headerBytes + prefix.bulkBytes;
    if (pendingBytes() < whole)
        return std::nullopt;
    const unsigned char* header = m_buffer.data() + m_start + HostFrame::kPrefixBytes;
    const unsigned char* bulk = header + prefix.headerBytes;
    // A frame whose header cannot be read is still whole: it is refused and stepped over, and
    // the stream goes on with the next.
    m_start += std::size_t(whole);
    HostMessage message = HostFrame::decodeHeader({header, prefix.headerBytes});
    message.bulk.assign(bulk, bulk + prefix.bulkBytes);
    checkPrefix();
    return message;
}

} // namespace clw::engine
