// The characterization (pyopencl.characterize in C++) against known answers: PyOpenCL 2022.3's
// own answers on PoCL here, and its vendor branches through hand-filled DeviceFacts (an NVIDIA GPU
// of each compute capability generation, an AMD GPU, Apple's CPU, old PoCL).
#include "clw/engine/device/Characterization.h"
#include "clw/engine/runtime/ClApi.h"

#include "TestDevice.h"

#include <QtTest>

#include <stdexcept>

using namespace clw::engine;
namespace ch = clw::engine::characterize;

namespace {

DeviceFacts nvidia(unsigned major, unsigned minor) {
    DeviceFacts facts;
    facts.name = "Fake GPU";
    facts.vendor = "NVIDIA Corporation";
    facts.platformName = "NVIDIA CUDA";
    facts.platformVendor = "NVIDIA Corporation";
    facts.platformVersion = "OpenCL 3.0 CUDA 12.0";
    facts.platformNumericVersion = CL_MAKE_VERSION(3, 0, 0);
    facts.type = CL_DEVICE_TYPE_GPU;
    facts.extensions = "cl_khr_fp64 cl_nv_device_attribute_query";
    facts.localMemType = CL_LOCAL;
    facts.localMemSize = 49152;
    facts.warpSizeNv = 32;
    facts.computeCapabilityNv = std::make_pair(major, minor);
    return facts;
}

DeviceFacts genericGpu() {
    DeviceFacts facts = nvidia(0, 0);
    facts.vendor = "Some Vendor";
    facts.platformName = facts.platformVendor = "Some Platform";
    facts.warpSizeNv.reset();
    facts.computeCapabilityNv.reset();
    return facts;
}

// PyOpenCL's explanation of a 16-way conflict along axis 1 for `wi` work-items.
std::string columnConflict(unsigned count, unsigned bank) {
    std::string text = std::to_string(count) + "x conflict on axis 1 (from right, 0-based): ";
    for (unsigned i = 0; i < count; ++i)
        text += (i ? ", " : "") + std::string("w.item ") + std::to_string(i) + " -> [" +
                std::to_string(i) + ", 0]";
    return text + " access bank " + std::to_string(bank);
}

} // namespace

class TestCharacterize : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void poclKnownAnswers();
    void poclCharacterizationItems();
    void nvidiaBranches();
    void genericGpuAndAmdBranches();
    void appleAndOldPocl();
    void localAccessConflictsMatchPyOpenCL();
    void svmNeedsOpenCl2();
    void probeFailuresAreReported();
};

// PyOpenCL 2022.3 on this PoCL 3.1 CPU device (run once with python3-pyopencl):
// has_double_support True, nv_compute_capability None, usable_local_mem_size 1048576,
// simultaneous_work_items_on_local_access 1, local_memory_access_granularity 4,
// local_memory_bank_count raises "meaningless for cache-based lmem", fast options without
// -cl-strict-aliasing, get_simd_group_size 1, get_pocl_version (3, 1), struct bug False,
// SVM coarse/fine buffer and fine buffer atomics True, system False,
// reasonable_work_group_size_multiple 8.
void TestCharacterize::poclKnownAnswers() {
    // The known answers are PoCL's: this test runs on PoCL whatever CLW_TEST_DEVICE says.
    const auto poclDevice = clw::engine::findDevice("Portable Computing Language");
    QVERIFY2(poclDevice.has_value(),
             "no PoCL device: run scripts/setup to install pocl-opencl-icd");
    const Device& device = *poclDevice;
    const DeviceFacts facts = DeviceFacts::read(device);
    QCOMPARE(facts.platformName, std::string("Portable Computing Language"));
    QCOMPARE(ch::hasDoubleSupport(facts), device.hasExtension("cl_khr_fp64"));
    QVERIFY(!ch::hasAmdDoubleSupport(facts));
    QVERIFY(!ch::nvComputeCapability(facts));
    QCOMPARE(ch::usableLocalMemSize(facts), cl_ulong(device.info<CL_DEVICE_LOCAL_MEM_SIZE>()));
    QCOMPARE(ch::usableLocalMemSize(facts, 3), cl_ulong(device.info<CL_DEVICE_LOCAL_MEM_SIZE>()));
    QCOMPARE(*ch::simultaneousWorkItemsOnLocalAccess(facts).value, 1u);
    QCOMPARE(ch::localMemoryAccessGranularity(facts), 4u);
    QCOMPARE(facts.localMemType, cl_device_local_mem_type(CL_GLOBAL));
    const Estimate banks = ch::localMemoryBankCount(facts);
    QVERIFY(!banks.value);
    QCOMPARE(banks.note,
             std::string("asking for a bank count is meaningless for cache-based lmem"));
    QCOMPARE(ch::fastInaccurateBuildOptions(facts),
             (std::vector<std::string>{"-cl-mad-enable", "-cl-fast-relaxed-math",
                                       "-cl-no-signed-zeros"}));
    QCOMPARE(*ch::simdGroupSize(facts, 4).value, 1u);
    const auto pocl = ch::poclVersion(facts);
    QVERIFY(pocl && *pocl >= std::make_pair(1, 0));
    QCOMPARE(ch::structArgCountBug(facts), std::string());
    const auto svm = device.info<CL_DEVICE_SVM_CAPABILITIES>();
    QCOMPARE(ch::hasCoarseGrainBufferSvm(facts), bool(svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER));
    QCOMPARE(ch::hasFineGrainBufferSvm(facts), bool(svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER));
    QCOMPARE(ch::hasFineGrainSystemSvm(facts), bool(svm & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM));
    QVERIFY2(facts.kernelPreferredWorkGroupMultiple, facts.probeError.c_str());
    QCOMPARE(*facts.kernelPreferredWorkGroupMultiple,
             size_t(device.info<CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>()));
    // Cache-based local memory has no banks: asking for conflicts is an error, as in PyOpenCL.
    QVERIFY_THROWS_EXCEPTION(std::domain_error,
                             ch::whyNotLocalAccessConflictFree(facts, 4, {32, 32}));
}

void TestCharacterize::poclCharacterizationItems() {
    CLW_REQUIRE_DEVICE(device);
    const Characterization result = characterizeDevice(device);
    QCOMPARE(result.facts.name, device.name());
    for (const char* key :
         {"double_support", "nv_compute_capability", "usable_local_mem_size",
          "simultaneous_work_items_on_local_access", "local_memory_access_granularity",
          "local_memory_bank_count", "simd_group_size", "reasonable_work_group_size_multiple",
          "fast_inaccurate_build_options", "struct_arg_count_bug", "svm_coarse_grain_buffer",
          "local_conflict_float_32x32", "local_conflict_float_32x33", "driver_check_gaps"}) {
        const CharacterizationItem* item = result.find(key);
        QVERIFY2(item, key);
        QVERIFY2(!item->label.empty() && !item->value.empty(), key);
    }
    QVERIFY(!result.find("no_such_key"));
    if (result.facts.platformName == "Portable Computing Language") {
        QCOMPARE(result.find("local_memory_bank_count")->value, std::string("n/a"));
        QCOMPARE(result.find("local_conflict_float_32x32")->value, std::string("n/a"));
        QCOMPARE(result.find("simd_group_size")->value, std::string("1"));
        QCOMPARE(result.find("nv_compute_capability")->value, std::string("n/a"));
        QCOMPARE(result.find("driver_check_gaps")->value, std::string("none known"));
    }
}

void TestCharacterize::nvidiaBranches() {
    // Tesla (1.3): 16 banks, 16 at once, arguments in local memory.
    const DeviceFacts tesla = nvidia(1, 3);
    QCOMPARE(*ch::nvComputeCapability(tesla), std::make_pair(1u, 3u));
    QCOMPARE(ch::usableLocalMemSize(tesla), cl_ulong(49152 - 256));
    QCOMPARE(ch::usableLocalMemSize(tesla, 5), cl_ulong(49152 - 20));
    QCOMPARE(*ch::localMemoryBankCount(tesla).value, 16u);
    QCOMPARE(*ch::simultaneousWorkItemsOnLocalAccess(tesla).value, 16u);
    QVERIFY(ch::localMemoryBankCount(tesla).note.empty());
    // Fermi (2.0): 32 banks, exact; Ampere (8.0): 32, guessed.
    const DeviceFacts fermi = nvidia(2, 0);
    QCOMPARE(ch::usableLocalMemSize(fermi), cl_ulong(49152));
    QCOMPARE(*ch::localMemoryBankCount(fermi).value, 32u);
    QVERIFY(ch::localMemoryBankCount(fermi).note.empty());
    const DeviceFacts ampere = nvidia(8, 0);
    QCOMPARE(*ch::localMemoryBankCount(ampere).value, 32u);
    QCOMPARE(
        ch::localMemoryBankCount(ampere).note,
        std::string("an estimate: 'Fake GPU' does not report its local memory bank count, so the "
                    "usual value for its kind is shown"));
    QCOMPARE(ch::simultaneousWorkItemsOnLocalAccess(ampere).note,
             std::string("an estimate: 'Fake GPU' does not report its conflicting local access "
                         "size, so the usual value for its kind is shown"));
    QCOMPARE(*ch::simdGroupSize(ampere, 4).value, 32u);
    QCOMPARE(ch::fastInaccurateBuildOptions(ampere).back(), std::string("-cl-strict-aliasing"));
    // Without the warp size query an NVIDIA vendor string still means 32.
    DeviceFacts noQuery = genericGpu();
    noQuery.platformVendor = "NVIDIA Corporation";
    QCOMPARE(*ch::simdGroupSize(noQuery, 4).value, 32u);

    const Characterization items = characterizeDevice(ampere);
    QCOMPARE(items.find("nv_compute_capability")->value, std::string("8.0"));
    QCOMPARE(items.find("reasonable_work_group_size_multiple")->value, std::string("32"));
    QCOMPARE(items.find("local_conflict_float_32x32")->value, std::string("32-way bank conflict"));
    QCOMPARE(items.find("local_conflict_float_32x33")->value, std::string("conflict-free"));
    // The checks the engine makes because NVIDIA's driver skips them, said with the device.
    const CharacterizationItem* gaps = items.find("driver_check_gaps");
    QCOMPARE(gaps->value, std::string("13"));
    QVERIFY2(gaps->note.starts_with("NVIDIA's driver (seen with 580) does not reject a 0-byte "
                                    "__local argument (CL_INVALID_ARG_SIZE); "),
             gaps->note.c_str());
    QVERIFY2(gaps->note.ends_with("the workbench does, so that such a call fails here as on "
                                  "other devices"),
             gaps->note.c_str());
    const Characterization other = characterizeDevice(genericGpu());
    QCOMPARE(other.find("driver_check_gaps")->value, std::string("none known"));
    QCOMPARE(other.find("driver_check_gaps")->note, std::string());
}

void TestCharacterize::genericGpuAndAmdBranches() {
    const DeviceFacts gpu = genericGpu();
    QCOMPARE(*ch::localMemoryBankCount(gpu).value, 16u);
    QCOMPARE(*ch::simultaneousWorkItemsOnLocalAccess(gpu).value, 16u);
    QVERIFY(!ch::localMemoryBankCount(gpu).note.empty());
    QVERIFY(!ch::simdGroupSize(gpu, 4).value); // PyOpenCL answers None

    DeviceFacts amd = genericGpu();
    amd.vendor = "Advanced Micro Devices, Inc.";
    amd.platformVendor = "Advanced Micro Devices, Inc.";
    amd.extensions = "cl_amd_fp64";
    QVERIFY(ch::hasAmdDoubleSupport(amd));
    QVERIFY(!ch::hasDoubleSupport(amd));
    QCOMPARE(ch::fastInaccurateBuildOptions(amd).size(), size_t(4));
    QVERIFY(!ch::simdGroupSize(amd, 4).value); // the wavefront comes from a probe kernel
    amd.kernelPreferredWorkGroupMultiple = 64;
    QCOMPARE(*ch::simdGroupSize(amd, 4).value, 64u);
    amd.type = CL_DEVICE_TYPE_CPU;
    QCOMPARE(*ch::simdGroupSize(amd, 4).value, 1u);
    amd.type = CL_DEVICE_TYPE_ACCELERATOR;
    QVERIFY(!ch::simdGroupSize(amd, 4).value);
    // PyOpenCL's "ati" test also catches Intel ("Corporation"), kept on purpose.
    DeviceFacts intel = genericGpu();
    intel.vendor = "Intel(R) Corporation";
    intel.kernelPreferredWorkGroupMultiple = 16;
    QCOMPARE(*ch::simdGroupSize(intel, 4).value, 16u);
}

void TestCharacterize::appleAndOldPocl() {
    DeviceFacts apple = genericGpu();
    apple.platformName = "Apple";
    apple.type = CL_DEVICE_TYPE_CPU;
    QCOMPARE(ch::structArgCountBug(apple), std::string("apple"));

    DeviceFacts pocl = genericGpu();
    pocl.platformName = "Portable Computing Language";
    pocl.platformVersion = "OpenCL 1.2 pocl 0.13, LLVM 3.8";
    QCOMPARE(*ch::poclVersion(pocl), std::make_pair(0, 13));
    QCOMPARE(ch::structArgCountBug(pocl), std::string("pocl"));
    pocl.platformVersion = "OpenCL 1.2 pocl 0.14";
    QCOMPARE(ch::structArgCountBug(pocl), std::string()); // not seen by the probe
    pocl.structArgCountBugSeen = true;
    QCOMPARE(ch::structArgCountBug(pocl), std::string("pocl"));
    pocl.platformVersion = "OpenCL 3.0 PoCL 5.0";
    QCOMPARE(ch::structArgCountBug(pocl), std::string());
    pocl.platformVersion = "something else";
    QVERIFY(!ch::poclVersion(pocl));
}

// PyOpenCL 2022.3's why_not_local_access_conflict_free on fake devices, answers recorded.
void TestCharacterize::localAccessConflictsMatchPyOpenCL() {
    const DeviceFacts tesla = nvidia(1, 3), fermi = nvidia(2, 0), gpu = genericGpu();
    auto conflict = [](const DeviceFacts& facts, unsigned size, std::vector<unsigned> shape,
                       std::vector<unsigned> stored = {}) {
        return ch::whyNotLocalAccessConflictFree(facts, size, shape, stored);
    };
    // Column access of a 16x16 float tile: all 16 (Tesla) hit bank 0.
    LocalAccessConflict c = conflict(tesla, 4, {16, 16});
    QCOMPARE(c.multiplicity, 16u);
    QCOMPARE(c.explanation, columnConflict(16, 0));
    QCOMPARE(conflict(gpu, 4, {32, 32}).explanation, columnConflict(16, 0));
    // Fermi, 16x16: two banks with 8 each; PyOpenCL's max() picks the larger text.
    c = conflict(fermi, 4, {16, 16});
    QCOMPARE(c.multiplicity, 8u);
    QCOMPARE(c.explanation,
             std::string("8x conflict on axis 1 (from right, 0-based): w.item 1 -> [1, 0], "
                         "w.item 3 -> [3, 0], w.item 5 -> [5, 0], w.item 7 -> [7, 0], "
                         "w.item 9 -> [9, 0], w.item 11 -> [11, 0], w.item 13 -> [13, 0], "
                         "w.item 15 -> [15, 0] access bank 16"));
    QCOMPARE(conflict(fermi, 4, {32, 32}).explanation, columnConflict(32, 0));
    // Padding one column removes the conflict.
    QCOMPARE(conflict(fermi, 4, {32, 32}, {32, 33}).multiplicity, 1u);
    QVERIFY(conflict(fermi, 4, {32, 32}, {32, 33}).explanation.empty());
    QCOMPARE(conflict(fermi, 4, {32, 33}).multiplicity, 1u);
    QCOMPARE(conflict(fermi, 4, {64}).multiplicity, 1u);
    QCOMPARE(conflict(fermi, 4, {1, 32}).multiplicity, 1u);
    // 8-byte items: a note that the answer may be inaccurate.
    c = conflict(fermi, 8, {16, 16});
    QCOMPARE(c.multiplicity, 16u);
    QCOMPARE(c.notes.front(),
             std::string("local conflict info might be inaccurate for itemsize != 4"));
    // Padded storage, conflict across the slower axis.
    c = conflict(fermi, 4, {17, 16}, {16, 17});
    QCOMPARE(c.multiplicity, 2u);
    QCOMPARE(c.explanation, std::string("2x conflict on axis 0 (from right, 0-based): "
                                        "w.item 0 -> [0, 0], w.item 31 -> [1, 15] access bank 0"));
    QCOMPARE(conflict(tesla, 4, {17, 16}, {16, 17}).multiplicity, 1u);
    // Three axes.
    c = conflict(fermi, 4, {4, 4, 16});
    QCOMPARE(c.multiplicity, 8u);
    QCOMPARE(c.explanation,
             std::string("8x conflict on axis 1 (from right, 0-based): w.item 1 -> [0, 1, 0], "
                         "w.item 3 -> [0, 3, 0], w.item 5 -> [1, 1, 0], w.item 7 -> [1, 3, 0], "
                         "w.item 9 -> [2, 1, 0], w.item 11 -> [2, 3, 0], w.item 13 -> [3, 1, 0], "
                         "w.item 15 -> [3, 3, 0] access bank 16"));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, conflict(fermi, 4, {16, 16}, {16}));
}

void TestCharacterize::svmNeedsOpenCl2() {
    DeviceFacts facts = genericGpu();
    facts.svmCapabilities = CL_DEVICE_SVM_COARSE_GRAIN_BUFFER | CL_DEVICE_SVM_FINE_GRAIN_BUFFER |
                            CL_DEVICE_SVM_FINE_GRAIN_SYSTEM | CL_DEVICE_SVM_ATOMICS;
    QVERIFY(ch::hasCoarseGrainBufferSvm(facts));
    QVERIFY(ch::hasFineGrainSystemSvmAtomics(facts));
    facts.platformNumericVersion = CL_MAKE_VERSION(1, 2, 0);
    QVERIFY(!ch::hasCoarseGrainBufferSvm(facts));
    QVERIFY(!ch::hasFineGrainBufferSvmAtomics(facts));
    facts.platformName = "Portable Computing Language";
    facts.platformVersion = "OpenCL 1.2 pocl 0.15";
    QVERIFY(!ch::hasFineGrainBufferSvm(facts)); // PoCL before 1.0
    facts.platformVersion = "OpenCL 3.0 PoCL 1.0";
    QVERIFY(ch::hasFineGrainBufferSvm(facts));
}

// A probe kernel that does not build, or a device without a context, leaves the facts that need
// them unknown, with the reason; the rest of the characterization is still there.
void TestCharacterize::probeFailuresAreReported() {
    CLW_REQUIRE_DEVICE(device);
    {
        ScopedClApi scoped;
        scoped.api().clBuildProgram = [](cl_program, cl_uint, const cl_device_id*, const char*,
                                         void(CL_CALLBACK*)(cl_program, void*),
                                         void*) -> cl_int { return CL_BUILD_PROGRAM_FAILURE; };
        const DeviceFacts facts = DeviceFacts::read(device);
        QVERIFY(!facts.kernelPreferredWorkGroupMultiple);
        QVERIFY2(facts.probeError.find("did not build") != std::string::npos,
                 facts.probeError.c_str());
        const Characterization result = characterizeDevice(facts);
        const CharacterizationItem* multiple = result.find("reasonable_work_group_size_multiple");
        if (facts.warpSizeNv) {
            // NVIDIA's devices answer the warp size without a probe kernel.
            QCOMPARE(multiple->value, std::to_string(*facts.warpSizeNv));
            QCOMPARE(multiple->note, std::string());
        } else {
            QCOMPARE(multiple->value, std::string("n/a"));
            QCOMPARE(multiple->note, facts.probeError);
        }
        QCOMPARE(result.find("double_support")->value,
                 std::string(device.hasExtension("cl_khr_fp64") ? "yes" : "no"));
    }
    {
        ScopedClApi scoped;
        scoped.api().clCreateContext =
            [](const cl_context_properties*, cl_uint, const cl_device_id*,
               void(CL_CALLBACK*)(const char*, const void*, size_t, void*), void*,
               cl_int* error) -> cl_context {
            if (error)
                *error = CL_OUT_OF_RESOURCES;
            return nullptr;
        };
        const DeviceFacts facts = DeviceFacts::read(device);
        QVERIFY(!facts.kernelPreferredWorkGroupMultiple);
        QVERIFY2(facts.probeError.find("CL_OUT_OF_RESOURCES") != std::string::npos,
                 facts.probeError.c_str());
        QCOMPARE(facts.name, device.name()); // the queries still answered
    }
    // Without probes nothing is built and nothing fails.
    const DeviceFacts quiet = DeviceFacts::read(device, false);
    QVERIFY(!quiet.kernelPreferredWorkGroupMultiple);
    QVERIFY(quiet.probeError.empty());
}

QTEST_GUILESS_MAIN(TestCharacterize)
#include "tst_characterize.moc"
