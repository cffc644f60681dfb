#include "clw/engine/device/DeviceFacts.h"

#include "clw/engine/device/Characterization.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/runtime/Program.h"

namespace clw::engine {

namespace {

// PyOpenCL's reasonable_work_group_size_multiple builds this kernel and asks for its preferred
// work-group size multiple; clinfo does the same for its "(kernel)" line.
const char* kProbeSource = "__kernel void knl(__global float* a) { a[get_global_id(0)] = 0; }\n";

// PoCL 0.14 and older counted the members of a struct argument as arguments (pocl issue 197).
const char* kStructProbeSource = "struct two_things { long a; long b; };\n"
                                 "__kernel void test_knl(struct two_things x) { }\n";

// A probe that does not build leaves its fact unknown, with the reason in `error`.
std::optional<Kernel> buildProbe(const Context& context, const char* source, const char* name,
                                 std::string& error) {
    const Program program = Program::fromSource(context, source);
    const BuildResult result = program.build();
    if (!result.ok()) {
        error = "the probe kernel " + std::string(name) + " did not build: " + result.message();
        return std::nullopt;
    }
    return Kernel(program, name);
}

} // namespace

bool DeviceFacts::hasExtension(const std::string& extension) const {
    const std::string all = " " + extensions + " ";
    return all.find(" " + extension + " ") != std::string::npos;
}

DeviceFacts DeviceFacts::read(const Device& device, bool buildProbes) {
    DeviceFacts facts;
    const Platform platform = device.platform();
    facts.name = device.name();
    facts.vendor = device.info<CL_DEVICE_VENDOR>();
    facts.platformName = platform.name();
    facts.platformVendor = platform.vendor();
    facts.platformVersion = platform.version();
    facts.platformNumericVersion = platform.numericVersion();
    facts.type = device.type();
    facts.extensions = device.info<CL_DEVICE_EXTENSIONS>();
    facts.localMemType = device.info<CL_DEVICE_LOCAL_MEM_TYPE>();
    facts.localMemSize = device.info<CL_DEVICE_LOCAL_MEM_SIZE>();
    facts.svmCapabilities = device.tryInfo<CL_DEVICE_SVM_CAPABILITIES>().value_or(0);
    if (auto warp = device.tryInfo<CL_DEVICE_WARP_SIZE_NV>())
        facts.warpSizeNv = *warp;
    const auto major = device.tryInfo<CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV>();
    const auto minor = device.tryInfo<CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV>();
    if (major && minor)
        facts.computeCapabilityNv = std::make_pair(*major, *minor);
    if (!buildProbes)
        return facts;

    // Probe builds answer facts no query gives. A driver that cannot build them (no compiler,
    // an embedded profile) simply leaves the facts unknown: the characterization says so.
    try {
        const Context context(device);
        if (auto kernel = buildProbe(context, kProbeSource, "knl", facts.probeError))
            facts.kernelPreferredWorkGroupMultiple =
                kernel->workGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(device);
        const auto pocl = characterize::poclVersion(facts);
        if (pocl && *pocl <= std::make_pair(0, 14) && *pocl > std::make_pair(0, 13)) {
            if (auto kernel = buildProbe(context, kStructProbeSource, "test_knl", facts.probeError))
                facts.structArgCountBugSeen = kernel->argCount() == 2;
        }
    } catch (const ClError& error) {
        facts.kernelPreferredWorkGroupMultiple.reset();
        facts.probeError = error.what();
    }
    return facts;
}

} // namespace clw::engine
