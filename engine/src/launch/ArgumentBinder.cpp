#include "clw/engine/launch/ArgumentBinder.h"

#include "clw/engine/runtime/CommandQueue.h"

namespace clw::engine {

namespace {

cl_mem_object_type imageObjectType(const std::string& imageType) {
    if (imageType == "image1d_t")
        return CL_MEM_OBJECT_IMAGE1D;
    if (imageType == "image1d_buffer_t")
        return CL_MEM_OBJECT_IMAGE1D_BUFFER;
    if (imageType == "image1d_array_t")
        return CL_MEM_OBJECT_IMAGE1D_ARRAY;
    if (imageType == "image2d_t" || imageType == "image2d_depth_t")
        return CL_MEM_OBJECT_IMAGE2D;
    if (imageType == "image2d_array_t" || imageType == "image2d_array_depth_t")
        return CL_MEM_OBJECT_IMAGE2D_ARRAY;
    if (imageType == "image3d_t")
        return CL_MEM_OBJECT_IMAGE3D;
    return 0;
}

const char* memoryTypeName(cl_mem_object_type type) {
    switch (type) {
    case CL_MEM_OBJECT_BUFFER:
        return "a buffer";
    case CL_MEM_OBJECT_PIPE:
        return "a pipe";
    case CL_MEM_OBJECT_IMAGE1D:
        return "an image1d";
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
        return "an image1d_buffer";
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        return "an image1d_array";
    case CL_MEM_OBJECT_IMAGE2D:
        return "an image2d";
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        return "an image2d_array";
    case CL_MEM_OBJECT_IMAGE3D:
        return "an image3d";
    default:
        return "a memory object";
    }
}

[[noreturn]] void reject(const KernelSignature& signature, cl_uint index, cl_int code,
                         const std::string& why) {
    throw ClError(code, "clSetKernelArg",
                  "setting " + ArgumentBinder::describe(signature, index) + ": " + why);
}

// The memory object kind the argument takes, or 0 when it takes none.
cl_mem_object_type expectedMemoryType(const KernelArgSignature& arg) {
    switch (arg.type.kind) {
    case ArgKind::Pointer:
        return arg.addressQualifier == CL_KERNEL_ARG_ADDRESS_LOCAL ? 0 : CL_MEM_OBJECT_BUFFER;
    case ArgKind::Image:
        return imageObjectType(arg.type.imageType.empty() ? arg.type.typeName : arg.type.imageType);
    case ArgKind::Pipe:
        return CL_MEM_OBJECT_PIPE;
    default:
        return 0;
    }
}

void checkOne(const KernelSignature& signature, const KernelArgSignature& arg,
              const ArgumentValue& value, const Context& context) {
    using Kind = ArgumentValue::Kind;
    const cl_uint index = arg.index;
    const std::string expects = "expects " + arg.declaration();
    switch (arg.type.kind) {
    case ArgKind::Scalar:
    case ArgKind::Vector:
    case ArgKind::Struct:
        if (value.kind() != Kind::Bytes)
            reject(signature, index, CL_INVALID_ARG_VALUE,
                   expects + " by value, got " + value.describe());
        if (arg.type.kind != ArgKind::Struct &&
            (value.element() != arg.type.element || value.width() != arg.type.vectorWidth))
            reject(signature, index, CL_INVALID_ARG_VALUE, expects + ", got " + value.describe());
        // A struct's size is the engine's layout; the driver checks it again in clSetKernelArg.
        if (arg.type.size && value.data().size() != arg.type.size)
            reject(signature, index, CL_INVALID_ARG_SIZE,
                   expects + " of " + std::to_string(arg.type.size) + " bytes, got " +
                       std::to_string(value.data().size()) + " bytes");
        return;
    case ArgKind::Pointer:
        if (arg.addressQualifier == CL_KERNEL_ARG_ADDRESS_LOCAL) {
            if (value.kind() != Kind::Local)
                reject(signature, index, CL_INVALID_ARG_VALUE,
                       expects + ": give it a local memory size, got " + value.describe());
            if (value.localSize() == 0)
                reject(signature, index, CL_INVALID_ARG_SIZE,
                       "a __local argument needs a size above 0 bytes");
            return;
        }
        if (value.kind() == Kind::Svm || value.kind() == Kind::NullPointer)
            return;
        break;
    case ArgKind::Image:
    case ArgKind::Pipe:
        break;
    case ArgKind::Sampler:
        if (value.kind() != Kind::Sampler)
            reject(signature, index, CL_INVALID_ARG_VALUE, expects + ", got " + value.describe());
        return;
    case ArgKind::Queue:
        if (value.kind() != Kind::Queue)
            reject(signature, index, CL_INVALID_ARG_VALUE, expects + ", got " + value.describe());
        return;
    default:
        return; // unknown to the engine: the driver judges it
    }
    // Memory arguments: kind, object type and context.
    if (value.kind() != Kind::Memory)
        reject(signature, index, CL_INVALID_ARG_VALUE, expects + ", got " + value.describe());
    const MemoryObject& memory = value.memoryObject();
    if (!memory)
        reject(signature, index, CL_INVALID_MEM_OBJECT, expects + ", got an empty memory object");
    const cl_mem_object_type expected = expectedMemoryType(arg);
    const cl_mem_object_type actual = memory.type();
    if (expected && actual != expected)
        reject(signature, index, CL_INVALID_MEM_OBJECT,
               expects + " (" + memoryTypeName(expected) + "), got " + memoryTypeName(actual));
    if (context && memory.info<CL_MEM_CONTEXT>() != context.get())
        reject(signature, index, CL_INVALID_CONTEXT,
               "the memory object belongs to another context than the kernel's; create it in the "
               "kernel's context");
}

} // namespace

std::string ArgumentBinder::describe(const KernelSignature& signature, cl_uint index) {
    std::string text = "argument " + std::to_string(index);
    if (index < signature.args.size())
        text += " '" + signature.args[index].declaration() + "'";
    return text + " of kernel '" + signature.name + "'";
}

void ArgumentBinder::check(const KernelSignature& signature, std::span<const ArgumentValue> values,
                           const Context& context) {
    for (const KernelArgSignature& arg : signature.args) {
        if (arg.index >= values.size() || values[arg.index].kind() == ArgumentValue::Kind::Unset)
            reject(signature, arg.index, CL_INVALID_KERNEL_ARGS, "no value given");
        checkOne(signature, arg, values[arg.index], context);
    }
    if (values.size() > signature.args.size())
        throw ClError(CL_INVALID_ARG_INDEX, "clSetKernelArg",
                      "kernel '" + signature.name + "' takes " +
                          std::to_string(signature.args.size()) + " arguments; " +
                          std::to_string(values.size()) + " were given");
}

void ArgumentBinder::set(const Kernel& kernel, std::span<const ArgumentValue> values) {
    using Kind = ArgumentValue::Kind;
    for (cl_uint i = 0; i < values.size(); ++i) {
        const ArgumentValue& value = values[i];
        switch (value.kind()) {
        case Kind::Bytes:
            kernel.setArg(i, value.data().size(), value.data().data());
            break;
        case Kind::Memory:
            kernel.setArg(i, value.memoryObject());
            break;
        case Kind::Local:
            kernel.setArg(i, LocalMemory{value.localSize()});
            break;
        case Kind::Sampler:
            kernel.setArg(i, value.samplerObject());
            break;
        case Kind::Svm:
            kernel.setArgSvmPointer(i, value.svmPointer());
            break;
        case Kind::Queue: {
            cl_command_queue raw = value.rawQueue();
            kernel.setArg(i, sizeof raw, &raw);
            break;
        }
        case Kind::NullPointer:
            kernel.setArg(i, sizeof(cl_mem), nullptr);
            break;
        case Kind::Unset:
            break;
        }
    }
}

} // namespace clw::engine
