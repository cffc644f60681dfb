// The device host's message decoder: what the workbench reads from a host and a host from the
// workbench (engine/include/clw/engine/protocol). The input is read twice: as one frame, and as a
// stream cut into pieces whose sizes the first byte picks. Only HostProtocolError may be thrown,
// and a frame that decodes encodes to bytes that decode to the same frame.
#include "FuzzCheck.h"

#include "clw/engine/protocol/HostFrame.h"
#include "clw/engine/protocol/HostProtocolError.h"

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

using clw::engine::HostFrame;
using clw::engine::HostFrameReader;
using clw::engine::HostMessage;
using clw::engine::HostProtocolError;

namespace {

void checkRoundTrip(const HostMessage& message) {
    const std::vector<unsigned char> encoded = HostFrame::encode(message);
    HostMessage again;
    try {
        again = HostFrame::decode(encoded);
    } catch (const HostProtocolError& error) {
        clw::fuzz::fail(std::string("an encoded message does not decode: ") + error.what());
    }
    clw::fuzz::require(HostFrame::encode(again) == encoded,
                       "a message decoded from its encoding encodes otherwise");
    clw::fuzz::require(again.kind == message.kind && again.id == message.id &&
                           again.verb == message.verb && again.tag == message.tag &&
                           again.generation == message.generation && again.typed == message.typed &&
                           again.bulk == message.bulk,
                       "a message decoded from its encoding has other fields");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const unsigned char> bytes(data, size);
    try {
        checkRoundTrip(HostFrame::decode(bytes));
    } catch (const HostProtocolError&) {
    }

    if (size == 0)
        return 0;
    HostFrameReader reader;
    const size_t piece = size_t(data[0] % 32) + 1;
    try {
        for (size_t at = 1; at < size; at += piece) {
            reader.feed(bytes.subspan(at, std::min(piece, size - at)));
            while (const std::optional<HostMessage> message = reader.next())
                checkRoundTrip(*message);
        }
    } catch (const HostProtocolError&) {
    }
    return 0;
}
