// Devices: identity, sub-devices (PoCL partitions equally and by counts), partition errors,
// timers, and the generic info listing with its formatting.
#include "ClTestUtil.h"
#include "TestDevice.h"

#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/runtime/Program.h"

#include <QtTest>

#include <chrono>
#include <iterator>
#include <thread>

using namespace clw::engine;
using clw::test::contains;
using clw::test::readBack;

namespace {

const char* const kIotaSource = "kernel void iota(global int* out, int base) {\n"
                                "    out[get_global_id(0)] = base + get_global_id(0);\n"
                                "}\n";

// Builds and runs iota on `device` in `context`; returns the n values.
std::vector<int> runIota(const Context& context, const Device& device, const Program& program,
                         int base, size_t n) {
    CommandQueue queue(context, device);
    Buffer out(context, CL_MEM_WRITE_ONLY, n * sizeof(int));
    Kernel kernel(program, "iota");
    kernel.setArgs(out, base);
    queue.ndRange(kernel, NDRange(n)).wait();
    return readBack<int>(queue, out, n);
}

std::vector<int> iota(int base, size_t n) {
    std::vector<int> values(n);
    for (size_t i = 0; i < n; ++i)
        values[i] = base + int(i);
    return values;
}

const InfoValue* findRow(const std::vector<InfoValue>& values, cl_uint id) {
    for (const InfoValue& value : values)
        if (value.param->id == id)
            return &value;
    return nullptr;
}

// The kinds of device, as typeName() and the info listing name them.
struct TypeNames {
    cl_device_type bit;
    const char* shortName;
    const char* flagName;
};
const TypeNames kTypes[] = {
    {CL_DEVICE_TYPE_CPU, "CPU", "CL_DEVICE_TYPE_CPU"},
    {CL_DEVICE_TYPE_GPU, "GPU", "CL_DEVICE_TYPE_GPU"},
    {CL_DEVICE_TYPE_ACCELERATOR, "Accelerator", "CL_DEVICE_TYPE_ACCELERATOR"},
    {CL_DEVICE_TYPE_CUSTOM, "Custom", "CL_DEVICE_TYPE_CUSTOM"},
};

// Type, versions and extensions of a root device, checked against what it answers.
void checkIdentity(const Device& device) {
    QVERIFY(!device.name().empty());
    const cl_device_type type = device.type();
    const std::string typeName = device.typeName();
    for (const TypeNames& kind : kTypes) {
        QCOMPARE(contains(typeName, kind.shortName), (type & kind.bit) != 0);
        if (type == kind.bit)
            QCOMPARE(typeName.c_str(), kind.shortName);
    }
    // The platform lists the device under each type it is, and only those.
    for (const cl_device_type bit :
         {CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ACCELERATOR}) {
        const auto ofType = device.platform().devices(bit);
        QCOMPARE(std::find(ofType.begin(), ofType.end(), device) != ofType.end(),
                 (type & bit) != 0);
    }
    QVERIFY(device.numericVersion() >= CL_MAKE_VERSION(1, 2, 0));
    QCOMPARE(device.numericVersion(), device.info<CL_DEVICE_NUMERIC_VERSION>());
    QVERIFY(!device.isSubDevice());
    // cl_khr_fp64 is listed exactly where the device has doubles.
    const bool doubles = device.tryInfo<CL_DEVICE_DOUBLE_FP_CONFIG>().value_or(0) != 0;
    QCOMPARE(device.hasExtension("cl_khr_fp64"), doubles);
    // Whole names only: a prefix of an extension is not that extension.
    QVERIFY(!device.hasExtension("cl_khr_fp6"));
    QVERIFY(!device.hasExtension("khr_fp64"));
    QVERIFY(device.platform().hasExtension("cl_khr_icd"));
    QVERIFY(!device.platform().hasExtension("cl_khr"));
    // Root devices compare equal however they were obtained.
    const auto devices = device.platform().devices();
    QVERIFY(std::find(devices.begin(), devices.end(), device) != devices.end());
}

void checkEqualPartition(const Device& device) {
    QVERIFY2(device.info<CL_DEVICE_MAX_COMPUTE_UNITS>() >= 2,
             "this test expects at least two compute units");
    const cl_uint units = device.info<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::vector<Device> subs = device.partitionEqually(1);
    QCOMPARE(subs.size(),
             size_t(std::min<cl_uint>(units, device.info<CL_DEVICE_PARTITION_MAX_SUB_DEVICES>())));
    for (const Device& sub : subs) {
        QVERIFY(sub.isSubDevice());
        QVERIFY(sub != device);
        QCOMPARE(sub.info<CL_DEVICE_MAX_COMPUTE_UNITS>(), cl_uint(1));
        QCOMPARE(sub.info<CL_DEVICE_PARENT_DEVICE>(), device.get());
        QCOMPARE(sub.platform(), device.platform());
        const PartitionProperties type = sub.info<CL_DEVICE_PARTITION_TYPE>();
        QVERIFY(type.size() >= 2);
        QCOMPARE(type[0], cl_device_partition_property(CL_DEVICE_PARTITION_EQUALLY));
        QCOMPARE(type[1], cl_device_partition_property(1));
        // A sub-device is reference counted: a copy adds one.
        const cl_uint before = sub.info<CL_DEVICE_REFERENCE_COUNT>();
        Device copy = sub;
        QCOMPARE(sub.info<CL_DEVICE_REFERENCE_COUNT>(), before + 1);
    }
    QVERIFY(subs[0] != subs[1]);
    QCOMPARE(device.info<CL_DEVICE_PARENT_DEVICE>(), cl_device_id(nullptr));
}

void checkKernelOnSubDevices(const Device& device) {
    const std::vector<Device> subs = device.partitionEqually(1);
    QVERIFY(subs.size() >= 2);
    // A context and a queue per sub-device; the kernel runs on each. (PoCL lists the root
    // device in CL_CONTEXT_DEVICES of such a context and folds several sub-devices of one
    // root into one context device, so the context's device list is not checked here.)
    for (size_t i = 0; i < subs.size(); ++i) {
        Context context(subs[i]);
        Program program = Program::fromSource(context, kIotaSource);
        CLW_BUILD_OR_FAIL(program, "");
        const int base = 5 + int(i) * 100;
        QVERIFY(runIota(context, subs[i], program, base, 64) == iota(base, 64));
    }
}

void checkPartitionByCounts(const Device& device) {
    const std::vector<Device> pair = device.partitionByCounts({1, 1});
    QCOMPARE(pair.size(), size_t(2));
    for (const Device& sub : pair) {
        QCOMPARE(sub.info<CL_DEVICE_MAX_COMPUTE_UNITS>(), cl_uint(1));
        QCOMPARE(sub.info<CL_DEVICE_PARENT_DEVICE>(), device.get());
        QCOMPARE(sub.info<CL_DEVICE_PARTITION_TYPE>().at(0),
                 cl_device_partition_property(CL_DEVICE_PARTITION_BY_COUNTS));
    }
    const std::vector<Device> single = device.partitionByCounts({1});
    QCOMPARE(single.size(), size_t(1));
    QCOMPARE(single[0].info<CL_DEVICE_MAX_COMPUTE_UNITS>(), cl_uint(1));
    // Every unit in one sub-device.
    const cl_uint units = device.info<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::vector<Device> whole = device.partitionByCounts({units});
    QCOMPARE(whole.size(), size_t(1));
    QCOMPARE(whole[0].info<CL_DEVICE_MAX_COMPUTE_UNITS>(), units);
}

// A partition the device cannot make: CL_INVALID_VALUE for a partition type it does not list in
// CL_DEVICE_PARTITION_PROPERTIES (a GPU lists none), else the code of the request.
void checkImpossiblePartitions(const Device& device) {
    using clw::test::canPartition;
    const cl_uint units = device.info<CL_DEVICE_MAX_COMPUTE_UNITS>();
    // A count above the units is an invalid value for PARTITION_EQUALLY (PoCL's code, as the
    // specification allows) and an invalid partition count for PARTITION_BY_COUNTS.
    CLW_EXPECT_CL_ERROR(device.partitionEqually(units + 1), CL_INVALID_VALUE, "clCreateSubDevices");
    if (canPartition(device, CL_DEVICE_PARTITION_BY_COUNTS))
        CLW_EXPECT_CL_ERROR(device.partitionByCounts({units, 1}), CL_INVALID_DEVICE_PARTITION_COUNT,
                            "clCreateSubDevices");
    else
        CLW_EXPECT_CL_ERROR(device.partitionByCounts({units, 1}), CL_INVALID_VALUE,
                            "clCreateSubDevices");
    // PoCL does not partition by affinity domain; a device that does may have no NUMA domain.
    const bool numa =
        canPartition(device, CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN) &&
        (device.info<CL_DEVICE_PARTITION_AFFINITY_DOMAIN>() & CL_DEVICE_AFFINITY_DOMAIN_NUMA);
    if (numa)
        QVERIFY(!device.partitionByAffinityDomain(CL_DEVICE_AFFINITY_DOMAIN_NUMA).empty());
    else
        CLW_EXPECT_CL_ERROR(device.partitionByAffinityDomain(CL_DEVICE_AFFINITY_DOMAIN_NUMA),
                            CL_INVALID_VALUE, "clCreateSubDevices");
    try {
        device.partitionEqually(units + 1);
    } catch (const ClError& error) {
        QVERIFY2(contains(error.what(), "partitioning " + device.name()), error.what());
    }
}

// The info listing's formatting of the device's own answers.
void checkFormattedValues(const Device& device) {
    const std::vector<InfoValue> values = device.allInfo();
    auto format = [&](cl_uint id) {
        const InfoValue* value = findRow(values, id);
        return value ? formatInfoValue(*value) : std::string("(no row)");
    };
    const cl_device_type type = device.type();
    for (const TypeNames& kind : kTypes) {
        QCOMPARE(contains(format(CL_DEVICE_TYPE), kind.flagName), (type & kind.bit) != 0);
        if (type == kind.bit)
            QCOMPARE(format(CL_DEVICE_TYPE).c_str(), kind.flagName);
    }
    QCOMPARE(format(CL_DEVICE_NAME), device.name());
    QCOMPARE(format(CL_DEVICE_MAX_COMPUTE_UNITS),
             std::to_string(device.info<CL_DEVICE_MAX_COMPUTE_UNITS>()));
    QCOMPARE(format(CL_DEVICE_MAX_MEM_ALLOC_SIZE),
             humanBytes(device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>()));
    QCOMPARE(format(CL_DEVICE_NUMERIC_VERSION).c_str(),
             versionString(device.numericVersion()).c_str());
    QCOMPARE(format(CL_DEVICE_AVAILABLE).c_str(), "yes");
    QVERIFY(contains(format(CL_DEVICE_SINGLE_FP_CONFIG), "CL_FP_ROUND_TO_NEAREST"));
    QVERIFY(contains(format(CL_DEVICE_SINGLE_FP_CONFIG), "CL_FP_INF_NAN"));
    QVERIFY(contains(format(CL_DEVICE_QUEUE_ON_HOST_PROPERTIES), "CL_QUEUE_PROFILING_ENABLE"));
    QVERIFY(contains(format(CL_DEVICE_EXECUTION_CAPABILITIES), "CL_EXEC_KERNEL"));
    QCOMPARE(contains(format(CL_DEVICE_EXECUTION_CAPABILITIES), "CL_EXEC_NATIVE_KERNEL"),
             (device.info<CL_DEVICE_EXECUTION_CAPABILITIES>() & CL_EXEC_NATIVE_KERNEL) != 0);
    const char* const cacheNames[] = {"CL_NONE", "CL_READ_ONLY_CACHE", "CL_READ_WRITE_CACHE"};
    const cl_device_mem_cache_type cache = device.info<CL_DEVICE_GLOBAL_MEM_CACHE_TYPE>();
    QVERIFY(cache <= CL_READ_WRITE_CACHE);
    QCOMPARE(format(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE).c_str(), cacheNames[cache]);
    const std::string partitions = format(CL_DEVICE_PARTITION_PROPERTIES);
    QCOMPARE(contains(partitions, "CL_DEVICE_PARTITION_EQUALLY"),
             clw::test::canPartition(device, CL_DEVICE_PARTITION_EQUALLY));
    QCOMPARE(contains(partitions, "CL_DEVICE_PARTITION_BY_COUNTS"),
             clw::test::canPartition(device, CL_DEVICE_PARTITION_BY_COUNTS));
    // Every OpenCL 3.0 device compiles OpenCL C 1.2.
    if (device.numericVersion() >= CL_MAKE_VERSION(3, 0, 0))
        QVERIFY(contains(format(CL_DEVICE_OPENCL_C_ALL_VERSIONS), "OpenCL C:1.2.0"));
    const std::string sizes = format(CL_DEVICE_MAX_WORK_ITEM_SIZES);
    const auto max = device.info<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    QCOMPARE(sizes, std::to_string(max[0]) + ", " + std::to_string(max[1]) + ", " +
                        std::to_string(max[2]));

    const std::vector<InfoValue> platformValues = device.platform().allInfo();
    const InfoValue* name = findRow(platformValues, CL_PLATFORM_NAME);
    QVERIFY(name != nullptr);
    QCOMPARE(formatInfoValue(*name), device.platform().name());
}

} // namespace

class TestDevice : public QObject {
    Q_OBJECT
private slots:
    // The test device, and PoCL's CPU device with its known answers: a CPU with doubles.
    void identity() {
        CLW_REQUIRE_DEVICE(device);
        checkIdentity(device);
        if (QTest::currentTestFailed())
            return;
        CLW_REQUIRE_POCL(pocl);
        checkIdentity(pocl);
        QCOMPARE(pocl.type(), cl_device_type(CL_DEVICE_TYPE_CPU));
        QCOMPARE(pocl.typeName().c_str(), "CPU");
        QVERIFY(pocl.hasExtension("cl_khr_fp64"));
    }

    // Sub-device tests run on the test device where it partitions that way; where it does not
    // (a GPU), they check its exact error and partition PoCL's CPU device instead.
    void partitionEquallyGivesOneUnitEach() {
        CLW_REQUIRE_DEVICE(device);
        if (clw::test::canPartition(device, CL_DEVICE_PARTITION_EQUALLY)) {
            checkEqualPartition(device);
            return;
        }
        CLW_EXPECT_CL_ERROR(device.partitionEqually(1), CL_INVALID_VALUE, "clCreateSubDevices");
        CLW_REQUIRE_POCL(pocl);
        checkEqualPartition(pocl);
    }

    void kernelRunsOnSubDevices() {
        CLW_REQUIRE_DEVICE(device);
        if (clw::test::canPartition(device, CL_DEVICE_PARTITION_EQUALLY)) {
            checkKernelOnSubDevices(device);
            return;
        }
        CLW_EXPECT_CL_ERROR(device.partitionEqually(1), CL_INVALID_VALUE, "clCreateSubDevices");
        CLW_REQUIRE_POCL(pocl);
        checkKernelOnSubDevices(pocl);
    }

    void partitionByCounts() {
        CLW_REQUIRE_DEVICE(device);
        if (clw::test::canPartition(device, CL_DEVICE_PARTITION_BY_COUNTS)) {
            checkPartitionByCounts(device);
            return;
        }
        CLW_EXPECT_CL_ERROR(device.partitionByCounts({1, 1}), CL_INVALID_VALUE,
                            "clCreateSubDevices");
        CLW_REQUIRE_POCL(pocl);
        checkPartitionByCounts(pocl);
    }

    // On the test device, and on PoCL's CPU device, whose codes are known.
    void impossiblePartitionsThrowTheExactCode() {
        CLW_REQUIRE_DEVICE(device);
        checkImpossiblePartitions(device);
        if (QTest::currentTestFailed())
            return;
        CLW_REQUIRE_POCL(pocl);
        QVERIFY(clw::test::canPartition(pocl, CL_DEVICE_PARTITION_BY_COUNTS));
        QVERIFY(!clw::test::canPartition(pocl, CL_DEVICE_PARTITION_BY_AFFINITY_DOMAIN));
        if (pocl != device)
            checkImpossiblePartitions(pocl);
    }

    void timers() {
        CLW_REQUIRE_DEVICE(device);
        // A platform whose host timer resolution is 0 does not synchronise device and host
        // timers: both calls answer CL_INVALID_OPERATION (PoCL 3.1 does so).
        if (device.platform().info<CL_PLATFORM_HOST_TIMER_RESOLUTION>() == 0) {
            CLW_EXPECT_CL_ERROR(device.deviceAndHostTimer(), CL_INVALID_OPERATION,
                                "clGetDeviceAndHostTimer");
            CLW_EXPECT_CL_ERROR(device.hostTimer(), CL_INVALID_OPERATION, "clGetHostTimer");
            return;
        }
        const auto [device1, host1] = device.deviceAndHostTimer();
        const cl_ulong hostOnly1 = device.hostTimer();
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        const auto [device2, host2] = device.deviceAndHostTimer();
        const cl_ulong hostOnly2 = device.hostTimer();
        QVERIFY(device1 > 0 && host1 > 0);
        QVERIFY(hostOnly2 > hostOnly1);
        // About 5 ms passed on both clocks (ns).
        QVERIFY2(device2 - device1 >= 4'000'000, qPrintable(QString::number(device2 - device1)));
        QVERIFY2(host2 - host1 >= 4'000'000, qPrintable(QString::number(host2 - host1)));
    }

    void allInfoHasEverySupportedRow() {
        CLW_REQUIRE_DEVICE(device);
        const std::vector<InfoValue> values = device.allInfo();
        QCOMPARE(values.size(), std::size(kDeviceInfoParams));
        int supported = 0;
        for (size_t i = 0; i < values.size(); ++i) {
            const InfoValue& value = values[i];
            QCOMPARE(value.param, &kDeviceInfoParams[i]);
            // Supported exactly when the driver answers the size query for the row.
            size_t size = 0;
            const cl_int code =
                clApi().clGetDeviceInfo(device.get(), value.param->id, 0, nullptr, &size);
            QVERIFY2(value.supported() == (code == CL_SUCCESS), value.param->name);
            const std::string text = formatInfoValue(value);
            if (value.supported()) {
                ++supported;
                QVERIFY2(!std::holds_alternative<std::monostate>(value.data), value.param->name);
                if (value.param->kind != InfoKind::Text)
                    QVERIFY2(!text.empty(), value.param->name);
            } else {
                QCOMPARE(value.error, code);
                QVERIFY2(text == "unsupported (" + errorName(code) + ")", text.c_str());
            }
        }
        QVERIFY2(supported > 60, qPrintable(QString::number(supported)));
    }

    // On the test device, and on PoCL's CPU device, which partitions equally and by counts.
    void formattedValues() {
        CLW_REQUIRE_DEVICE(device);
        checkFormattedValues(device);
        if (QTest::currentTestFailed())
            return;
        CLW_REQUIRE_POCL(pocl);
        QVERIFY(clw::test::canPartition(pocl, CL_DEVICE_PARTITION_EQUALLY));
        QVERIFY(clw::test::canPartition(pocl, CL_DEVICE_PARTITION_BY_COUNTS));
        if (pocl != device)
            checkFormattedValues(pocl);
    }

    void formattingHelpers() {
        QCOMPARE(humanBytes(10).c_str(), "10 bytes");
        QCOMPARE(humanBytes(1536).c_str(), "1.5 KiB");
        QCOMPARE(humanBytes(2147483648ull).c_str(), "2 GiB");
        QCOMPARE(versionString(CL_MAKE_VERSION(3, 0, 1)).c_str(), "3.0.1");
        QCOMPARE(parseOpenClVersion("OpenCL 1.2 pocl 3.1"), cl_version(CL_MAKE_VERSION(1, 2, 0)));
        QCOMPARE(parseOpenClVersion("OpenCL C 2.0 "), cl_version(CL_MAKE_VERSION(2, 0, 0)));
        QCOMPARE(parseOpenClVersion("no version here"), cl_version(0));
        QCOMPARE(flagNames(CL_DEVICE_TYPE, CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU).c_str(),
                 "CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU");
        QCOMPARE(flagNames(CL_DEVICE_SVM_CAPABILITIES, 0).c_str(), "none");
        QCOMPARE(flagNames(CL_DEVICE_EXECUTION_CAPABILITIES, CL_EXEC_KERNEL | 0x100).c_str(),
                 "CL_EXEC_KERNEL | 0x100");
        QCOMPARE(flagNames(CL_MEM_FLAGS, 0x14).c_str(), "0x14"); // no flag table
        // The same names one by one, for the typed JSON.
        using Names = std::vector<std::string>;
        QCOMPARE(flagNameList(CL_DEVICE_EXECUTION_CAPABILITIES, CL_EXEC_KERNEL | 0x100),
                 (Names{"CL_EXEC_KERNEL", "0x100"}));
        QCOMPARE(flagNameList(CL_DEVICE_SVM_CAPABILITIES, 0), Names{});
        QCOMPARE(flagNameList(CL_MEM_FLAGS, 0x14), Names{"0x14"});
        QCOMPARE(flagNameList(CL_DEVICE_DOUBLE_FP_CONFIG,
                              CL_FP_FMA | CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT),
                 Names{"CL_FP_FMA"}); // meaningless for double, as in flagNames
    }

    void enumeratorNames() {
        auto row = [](cl_uint id) -> const InfoParam& {
            for (const InfoParam& param : kDeviceInfoParams)
                if (param.id == id)
                    return param;
            qFatal("no row 0x%x", id);
        };
        QCOMPARE(enumeratorName(row(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE), CL_READ_WRITE_CACHE),
                 std::optional<std::string>("CL_READ_WRITE_CACHE"));
        QCOMPARE(enumeratorName(row(CL_DEVICE_LOCAL_MEM_TYPE), 7), std::optional<std::string>());
        QCOMPARE(enumeratorName(row(CL_DEVICE_SEMAPHORE_TYPES_KHR), CL_SEMAPHORE_TYPE_BINARY_KHR),
                 std::optional<std::string>("CL_SEMAPHORE_TYPE_BINARY_KHR"));
        QCOMPARE(enumeratorName(row(CL_DEVICE_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR),
                                CL_EXTERNAL_MEMORY_HANDLE_DMA_BUF_KHR),
                 std::optional<std::string>("CL_EXTERNAL_MEMORY_HANDLE_DMA_BUF_KHR"));
        QCOMPARE(enumeratorName(row(CL_DEVICE_PARTITION_PROPERTIES), CL_DEVICE_PARTITION_EQUALLY),
                 std::optional<std::string>("CL_DEVICE_PARTITION_EQUALLY"));
        QCOMPARE(enumeratorName(row(CL_DEVICE_MAX_COMPUTE_UNITS), 4),
                 std::optional<std::string>()); // a count
    }
};

QTEST_GUILESS_MAIN(TestDevice)
#include "tst_device.moc"
