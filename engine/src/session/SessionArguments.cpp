// SessionResources::arguments: a launch's arguments as text in the session, typed by the kernel's
// signature.
#include "clw/engine/session/SessionResources.h"

#include "SessionMemoryTypes.h"

#include "clw/engine/inspect/ScalarValue.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/session/BufferTypeCheck.h"
#include "clw/engine/session/SessionError.h"
#include "clw/engine/session/StructValue.h"

#include <cctype>
#include <sstream>

namespace clw::engine {

namespace {

std::string lower(std::string text) {
    for (char& c : text)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

const char* kindName(SessionArgument::Kind kind) {
    switch (kind) {
    case SessionArgument::Kind::Buffer:
        return "a buffer";
    case SessionArgument::Kind::Scalar:
        return "a value";
    case SessionArgument::Kind::Local:
        return "a local size";
    case SessionArgument::Kind::Sampler:
        return "a sampler";
    case SessionArgument::Kind::Null:
        return "null";
    case SessionArgument::Kind::Struct:
        return "fields of a struct";
    }
    return "an argument";
}

// What the parameter takes, in the session's words.
std::string wanted(const KernelArgSignature& arg) {
    switch (arg.type.kind) {
    case ArgKind::Scalar:
    case ArgKind::Vector:
        return "a value ({ \"value\": \"...\" })";
    case ArgKind::Pointer:
        return arg.addressQualifier == CL_KERNEL_ARG_ADDRESS_LOCAL
                   ? "a local size in bytes ({ \"local\": N })"
                   : "a buffer ({ \"buffer\": \"name\" }) or null";
    case ArgKind::Image:
        return "an image ({ \"buffer\": \"name\" } of an image)";
    case ArgKind::Sampler:
        return "a sampler ({ \"sampler\": \"normalized=false addressing=clamp_to_edge "
               "filter=nearest\" })";
    case ArgKind::Pipe:
        return "a pipe";
    case ArgKind::Struct:
        if (arg.type.fields.empty())
            return "a struct or union whose layout the engine does not know" +
                   (arg.type.resolution.empty() ? std::string() : " (" + arg.type.resolution + ")");
        return "a struct or union by value, field by field ({ \"value\": { \"" +
               arg.type.fields.front().path + "\": ... } }; its fields are " +
               describeStructFields(arg.type) + ")";
    default:
        return "a value of a type the engine does not know" +
               (arg.type.resolution.empty() ? std::string() : " (" + arg.type.resolution + ")");
    }
}

// The scalar that holds a size_t and friends on this device.
ScalarType pointerSizedType(ScalarType type, cl_uint addressBits) {
    const bool isSigned = type == ScalarType::PtrDiffT || type == ScalarType::IntPtrT;
    if (addressBits == 32)
        return isSigned ? ScalarType::Int : ScalarType::UInt;
    return isSigned ? ScalarType::Long : ScalarType::ULong;
}

struct SamplerSettings {
    bool normalized = false;
    cl_addressing_mode addressing = CL_ADDRESS_CLAMP_TO_EDGE;
    cl_filter_mode filter = CL_FILTER_NEAREST;
};

// "normalized=false addressing=clamp_to_edge filter=nearest", words in any order, any case,
// separated by spaces or commas; a word left out keeps its default (as shown). Returns what is
// wrong, or an empty string.
std::string parseSampler(const std::string& text, SamplerSettings& settings) {
    std::string spaced = text;
    for (char& c : spaced)
        if (c == ',')
            c = ' ';
    std::istringstream words(spaced);
    std::string word;
    while (words >> word) {
        const size_t equals = word.find('=');
        if (equals == std::string::npos)
            return "'" + word + "' is not key=value";
        const std::string key = lower(word.substr(0, equals));
        std::string value = lower(word.substr(equals + 1));
        if (key == "normalized") {
            if (value == "true" || value == "1")
                settings.normalized = true;
            else if (value == "false" || value == "0")
                settings.normalized = false;
            else
                return "normalized is true or false, not '" + value + "'";
        } else if (key == "addressing") {
            if (value.rfind("cl_address_", 0) == 0)
                value = value.substr(11);
            if (value == "none")
                settings.addressing = CL_ADDRESS_NONE;
            else if (value == "clamp")
                settings.addressing = CL_ADDRESS_CLAMP;
            else if (value == "clamp_to_edge")
                settings.addressing = CL_ADDRESS_CLAMP_TO_EDGE;
            else if (value == "repeat")
                settings.addressing = CL_ADDRESS_REPEAT;
            else if (value == "mirrored_repeat")
                settings.addressing = CL_ADDRESS_MIRRORED_REPEAT;
            else
                return "addressing is none, clamp, clamp_to_edge, repeat or mirrored_repeat, "
                       "not '" +
                       value + "'";
        } else if (key == "filter") {
            if (value.rfind("cl_filter_", 0) == 0)
                value = value.substr(10);
            if (value == "nearest")
                settings.filter = CL_FILTER_NEAREST;
            else if (value == "linear")
                settings.filter = CL_FILTER_LINEAR;
            else
                return "filter is nearest or linear, not '" + value + "'";
        } else {
            return "unknown key '" + key + "': the keys are normalized, addressing, filter";
        }
    }
    return {};
}

} // namespace

std::vector<ArgumentValue> SessionResources::arguments(const SessionLaunch& launch,
                                                       const KernelSignature& signature,
                                                       std::vector<std::string>* warnings) const {
    const std::string launchText = detail::launchLabel(launch);
    if (launch.arguments.size() != signature.args.size()) {
        std::string declarations;
        for (const KernelArgSignature& arg : signature.args)
            declarations += (declarations.empty() ? "" : ", ") + arg.declaration();
        throw SessionError(launchText + ": kernel '" + signature.name + "' takes " +
                           std::to_string(signature.args.size()) + " arguments (" + declarations +
                           "), the launch gives " + std::to_string(launch.arguments.size()));
    }
    std::vector<ArgumentValue> values;
    values.reserve(launch.arguments.size());
    for (size_t i = 0; i < launch.arguments.size(); ++i) {
        const SessionArgument& given = launch.arguments[i];
        const KernelArgSignature& arg = signature.args[i];
        const std::string where =
            launchText + ": argument " + std::to_string(i) + " '" + arg.declaration() + "': ";
        auto fail = [&](const std::string& why) { throw SessionError(where + why); };
        const bool isLocal = arg.type.kind == ArgKind::Pointer &&
                             arg.addressQualifier == CL_KERNEL_ARG_ADDRESS_LOCAL;
        auto mismatch = [&] {
            fail(std::string("the launch gives ") + kindName(given.kind) + "; the kernel takes " +
                 wanted(arg));
        };
        switch (given.kind) {
        case SessionArgument::Kind::Buffer: {
            if (!contains(given.buffer))
                fail("no buffer named '" + given.buffer + "'");
            const bool isImage = m_images.count(given.buffer) != 0;
            if (arg.type.kind == ArgKind::Pointer && !isLocal) {
                if (isImage)
                    fail("'" + given.buffer + "' is an image; the kernel takes a buffer");
                const std::string mismatch =
                    bufferElementMismatch(arg, m_session.findBuffer(given.buffer)->elementType);
                if (warnings && !mismatch.empty())
                    warnings->push_back(where + "buffer '" + given.buffer + "' " + mismatch +
                                        ": it runs, the bytes read as the kernel's type");
            } else if (arg.type.kind == ArgKind::Image) {
                if (!isImage)
                    fail("'" + given.buffer + "' is a buffer; the kernel takes an image");
                const std::string& imageType =
                    arg.type.imageType.empty() ? arg.type.typeName : arg.type.imageType;
                const std::string& has = m_session.findBuffer(given.buffer)->image->type;
                if (imageType != has && !(has == "image2d_t" && imageType == "image2d_depth_t"))
                    fail("'" + given.buffer + "' is an " + has + "; the kernel takes an " +
                         imageType);
            } else if (arg.type.kind != ArgKind::Pipe && arg.type.kind != ArgKind::Unknown) {
                mismatch();
            }
            values.push_back(ArgumentValue::memory(memory(given.buffer)));
            break;
        }
        case SessionArgument::Kind::Scalar: {
            if (arg.type.kind != ArgKind::Scalar && arg.type.kind != ArgKind::Vector)
                mismatch();
            ScalarType element = arg.type.element;
            switch (element) {
            case ScalarType::SizeT:
            case ScalarType::PtrDiffT:
            case ScalarType::IntPtrT:
            case ScalarType::UIntPtrT:
                element = pointerSizedType(
                    element, m_context.devices().front().info<CL_DEVICE_ADDRESS_BITS>());
                break;
            default:
                break;
            }
            const size_t componentSize = scalarSize(element);
            if (componentSize == 0)
                fail(std::string("the engine cannot write a ") + scalarTypeName(element) +
                     " from text");
            const int width = arg.type.vectorWidth;
            const std::vector<std::string> parts = splitComponents(given.value);
            if (parts.size() != 1 && parts.size() != size_t(width))
                fail("'" + given.value + "' has " + std::to_string(parts.size()) +
                     " values; give " + std::to_string(width) + ", separated by commas" +
                     (width > 1 ? ", or one for every component" : ""));
            // 3-component vectors take the size of 4 (the fourth is padding, zero).
            const size_t slots = width == 3 ? 4 : size_t(width);
            std::vector<unsigned char> bytes(slots * componentSize, 0);
            for (size_t c = 0; c < size_t(width); ++c) {
                std::string text = parts.size() == 1 ? parts[0] : parts[c];
                // An enum's constant by name, as the source declares it.
                for (const EnumConstant& constant : arg.type.enumerators)
                    if (constant.name == text)
                        text = std::to_string(constant.value);
                const std::string problem =
                    parseScalar(element, text, bytes.data() + c * componentSize);
                if (!problem.empty())
                    fail(width > 1 ? "component " + std::to_string(c) + ": " + problem : problem);
            }
            values.push_back(
                ArgumentValue::bytes(arg.type.element, width, bytes.data(), bytes.size()));
            break;
        }
        case SessionArgument::Kind::Local:
            if (!isLocal)
                mismatch();
            if (given.localBytes == 0)
                fail("a __local argument needs a size above 0 bytes");
            values.push_back(ArgumentValue::local(size_t(given.localBytes)));
            break;
        case SessionArgument::Kind::Sampler: {
            if (arg.type.kind != ArgKind::Sampler)
                mismatch();
            auto cached = m_samplers.find(given.sampler);
            if (cached == m_samplers.end()) {
                SamplerSettings settings;
                const std::string problem = parseSampler(given.sampler, settings);
                if (!problem.empty())
                    fail("sampler '" + given.sampler + "': " + problem);
                try {
                    cached =
                        m_samplers
                            .emplace(given.sampler, Sampler(m_context, settings.normalized,
                                                            settings.addressing, settings.filter))
                            .first;
                } catch (const ClError& error) {
                    fail("sampler '" + given.sampler + "': " + error.what());
                }
            }
            values.push_back(ArgumentValue::sampler(cached->second));
            break;
        }
        case SessionArgument::Kind::Null:
            if (arg.type.kind != ArgKind::Pointer || isLocal)
                mismatch();
            values.push_back(ArgumentValue::nullPointer());
            break;
        case SessionArgument::Kind::Struct: {
            if (arg.type.kind != ArgKind::Struct || arg.type.fields.empty())
                mismatch();
            std::vector<unsigned char> bytes;
            if (const std::string problem = packStructValue(arg.type, given.fields, bytes);
                !problem.empty())
                fail(problem);
            values.push_back(
                ArgumentValue::bytes(ScalarType::Struct, 1, bytes.data(), bytes.size()));
            break;
        }
        }
    }
    return values;
}

} // namespace clw::engine
