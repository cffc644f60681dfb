#include "clw/engine/protocol/HostMessage.h"

namespace clw::engine {

HostMessage HostMessage::request(std::uint64_t id, std::string verb, nlohmann::json body) {
    HostMessage message;
    message.kind = Kind::Request;
    message.id = id;
    message.verb = std::move(verb);
    message.body = body.is_null() ? nlohmann::json::object() : std::move(body);
    return message;
}

HostMessage HostMessage::replyTo(const HostMessage& request, nlohmann::json body) {
    HostMessage message;
    message.kind = Kind::Reply;
    message.id = request.id;
    message.verb = request.verb;
    message.tag = request.tag;
    message.generation = request.generation;
    message.body = body.is_null() ? nlohmann::json::object() : std::move(body);
    return message;
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
