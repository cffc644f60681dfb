#pragma once
// One message between the workbench and a device host (DESIGN.md §2a): a request, its reply or
// failure, or an event the host sends on its own (printf output). The header is a JSON value
// sent in its binary CBOR form; bulk data (a buffer window, a file's contents) travels beside it
// as raw bytes, never inside the JSON.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace clw::engine {

struct HostMessage {
    // Raised when a message changes in a way an older reader cannot follow.
    static constexpr int kProtocolVersion = 1;

    enum class Kind { Request, Reply, Failure, Event };

    Kind kind = Kind::Request;
    std::uint64_t id = 0; // a request's number; its reply or failure carries the same
    std::string verb;     // "session.run", "buffer.read", ...
    // DESIGN.md §3: a newer queued request with the same non-empty tag replaces an older one; a
    // reply whose generation is older than the requester's current one is dropped.
    std::string tag;
    std::uint64_t generation = 0;
    nlohmann::json body = nlohmann::json::object();
    std::vector<unsigned char> bulk;

    static HostMessage request(std::uint64_t id, std::string verb, nlohmann::json body = {});
    // The reply or failure to `request`, with its id, verb, tag and generation.
    static HostMessage replyTo(const HostMessage& request, nlohmann::json body = {});
    static HostMessage failureOf(const HostMessage& request, const std::string& message);
    // A failure's text (body "message").
    std::string failureText() const;
};

const char* kindName(HostMessage::Kind kind);

} // namespace clw::engine
