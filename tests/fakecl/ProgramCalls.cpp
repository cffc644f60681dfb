// Programs. A build "compiles" by reading the kernels' names and parameter counts from the text
// (KernelScan.h); it fails when the text holds #error. The binary of a program is its text, so
// a program made from that binary builds the same kernels.
#include "FakeApi.h"
#include "FaultInjection.h"
#include "IcdObjects.h"
#include "InfoReply.h"

#include <span>

namespace clw::fakecl {

namespace {

cl_program makeProgram(cl_context context, std::string text, bool fromBinary) {
    auto* program = new _cl_program;
    retain(context);
    program->context = context;
    program->text = std::move(text);
    program->fromBinary = fromBinary;
    return program;
}

// A device list of a build or a binary: NULL (all devices) or valid devices.
cl_int checkDevices(cl_uint numDevices, const cl_device_id* devices) {
    if ((numDevices == 0) != (devices == nullptr))
        return CL_INVALID_VALUE;
    for (cl_uint i = 0; i < numDevices; ++i)
        if (!validDevice(devices[i]))
            return CL_INVALID_DEVICE;
    return CL_SUCCESS;
}

bool built(cl_program program) {
    return program->status == CL_BUILD_SUCCESS;
}

// Whether there is a binary to hand out: after a build, or the one the program was made from.
bool hasBinary(cl_program program) {
    return built(program) || program->fromBinary;
}

std::string kernelNames(const std::vector<KernelDeclaration>& kernels) {
    std::string names;
    for (const KernelDeclaration& kernel : kernels)
        names += (names.empty() ? "" : ";") + kernel.name;
    return names;
}

} // namespace

void destroy(cl_program program) {
    const cl_context context = program->context;
    delete program;
    release(context);
}

cl_program clCreateProgramWithSource(cl_context context, cl_uint count, const char** strings,
                                     const size_t* lengths, cl_int* errcode_ret) {
    faultPoint(__func__);
    if (!valid(context))
        return failWith(CL_INVALID_CONTEXT, errcode_ret);
    if (count == 0 || !strings)
        return failWith(CL_INVALID_VALUE, errcode_ret);
    std::string text;
    for (cl_uint i = 0; i < count; ++i) {
        if (!strings[i])
            return failWith(CL_INVALID_VALUE, errcode_ret);
        if (lengths && lengths[i])
            text.append(strings[i], lengths[i]);
        else
            text.append(strings[i]);
    }
    return succeedWith(makeProgram(context, std::move(text), false), errcode_ret);
}

cl_program clCreateProgramWithBinary(cl_context context, cl_uint num_devices,
                                     const cl_device_id* device_list, const size_t* lengths,
                                     const unsigned char** binaries, cl_int* binary_status,
                                     cl_int* errcode_ret) {
    faultPoint(__func__);
    if (!valid(context))
        return failWith(CL_INVALID_CONTEXT, errcode_ret);
    if (num_devices == 0)
        return failWith(CL_INVALID_VALUE, errcode_ret);
    if (const cl_int code = checkDevices(num_devices, device_list); code != CL_SUCCESS)
        return failWith(code, errcode_ret);
    if (!lengths || !binaries)
        return failWith(CL_INVALID_VALUE, errcode_ret);
    bool complete = true;
    for (cl_uint i = 0; i < num_devices; ++i) {
        const bool given = lengths[i] != 0 && binaries[i] != nullptr;
        complete = complete && given;
        if (binary_status)
            binary_status[i] = given ? CL_SUCCESS : CL_INVALID_VALUE;
    }
    if (!complete)
        return failWith(CL_INVALID_VALUE, errcode_ret);
    // Any bytes are a binary of this device: they are the program's text.
    std::string text(reinterpret_cast<const char*>(binaries[0]), lengths[0]);
    return succeedWith(makeProgram(context, std::move(text), true), errcode_ret);
}

cl_int clRetainProgram(cl_program program) {
    faultPoint(__func__);
    if (!valid(program))
        return CL_INVALID_PROGRAM;
    retain(program);
    return CL_SUCCESS;
}

cl_int clReleaseProgram(cl_program program) {
    faultPoint(__func__);
    if (!valid(program))
        return CL_INVALID_PROGRAM;
    release(program);
    return CL_SUCCESS;
}

cl_int clBuildProgram(cl_program program, cl_uint num_devices, const cl_device_id* device_list,
                      const char* options, void(CL_CALLBACK* pfn_notify)(cl_program, void*),
                      void* user_data) {
    faultPoint(__func__);
    if (!valid(program))
        return CL_INVALID_PROGRAM;
    if (const cl_int code = checkDevices(num_devices, device_list); code != CL_SUCCESS)
        return code;
    if (!pfn_notify && user_data)
        return CL_INVALID_VALUE;
    cl_int code = CL_SUCCESS;
    {
        // Builds of one program take turns; none while kernels of the last one exist.
        std::lock_guard lock(program->mutex);
        if (program->kernelObjects.load() > 0)
            return CL_INVALID_OPERATION;
        program->options = options ? options : "";
        const std::string error = errorDiagnostic(program->text);
        if (error.empty()) {
            program->kernels = scanKernels(program->text);
            program->status = CL_BUILD_SUCCESS;
            program->log = "fake OpenCL driver: built " + std::to_string(program->kernels.size()) +
                           " kernel(s)\n";
        } else {
            program->kernels.clear();
            program->status = CL_BUILD_ERROR;
            program->log = error + "\n1 error generated.\n";
            code = CL_BUILD_PROGRAM_FAILURE;
        }
    }
    if (pfn_notify)
        pfn_notify(program, user_data);
    return code;
}

cl_int clGetProgramInfo(cl_program program, cl_program_info param_name, size_t param_value_size,
                        void* param_value, size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (!valid(program))
        return CL_INVALID_PROGRAM;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    std::lock_guard lock(program->mutex);
    switch (param_name) {
    case CL_PROGRAM_REFERENCE_COUNT:
        return reply.value(program->references.load());
    case CL_PROGRAM_CONTEXT:
        return reply.value(program->context);
    case CL_PROGRAM_NUM_DEVICES:
        return reply.value(cl_uint(1));
    case CL_PROGRAM_DEVICES:
        return reply.value(theDevice());
    case CL_PROGRAM_SOURCE:
        // A real driver answers empty for a program made from a binary. The fake's binary is its
        // source, and it gives no argument info, so this is how a program from the workbench's
        // binary cache still tells its kernels' signatures.
        return reply.string(program->text);
    case CL_PROGRAM_BINARY_SIZES:
        return reply.value(size_t(hasBinary(program) ? program->text.size() : 0));
    case CL_PROGRAM_BINARIES: {
        // One pointer per device, each to room for its binary size; NULL: skip that device.
        if (!param_value)
            return reply.value(static_cast<unsigned char*>(nullptr));
        if (param_value_size < sizeof(unsigned char*))
            return CL_INVALID_VALUE;
        auto* destination = *static_cast<unsigned char**>(param_value);
        if (destination && hasBinary(program))
            program->text.copy(reinterpret_cast<char*>(destination), program->text.size());
        if (param_value_size_ret)
            *param_value_size_ret = sizeof(unsigned char*);
        return CL_SUCCESS;
    }
    case CL_PROGRAM_NUM_KERNELS:
        if (!built(program))
            return CL_INVALID_PROGRAM_EXECUTABLE;
        return reply.value(program->kernels.size());
    case CL_PROGRAM_KERNEL_NAMES:
        if (!built(program))
            return CL_INVALID_PROGRAM_EXECUTABLE;
        return reply.string(kernelNames(program->kernels));
    default:
        return CL_INVALID_VALUE;
    }
}

cl_int clGetProgramBuildInfo(cl_program program, cl_device_id device,
                             cl_program_build_info param_name, size_t param_value_size,
                             void* param_value, size_t* param_value_size_ret) {
    faultPoint(__func__);
    if (!valid(program))
        return CL_INVALID_PROGRAM;
    if (!validDevice(device))
        return CL_INVALID_DEVICE;
    const InfoReply reply(param_value_size, param_value, param_value_size_ret);
    std::lock_guard lock(program->mutex);
    switch (param_name) {
    case CL_PROGRAM_BUILD_STATUS:
        return reply.value(program->status);
    case CL_PROGRAM_BUILD_OPTIONS:
        return reply.string(program->options);
    case CL_PROGRAM_BUILD_LOG:
        return reply.string(program->log);
    case CL_PROGRAM_BINARY_TYPE:
        return reply.value(cl_program_binary_type(
            hasBinary(program) ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE : CL_PROGRAM_BINARY_TYPE_NONE));
    default:
        return CL_INVALID_VALUE;
    }
}

} // namespace clw::fakecl
