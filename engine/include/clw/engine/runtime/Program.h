#pragma once
#include "clw/engine/runtime/BuildResult.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Handle.h"
#include "clw/engine/runtime/ObjectInfo.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clw::engine {

class Kernel;

using Binary = std::vector<unsigned char>;

class Program {
public:
    Program() = default;
    static Program retain(cl_program raw) { return Program(Handle<cl_program>::retain(raw)); }

    // SPIR-V given as source (it starts with SPIR-V's magic number) is created as fromIL() does.
    static Program fromSource(const Context& context, std::string_view source);
    static Program fromSources(const Context& context, const std::vector<std::string>& sources);
    // One binary per device. binaryStatus, when given, receives each device's status; a binary
    // the driver rejects throws ClError with CL_INVALID_BINARY naming the device. For PoCL and
    // NVIDIA devices the engine itself rejects, in the same way, a binary that begins as no kind
    // of program binary (BinaryCheck.h's binaryKind), which some drivers would take.
    static Program fromBinaries(const Context& context, const std::vector<Device>& devices,
                                const std::vector<Binary>& binaries,
                                std::vector<cl_int>* binaryStatus = nullptr);
    // As fromBinaries, with the binaries where they lie: nothing is copied before the driver.
    static Program fromBinaryViews(const Context& context, const std::vector<Device>& devices,
                                   const std::vector<std::span<const unsigned char>>& binaries,
                                   std::vector<cl_int>* binaryStatus = nullptr);
    // SPIR-V or another intermediate language the devices list in CL_DEVICE_IL_VERSION.
    static Program fromIL(const Context& context, std::span<const std::uint8_t> il);
    // kernelNames separated by ';' as the C API wants.
    static Program withBuiltInKernels(const Context& context, const std::vector<Device>& devices,
                                      const std::string& kernelNames);

    cl_program get() const noexcept { return m_handle.get(); }
    explicit operator bool() const noexcept { return bool(m_handle); }

    // Builds for `devices` (all the program's devices when empty). A failure comes back as a
    // result with the per-device logs, never as an exception.
    BuildResult build(std::string_view options = {}, const std::vector<Device>& devices = {}) const;
    // Compiles to an object without linking; headers are the programs `#include` finds by name.
    BuildResult compile(std::string_view options = {},
                        const std::vector<std::pair<std::string, Program>>& headers = {},
                        const std::vector<Device>& devices = {}) const;
    // Links compiled programs into an executable. The program is empty when the driver returned
    // none; the result carries the logs either way. No programs is a result with
    // CL_INVALID_VALUE, on every driver, that never reaches the driver.
    static std::pair<Program, BuildResult> link(const Context& context,
                                                const std::vector<Program>& programs,
                                                std::string_view options = {},
                                                const std::vector<Device>& devices = {});

    template <cl_program_info P>
    typename ProgramInfo<P>::type info() const {
        return detail::queryInfo<typename ProgramInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetProgramInfo(get(), P, s, v, r);
            },
            "clGetProgramInfo", ProgramInfo<P>::kName);
    }
    template <cl_program_build_info P>
    typename ProgramBuildInfo<P>::type buildInfo(const Device& device) const {
        return detail::queryInfo<typename ProgramBuildInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) {
                return clApi().clGetProgramBuildInfo(get(), device.get(), P, s, v, r);
            },
            "clGetProgramBuildInfo", ProgramBuildInfo<P>::kName);
    }

    Context context() const { return Context::retain(info<CL_PROGRAM_CONTEXT>()); }
    std::vector<Device> devices() const;
    std::string source() const { return info<CL_PROGRAM_SOURCE>(); }
    // One binary per device of devices(), in that order (empty for a device not built).
    std::vector<Binary> binaries() const;
    std::vector<std::string> kernelNames() const;
    std::vector<Kernel> createKernels() const;
    // clSetProgramSpecializationConstant, for programs from SPIR-V.
    void setSpecializationConstant(cl_uint id, size_t size, const void* value) const;

    friend bool operator==(const Program& a, const Program& b) { return a.get() == b.get(); }

private:
    explicit Program(Handle<cl_program> handle)
        : m_handle(std::move(handle)) {}
    BuildResult collect(cl_int code, const char* function, std::string_view options,
                        const std::vector<Device>& devices) const;
    Handle<cl_program> m_handle;
};

} // namespace clw::engine
