#include "SessionJsonWriter.h"

#include "StructFieldJson.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace clw::engine {

namespace {

// Keeps the fields in the order they are added: the documented order.
using Json = nlohmann::ordered_json;

// Lines of the file stay within this width when a list or object is put on one line.
constexpr size_t kLineWidth = 100;

// An integral value is written as one ("start": 0, not 0.0); JSON has no infinity or NaN, so
// those are written as strings, which the reader takes back.
Json number(double value) {
    if (std::isnan(value))
        return "nan";
    if (std::isinf(value))
        return value > 0 ? "inf" : "-inf";
    if (value == std::trunc(value) && std::fabs(value) < 9007199254740992.0) // exact below 2^53
        return static_cast<std::int64_t>(value);
    return value;
}

Json sizes(const std::vector<std::uint64_t>& values) {
    Json out = Json::array();
    for (std::uint64_t value : values)
        out.push_back(value);
    return out;
}

Json strings(const std::vector<std::string>& values) {
    Json out = Json::array();
    for (const std::string& value : values)
        out.push_back(value);
    return out;
}

const char* fillName(FillSpec::Kind kind) {
    switch (kind) {
    case FillSpec::Kind::Zeros:
        return "zeros";
    case FillSpec::Kind::Constant:
        return "constant";
    case FillSpec::Kind::Ramp:
        return "ramp";
    case FillSpec::Kind::Random:
        return "random";
    }
    return "zeros";
}

// Only the fields of the init's kind are written: the others do not exist in the file.
Json init(const SessionInit& init) {
    Json out = Json::object();
    if (init.kind == SessionInit::Kind::File) {
        out["file"] = init.file;
        return out;
    }
    const FillSpec& fill = init.fill;
    out["fill"] = fillName(fill.kind);
    switch (fill.kind) {
    case FillSpec::Kind::Zeros:
        break;
    case FillSpec::Kind::Constant:
        out["value"] = fill.constant;
        break;
    case FillSpec::Kind::Ramp:
        out["start"] = number(fill.start);
        out["step"] = number(fill.step);
        break;
    case FillSpec::Kind::Random:
        out["seed"] = fill.seed;
        out["low"] = number(fill.low);
        out["high"] = number(fill.high);
        break;
    }
    return out;
}

Json buffer(const SessionBuffer& buffer) {
    Json out = Json::object();
    out["name"] = buffer.name;
    out["type"] = buffer.elementType;
    out["shape"] = sizes(buffer.shape);
    out["access"] = buffer.access;
    if (buffer.image) {
        Json image = Json::object();
        image["type"] = buffer.image->type;
        image["channelOrder"] = buffer.image->channelOrder;
        image["channelType"] = buffer.image->channelType;
        out["image"] = std::move(image);
    }
    out["init"] = init(buffer.init);
    out["output"] = buffer.output;
    if (!buffer.expected.empty())
        out["expected"] = buffer.expected;
    if (!buffer.tolerance.empty())
        out["tolerance"] = buffer.tolerance;
    return out;
}

Json argument(const SessionArgument& argument) {
    Json out = Json::object();
    switch (argument.kind) {
    case SessionArgument::Kind::Buffer:
        out["buffer"] = argument.buffer;
        break;
    case SessionArgument::Kind::Scalar:
        out["value"] = argument.value;
        break;
    case SessionArgument::Kind::Local:
        out["local"] = argument.localBytes;
        break;
    case SessionArgument::Kind::Sampler:
        out["sampler"] = argument.sampler;
        break;
    case SessionArgument::Kind::Null:
        out["null"] = true;
        break;
    case SessionArgument::Kind::Struct:
        out["value"] = writeStructFields(argument.fields);
        break;
    }
    return out;
}

Json launch(const SessionLaunch& launch) {
    Json out = Json::object();
    // Written even when it is the kernel's name: an empty name must read back empty.
    out["name"] = launch.name;
    out["kernel"] = launch.kernel;
    Json arguments = Json::array();
    for (const SessionArgument& each : launch.arguments)
        arguments.push_back(argument(each));
    out["arguments"] = std::move(arguments);
    out["global"] = sizes(launch.global);
    out["local"] = sizes(launch.local);
    out["offset"] = sizes(launch.offset);
    out["repeat"] = launch.repeat;
    return out;
}

Json document(const Session& session) {
    Json out = Json::object();
    out["format"] = "clworkbench-session";
    out["version"] = Session::kFormatVersion;
    out["title"] = session.title;
    out["description"] = session.description;
    Json sources = Json::object();
    // Absent: the first file. A name that is not among the files (a file renamed since) builds
    // the first file too (SourceSet::main), so it is left out rather than refused on reading.
    if (session.sources.find(session.sources.mainFile))
        sources["main"] = session.sources.mainFile;
    Json files = Json::array();
    for (const SourceFile& file : session.sources.files) {
        Json entry = Json::object();
        entry["name"] = file.name;
        entry["text"] = file.text;
        files.push_back(std::move(entry));
    }
    sources["files"] = std::move(files);
    sources["includeDirs"] = strings(session.sources.includeDirs);
    out["sources"] = std::move(sources);
    out["options"] = session.options;
    out["devices"] = strings(session.devices);
    Json watchdog = Json::object();
    watchdog["launchSeconds"] = number(session.watchdog.launchSeconds);
    watchdog["buildSeconds"] = number(session.watchdog.buildSeconds);
    out["watchdog"] = std::move(watchdog);
    // Written only when on, so that the files of sessions that never went live stay as they were.
    if (session.live)
        out["live"] = true;
    if (session.formatOnSave)
        out["formatOnSave"] = true;
    Json buffers = Json::array();
    for (const SessionBuffer& each : session.buffers)
        buffers.push_back(buffer(each));
    out["buffers"] = std::move(buffers);
    Json launches = Json::array();
    for (const SessionLaunch& each : session.launches)
        launches.push_back(launch(each));
    out["launches"] = std::move(launches);
    return out;
}

// A scalar's JSON text. Text that is not valid UTF-8 (which the editor never produces) is
// written with U+FFFD in place of the bad bytes rather than failing the save.
std::string scalar(const Json& value) {
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool isFlat(const Json& value) {
    if (!value.is_structured())
        return true;
    for (const Json& member : value)
        if (member.is_structured())
            return false;
    return true;
}

// One line: [1024, 768] or { "fill": "ramp", "start": 0, "step": 1 }; only for flat values.
std::string inlineText(const Json& value) {
    if (!value.is_structured())
        return scalar(value);
    if (value.empty())
        return value.is_array() ? "[]" : "{}";
    std::string out = value.is_array() ? "[" : "{ ";
    bool first = true;
    for (const auto& [key, member] : value.items()) {
        out += first ? "" : ", ";
        first = false;
        if (value.is_object())
            out += scalar(Json(key)) + ": ";
        out += scalar(member);
    }
    out += value.is_array() ? "]" : " }";
    return out;
}

// `column` is where the value starts on its line (after the indent and the key).
void print(const Json& value, size_t indent, size_t column, std::string& out) {
    if (isFlat(value)) {
        const std::string line = inlineText(value);
        if (!value.is_structured() || value.empty() || column + line.size() + 1 <= kLineWidth) {
            out += line;
            return;
        }
    }
    const std::string inner(indent + 2, ' ');
    out += value.is_array() ? "[\n" : "{\n";
    bool first = true;
    for (const auto& [key, member] : value.items()) {
        out += first ? "" : ",\n";
        first = false;
        out += inner;
        if (value.is_object())
            out += scalar(Json(key)) + ": ";
        const size_t keyWidth = value.is_object() ? scalar(Json(key)).size() + 2 : 0;
        print(member, indent + 2, inner.size() + keyWidth, out);
    }
    out += "\n" + std::string(indent, ' ') + (value.is_array() ? "]" : "}");
}

} // namespace

std::string SessionJsonWriter::write(const Session& session) {
    std::string out;
    print(document(session), 0, 0, out);
    out += "\n";
    return out;
}

} // namespace clw::engine
