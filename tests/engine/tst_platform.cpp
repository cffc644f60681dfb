// Platforms, devices, info tables and sub-devices on the real runtime.
#include "TestDevice.h"

#include "clw/engine/Platform.h"

#include <QtTest>

using namespace clw::engine;

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

    void unsupportedVendorQueryIsNotAnError() {
        CLW_REQUIRE_DEVICE(device);
        QVERIFY2(!device.hasExtension("cl_nv_device_attribute_query"),
                 "this test expects a device without NVIDIA's queries (PoCL)");
        // PoCL knows no NVIDIA query: nullopt, and the listing marks it unsupported.
        QVERIFY(!device.tryInfo<CL_DEVICE_WARP_SIZE_NV>().has_value());
        bool seen = false;
        for (const InfoValue& value : device.allInfo()) {
            if (value.param->id == CL_DEVICE_WARP_SIZE_NV) {
                seen = true;
                QVERIFY(!value.supported());
                QVERIFY(formatInfoValue(value).starts_with("unsupported ("));
            }
        }
        QVERIFY(seen);
    }
};

QTEST_GUILESS_MAIN(TestPlatform)
#include "tst_platform.moc"
