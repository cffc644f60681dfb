#pragma once
// Sessions and helpers shared by the session file tests: the session of docs/session-format.md's
// example, a session holding everything a session can hold, and ways to edit a saved session's
// JSON and read the error that parsing it gives.
#include "clw/engine/session/SessionError.h"
#include "clw/engine/session/SessionFile.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

#include <cstdint>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

namespace clw::test {

using namespace clw::engine;

inline SessionArgument bufferArgument(const std::string& name) {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Buffer;
    argument.buffer = name;
    return argument;
}

inline SessionArgument scalarArgument(const std::string& value) {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Scalar;
    argument.value = value;
    return argument;
}

inline SessionArgument localArgument(std::uint64_t bytes) {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Local;
    argument.localBytes = bytes;
    return argument;
}

inline SessionArgument samplerArgument(const std::string& sampler) {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Sampler;
    argument.sampler = sampler;
    return argument;
}

inline SessionArgument nullArgument() {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Null;
    return argument;
}

inline SessionBuffer buffer(const std::string& name, const std::string& type,
                            std::vector<std::uint64_t> shape, FillSpec fill = {}) {
    SessionBuffer out;
    out.name = name;
    out.elementType = type;
    out.shape = std::move(shape);
    out.init.fill = fill;
    return out;
}

// The session of docs/session-format.md's example: buffers a, b, c and the image picture; one
// launch with one argument of each kind.
inline Session exampleSession() {
    Session session;
    session.title = "Vector add";
    session.description = "c = a + b, one work-item an element.";
    session.sources = SourceSet::single("__kernel void add(...) { ... }", "vector_add.cl");
    session.options = "-cl-std=CL1.2";
    FillSpec ramp;
    ramp.kind = FillSpec::Kind::Ramp;
    session.buffers.push_back(buffer("a", "float", {1024}, ramp));
    session.buffers.back().access = "read_only";
    session.buffers.back().output = false;
    session.buffers.push_back(buffer("b", "float", {1024}));
    session.buffers.back().access = "read_only";
    session.buffers.back().init.kind = SessionInit::Kind::File;
    session.buffers.back().init.file = "vector_add.data/b.npy";
    session.buffers.back().output = false;
    session.buffers.push_back(buffer("c", "float", {1024}));
    session.buffers.back().access = "write_only";
    FillSpec random;
    random.kind = FillSpec::Kind::Random;
    random.seed = 7;
    random.high = 255;
    session.buffers.push_back(buffer("picture", "uchar4", {64, 48}, random));
    session.buffers.back().image = SessionBuffer::Image{};
    session.buffers.back().access = "read_only";
    SessionLaunch launch;
    launch.name = "add";
    launch.kernel = "add";
    launch.arguments = {bufferArgument("a"),
                        bufferArgument("b"),
                        bufferArgument("c"),
                        scalarArgument("1024"),
                        localArgument(256),
                        samplerArgument("normalized=false addressing=clamp_to_edge filter=nearest"),
                        nullArgument()};
    launch.global = {1024};
    launch.local = {64};
    session.launches.push_back(launch);
    return session;
}

// Everything a session can hold: unicode and quotes, several files, every fill, images of each
// dimension, every argument kind, 2-D and 3-D sizes, awkward numbers.
inline Session richSession() {
    Session session;
    session.title = "Blur \u2014 \u00fcber \"fast\" \u65e5\u672c \U0001F680";
    session.description = "Line one\nline \"two\"\twith a tab, a backslash \\ and \x01 a control";
    session.sources.files = {{"common.h", "#define RADIUS 2\n"},
                             {"kernels/blur.cl", "#include \"common.h\"\n__kernel void blur("
                                                 "__global const float *in, __global float *out)"
                                                 " { /* \u00e9 */ }\n"},
                             {"empty.cl", ""}};
    session.sources.mainFile = "kernels/blur.cl";
    session.sources.includeDirs = {"include", "/opt/shared/include", "../up"};
    session.options = "-cl-fast-relaxed-math -DNAME=\"x y\"";
    session.devices = {"PoCL", "NVIDIA H100"};
    session.watchdog.launchSeconds = 0.25;
    session.watchdog.buildSeconds = 86400;

    FillSpec constant;
    constant.kind = FillSpec::Kind::Constant;
    constant.constant = "1, 2.5, -3, 4e10";
    session.buffers.push_back(buffer("in_0", "float4", {17, 5, 3}, constant));
    FillSpec ramp;
    ramp.kind = FillSpec::Kind::Ramp;
    ramp.start = -2.5;
    ramp.step = 0.1;
    session.buffers.push_back(buffer("ramp-1", "double", {1u << 20}, ramp));
    session.buffers.back().access = "read_only";
    FillSpec random;
    random.kind = FillSpec::Kind::Random;
    random.seed = std::numeric_limits<std::uint64_t>::max();
    random.low = -1e300;
    random.high = 1.0 / 3.0;
    session.buffers.push_back(buffer("_rand", "struct { float3 pos; uint id; }", {8, 8}, random));
    session.buffers.back().access = "write_only";
    session.buffers.back().output = false;
    FillSpec infinite;
    infinite.kind = FillSpec::Kind::Ramp;
    infinite.start = -std::numeric_limits<double>::infinity();
    infinite.step = std::numeric_limits<double>::infinity();
    session.buffers.push_back(buffer("inf", "float", {3}, infinite));
    session.buffers.push_back(buffer("zero", "uchar", {1}));
    session.buffers.push_back(buffer("data", "int2", {100, 2}));
    session.buffers.back().init.kind = SessionInit::Kind::File;
    session.buffers.back().init.file = "rich.data/data \u00e9.npy";

    session.buffers.push_back(buffer("line", "float4", {256}));
    session.buffers.back().image = SessionBuffer::Image{"image1d_t", "CL_RGBA", "CL_FLOAT"};
    session.buffers.push_back(buffer("picture", "uchar4", {640, 480}));
    session.buffers.back().image = SessionBuffer::Image{};
    session.buffers.back().access = "read_only";
    session.buffers.push_back(buffer("volume", "float", {32, 16, 8}, constant));
    session.buffers.back().image = SessionBuffer::Image{"image3d_t", "CL_R", "CL_FLOAT"};

    SessionLaunch blur;
    blur.name = "blur twice";
    blur.kernel = "blur";
    blur.arguments = {bufferArgument("in_0"),
                      bufferArgument("picture"),
                      scalarArgument("0.5"),
                      scalarArgument("1, 2, 3, 4"),
                      localArgument(0),
                      localArgument(1ull << 40),
                      samplerArgument("normalized=true addressing=repeat filter=linear"),
                      nullArgument(),
                      bufferArgument("ramp-1")};
    blur.global = {640, 480, 2};
    blur.local = {16, 16, 1};
    blur.offset = {0, 8, 1};
    blur.repeat = 5;
    session.launches.push_back(blur);

    SessionLaunch unnamed; // an empty name stays empty; no arguments; default geometry
    unnamed.kernel = "noop";
    unnamed.name = "";
    session.launches.push_back(unnamed);

    SessionLaunch same;
    same.name = "blur";
    same.kernel = "blur";
    same.global = {std::numeric_limits<std::uint64_t>::max()};
    same.repeat = std::numeric_limits<int>::max();
    session.launches.push_back(same);
    return session;
}

// Returns the message of the SessionError that parsing throws, or an empty string (and a
// failure) when it returns.
inline QString parseError(const QByteArray& text, const std::string& name = "broken.clwb") {
    try {
        SessionFile::parse(text.toStdString(), name);
    } catch (const SessionError& error) {
        return QString::fromStdString(error.what());
    }
    return {};
}

// `node` with the value at `path` ("launches/0/global") replaced, or removed when `value` is
// undefined.
inline QJsonValue edited(const QJsonValue& node, QStringList path, const QJsonValue& value) {
    const QString head = path.takeFirst();
    const bool last = path.isEmpty();
    if (node.isArray()) {
        QJsonArray array = node.toArray();
        const int index = head.toInt();
        if (last && value.isUndefined())
            array.removeAt(index);
        else if (index == array.size())
            array.append(value);
        else
            array[index] = last ? value : edited(array.at(index), path, value);
        return array;
    }
    QJsonObject object = node.toObject();
    if (last && value.isUndefined())
        object.remove(head);
    else
        object[head] = last ? value : edited(object.value(head), path, value);
    return object;
}

inline QByteArray exampleText() {
    return QByteArray::fromStdString(SessionFile::serialize(exampleSession()));
}

inline QByteArray exampleEdited(const QString& path, const QJsonValue& value) {
    const QJsonObject root = QJsonDocument::fromJson(exampleText()).object();
    return QJsonDocument(edited(root, path.split(QLatin1Char('/')), value).toObject())
        .toJson(QJsonDocument::Compact);
}

inline QByteArray readAll(const std::filesystem::path& path) {
    QFile file(QString::fromStdString(path.string()));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Temporary files of a write left anywhere under `folder`.
inline QStringList temporaryFiles(const QString& folder) {
    QStringList out;
    QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.contains(QLatin1String(".tmp.")))
            out << path;
    }
    return out;
}
} // namespace clw::test
