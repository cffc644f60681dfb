#include "clw/engine/launch/LaunchCapture.h"

#include "clw/engine/build/IncludeScan.h"
#include "clw/engine/launch/ArgumentBinder.h"
#include "clw/engine/launch/KernelLimits.h"
#include "clw/engine/launch/SignatureReader.h"
#include "clw/engine/runtime/ImageFormat.h"
#include "clw/engine/runtime/Platform.h"

#include <fstream>
#include <map>
#include <sstream>

namespace clw::engine {

namespace {

[[noreturn]] void refuse(const KernelSignature& signature, cl_uint index, const std::string& why) {
    throw ClError(CL_INVALID_ARG_VALUE, "LaunchCapture",
                  "capturing " + ArgumentBinder::describe(signature, index) + ": " + why);
}

// A buffer's bytes typed by the pointee: (n,) or (n, components); raw bytes where the element
// has no fixed type (void*, structs, size_t) or the size is not a whole number of elements.
NpyArray typedBuffer(std::vector<unsigned char> bytes, const ArgType& type, int& components) {
    const std::optional<NpyType> element = npyTypeOf(type.element);
    const size_t width = type.vectorWidth == 3 ? 4 : size_t(std::max(1, type.vectorWidth));
    NpyArray array;
    components = 1;
    if (!element || bytes.size() % (npyItemSize(*element) * width) != 0) {
        array.type = NpyType::UInt8;
        array.shape = {bytes.size()};
    } else {
        array.type = *element;
        const size_t count = bytes.size() / (npyItemSize(*element) * width);
        array.shape = width == 1 ? std::vector<size_t>{count} : std::vector<size_t>{count, width};
        components = int(width);
    }
    array.data = std::move(bytes);
    return array;
}

NpyType channelElement(cl_channel_type type) {
    switch (type) {
    case CL_SNORM_INT8:
    case CL_SIGNED_INT8:
        return NpyType::Int8;
    case CL_UNORM_INT8:
    case CL_UNSIGNED_INT8:
        return NpyType::UInt8;
    case CL_SNORM_INT16:
    case CL_SIGNED_INT16:
        return NpyType::Int16;
    case CL_UNORM_INT16:
    case CL_UNSIGNED_INT16:
    case CL_UNORM_SHORT_565: // packed: one element a pixel
    case CL_UNORM_SHORT_555:
        return NpyType::UInt16;
    case CL_SIGNED_INT32:
        return NpyType::Int32;
    case CL_HALF_FLOAT:
        return NpyType::Float16;
    case CL_FLOAT:
        return NpyType::Float32;
    default: // CL_UNSIGNED_INT32 and the 32-bit packed formats
        return NpyType::UInt32;
    }
}

// The region to read (width, height or layers, depth or layers) and the array's shape, slowest
// axis first, with the channel axis last.
void imageGeometry(const Image& image, CapturedArgument& arg) {
    const size_t w = image.width();
    const size_t c = size_t(arg.components);
    switch (arg.imageType) {
    case CL_MEM_OBJECT_IMAGE1D:
        arg.region = {w, 1, 1};
        arg.input.shape = {w, c};
        break;
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        arg.region = {w, image.arraySize(), 1};
        arg.input.shape = {image.arraySize(), w, c};
        break;
    case CL_MEM_OBJECT_IMAGE2D:
        arg.region = {w, image.height(), 1};
        arg.input.shape = {image.height(), w, c};
        break;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        arg.region = {w, image.height(), image.arraySize()};
        arg.input.shape = {image.arraySize(), image.height(), w, c};
        break;
    default: // CL_MEM_OBJECT_IMAGE3D
        arg.region = {w, image.height(), image.depth()};
        arg.input.shape = {image.depth(), image.height(), w, c};
        break;
    }
}

std::vector<unsigned char> readImage(const CommandQueue& queue, const Image& image,
                                     const CapturedArgument& arg) {
    std::vector<unsigned char> data(arg.region[0] * arg.region[1] * arg.region[2] *
                                    pixelSize(arg.format));
    queue.readImage(image, {0, 0, 0}, arg.region, data.data());
    return data;
}

std::vector<unsigned char> readBuffer(const CommandQueue& queue, const Buffer& buffer,
                                      size_t size) {
    std::vector<unsigned char> data(size);
    queue.read(buffer, 0, size, data.data());
    return data;
}

// Records one memory argument's kind, type and contents before the launch.
void captureMemory(const CommandQueue& queue, const KernelSignature& signature,
                   const KernelArgSignature& sig, const MemoryObject& memory,
                   CapturedArgument& arg) {
    arg.flags = memory.flags() & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY);
    if (!arg.flags)
        arg.flags = CL_MEM_READ_WRITE;
    switch (const cl_mem_object_type type = memory.type()) {
    case CL_MEM_OBJECT_BUFFER: {
        arg.kind = CapturedArgument::Kind::Buffer;
        arg.byteSize = memory.size();
        const Buffer buffer = Buffer::retain(memory.get());
        arg.input = typedBuffer(readBuffer(queue, buffer, arg.byteSize), sig.type, arg.components);
        return;
    }
    case CL_MEM_OBJECT_PIPE:
        refuse(signature, sig.index, "pipes cannot be captured yet");
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
        refuse(signature, sig.index, "image1d_buffer images cannot be captured yet");
    default: {
        arg.kind = CapturedArgument::Kind::Image;
        arg.imageType = type;
        const Image image = Image::retain(memory.get());
        arg.format = image.format();
        arg.input.type = channelElement(arg.format.image_channel_data_type);
        arg.components = int(pixelSize(arg.format) / npyItemSize(arg.input.type));
        imageGeometry(image, arg);
        arg.byteSize = arg.input.count() * npyItemSize(arg.input.type);
        arg.input.data = readImage(queue, image, arg);
        return;
    }
    }
}

// Every argument but the memory contents after the launch.
std::vector<CapturedArgument> captureArguments(const CommandQueue& queue,
                                               const KernelSignature& signature,
                                               const std::vector<ArgumentValue>& values) {
    using Kind = ArgumentValue::Kind;
    std::vector<CapturedArgument> captured;
    std::map<cl_mem, cl_uint> firstUse;
    for (const KernelArgSignature& sig : signature.args) {
        const ArgumentValue& value = values[sig.index];
        CapturedArgument arg;
        arg.index = sig.index;
        arg.name = sig.name;
        arg.declaration = sig.declaration();
        arg.typeName = sig.type.typeName;
        switch (value.kind()) {
        case Kind::Bytes:
            arg.kind = CapturedArgument::Kind::Scalar;
            arg.element = value.element();
            arg.vectorWidth = value.width();
            arg.bytes = value.data();
            if (sig.type.kind == ArgKind::Struct)
                arg.fields = sig.type.fields;
            break;
        case Kind::Local:
            arg.kind = CapturedArgument::Kind::Local;
            arg.localBytes = value.localSize();
            break;
        case Kind::Sampler: {
            arg.kind = CapturedArgument::Kind::Sampler;
            const Sampler& sampler = value.samplerObject();
            arg.normalizedCoords = sampler.normalizedCoords();
            arg.addressing = sampler.addressingMode();
            arg.filter = sampler.filterMode();
            break;
        }
        case Kind::NullPointer:
            arg.kind = CapturedArgument::Kind::Null;
            break;
        case Kind::Memory: {
            const cl_mem raw = value.memoryObject().get();
            if (const auto seen = firstUse.find(raw); seen != firstUse.end()) {
                const CapturedArgument& first = captured[seen->second];
                arg.kind = first.kind;
                arg.sameAs = first.index;
                break;
            }
            firstUse[raw] = cl_uint(captured.size());
            captureMemory(queue, signature, sig, value.memoryObject(), arg);
            break;
        }
        case Kind::Svm:
            refuse(signature, sig.index,
                   "SVM pointers cannot be captured yet; pass the data in "
                   "a buffer to export a reproducer");
        case Kind::Queue:
            refuse(signature, sig.index, "device queues cannot be captured");
        case Kind::Unset:
            refuse(signature, sig.index, "no value given");
        }
        captured.push_back(std::move(arg));
    }
    return captured;
}

// The set with every header that include directories supply copied in under the name `#include`
// spells, so that the reproducer needs nothing outside its folder.
SourceSet selfContained(const SourceSet& sources) {
    SourceSet set = sources;
    set.includeDirs.clear();
    for (const ResolvedInclude& include : scanIncludes(sources).includes) {
        if (include.fromSet || !include.found || set.find(include.spelled))
            continue;
        std::ifstream file(include.resolved, std::ios::binary);
        std::ostringstream text;
        text << file.rdbuf();
        if (!file)
            throw ClError(CL_INVALID_VALUE, "LaunchCapture",
                          "reading the header '" + include.resolved + "' for the capture");
        set.files.push_back({include.spelled, text.str()});
    }
    return set;
}

} // namespace

CapturedLaunch LaunchCapture::capture(const CommandQueue& queue, const LaunchRequest& request,
                                      const SourceSet& sources, const std::string& options) {
    if (!sources.main())
        throw ClError(CL_INVALID_VALUE, "LaunchCapture", "capturing a launch: no source given");
    const Device device = queue.device();
    const Context context = queue.context();
    const Kernel kernel(request.program, request.kernelName);
    const KernelSignature signature =
        request.signature ? *request.signature : readSignature(kernel, device);
    ArgumentBinder::check(signature, request.arguments, context);

    cl_ulong localBytes = 0;
    for (const ArgumentValue& value : request.arguments)
        if (value.kind() == ArgumentValue::Kind::Local)
            localBytes += value.localSize();
    const GeometryCheck geometry =
        checkGeometry(request.geometry, KernelLimits::of(kernel, device), signature, localBytes);
    const std::string launching = "capturing kernel '" + signature.name + "'";
    if (!geometry.ok)
        throw ClError(geometry.code, "LaunchCapture", launching + ": " + geometry.problem);
    if (geometry.empty)
        throw ClError(CL_INVALID_GLOBAL_WORK_SIZE, "LaunchCapture",
                      launching + ": the ND-range is empty, so the launch does nothing to capture");

    CapturedLaunch launch;
    launch.sources = selfContained(sources);
    launch.options = options;
    launch.kernelName = request.kernelName;
    launch.global = geometry.global;
    launch.local = geometry.local;
    launch.offset = request.geometry.offset;
    launch.deviceName = device.name();
    launch.platformName = device.platform().name();

    Event::waitAll(request.waitFor);
    launch.arguments = captureArguments(queue, signature, request.arguments);
    ArgumentBinder::set(kernel, request.arguments);
    const Event run = queue.ndRange(kernel, launch.global, launch.local, launch.offset);
    queue.finish();
    if (const cl_int status = run.status(); status < 0)
        throw ClError(status, "clEnqueueNDRangeKernel", launching + ": the kernel failed");

    for (CapturedArgument& arg : launch.arguments) {
        if (arg.sameAs || (arg.kind != CapturedArgument::Kind::Buffer &&
                           arg.kind != CapturedArgument::Kind::Image))
            continue;
        const MemoryObject& memory = request.arguments[arg.index].memoryObject();
        arg.expected.type = arg.input.type;
        arg.expected.shape = arg.input.shape;
        arg.expected.data = arg.kind == CapturedArgument::Kind::Buffer
                                ? readBuffer(queue, Buffer::retain(memory.get()), arg.byteSize)
                                : readImage(queue, Image::retain(memory.get()), arg);
    }
    return launch;
}

CapturedLaunch LaunchCapture::capture(const CommandQueue& queue, const LaunchRequest& request) {
    std::string source = request.program.source();
    if (source.empty())
        throw ClError(CL_INVALID_PROGRAM, "LaunchCapture",
                      "capturing kernel '" + request.kernelName +
                          "': the program has no source (built from binaries or IL); pass the "
                          "sources it was built from");
    const std::string options = request.program.buildInfo<CL_PROGRAM_BUILD_OPTIONS>(queue.device());
    return capture(queue, request, SourceSet::single(std::move(source)), options);
}

} // namespace clw::engine
