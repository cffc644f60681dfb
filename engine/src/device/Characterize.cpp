// pyopencl.characterize in C++ (shared/seeds/004, "Device Characterization"), branch for branch,
// so that its answers can be checked against PyOpenCL's.
#include "clw/engine/device/Characterization.h"

#include "clw/engine/runtime/Device.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <stdexcept>

namespace clw::engine {

namespace characterize {

namespace {

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

bool contains(const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
}

std::string guessing(const char* what, const DeviceFacts& facts) {
    return std::string("an estimate: '") + facts.name + "' does not report its " + what +
           ", so the usual value for its kind is shown";
}

bool mayHaveSvm(const DeviceFacts& facts) {
    if (facts.platformName == "Portable Computing Language") {
        const auto pocl = poclVersion(facts);
        return pocl && *pocl >= std::make_pair(1, 0);
    }
    return CL_VERSION_MAJOR(facts.platformNumericVersion) >= 2;
}

} // namespace

bool hasDoubleSupport(const DeviceFacts& facts) {
    return facts.hasExtension("cl_khr_fp64");
}

bool hasAmdDoubleSupport(const DeviceFacts& facts) {
    return facts.hasExtension("cl_amd_fp64");
}

std::optional<std::pair<unsigned, unsigned>> nvComputeCapability(const DeviceFacts& facts) {
    if (!facts.computeCapabilityNv)
        return std::nullopt;
    return std::make_pair(unsigned(facts.computeCapabilityNv->first),
                          unsigned(facts.computeCapabilityNv->second));
}

cl_ulong usableLocalMemSize(const DeviceFacts& facts, std::optional<unsigned> nargs) {
    cl_ulong usable = facts.localMemSize;
    const auto cc = nvComputeCapability(facts);
    if (cc && *cc < std::make_pair(2u, 0u)) // pre-Fermi: arguments live in local memory
        usable -= nargs ? cl_ulong(4) * *nargs : cl_ulong(256);
    return usable;
}

Estimate simultaneousWorkItemsOnLocalAccess(const DeviceFacts& facts) {
    if (const auto cc = nvComputeCapability(facts)) {
        if (*cc < std::make_pair(2u, 0u))
            return {16, {}};
        return {32, *cc >= std::make_pair(3u, 0u) ? guessing("conflicting local access size", facts)
                                                  : std::string()};
    }
    if (facts.type & CL_DEVICE_TYPE_GPU)
        return {16, guessing("conflicting local access size", facts)};
    if (facts.type & CL_DEVICE_TYPE_CPU)
        return {1, {}};
    return {16, guessing("conflicting local access size", facts)};
}

unsigned localMemoryAccessGranularity(const DeviceFacts&) {
    return 4;
}

Estimate localMemoryBankCount(const DeviceFacts& facts) {
    if (const auto cc = nvComputeCapability(facts)) {
        if (*cc < std::make_pair(2u, 0u))
            return {16, {}};
        return {32, *cc >= std::make_pair(3u, 0u) ? guessing("local memory bank count", facts)
                                                  : std::string()};
    }
    if (facts.type & CL_DEVICE_TYPE_GPU)
        return {16, guessing("local memory bank count", facts)};
    if ((facts.type & CL_DEVICE_TYPE_CPU) && facts.localMemType == CL_GLOBAL)
        return {std::nullopt, "asking for a bank count is meaningless for cache-based lmem"};
    // PyOpenCL's own text for this branch, which it shares with the access-size guess.
    return {16, guessing("conflicting local access size", facts)};
}

std::vector<std::string> fastInaccurateBuildOptions(const DeviceFacts& facts) {
    std::vector<std::string> options = {"-cl-mad-enable", "-cl-fast-relaxed-math",
                                        "-cl-no-signed-zeros"};
    if (facts.vendor.rfind("Advanced Micro", 0) == 0 || facts.vendor.rfind("NVIDIA", 0) == 0)
        options.push_back("-cl-strict-aliasing");
    return options;
}

Estimate simdGroupSize(const DeviceFacts& facts, unsigned) {
    if (facts.warpSizeNv)
        return {*facts.warpSizeNv, {}};
    const std::string platformVendor = lower(facts.platformVendor);
    const std::string vendor = lower(facts.vendor);
    if (contains(platformVendor, "nvidia") || contains(vendor, "nvidia"))
        return {32, {}};
    // PyOpenCL's test, kept as is: "ati" also matches "Intel(R) Corporation", so Intel devices
    // take the AMD branch too (a GPU answers with its preferred work-group multiple).
    if (contains(platformVendor, "advanced micro") || contains(platformVendor, "ati") ||
        contains(vendor, "advanced micro") || contains(vendor, "ati")) {
        if (facts.type & CL_DEVICE_TYPE_GPU) {
            if (facts.kernelPreferredWorkGroupMultiple)
                return {unsigned(*facts.kernelPreferredWorkGroupMultiple),
                        "the preferred work-group size multiple of a probe kernel"};
            return {std::nullopt, "unknown: the probe kernel was not built"};
        }
        if (facts.type & CL_DEVICE_TYPE_CPU)
            return {1, {}};
        return {std::nullopt, "unexpected AMD device type"};
    }
    if (facts.type & CL_DEVICE_TYPE_CPU)
        return {1, "the implementation is assumed to vectorise across work-items"};
    return {std::nullopt, "unknown for this vendor"};
}

std::optional<std::pair<int, int>> poclVersion(const DeviceFacts& facts) {
    if (facts.platformName != "Portable Computing Language")
        return std::nullopt;
    static const std::regex pattern(R"(^OpenCL [0-9.]+ [Pp]o[Cc][Ll] ([0-9]+)\.([0-9]+))");
    std::smatch match;
    if (!std::regex_search(facts.platformVersion, match, pattern))
        return std::nullopt;
    return std::make_pair(std::stoi(match[1].str()), std::stoi(match[2].str()));
}

std::string structArgCountBug(const DeviceFacts& facts) {
    if (facts.platformName == "Apple" && (facts.type & CL_DEVICE_TYPE_CPU))
        return "apple";
    if (facts.platformName == "Portable Computing Language") {
        // PyOpenCL assumes 0.14 when the version text is unexpected.
        const auto pocl = poclVersion(facts).value_or(std::make_pair(0, 14));
        if (pocl <= std::make_pair(0, 13))
            return "pocl";
        if (pocl <= std::make_pair(0, 14) && facts.structArgCountBugSeen.value_or(false))
            return "pocl";
    }
    return "";
}

bool hasCoarseGrainBufferSvm(const DeviceFacts& facts) {
    return mayHaveSvm(facts) && (facts.svmCapabilities & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER);
}
bool hasFineGrainBufferSvm(const DeviceFacts& facts) {
    return mayHaveSvm(facts) && (facts.svmCapabilities & CL_DEVICE_SVM_FINE_GRAIN_BUFFER);
}
bool hasFineGrainSystemSvm(const DeviceFacts& facts) {
    return mayHaveSvm(facts) && (facts.svmCapabilities & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM);
}
bool hasFineGrainBufferSvmAtomics(const DeviceFacts& facts) {
    return hasFineGrainBufferSvm(facts) && (facts.svmCapabilities & CL_DEVICE_SVM_ATOMICS);
}
bool hasFineGrainSystemSvmAtomics(const DeviceFacts& facts) {
    return hasFineGrainSystemSvm(facts) && (facts.svmCapabilities & CL_DEVICE_SVM_ATOMICS);
}

} // namespace characterize

const CharacterizationItem* Characterization::find(const std::string& key) const {
    for (const CharacterizationItem& item : items)
        if (item.key == key)
            return &item;
    return nullptr;
}

Characterization characterizeDevice(const Device& device, bool buildProbes) {
    return characterizeDevice(DeviceFacts::read(device, buildProbes));
}

} // namespace clw::engine
