#include "clw/engine/runtime/Program.h"

#include <cstring>

#include "clw/engine/build/BinaryCheck.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Platform.h"

#include <algorithm>

namespace clw::engine {

namespace {

std::vector<cl_device_id> rawDevices(const std::vector<Device>& devices) {
    std::vector<cl_device_id> ids;
    ids.reserve(devices.size());
    for (const Device& device : devices)
        ids.push_back(device.get());
    return ids;
}

} // namespace

namespace {

// The drivers whose every kind of binary the engine knows: PoCL (its own binaries, LLVM bitcode
// and SPIR-V, and through its device back-ends ELF and PTX) and NVIDIA (PTX). Other drivers'
// binaries are opaque here.
bool knowsBinaryKinds(const Device& device) {
    try {
        const std::string platform = device.platform().name();
        return platform == "Portable Computing Language" || platform == "NVIDIA CUDA";
    } catch (const ClError&) {
        return false;
    }
}

// OpenCL 3.0, clCreateProgramWithBinary: CL_INVALID_BINARY "if an invalid program binary was
// encountered for any device", binary_status saying which. Some drivers (NVIDIA 580) take any
// bytes here and fail only at the build. The engine refuses a binary only where it is certainly
// none that the device's driver loads: the driver is one whose binary kinds the engine knows
// (knowsBinaryKinds) and the binary begins as no kind that any driver hands out (binaryKind).
// A binary that begins as a known kind, even one for another driver, goes to the driver, so no
// real binary is refused here. Marks each refused binary in `status` and returns the reasons,
// or nothing.
std::string refuseUnknownBinaries(const std::vector<Device>& devices,
                                  const std::vector<std::span<const unsigned char>>& binaries,
                                  std::vector<cl_int>& status) {
    std::string refused;
    for (size_t i = 0; i < devices.size(); ++i) {
        // An empty binary is the driver's CL_INVALID_VALUE.
        if (binaries[i].empty() || !binaryKind(binaries[i]).empty() ||
            !knowsBinaryKinds(devices[i]))
            continue;
        status[i] = CL_INVALID_BINARY;
        std::string name = "device " + std::to_string(i);
        try {
            name = devices[i].name();
        } catch (const ClError&) {
        }
        refused += "; the binary for " + name +
                   " was rejected with CL_INVALID_BINARY (its first bytes are those of no program "
                   "binary this device's driver loads: PTX, ELF, a CUDA fat binary, LLVM bitcode, "
                   "SPIR-V or a PoCL binary; pass the bytes CL_PROGRAM_BINARIES gave, whole and "
                   "unchanged, or build from source)";
    }
    return refused;
}

// The result of a link of no programs, which never reaches the driver.
BuildResult nothingToLink(const Context& context, std::string_view options,
                          const std::vector<Device>& devices) {
    BuildResult result;
    result.code = CL_INVALID_VALUE;
    result.function = "clLinkProgram";
    result.options = std::string(options);
    std::vector<Device> targets = devices;
    if (targets.empty()) {
        try {
            targets = context.devices();
        } catch (const ClError&) {
        }
    }
    for (const Device& device : targets) {
        DeviceBuild build;
        build.device = device;
        build.status = CL_BUILD_ERROR;
        build.log = "linking no programs: clLinkProgram takes at least one compiled program "
                    "(compile the sources with Program::compile, then link those)\n";
        result.devices.push_back(std::move(build));
    }
    return result;
}

// SPIR-V begins with its magic number, in either byte order; OpenCL C never does.
bool isSpirV(std::string_view bytes) {
    static constexpr unsigned char kLittle[4] = {0x03, 0x02, 0x23, 0x07};
    static constexpr unsigned char kBig[4] = {0x07, 0x23, 0x02, 0x03};
    return bytes.size() >= 4 &&
           (std::memcmp(bytes.data(), kLittle, 4) == 0 || std::memcmp(bytes.data(), kBig, 4) == 0);
}
} // namespace

Program Program::fromSource(const Context& context, std::string_view source) {
    if (isSpirV(source))
        return fromIL(context,
                      {reinterpret_cast<const std::uint8_t*>(source.data()), source.size()});
    const char* text = source.data();
    const size_t length = source.size();
    cl_int code = CL_SUCCESS;
    cl_program raw = clApi().clCreateProgramWithSource(context.get(), 1, &text, &length, &code);
    checkCl(code, "clCreateProgramWithSource", "creating a program from source");
    return Program(Handle<cl_program>::adopt(raw));
}

Program Program::fromSources(const Context& context, const std::vector<std::string>& sources) {
    std::vector<const char*> texts;
    std::vector<size_t> lengths;
    for (const std::string& source : sources) {
        texts.push_back(source.data());
        lengths.push_back(source.size());
    }
    cl_int code = CL_SUCCESS;
    cl_program raw = clApi().clCreateProgramWithSource(context.get(), cl_uint(texts.size()),
                                                       texts.data(), lengths.data(), &code);
    checkCl(code, "clCreateProgramWithSource", [&] {
        return "creating a program from " + std::to_string(sources.size()) + " sources";
    });
    return Program(Handle<cl_program>::adopt(raw));
}

Program Program::fromBinaries(const Context& context, const std::vector<Device>& devices,
                              const std::vector<Binary>& binaries,
                              std::vector<cl_int>* binaryStatus) {
    return fromBinaryViews(context, devices, {binaries.begin(), binaries.end()}, binaryStatus);
}

Program Program::fromBinaryViews(const Context& context, const std::vector<Device>& devices,
                                 const std::vector<std::span<const unsigned char>>& binaries,
                                 std::vector<cl_int>* binaryStatus) {
    if (devices.size() != binaries.size())
        throw ClError(CL_INVALID_VALUE, "clCreateProgramWithBinary",
                      "creating a program: " + std::to_string(binaries.size()) + " binaries for " +
                          std::to_string(devices.size()) + " devices");
    std::vector<cl_int> status(devices.size(), CL_SUCCESS);
    if (const std::string refused = refuseUnknownBinaries(devices, binaries, status);
        !refused.empty()) {
        if (binaryStatus)
            *binaryStatus = status;
        throw ClError(CL_INVALID_BINARY, "clCreateProgramWithBinary",
                      "creating a program from binaries" + refused);
    }
    const auto ids = rawDevices(devices);
    std::vector<const unsigned char*> data;
    std::vector<size_t> sizes;
    for (const std::span<const unsigned char> binary : binaries) {
        data.push_back(binary.data());
        sizes.push_back(binary.size());
    }
    cl_int code = CL_SUCCESS;
    cl_program raw =
        clApi().clCreateProgramWithBinary(context.get(), cl_uint(ids.size()), ids.data(),
                                          sizes.data(), data.data(), status.data(), &code);
    if (binaryStatus)
        *binaryStatus = status;
    checkCl(code, "clCreateProgramWithBinary", [&] {
        std::string text = "creating a program from binaries";
        for (size_t i = 0; i < status.size(); ++i)
            if (status[i] != CL_SUCCESS)
                text += "; the binary for " + devices[i].name() + " was rejected with " +
                        errorName(status[i]);
        return text;
    });
    return Program(Handle<cl_program>::adopt(raw));
}

Program Program::fromIL(const Context& context, std::span<const std::uint8_t> il) {
    cl_int code = CL_SUCCESS;
    cl_program raw = clApi().clCreateProgramWithIL(context.get(), il.data(), il.size(), &code);
    checkCl(code, "clCreateProgramWithIL", [&] {
        return "creating a program from " + std::to_string(il.size()) +
               " bytes of intermediate language (SPIR-V needs a device listing it in "
               "CL_DEVICE_IL_VERSION)";
    });
    return Program(Handle<cl_program>::adopt(raw));
}

Program Program::withBuiltInKernels(const Context& context, const std::vector<Device>& devices,
                                    const std::string& kernelNames) {
    const auto ids = rawDevices(devices);
    cl_int code = CL_SUCCESS;
    cl_program raw = clApi().clCreateProgramWithBuiltInKernels(
        context.get(), cl_uint(ids.size()), ids.data(), kernelNames.c_str(), &code);
    checkCl(code, "clCreateProgramWithBuiltInKernels",
            [&] { return "creating a program of built-in kernels '" + kernelNames + "'"; });
    return Program(Handle<cl_program>::adopt(raw));
}

BuildResult Program::collect(cl_int code, const char* function, std::string_view options,
                             const std::vector<Device>& devices) const {
    BuildResult result;
    result.code = code;
    result.function = function;
    result.options = std::string(options);
    if (!m_handle)
        return result;
    const std::vector<Device> built = devices.empty() ? this->devices() : devices;
    for (const Device& device : built) {
        DeviceBuild build;
        build.device = device;
        // The queries can fail for a program the driver never built; keep what answers.
        try {
            build.status = buildInfo<CL_PROGRAM_BUILD_STATUS>(device);
            build.log = buildInfo<CL_PROGRAM_BUILD_LOG>(device);
            build.binaryType = buildInfo<CL_PROGRAM_BINARY_TYPE>(device);
        } catch (const ClError& error) {
            build.log += std::string("(build information unavailable: ") + error.what() + ")";
        }
        result.devices.push_back(std::move(build));
    }
    // OpenCL 3.0: options the compiler does not take are CL_INVALID_BUILD_OPTIONS. NVIDIA 580
    // answers CL_BUILD_PROGRAM_FAILURE and says so in its log; the engine gives the
    // specification's code, so that a bad option reads the same on every device.
    if (code == CL_BUILD_PROGRAM_FAILURE)
        for (const DeviceBuild& build : result.devices)
            if (build.log.starts_with("Error in processing command line") ||
                build.log.starts_with("Error parsing value of"))
                result.code = CL_INVALID_BUILD_OPTIONS;
    return result;
}

BuildResult Program::build(std::string_view options, const std::vector<Device>& devices) const {
    const auto ids = rawDevices(devices);
    const std::string opts(options);
    const cl_int code =
        clApi().clBuildProgram(get(), cl_uint(ids.size()), ids.empty() ? nullptr : ids.data(),
                               opts.c_str(), nullptr, nullptr);
    return collect(code, "clBuildProgram", options, devices);
}

BuildResult Program::compile(std::string_view options,
                             const std::vector<std::pair<std::string, Program>>& headers,
                             const std::vector<Device>& devices) const {
    const auto ids = rawDevices(devices);
    const std::string opts(options);
    std::vector<cl_program> headerPrograms;
    std::vector<const char*> headerNames;
    for (const auto& [name, program] : headers) {
        headerPrograms.push_back(program.get());
        headerNames.push_back(name.c_str());
    }
    const cl_int code = clApi().clCompileProgram(
        get(), cl_uint(ids.size()), ids.empty() ? nullptr : ids.data(), opts.c_str(),
        cl_uint(headerPrograms.size()), headerPrograms.empty() ? nullptr : headerPrograms.data(),
        headerNames.empty() ? nullptr : headerNames.data(), nullptr, nullptr);
    return collect(code, "clCompileProgram", options, devices);
}

std::pair<Program, BuildResult> Program::link(const Context& context,
                                              const std::vector<Program>& programs,
                                              std::string_view options,
                                              const std::vector<Device>& devices) {
    // OpenCL 3.0, clLinkProgram: CL_INVALID_VALUE "if num_input_programs is zero". Some drivers
    // (NVIDIA 580) answer CL_LINK_PROGRAM_FAILURE instead: the engine checks, and says why in
    // each device's log.
    if (programs.empty())
        return {Program(), nothingToLink(context, options, devices)};
    const auto ids = rawDevices(devices);
    const std::string opts(options);
    std::vector<cl_program> inputs;
    for (const Program& program : programs)
        inputs.push_back(program.get());
    cl_int code = CL_SUCCESS;
    cl_program raw = clApi().clLinkProgram(
        context.get(), cl_uint(ids.size()), ids.empty() ? nullptr : ids.data(), opts.c_str(),
        cl_uint(inputs.size()), inputs.data(), nullptr, nullptr, &code);
    Program linked = raw ? Program(Handle<cl_program>::adopt(raw)) : Program();
    BuildResult result = linked.collect(code, "clLinkProgram", options, devices);
    if (!raw) {
        result.code = code;
        result.function = "clLinkProgram";
        result.options = opts;
    }
    return {std::move(linked), std::move(result)};
}

std::vector<Device> Program::devices() const {
    std::vector<Device> devices;
    for (cl_device_id id : info<CL_PROGRAM_DEVICES>())
        devices.push_back(Device::retain(id));
    return devices;
}

std::vector<Binary> Program::binaries() const {
    const std::vector<size_t> sizes = info<CL_PROGRAM_BINARY_SIZES>();
    std::vector<Binary> binaries(sizes.size());
    std::vector<unsigned char*> pointers(sizes.size());
    for (size_t i = 0; i < sizes.size(); ++i) {
        binaries[i].resize(sizes[i]);
        pointers[i] = sizes[i] ? binaries[i].data() : nullptr;
    }
    checkCl(clApi().clGetProgramInfo(get(), CL_PROGRAM_BINARIES,
                                     pointers.size() * sizeof(unsigned char*), pointers.data(),
                                     nullptr),
            "clGetProgramInfo", "reading CL_PROGRAM_BINARIES");
    return binaries;
}

std::vector<std::string> Program::kernelNames() const {
    std::vector<std::string> names;
    const std::string list = info<CL_PROGRAM_KERNEL_NAMES>();
    for (size_t start = 0; start < list.size();) {
        const size_t end = std::min(list.find(';', start), list.size());
        if (end > start)
            names.push_back(list.substr(start, end - start));
        start = end + 1;
    }
    return names;
}

std::vector<Kernel> Program::createKernels() const {
    cl_uint count = 0;
    checkCl(clApi().clCreateKernelsInProgram(get(), 0, nullptr, &count), "clCreateKernelsInProgram",
            "counting the program's kernels");
    std::vector<cl_kernel> raw(count);
    if (count)
        checkCl(clApi().clCreateKernelsInProgram(get(), count, raw.data(), nullptr),
                "clCreateKernelsInProgram", "creating the program's kernels");
    std::vector<Kernel> kernels;
    for (cl_kernel kernel : raw)
        kernels.push_back(Kernel::adopt(kernel));
    return kernels;
}

void Program::setSpecializationConstant(cl_uint id, size_t size, const void* value) const {
    checkCl(clApi().clSetProgramSpecializationConstant(get(), id, size, value),
            "clSetProgramSpecializationConstant",
            [&] { return "setting specialization constant " + std::to_string(id); });
}

} // namespace clw::engine
