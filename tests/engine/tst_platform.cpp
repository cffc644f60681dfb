// Platforms, devices, info tables and sub-devices on the real runtime.
#include "TestDevice.h"

#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/Platform.h"

#include <QtTest>

#include <optional>
#include <string>

using namespace clw::engine;

namespace {

// CL_DEVICE_WARP_SIZE_NV through tryInfo and the info listing: the driver's value on a device
// with NVIDIA's queries, "unsupported" on one without.
void checkVendorQuery(const Device& device) {
    const bool nvidia = device.hasExtension("cl_nv_device_attribute_query");
    const std::optional<cl_uint> warp = device.tryInfo<CL_DEVICE_WARP_SIZE_NV>();
    QCOMPARE(warp.has_value(), nvidia);
    cl_uint raw = 0;
    if (nvidia) {
        QCOMPARE(clApi().clGetDeviceInfo(device.get(), CL_DEVICE_WARP_SIZE_NV, sizeof raw, &raw,
                                         nullptr),
                 CL_SUCCESS);
        QVERIFY(raw > 0);
        QCOMPARE(*warp, raw);
        QVERIFY(device.info<CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV>() > 0);
    }
    bool seen = false;
    for (const InfoValue& value : device.allInfo()) {
        if (value.param->id == CL_DEVICE_WARP_SIZE_NV) {
            seen = true;
            QCOMPARE(value.supported(), nvidia);
            if (nvidia)
                QCOMPARE(formatInfoValue(value), std::to_string(raw));
            else
                QVERIFY(formatInfoValue(value).starts_with("unsupported ("));
        }
    }
    QVERIFY(seen);
}

} // namespace

class TestPlatform : public QObject {
    Q_OBJECT
private slots:
    void platformsAreListed() {
        const auto platforms = Platform::all();
        QVERIFY2(!platforms.empty(), "no OpenCL platform: install pocl-opencl-icd");
        for (const Platform& platform : platforms) {
            QVERIFY(!platform.name().empty());
            QVERIFY(platform.numericVersion() >= CL_MAKE_VERSION(1, 0, 0));
            QVERIFY(platform.info<CL_PLATFORM_PROFILE>().find("PROFILE") != std::string::npos);
        }
    }

    void deviceInfoIsTyped() {
        CLW_REQUIRE_DEVICE(device);
        QVERIFY(device.info<CL_DEVICE_MAX_COMPUTE_UNITS>() >= 1);
        const auto sizes = device.info<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
        QCOMPARE(sizes.size(), size_t(device.info<CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS>()));
        QVERIFY(device.info<CL_DEVICE_GLOBAL_MEM_SIZE>() >=
                device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>());
        QVERIFY(device.platform().get() != nullptr);
        QCOMPARE(device.platform().get(), device.info<CL_DEVICE_PLATFORM>());
        QVERIFY(device.info<CL_DEVICE_AVAILABLE>());
    }

    // NVIDIA's vendor queries: read on a device with cl_nv_device_attribute_query; on one
    // without (PoCL's CPU device, which every machine has), nullopt and marked unsupported.
    void unsupportedVendorQueryIsNotAnError() {
        CLW_REQUIRE_DEVICE(device);
        checkVendorQuery(device);
        if (QTest::currentTestFailed())
            return;
        CLW_REQUIRE_POCL(pocl);
        QVERIFY(!pocl.hasExtension("cl_nv_device_attribute_query"));
        if (pocl != device)
            checkVendorQuery(pocl);
    }
};

QTEST_GUILESS_MAIN(TestPlatform)
#include "tst_platform.moc"
