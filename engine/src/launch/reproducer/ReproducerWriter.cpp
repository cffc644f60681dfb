#include "clw/engine/launch/ReproducerWriter.h"

#include "ReproducerReadme.h"
#include "ReproducerTemplates.h"
#include "clw/engine/build/CacheFolder.h"
#include "clw/engine/runtime/ImageFormat.h"
#include "clw/engine/session/NpyFile.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace clw::engine {

namespace fs = std::filesystem;
using Kind = CapturedArgument::Kind;

namespace {

std::string jsonString(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", unsigned(c));
            out += escape;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string sizes(const NDRange& range) {
    if (range.dimensions() == 0)
        return "null";
    std::string out = "[";
    for (unsigned i = 0; i < range.dimensions(); ++i)
        out += (i ? ", " : "") + std::to_string(range[i]);
    return out + "]";
}

template <class Container>
std::string sizeList(const Container& values) {
    std::string out = "[";
    for (size_t i = 0; i < values.size(); ++i)
        out += (i ? ", " : "") + std::to_string(values[i]);
    return out + "]";
}

// A JSON number, or a string for what JSON cannot hold (NaN, infinities).
std::string number(double value, const char* format) {
    if (std::isnan(value))
        return "\"nan\"";
    if (std::isinf(value))
        return value > 0 ? "\"inf\"" : "\"-inf\"";
    char text[40];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

double halfValue(std::uint16_t bits) {
    const int exponent = (bits >> 10) & 0x1f;
    const int mantissa = bits & 0x3ff;
    const double sign = (bits & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0)
        return sign * std::ldexp(mantissa, -24);
    if (exponent == 31)
        return mantissa ? NAN : sign * INFINITY;
    return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

// One element of a scalar argument's bytes as JSON, for people reading launch.json; the runners
// use the exact "hex" bytes.
std::string elementValue(NpyType type, const unsigned char* at) {
    auto load = [&](auto value) {
        std::memcpy(&value, at, sizeof value);
        return value;
    };
    switch (type) {
    case NpyType::Bool:
        return at[0] ? "true" : "false";
    case NpyType::Int8:
        return std::to_string(load(std::int8_t()));
    case NpyType::UInt8:
        return std::to_string(load(std::uint8_t()));
    case NpyType::Int16:
        return std::to_string(load(std::int16_t()));
    case NpyType::UInt16:
        return std::to_string(load(std::uint16_t()));
    case NpyType::Int32:
        return std::to_string(load(std::int32_t()));
    case NpyType::UInt32:
        return std::to_string(load(std::uint32_t()));
    case NpyType::Int64:
        return std::to_string(load(std::int64_t()));
    case NpyType::UInt64:
        return std::to_string(load(std::uint64_t()));
    case NpyType::Float16:
        return number(halfValue(load(std::uint16_t())), "%.9g");
    case NpyType::Float32:
        return number(load(float()), "%.9g");
    case NpyType::Float64:
        return number(load(double()), "%.17g");
    }
    return "null";
}

// A struct's value for people reading launch.json: {"pos.x": 1.5, "w": [1, 2, 3, 4]}.
std::string structFieldValues(const CapturedArgument& arg) {
    std::string out;
    for (const StructField& field : arg.fields) {
        const std::optional<NpyType> type = npyTypeOf(field.element);
        if (!type || field.offset + field.elementSize() * field.count > arg.bytes.size())
            continue;
        std::string values;
        for (size_t c = 0; c < field.components(); ++c) {
            const size_t width = size_t(field.vectorWidth);
            const size_t at =
                field.offset + c / width * field.elementSize() + c % width * npyItemSize(*type);
            values += (c ? ", " : "") + elementValue(*type, arg.bytes.data() + at);
        }
        out += (out.empty() ? "" : ", ") + jsonString(field.path) + ": " +
               (field.components() == 1 ? values : "[" + values + "]");
    }
    return "{" + out + "}";
}

std::string scalarFields(const CapturedArgument& arg) {
    const std::optional<NpyType> element = npyTypeOf(arg.element);
    const NpyType type = element && arg.bytes.size() % npyItemSize(*element) == 0
                             ? *element
                             : NpyType::UInt8; // structs and the like: their bytes
    const size_t count = arg.bytes.size() / npyItemSize(type);
    std::string out = ", \"type\": " + jsonString(arg.typeName) + ", \"dtype\": \"" +
                      npyTypeName(type) + "\", \"components\": " + std::to_string(count);
    if (type != NpyType::UInt8 || element) {
        std::string values;
        for (size_t i = 0; i < count; ++i)
            values +=
                (i ? ", " : "") + elementValue(type, arg.bytes.data() + i * npyItemSize(type));
        out += ", \"value\": " + (count == 1 ? values : "[" + values + "]");
    }
    if (!arg.fields.empty())
        out += ", \"fields\": " + structFieldValues(arg);
    std::string hex;
    for (const unsigned char byte : arg.bytes) {
        char two[3];
        std::snprintf(two, sizeof two, "%02x", unsigned(byte));
        hex += two;
    }
    return out + ", \"hex\": \"" + hex + "\"";
}

const char* flagsName(cl_mem_flags flags) {
    if (flags & CL_MEM_READ_ONLY)
        return "read_only";
    if (flags & CL_MEM_WRITE_ONLY)
        return "write_only";
    return "read_write";
}

const char* imageTypeName(cl_mem_object_type type) {
    switch (type) {
    case CL_MEM_OBJECT_IMAGE1D:
        return "image1d";
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        return "image1d_array";
    case CL_MEM_OBJECT_IMAGE2D:
        return "image2d";
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        return "image2d_array";
    default:
        return "image3d";
    }
}

std::string addressingName(cl_addressing_mode mode) {
    switch (mode) {
    case CL_ADDRESS_NONE:
        return "CL_ADDRESS_NONE";
    case CL_ADDRESS_CLAMP_TO_EDGE:
        return "CL_ADDRESS_CLAMP_TO_EDGE";
    case CL_ADDRESS_CLAMP:
        return "CL_ADDRESS_CLAMP";
    case CL_ADDRESS_REPEAT:
        return "CL_ADDRESS_REPEAT";
    case CL_ADDRESS_MIRRORED_REPEAT:
        return "CL_ADDRESS_MIRRORED_REPEAT";
    default:
        return std::to_string(mode);
    }
}

// "arg2_out": a file name stem from the index and the parameter's name.
std::string stem(const CapturedArgument& arg) {
    std::string out = "arg" + std::to_string(arg.index);
    if (!arg.name.empty())
        out += '_';
    for (const char c : arg.name)
        out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return out;
}

std::string memoryFields(const CapturedArgument& arg) {
    std::string out = ", \"dtype\": \"" + std::string(npyTypeName(arg.input.type)) +
                      "\", \"components\": " + std::to_string(arg.components) +
                      ", \"shape\": " + sizeList(arg.input.shape) +
                      ", \"bytes\": " + std::to_string(arg.byteSize) + ", \"flags\": \"" +
                      flagsName(arg.flags) + "\"";
    if (arg.kind == Kind::Image)
        out += ", \"image_type\": \"" + std::string(imageTypeName(arg.imageType)) +
               "\", \"channel_order\": " +
               jsonString(channelOrderName(arg.format.image_channel_order)) +
               ", \"channel_type\": " +
               jsonString(channelTypeName(arg.format.image_channel_data_type)) +
               ", \"order_code\": " + std::to_string(arg.format.image_channel_order) +
               ", \"type_code\": " + std::to_string(arg.format.image_channel_data_type) +
               ", \"region\": " + sizeList(arg.region);
    return out + ", \"input\": " + jsonString(stem(arg) + ".npy") +
           ", \"expected\": " + jsonString(stem(arg) + "_expected.npy");
}

std::string argumentJson(const CapturedArgument& arg) {
    static const char* const kKinds[] = {"scalar", "buffer", "local", "image", "sampler", "null"};
    std::string out = "{\"index\": " + std::to_string(arg.index) +
                      ", \"name\": " + jsonString(arg.name) +
                      ", \"declaration\": " + jsonString(arg.declaration) + ", \"kind\": \"" +
                      kKinds[int(arg.kind)] + "\"";
    if (arg.sameAs)
        return out + ", \"same_as\": " + std::to_string(*arg.sameAs) + "}";
    switch (arg.kind) {
    case Kind::Scalar:
        out += scalarFields(arg);
        break;
    case Kind::Buffer:
    case Kind::Image:
        out += memoryFields(arg);
        break;
    case Kind::Local:
        out += ", \"bytes\": " + std::to_string(arg.localBytes);
        break;
    case Kind::Sampler:
        out += std::string(", \"normalized\": ") + (arg.normalizedCoords ? "true" : "false") +
               ", \"addressing\": " + jsonString(addressingName(arg.addressing)) +
               ", \"addressing_code\": " + std::to_string(arg.addressing) + ", \"filter\": \"" +
               (arg.filter == CL_FILTER_LINEAR ? "CL_FILTER_LINEAR" : "CL_FILTER_NEAREST") +
               "\", \"filter_code\": " + std::to_string(arg.filter);
        break;
    case Kind::Null:
        break;
    }
    return out + "}";
}

// A header's name as a path inside the folder; throws for one that would leave it.
fs::path insideFolder(const std::string& name) {
    const fs::path path(name);
    bool ok = !name.empty() && path.is_relative() && !path.has_root_name();
    for (const fs::path& part : path)
        ok = ok && part != "..";
    if (!ok)
        throw std::runtime_error("exporting a reproducer: the header name '" + name +
                                 "' is not a path inside the folder");
    return path;
}

void writeText(const fs::path& path, const std::string& text) {
    if (const std::string why = writeFileAtomically(path, text); !why.empty())
        throw std::runtime_error("exporting a reproducer: " + why);
}

} // namespace

std::string reproducerJson(const CapturedLaunch& launch) {
    const SourceFile* main = launch.sources.main();
    std::string headers;
    for (const SourceFile& file : launch.sources.files)
        if (&file != main)
            headers += (headers.empty() ? "" : ", ") + jsonString(file.name);
    std::string json = "{\n";
    json += "  \"format\": \"clworkbench.reproducer\",\n  \"version\": 1,\n";
    json += "  \"kernel\": " + jsonString(launch.kernelName) + ",\n";
    json += "  \"source\": \"kernel.cl\",\n  \"headers\": [" + headers + "],\n";
    json += "  \"options\": " + jsonString(launch.options) + ",\n";
    json += "  \"global\": " + sizes(launch.global) + ",\n";
    json += "  \"local\": " + sizes(launch.local) + ",\n";
    json += "  \"offset\": " + sizes(launch.offset) + ",\n";
    json += "  \"device\": " + jsonString(launch.deviceName) + ",\n";
    json += "  \"platform\": " + jsonString(launch.platformName) + ",\n";
    json += "  \"tolerance\": {\"rtol\": 1e-05, \"ulps\": 4},\n";
    json += "  \"arguments\": [";
    for (size_t i = 0; i < launch.arguments.size(); ++i)
        json += std::string(i ? "," : "") + "\n    " + argumentJson(launch.arguments[i]);
    return json + "\n  ]\n}\n";
}

void writeReproducer(const CapturedLaunch& launch, const fs::path& folder) {
    const SourceFile* main = launch.sources.main();
    if (!main)
        throw std::runtime_error("exporting a reproducer: the launch has no source");
    writeText(folder / "kernel.cl", main->text);
    for (const SourceFile& file : launch.sources.files) {
        if (&file == main)
            continue;
        const fs::path name = insideFolder(file.name);
        if (name == "kernel.cl")
            throw std::runtime_error("exporting a reproducer: a header is named 'kernel.cl', "
                                     "the name the main file takes");
        writeText(folder / name, file.text);
    }
    for (const CapturedArgument& arg : launch.arguments) {
        if (arg.sameAs || (arg.kind != Kind::Buffer && arg.kind != Kind::Image))
            continue;
        NpyFile::write(folder / (stem(arg) + ".npy"), arg.input);
        NpyFile::write(folder / (stem(arg) + "_expected.npy"), arg.expected);
    }
    writeText(folder / "launch.json", reproducerJson(launch));
    writeText(folder / "run.py", reproducer::runPy());
    writeText(folder / "main.cpp", reproducer::mainCpp());
    writeText(folder / "CMakeLists.txt", reproducer::cmakeLists());
    writeText(folder / "README.md", reproducer::readme(launch));
}

} // namespace clw::engine
