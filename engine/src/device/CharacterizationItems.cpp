// The characterization of one device as a list of labelled items, for the device browser, the
// devices verb and JSON.
#include "clw/engine/device/Characterization.h"
#include "clw/engine/device/DriverCheckGaps.h"

#include <stdexcept>

namespace clw::engine {

namespace {

using namespace characterize;

std::string yesNo(bool value) {
    return value ? "yes" : "no";
}

std::string estimateText(const Estimate& estimate) {
    return estimate.value ? std::to_string(*estimate.value) : "n/a";
}

std::string join(const std::vector<std::string>& parts, const char* separator) {
    std::string text;
    for (const std::string& part : parts)
        text += (text.empty() ? "" : separator) + part;
    return text;
}

// The explanation of a local-memory access pattern, or why there is none.
CharacterizationItem conflictItem(const DeviceFacts& facts, const std::string& key,
                                  const std::string& label, const std::vector<unsigned>& shape,
                                  const std::vector<unsigned>& stored) {
    CharacterizationItem item{key, label, {}, {}};
    try {
        const LocalAccessConflict conflict = whyNotLocalAccessConflictFree(facts, 4, shape, stored);
        item.value = conflict.multiplicity <= 1
                         ? std::string("conflict-free")
                         : std::to_string(conflict.multiplicity) + "-way bank conflict";
        std::vector<std::string> notes = conflict.notes;
        if (!conflict.explanation.empty())
            notes.insert(notes.begin(), conflict.explanation);
        item.note = join(notes, "; ");
    } catch (const std::domain_error& error) {
        item.value = "n/a";
        item.note = error.what();
    }
    return item;
}

} // namespace

Characterization characterizeDevice(const DeviceFacts& facts) {
    Characterization result;
    result.facts = facts;
    auto& items = result.items;
    items.push_back(
        {"double_support", "Double precision (cl_khr_fp64)", yesNo(hasDoubleSupport(facts)), {}});
    items.push_back({"amd_double_support",
                     "AMD double precision (cl_amd_fp64)",
                     yesNo(hasAmdDoubleSupport(facts)),
                     {}});
    const auto cc = nvComputeCapability(facts);
    items.push_back({"nv_compute_capability", "NVIDIA compute capability",
                     cc ? std::to_string(cc->first) + "." + std::to_string(cc->second) : "n/a",
                     cc ? "" : "not an NVIDIA device (cl_nv_device_attribute_query)"});
    items.push_back({"usable_local_mem_size", "Usable local memory (bytes)",
                     std::to_string(usableLocalMemSize(facts)),
                     cc && *cc < std::make_pair(2u, 0u)
                         ? "pre-Fermi: up to 256 bytes hold kernel arguments"
                         : ""});
    const Estimate simultaneous = simultaneousWorkItemsOnLocalAccess(facts);
    items.push_back({"simultaneous_work_items_on_local_access",
                     "Work-items accessing local memory at once", estimateText(simultaneous),
                     simultaneous.note});
    items.push_back({"local_memory_access_granularity",
                     "Local memory bank width (bytes)",
                     std::to_string(localMemoryAccessGranularity(facts)),
                     {}});
    const Estimate banks = localMemoryBankCount(facts);
    items.push_back(
        {"local_memory_bank_count", "Local memory banks", estimateText(banks), banks.note});
    const Estimate simd = simdGroupSize(facts, 4);
    items.push_back(
        {"simd_group_size", "SIMD group size (warp, wavefront)", estimateText(simd), simd.note});
    // What PyOpenCL's reasonable_work_group_size_multiple answers: the warp size, else the
    // preferred multiple of a probe kernel (clinfo's "(kernel)" line).
    std::string multiple = "n/a";
    if (facts.warpSizeNv)
        multiple = std::to_string(*facts.warpSizeNv);
    else if (facts.kernelPreferredWorkGroupMultiple)
        multiple = std::to_string(*facts.kernelPreferredWorkGroupMultiple);
    items.push_back({"reasonable_work_group_size_multiple", "Work-group size multiple (kernel)",
                     multiple, multiple == "n/a" ? facts.probeError : std::string()});
    items.push_back({"fast_inaccurate_build_options",
                     "Fast, inaccurate build options",
                     join(fastInaccurateBuildOptions(facts), " "),
                     {}});
    const auto pocl = poclVersion(facts);
    items.push_back(
        {"pocl_version",
         "PoCL version",
         pocl ? std::to_string(pocl->first) + "." + std::to_string(pocl->second) : "n/a",
         {}});
    const std::string structBug = structArgCountBug(facts);
    items.push_back({"struct_arg_count_bug",
                     "Driver bug: struct arguments miscounted",
                     structBug.empty() ? "no" : "yes (" + structBug + ")",
                     {}});
    items.push_back({"svm_coarse_grain_buffer",
                     "SVM: coarse-grained buffers",
                     yesNo(hasCoarseGrainBufferSvm(facts)),
                     {}});
    items.push_back({"svm_fine_grain_buffer",
                     "SVM: fine-grained buffers",
                     yesNo(hasFineGrainBufferSvm(facts)),
                     {}});
    items.push_back({"svm_fine_grain_system",
                     "SVM: fine-grained system memory",
                     yesNo(hasFineGrainSystemSvm(facts)),
                     {}});
    items.push_back({"svm_fine_grain_buffer_atomics",
                     "SVM: fine-grained buffer atomics",
                     yesNo(hasFineGrainBufferSvmAtomics(facts)),
                     {}});
    items.push_back({"svm_fine_grain_system_atomics",
                     "SVM: fine-grained system atomics",
                     yesNo(hasFineGrainSystemSvmAtomics(facts)),
                     {}});
    // The classic case: a 32x32 float tile read along columns, without and with padding.
    items.push_back(conflictItem(facts, "local_conflict_float_32x32",
                                 "Local access float[32][32], column-wise", {32, 32}, {}));
    items.push_back(conflictItem(facts, "local_conflict_float_32x33",
                                 "Local access float[32][32] stored as [32][33]", {32, 32},
                                 {32, 33}));
    const DriverCheckGaps gaps = driverCheckGaps(facts);
    items.push_back(
        {"driver_check_gaps", "Checks the workbench makes for the driver",
         gaps.checks.empty() ? std::string("none known") : std::to_string(gaps.checks.size()),
         gaps.checks.empty() ? std::string()
                             : gaps.driver + " does not reject " + join(gaps.checks, "; ") +
                                   ": the workbench does, so that such a call fails here as on "
                                   "other devices"});
    return result;
}

} // namespace clw::engine
