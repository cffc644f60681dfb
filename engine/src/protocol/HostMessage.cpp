#include "clw/engine/protocol/HostMessage.h"

namespace clw::engine {

namespace {
// The body a message goes with: an empty map for none.
nlohmann::json bodyOrEmpty(nlohmann::json&& body) {
    return body.is_null() ? nlohmann::json::object() : std::move(body);
}
} // namespace

// Each field named once: a message made field by field first allocated its default empty body,
// then the one it was given, and every request and reply paid for both.
HostMessage HostMessage::request(std::uint64_t id, std::string verb, nlohmann::json body) {
    return {.kind = Kind::Request,
            .id = id,
            .verb = std::move(verb),
            .body = bodyOrEmpty(std::move(body))};
}

HostMessage HostMessage::replyTo(const HostMessage& request, nlohmann::json body) {
    return {.kind = Kind::Reply,
            .id = request.id,
            .verb = request.verb,
            .tag = request.tag,
            .generation = request.generation,
            .body = bodyOrEmpty(std::move(body))};
}

HostMessage HostMessage::failureOf(const HostMessage& request, const std::string& text) {
    HostMessage message = replyTo(request, {{"message", text}});
    message.kind = Kind::Failure;
    return message;
}

std::string HostMessage::failureText() const {
    const auto found = body.find("message");
    return found != body.end() && found->is_string() ? found->get<std::string>() : std::string();
}

const char* kindName(HostMessage::Kind kind) {
    switch (kind) {
    case HostMessage::Kind::Request:
        return "request";
    case HostMessage::Kind::Reply:
        return "reply";
    case HostMessage::Kind::Failure:
        return "failure";
    case HostMessage::Kind::Event:
        return "event";
    }
    return "request";
}

} // namespace clw::engine
