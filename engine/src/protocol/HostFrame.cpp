#include "clw/engine/protocol/HostFrame.h"

#include "clw/engine/protocol/HostProtocolError.h"

#include "BoundedCbor.h"

#include <algorithm>
#include <array>
#include <cstring>

namespace clw::engine {

namespace {

constexpr std::array<unsigned char, 4> kMagic{'C', 'L', 'W', 'H'};

void putLittle(std::vector<unsigned char>& out, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<unsigned char>(value >> (8 * i)));
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

HostMessage::Kind kindFromName(const std::string& name) {
    for (HostMessage::Kind kind : {HostMessage::Kind::Request, HostMessage::Kind::Reply,
                                   HostMessage::Kind::Failure, HostMessage::Kind::Event})
        if (name == kindName(kind))
            return kind;
    throw HostProtocolError("a device-host message of unknown kind \"" + name + "\"");
}

template <class T>
T field(const nlohmann::json& header, const char* name, nlohmann::json::value_t type) {
    const auto found = header.find(name);
    if (found == header.end())
        throw HostProtocolError(std::string("a device-host message without its \"") + name +
                                "\" field");
    const bool typeOk = type == nlohmann::json::value_t::number_unsigned
                            ? found->is_number_unsigned()
                            : found->type() == type;
    if (!typeOk)
        throw HostProtocolError(std::string("a device-host message whose \"") + name +
                                "\" field is a " + found->type_name());
    return found->get<T>();
}

} // namespace

std::vector<unsigned char> HostFrame::encodeHead(HostMessage& message) {
    // Field by field rather than from an initializer list, which copies every value twice, and
    // the body lent rather than copied: a request's way there and back is counted in
    // microseconds (issue 17).
    nlohmann::json header(nlohmann::json::value_t::object);
    header["v"] = HostMessage::kProtocolVersion;
    header["kind"] = kindName(message.kind);
    header["id"] = message.id;
    header["verb"] = message.verb;
    header["tag"] = message.tag;
    header["gen"] = message.generation;
    nlohmann::json& body = header["body"];
    body.swap(message.body);
    std::vector<unsigned char> out(kMagic.begin(), kMagic.end());
    out.reserve(256);
    putLittle(out, 0, 4); // the header's length, known once it is written
    putLittle(out, message.bulk.size(), 8);
    try {
        nlohmann::json::to_cbor(header, out);
    } catch (...) {
        body.swap(message.body);
        throw;
    }
    body.swap(message.body);
    const std::size_t cborBytes = out.size() - kPrefixBytes;
    for (int i = 0; i < 4; ++i)
        out[kMagic.size() + std::size_t(i)] = static_cast<unsigned char>(cborBytes >> (8 * i));
    return out;
}

std::vector<unsigned char> HostFrame::encode(const HostMessage& message) {
    HostMessage copy = message;
    std::vector<unsigned char> out = encodeHead(copy);
    out.insert(out.end(), message.bulk.begin(), message.bulk.end());
    return out;
}

HostMessage HostFrame::decodeHeader(std::span<const unsigned char> bytes) {
    const nlohmann::json header = detail::parseBoundedCbor(bytes);
    if (!header.is_object())
        throw HostProtocolError("a device-host message header that is not a map");
    const auto version =
        field<std::uint64_t>(header, "v", nlohmann::json::value_t::number_unsigned);
    // Both sides come from one install: a version either way is another install's, whose
    // messages this side would misread.
    if (version != std::uint64_t(HostMessage::kProtocolVersion))
        throw HostProtocolError("a device-host message of protocol version " +
                                std::to_string(version) + "; this side speaks version " +
                                std::to_string(HostMessage::kProtocolVersion) +
                                ": the workbench and its clworkbench-host come from different "
                                "installs; reinstall so that they match");
    HostMessage message;
    message.kind =
        kindFromName(field<std::string>(header, "kind", nlohmann::json::value_t::string));
    message.id = field<std::uint64_t>(header, "id", nlohmann::json::value_t::number_unsigned);
    message.verb = field<std::string>(header, "verb", nlohmann::json::value_t::string);
    message.tag = field<std::string>(header, "tag", nlohmann::json::value_t::string);
    message.generation =
        field<std::uint64_t>(header, "gen", nlohmann::json::value_t::number_unsigned);
    const auto body = header.find("body");
    if (body == header.end() || !body->is_object())
        throw HostProtocolError("a device-host message without a body map");
    message.body = std::move(*body);
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
