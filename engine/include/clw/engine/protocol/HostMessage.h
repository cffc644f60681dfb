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
    // 2: a run's request and reply leave out what is at its defaults, a run command is one
    // array, and a post (id 0) gets no reply.
    // 3: a run record leaves out what the workbench's session tells (its mode when a plain run,
    // "ok" when it ran, the global size as the session gives it), and a launch's own kernel
    // command is its four times alone.
    // 4: the header is a protobuf envelope (HostEnvelope.proto) rather than a CBOR map, an empty
    // body is left out of it, and session.run's records and buffers and buffer.snapshot's lent
    // buffer travel as typed bodies (HostRun.proto).
    // 5: a run command's times and a record's time are fixed-width numbers, a run's request
    // leaves out the device's name, and its reply says how long the run took in the host.
    static constexpr int kProtocolVersion = 5;

    enum class Kind { Request, Reply, Failure, Event };

    Kind kind = Kind::Request;
    // A request's number; its reply or failure carries the same. A request numbered 0 is a post:
    // nobody waits for it, and the host sends neither reply nor failure (what fails is said on
    // the host's standard error).
    std::uint64_t id = 0;
    std::string verb; // "session.run", "buffer.read", ...
    // DESIGN.md §3: a newer queued request with the same non-empty tag replaces an older one; a
    // reply whose generation is older than the requester's current one is dropped.
    std::string tag;
    std::uint64_t generation = 0;
    nlohmann::json body = nlohmann::json::object();
    // A typed body beside it, in protobuf's bytes, for the verbs that have one (HostRun.proto
    // says which message each is); empty for the others.
    std::string typed;
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
