#include "SessionJsonReader.h"

#include "StructFieldJson.h"

#include <algorithm>
#include <array>
#include <limits>
#include <map>

namespace clw::engine {

namespace {

constexpr const char* kFormat = "clworkbench-session";

constexpr std::array<const char*, 3> kAccessNames = {"read_write", "read_only", "write_only"};

struct ImageType {
    const char* name;
    size_t dimensions;
    const char* sizes;
};
constexpr std::array<ImageType, 3> kImageTypes = {{{"image1d_t", 1, "width"},
                                                   {"image2d_t", 2, "width, height"},
                                                   {"image3d_t", 3, "width, height, depth"}}};

struct FillName {
    const char* name;
    FillSpec::Kind kind;
};
constexpr std::array<FillName, 4> kFillNames = {{{"zeros", FillSpec::Kind::Zeros},
                                                 {"constant", FillSpec::Kind::Constant},
                                                 {"ramp", FillSpec::Kind::Ramp},
                                                 {"random", FillSpec::Kind::Random}}};

// The keys that say which kind an argument is, in the order the file format lists them.
constexpr std::array<const char*, 5> kArgumentKeys = {"buffer", "value", "local", "sampler",
                                                      "null"};

std::string inQuotes(const std::string& text) {
    return "\"" + text + "\"";
}

template <class Names>
std::string listNames(const Names& names) {
    std::string out;
    for (const auto& name : names)
        out += (out.empty() ? "" : ", ") + inQuotes(name);
    return out;
}

// Buffer names become file names ("a" writes a.npy) and are typed in argument rows.
bool isValidName(const std::string& name) {
    if (name.empty())
        return false;
    auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (!letter(name.front()) && name.front() != '_')
        return false;
    for (char c : name)
        if (!letter(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-')
            return false;
    return true;
}

} // namespace

SessionJsonReader::SessionJsonReader(std::string fileName)
    : m_fileName(std::move(fileName)) {}

SessionFile::ReadResult SessionJsonReader::read(const nlohmann::json& root) const {
    const JsonCursor top(root, "", m_fileName);
    if (!root.is_object())
        top.fail("the file is JSON but not a CL Workbench session (its top level is not an "
                 "object); open a .clwb file that CL Workbench saved");
    readVersion(top);

    SessionFile::ReadResult result;
    Session& session = result.session;
    session.title = top.stringOr("title", {});
    session.description = top.stringOr("description", {});
    session.sources = readSources(
        top.field("sources", "a session holds its kernel's source files under \"sources\""));
    session.options = top.stringOr("options", {});
    if (const auto devices = top.optionalField("devices"))
        session.devices = devices->strings();
    if (const auto watchdog = top.optionalField("watchdog"))
        session.watchdog = readWatchdog(*watchdog);
    session.live = top.booleanOr("live", false);
    session.formatOnSave = top.booleanOr("formatOnSave", false);

    if (const auto buffers = top.optionalField("buffers")) {
        std::map<std::string, std::string> seen; // name -> the path of the buffer defining it
        for (const JsonCursor& buffer : buffers->elements()) {
            session.buffers.push_back(readBuffer(buffer));
            const std::string& name = session.buffers.back().name;
            if (const auto [it, inserted] = seen.emplace(name, buffer.path()); !inserted)
                buffer.failAt("name", "the name " + inQuotes(name) + " is already taken by " +
                                          it->second + "; give each buffer its own name");
        }
    }
    if (const auto launches = top.optionalField("launches"))
        for (const JsonCursor& launch : launches->elements())
            session.launches.push_back(readLaunch(launch, session));
    return result;
}

int SessionJsonReader::readVersion(const JsonCursor& root) const {
    const JsonCursor format =
        root.field("format", std::string("this is not a CL Workbench session (its files start with "
                                         "\"format\": \"") +
                                 kFormat + "\")");
    if (format.string() != kFormat)
        format.fail("is " + inQuotes(format.string()) + ", not " + inQuotes(kFormat) +
                    ": this is not a CL Workbench session");
    const JsonCursor versionField =
        root.field("version", "a session says which format version it is written in; add "
                              "\"version\": " +
                                  std::to_string(Session::kFormatVersion));
    if (!versionField.json().is_number())
        versionField.fail("must be a whole number such as " +
                          std::to_string(Session::kFormatVersion) + " (it is " +
                          versionField.json().type_name() + ")");
    const auto version = static_cast<int>(
        versionField.integer(std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    if (version > Session::kFormatVersion)
        versionField.fail("made by a newer CL Workbench (format version " +
                          std::to_string(version) + "; this one reads up to " +
                          std::to_string(Session::kFormatVersion) +
                          "): update CL Workbench to open it");
    if (version < 1)
        versionField.fail("format version " + std::to_string(version) +
                          " does not exist (versions start at 1): the file is damaged; restore "
                          "it from a copy");
    // Version 1 is the first: nothing older to migrate yet.
    return version;
}

SourceSet SessionJsonReader::readSources(const JsonCursor& sources) const {
    SourceSet set;
    const JsonCursor files = sources.field("files", "list the source files, each with its "
                                                    "\"name\" and \"text\"");
    std::map<std::string, std::string> seen;
    for (const JsonCursor& file : files.elements()) {
        SourceFile source;
        const JsonCursor name = file.field("name", "the file's name, as #include spells it");
        source.name = name.string();
        if (source.name.empty())
            name.fail("is empty; give the file a name such as \"kernel.cl\"");
        source.text = file.field("text", "the file's full text").string();
        if (const auto [it, inserted] = seen.emplace(source.name, file.path()); !inserted)
            name.fail("the name " + inQuotes(source.name) + " is already taken by " + it->second +
                      "; give each source file its own name");
        set.files.push_back(std::move(source));
    }
    if (set.files.empty())
        files.fail("lists no files; a session needs at least the source file of its kernels");
    if (const auto main = sources.optionalField("main")) {
        set.mainFile = main->string();
        if (!set.find(set.mainFile)) {
            std::vector<std::string> names;
            for (const SourceFile& file : set.files)
                names.push_back(file.name);
            main->fail("names " + inQuotes(set.mainFile) +
                       ", which is not among sources.files; name one of " + listNames(names));
        }
    }
    if (const auto includeDirs = sources.optionalField("includeDirs"))
        set.includeDirs = includeDirs->strings();
    return set;
}

SessionWatchdog SessionJsonReader::readWatchdog(const JsonCursor& watchdog) const {
    // Each limit may be left out: it keeps its default.
    SessionWatchdog out;
    watchdog.expectObject();
    const double max = SessionWatchdog::kMaxSeconds;
    if (const auto launch = watchdog.optionalField("launchSeconds"))
        out.launchSeconds = launch->positiveNumber(
            max, "write how many seconds a launch may run before the watchdog ends it, such as 10");
    if (const auto build = watchdog.optionalField("buildSeconds"))
        out.buildSeconds = build->positiveNumber(
            max,
            "write how many seconds a build may take before the watchdog ends it, such as 120");
    return out;
}

SessionBuffer SessionJsonReader::readBuffer(const JsonCursor& buffer) const {
    SessionBuffer out;
    const JsonCursor name = buffer.field("name", "each buffer has a name");
    out.name = name.string();
    if (!isValidName(out.name))
        name.fail(inQuotes(out.name) +
                  " is not a valid buffer name; use letters, digits, '_' and '-', starting "
                  "with a letter or '_'");
    out.elementType = buffer.field("type", "the element type, such as \"float\"").string();
    const JsonCursor shape = buffer.field("shape", "the buffer's size in elements, such as [1024]");
    out.shape = readSizes(shape, 1);
    std::uint64_t count = 1;
    for (std::uint64_t size : out.shape) {
        if (count > std::numeric_limits<std::uint64_t>::max() / size)
            shape.fail("holds more elements than a 64-bit count can say; make it smaller");
        count *= size;
    }
    if (const auto access = buffer.optionalField("access")) {
        out.access = access->string();
        if (std::find(kAccessNames.begin(), kAccessNames.end(), out.access) == kAccessNames.end())
            access->fail(inQuotes(out.access) + " is not an access; use one of " +
                         listNames(kAccessNames));
    }
    if (const auto image = buffer.optionalField("image"))
        out.image = readImage(*image, out.shape.size());
    if (const auto init = buffer.optionalField("init"))
        out.init = readInit(*init);
    out.output = buffer.booleanOr("output", true);
    out.expected = buffer.stringOr("expected", "");
    out.tolerance = buffer.stringOr("tolerance", "");
    return out;
}

SessionInit SessionJsonReader::readInit(const JsonCursor& init) const {
    SessionInit out;
    const bool hasFill = init.has("fill");
    const bool hasFile = init.has("file");
    if (hasFill && hasFile)
        init.fail("has both \"fill\" and \"file\"; keep the one the buffer starts from");
    if (!hasFill && !hasFile)
        init.fail("has neither \"fill\" nor \"file\"; add { \"fill\": \"zeros\" } or { \"file\": "
                  "\"data/name.npy\" }");
    if (hasFile) {
        out.kind = SessionInit::Kind::File;
        const JsonCursor file = init.field("file");
        out.file = file.string();
        if (out.file.empty())
            file.fail("is empty; name a .npy file relative to the session's folder");
        return out;
    }
    out.kind = SessionInit::Kind::Fill;
    out.fill = readFill(init);
    return out;
}

FillSpec SessionJsonReader::readFill(const JsonCursor& init) const {
    FillSpec spec;
    const JsonCursor kind = init.field("fill");
    const std::string name = kind.string();
    const auto it = std::find_if(kFillNames.begin(), kFillNames.end(),
                                 [&](const FillName& fill) { return name == fill.name; });
    if (it == kFillNames.end()) {
        std::vector<std::string> names;
        for (const FillName& fill : kFillNames)
            names.push_back(fill.name);
        kind.fail(inQuotes(name) + " is not a fill; use one of " + listNames(names));
    }
    spec.kind = it->kind;
    switch (spec.kind) {
    case FillSpec::Kind::Zeros:
        break;
    case FillSpec::Kind::Constant:
        if (const auto value = init.optionalField("value"))
            spec.constant = value->text();
        break;
    case FillSpec::Kind::Ramp:
        if (const auto start = init.optionalField("start"))
            spec.start = start->number();
        if (const auto step = init.optionalField("step"))
            spec.step = step->number();
        break;
    case FillSpec::Kind::Random:
        if (const auto seed = init.optionalField("seed"))
            spec.seed = seed->unsignedInteger();
        if (const auto low = init.optionalField("low"))
            spec.low = low->number();
        if (const auto high = init.optionalField("high"))
            spec.high = high->number();
        if (!(spec.low <= spec.high))
            init.failAt("high", "is below \"low\"; random values need low <= high");
        break;
    }
    return spec;
}

SessionBuffer::Image SessionJsonReader::readImage(const JsonCursor& image,
                                                  size_t dimensions) const {
    SessionBuffer::Image out;
    if (const auto type = image.optionalField("type")) {
        out.type = type->string();
        const auto it =
            std::find_if(kImageTypes.begin(), kImageTypes.end(),
                         [&](const ImageType& known) { return out.type == known.name; });
        if (it == kImageTypes.end()) {
            std::vector<std::string> names;
            for (const ImageType& known : kImageTypes)
                names.push_back(known.name);
            type->fail(inQuotes(out.type) + " is not an image type; use one of " +
                       listNames(names));
        }
    }
    // The shape is the image's size in pixels: one size per dimension of the image type.
    for (const ImageType& known : kImageTypes)
        if (out.type == known.name && known.dimensions != dimensions)
            image.failAt("type", "an " + out.type + " needs a shape of " +
                                     std::to_string(known.dimensions) + " sizes (" + known.sizes +
                                     "); the buffer's shape has " + std::to_string(dimensions));
    out.channelOrder = image.stringOr("channelOrder", out.channelOrder);
    out.channelType = image.stringOr("channelType", out.channelType);
    return out;
}

SessionLaunch SessionJsonReader::readLaunch(const JsonCursor& launch,
                                            const Session& session) const {
    SessionLaunch out;
    const JsonCursor kernel = launch.field("kernel", "the name of the kernel to launch");
    out.kernel = kernel.string();
    if (out.kernel.empty())
        kernel.fail("is empty; name the kernel to launch");
    out.name = launch.stringOr("name", out.kernel);
    if (const auto arguments = launch.optionalField("arguments"))
        for (const JsonCursor& argument : arguments->elements())
            out.arguments.push_back(readArgument(argument, session));
    out.global = readSizes(launch.field("global", "the global size, such as [1024]"), 1);
    const std::string dimensions = std::to_string(out.global.size());
    if (const auto local = launch.optionalField("local")) {
        if (!local->elements().empty()) {
            out.local = readSizes(*local, 1);
            if (out.local.size() != out.global.size())
                local->fail("has " + std::to_string(out.local.size()) + " sizes but global has " +
                            dimensions + "; give " + dimensions +
                            ", or [] to let the driver choose");
        }
    }
    if (const auto offset = launch.optionalField("offset")) {
        if (!offset->elements().empty()) {
            out.offset = readSizes(*offset, 0);
            if (out.offset.size() != out.global.size())
                offset->fail("has " + std::to_string(out.offset.size()) + " sizes but global has " +
                             dimensions + "; give " + dimensions + ", or [] for none");
        }
    }
    if (const auto repeat = launch.optionalField("repeat"))
        out.repeat = static_cast<int>(repeat->integer(1, std::numeric_limits<int>::max()));
    return out;
}

SessionArgument SessionJsonReader::readArgument(const JsonCursor& argument,
                                                const Session& session) const {
    std::vector<std::string> present;
    for (const char* key : kArgumentKeys)
        if (argument.has(key))
            present.push_back(key);
    if (present.size() != 1)
        argument.fail((present.empty() ? std::string("says none of ")
                                       : "has " + std::to_string(present.size()) + " of ") +
                      listNames(kArgumentKeys) + "; give exactly one (as { \"buffer\": \"a\" })");

    SessionArgument out;
    const std::string& key = present.front();
    const JsonCursor value = argument.field(key);
    if (key == "buffer") {
        out.kind = SessionArgument::Kind::Buffer;
        out.buffer = value.string();
        if (!session.findBuffer(out.buffer)) {
            std::vector<std::string> names;
            for (const SessionBuffer& buffer : session.buffers)
                names.push_back(buffer.name);
            value.fail("no buffer is named " + inQuotes(out.buffer) +
                       (names.empty() ? "; the session has no buffers: add it under \"buffers\""
                                      : "; name one of " + listNames(names)));
        }
    } else if (key == "value" && value.json().is_object()) {
        out.kind = SessionArgument::Kind::Struct;
        out.fields = readStructFields(value);
    } else if (key == "value") {
        out.kind = SessionArgument::Kind::Scalar;
        out.value = readComponents(value);
    } else if (key == "local") {
        out.kind = SessionArgument::Kind::Local;
        out.localBytes = value.unsignedInteger();
    } else if (key == "sampler") {
        out.kind = SessionArgument::Kind::Sampler;
        out.sampler = value.string();
    } else {
        out.kind = SessionArgument::Kind::Null;
        if (!value.boolean())
            value.fail("is false; a null pointer argument is { \"null\": true }");
    }
    return out;
}

std::vector<std::uint64_t> SessionJsonReader::readSizes(const JsonCursor& sizes,
                                                        std::uint64_t least) const {
    const std::vector<JsonCursor> elements = sizes.elements();
    if (elements.empty() || elements.size() > 3)
        sizes.fail("has " + std::to_string(elements.size()) +
                   " sizes; give 1 to 3 (width, height, depth)");
    std::vector<std::uint64_t> out;
    for (const JsonCursor& element : elements) {
        out.push_back(element.unsignedInteger());
        if (out.back() < least)
            element.fail("is " + std::to_string(out.back()) + "; sizes must be at least " +
                         std::to_string(least));
    }
    return out;
}

} // namespace clw::engine
