#include "clw/engine/capture/CapturedSessionBuilder.h"

#include "clw/engine/inspect/HalfFloat.h"
#include "clw/engine/launch/SourceSignatures.h"
#include "clw/engine/runtime/ImageFormat.h"
#include "clw/engine/session/SessionResources.h"

#include <charconv>
#include <cstring>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

namespace clw::engine {

namespace {

// Build options without their -I folders, whose files the session holds.
std::string withoutIncludeFolders(const std::string& options) {
    std::istringstream words(options);
    std::string out;
    for (std::string word; words >> word;) {
        if (word == "-I") {
            words >> word;
            continue;
        }
        if (word.rfind("-I", 0) == 0)
            continue;
        out += (out.empty() ? "" : " ") + word;
    }
    return out;
}

template <class T>
T load(const unsigned char* bytes) {
    T value;
    std::memcpy(&value, bytes, sizeof value);
    return value;
}

template <class T>
std::string shortest(T value) {
    if (value != value)
        return "nan";
    if (value == std::numeric_limits<T>::infinity())
        return "inf";
    if (value == -std::numeric_limits<T>::infinity())
        return "-inf";
    char text[64];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

// One scalar of `type` at `bytes` (`size` bytes for the pointer-sized types) as a session writes
// it.
std::string scalarText(ScalarType type, const unsigned char* bytes, std::size_t size) {
    switch (type) {
    case ScalarType::Bool:
    case ScalarType::UChar:
        return std::to_string(load<std::uint8_t>(bytes));
    case ScalarType::Char:
        return std::to_string(load<std::int8_t>(bytes));
    case ScalarType::Short:
        return std::to_string(load<std::int16_t>(bytes));
    case ScalarType::UShort:
        return std::to_string(load<std::uint16_t>(bytes));
    case ScalarType::Int:
        return std::to_string(load<std::int32_t>(bytes));
    case ScalarType::UInt:
        return std::to_string(load<std::uint32_t>(bytes));
    case ScalarType::Long:
        return std::to_string(load<std::int64_t>(bytes));
    case ScalarType::ULong:
        return std::to_string(load<std::uint64_t>(bytes));
    case ScalarType::Half:
        return shortest(halfToFloat(load<std::uint16_t>(bytes)));
    case ScalarType::Float:
        return shortest(load<float>(bytes));
    case ScalarType::Double:
        return shortest(load<double>(bytes));
    case ScalarType::SizeT:
    case ScalarType::UIntPtrT:
        return size == 4 ? std::to_string(load<std::uint32_t>(bytes))
                         : std::to_string(load<std::uint64_t>(bytes));
    case ScalarType::PtrDiffT:
    case ScalarType::IntPtrT:
        return size == 4 ? std::to_string(load<std::int32_t>(bytes))
                         : std::to_string(load<std::int64_t>(bytes));
    default:
        return {};
    }
}

// `count` scalars of `type` one after the other, "1, 2, 3, 4".
std::string componentsText(ScalarType type, const unsigned char* bytes, std::size_t count,
                           std::size_t size) {
    const std::size_t step = scalarSize(type) ? scalarSize(type) : size;
    std::string text;
    for (std::size_t i = 0; i < count; ++i)
        text += (i ? ", " : "") + scalarText(type, bytes + i * step, step);
    return text;
}

std::vector<unsigned char> readData(const CaptureRecord& record, const std::string& name) {
    std::ifstream file(record.dataFile(name), std::ios::binary);
    if (!file)
        throw CaptureRefusal("the captured data file " + record.dataFile(name).string() +
                             " is missing");
    // One read of the whole file: a captured buffer may be gigabytes.
    file.seekg(0, std::ios::end);
    std::vector<unsigned char> bytes(std::size_t(file.tellg()));
    file.seekg(0);
    if (!file.read(reinterpret_cast<char*>(bytes.data()), std::streamsize(bytes.size())))
        throw CaptureRefusal("the captured data file " + record.dataFile(name).string() +
                             " does not read whole");
    return bytes;
}

// The pixel as a session's image buffer types it: "uchar4" for CL_RGBA / CL_UNORM_INT8, or an
// unsigned type of the pixel's size where no OpenCL type fits (three channels, packed types).
std::string pixelType(const CapturedMemory& memory) {
    const cl_image_format format{memory.channelOrder, memory.channelType};
    if (std::string name = pixelTypeName(format); !name.empty())
        return name;
    switch (memory.elementSize) {
    case 1:
        return "uchar";
    case 2:
        return "ushort";
    case 4:
        return "uint";
    case 8:
        return "uint2";
    case 16:
        return "uint4";
    default:
        throw CaptureRefusal("an image of " + imageFormatName(format) +
                             " has pixels of no OpenCL type's size, which a session cannot hold");
    }
}

std::string imageTypeName(std::uint32_t type) {
    switch (type) {
    case CL_MEM_OBJECT_IMAGE1D:
        return "image1d_t";
    case CL_MEM_OBJECT_IMAGE3D:
        return "image3d_t";
    case CL_MEM_OBJECT_IMAGE2D:
        return "image2d_t";
    default:
        return {};
    }
}

std::string addressingName(std::uint32_t mode) {
    switch (mode) {
    case CL_ADDRESS_CLAMP:
        return "clamp";
    case CL_ADDRESS_CLAMP_TO_EDGE:
        return "clamp_to_edge";
    case CL_ADDRESS_REPEAT:
        return "repeat";
    case CL_ADDRESS_MIRRORED_REPEAT:
        return "mirrored_repeat";
    default:
        return "none";
    }
}

std::string accessOf(std::uint64_t flags) {
    if (flags & CL_MEM_READ_ONLY)
        return "read_only";
    if (flags & CL_MEM_WRITE_ONLY)
        return "write_only";
    return "read_write";
}

// A buffer's element type from the pointer parameter that takes it: "float4" for `float4*`;
// bytes where the element is a struct or not known.
std::string elementTypeOf(const ArgType& type) {
    if (type.element == ScalarType::Struct || type.element == ScalarType::Unknown ||
        type.element == ScalarType::Void || !scalarSize(type.element))
        return "uchar";
    const std::string scalar = scalarTypeName(type.element);
    return type.vectorWidth > 1 ? scalar + std::to_string(type.vectorWidth) : scalar;
}

class Builder {
public:
    Builder(const CaptureRecord& record, const std::vector<const CapturedLaunchRecord*>& launches)
        : m_record(record)
        , m_launches(launches) {}

    CapturedSession build() {
        const CapturedLaunchRecord& first = *m_launches.front();
        const CapturedProgram* program = m_record.program(first.program);
        if (!program)
            throw CaptureRefusal("the program of kernel '" + first.kernel +
                                 "' was made before the capture layer was loaded");
        if (program->from != "source")
            throw CaptureRefusal(
                "kernel '" + first.kernel + "' comes from a program made from " +
                (program->from == "il"       ? std::string("IL (SPIR-V)")
                 : program->from == "binary" ? std::string("a binary")
                 : program->from == "link"   ? std::string("programs linked together")
                                             : std::string("built-in kernels")) +
                ", not from source: a session holds OpenCL C source, so it is not captured");
        std::string main;
        for (const std::string& text : program->sources)
            main += text;
        // A session runs the launches the host made; children a kernel enqueues on the device
        // would run again without the device queue they need, so such a program is named.
        static const std::regex deviceEnqueue(R"(\benqueue_kernel\s*\()");
        if (std::regex_search(main, deviceEnqueue))
            throw CaptureRefusal("kernel '" + first.kernel +
                                 "' is in a program that enqueues kernels on the device "
                                 "(enqueue_kernel), which a session does not replay: not "
                                 "captured");
        m_out.session.title = first.kernel + " (captured)";
        m_out.session.description = "Captured from a program's launch " +
                                    std::to_string(first.number) + " of '" + first.kernel +
                                    "' on " + first.device + ".";
        m_out.session.sources.files.push_back({"program.cl", main});
        m_out.session.sources.mainFile = "program.cl";
        std::set<std::string> names{"program.cl"};
        for (const CapturedFileText& header : program->headers)
            if (names.insert(header.name).second)
                m_out.session.sources.files.push_back({header.name, header.text});
        m_out.session.options = withoutIncludeFolders(program->options);
        m_out.session.devices = {first.device};
        m_signatures = signaturesFromSource(m_out.session.sources, m_out.session.options);
        for (const CapturedLaunchRecord* launch : m_launches)
            addLaunch(*launch);
        return std::move(m_out);
    }

private:
    const KernelSignature& signature(const std::string& kernel) const {
        for (const KernelSignature& candidate : m_signatures)
            if (candidate.name == kernel)
                return candidate;
        throw CaptureRefusal("kernel '" + kernel +
                             "' is not in the program's source as read "
                             "back (a kernel made by a macro the reader does not expand?)");
    }

    std::string uniqueName(std::string name) {
        if (name.empty())
            name = "buffer";
        std::string candidate = name;
        for (int i = 2; m_out.session.findBuffer(candidate); ++i)
            candidate = name + "_" + std::to_string(i);
        return candidate;
    }

    // The session's buffer for a memory object, made at its first use.
    std::string bufferFor(const CapturedLaunchRecord& launch, std::uint64_t object,
                          const KernelArgSignature& parameter) {
        if (const auto found = m_buffers.find(object); found != m_buffers.end())
            return found->second;
        const CapturedMemory* memory = m_record.memory(object);
        if (!memory)
            throw CaptureRefusal("argument " + std::to_string(parameter.index) + " of '" +
                                 launch.kernel + "' is memory made before the layer was loaded");
        if (memory->kind == "image" && imageTypeName(memory->imageType).empty())
            throw CaptureRefusal("argument " + std::to_string(parameter.index) + " of '" +
                                 launch.kernel +
                                 "' is an image array or buffer image, which a session cannot "
                                 "hold yet");
        SessionBuffer buffer;
        buffer.name = uniqueName(parameter.name);
        buffer.access = accessOf(memory->flags);
        if (memory->kind == "image") {
            buffer.elementType = pixelType(*memory);
            buffer.image = SessionBuffer::Image{imageTypeName(memory->imageType),
                                                channelOrderName(memory->channelOrder),
                                                channelTypeName(memory->channelType)};
            buffer.shape = {memory->region[0]};
            if (memory->imageType != CL_MEM_OBJECT_IMAGE1D)
                buffer.shape.push_back(memory->region[1]);
            if (memory->imageType == CL_MEM_OBJECT_IMAGE3D)
                buffer.shape.push_back(memory->region[2]);
        } else {
            buffer.elementType = elementTypeOf(parameter.type);
            std::size_t element =
                scalarSize(parameter.type.element) *
                std::size_t(parameter.type.vectorWidth == 3 ? 4 : parameter.type.vectorWidth);
            if (buffer.elementType == "uchar" || element == 0 || memory->size % element) {
                buffer.elementType = "uchar";
                element = 1;
            }
            buffer.shape = {memory->size / element};
        }
        const auto& files = launch.data.at(object);
        buffer.init.kind = SessionInit::Kind::File;
        buffer.init.file = "data/" + buffer.name + ".npy";
        m_out.dataFiles[buffer.init.file] =
            SessionResources::toArray(buffer, readData(m_record, files.first));
        m_out.session.buffers.push_back(buffer);
        m_buffers[object] = buffer.name;
        return buffer.name;
    }

    void addLaunch(const CapturedLaunchRecord& launch) {
        const KernelSignature& kernel = signature(launch.kernel);
        if (kernel.args.size() != launch.arguments.size())
            throw CaptureRefusal("kernel '" + launch.kernel + "' takes " +
                                 std::to_string(kernel.args.size()) +
                                 " arguments in its source as read back, but the program set " +
                                 std::to_string(launch.arguments.size()));
        SessionLaunch out;
        out.kernel = out.name = launch.kernel;
        out.global = launch.global;
        out.local = launch.local;
        out.offset = launch.offset;
        std::set<std::uint64_t> parents;
        for (std::size_t i = 0; i < launch.arguments.size(); ++i) {
            const CapturedLaunchArgument& given = launch.arguments[i];
            const KernelArgSignature& parameter = kernel.args[i];
            const std::string which = "argument " + std::to_string(i) + " '" +
                                      parameter.declaration() + "' of '" + launch.kernel + "'";
            SessionArgument argument;
            switch (given.kind) {
            case CapturedLaunchArgument::Kind::Memory: {
                const CapturedMemory* memory = m_record.memory(given.object);
                if (memory && memory->kind == "subbuffer" && !parents.insert(memory->parent).second)
                    throw CaptureRefusal(which + " is a sub-buffer of a buffer another argument "
                                                 "takes too: sessions cannot share memory "
                                                 "between buffers, so it is not captured");
                argument.kind = SessionArgument::Kind::Buffer;
                argument.buffer = bufferFor(launch, given.object, parameter);
                break;
            }
            case CapturedLaunchArgument::Kind::Sampler: {
                const CapturedSampler* sampler = m_record.sampler(given.object);
                argument.kind = SessionArgument::Kind::Sampler;
                argument.sampler =
                    std::string("normalized=") +
                    (sampler && sampler->normalized ? "true" : "false") +
                    " addressing=" + addressingName(sampler ? sampler->addressing : 0) +
                    " filter=" +
                    (sampler && sampler->filter == CL_FILTER_LINEAR ? "linear" : "nearest");
                break;
            }
            case CapturedLaunchArgument::Kind::NoValue:
                if (parameter.addressQualifier == CL_KERNEL_ARG_ADDRESS_LOCAL) {
                    argument.kind = SessionArgument::Kind::Local;
                    argument.localBytes = given.size;
                } else {
                    argument.kind = SessionArgument::Kind::Null;
                }
                break;
            case CapturedLaunchArgument::Kind::Value:
                argument = valueArgument(parameter, given.bytes, which);
                break;
            }
            out.arguments.push_back(std::move(argument));
        }
        // The contents after the last launch that takes each buffer are what a run should
        // leave (a later launch's replace an earlier one's).
        for (const auto& [object, files] : launch.data)
            if (!files.second.empty() && launch.afterProblem.empty())
                m_after[object] = files.second;
        m_out.session.launches.push_back(std::move(out));
        if (&launch == m_launches.back())
            addExpected();
    }

    SessionArgument valueArgument(const KernelArgSignature& parameter,
                                  const std::vector<unsigned char>& bytes,
                                  const std::string& which) const {
        SessionArgument argument;
        const ArgType& type = parameter.type;
        if (type.kind == ArgKind::Struct) {
            if (type.fields.empty())
                throw CaptureRefusal(which + " is a struct whose layout the source reader could "
                                             "not work out, so its value is not captured");
            argument.kind = SessionArgument::Kind::Struct;
            for (const StructField& field : type.fields) {
                if (field.offset + field.elementSize() * field.count > bytes.size())
                    throw CaptureRefusal(which + " was set with " + std::to_string(bytes.size()) +
                                         " bytes, fewer than its fields take");
                const std::size_t components = field.vectorWidth == 3 ? 4 : field.vectorWidth;
                std::string value;
                for (std::size_t element = 0; element < field.count; ++element)
                    value +=
                        (element ? ", " : "") +
                        componentsText(field.element,
                                       bytes.data() + field.offset + element * field.elementSize(),
                                       std::size_t(field.vectorWidth), 0);
                (void)components;
                argument.fields.push_back({field.path, value});
            }
            return argument;
        }
        if (type.kind != ArgKind::Scalar && type.kind != ArgKind::Vector)
            throw CaptureRefusal(which + " was set by value but its type is not a scalar, vector "
                                         "or struct: not captured");
        argument.kind = SessionArgument::Kind::Scalar;
        const std::size_t width = std::size_t(type.vectorWidth);
        const std::size_t step = scalarSize(type.element) ? scalarSize(type.element) : bytes.size();
        if (step * width > bytes.size() && !(width == 3 && step * 3 <= bytes.size()))
            throw CaptureRefusal(which + " was set with " + std::to_string(bytes.size()) +
                                 " bytes, fewer than its type takes");
        argument.value = componentsText(type.element, bytes.data(), width, step);
        return argument;
    }

    void addExpected() {
        for (const auto& [object, name] : m_after) {
            SessionBuffer* buffer = m_out.session.findBuffer(m_buffers.at(object));
            buffer->expected = "data/" + buffer->name + ".expected.npy";
            m_out.dataFiles[buffer->expected] =
                SessionResources::toArray(*buffer, readData(m_record, name));
        }
    }

    const CaptureRecord& m_record;
    const std::vector<const CapturedLaunchRecord*>& m_launches;
    std::vector<KernelSignature> m_signatures;
    CapturedSession m_out;
    std::map<std::uint64_t, std::string> m_buffers;
    std::map<std::uint64_t, std::string> m_after;
};

} // namespace

CapturedSession
CapturedSessionBuilder::build(const CaptureRecord& record,
                              const std::vector<const CapturedLaunchRecord*>& launches) {
    if (launches.empty())
        throw CaptureRefusal("no launch to make a session of");
    return Builder(record, launches).build();
}

} // namespace clw::engine
