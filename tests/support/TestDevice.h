#pragma once
// The device engine tests run on: PoCL where present (every machine of this project has it after
// scripts/setup), else the default device. CLW_TEST_DEVICE picks another by name. A test that
// needs a device fails when there is none; it never skips.
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Platform.h"

#include <QtTest>

#include <algorithm>
#include <cstdlib>
#include <optional>

namespace clw::test {

inline std::optional<engine::Device> findTestDevice() {
    if (const char* wanted = std::getenv("CLW_TEST_DEVICE"))
        return engine::findDevice(wanted);
    if (auto pocl = engine::findDevice("Portable Computing Language"))
        return pocl;
    return engine::defaultDevice();
}

// A device with a context and an in-order queue of its own: what most tests start from.
struct DeviceRig {
    engine::Device device;
    engine::Context context;
    engine::CommandQueue queue;
    explicit DeviceRig(const engine::Device& d)
        : device(d)
        , context(d)
        , queue(context, d) {}
};

// Fails the calling test function (QVERIFY2 returns) when there is no device.
#define CLW_REQUIRE_DEVICE(var)                                                                    \
    const auto var##Found = ::clw::test::findTestDevice();                                         \
    QVERIFY2(var##Found.has_value(),                                                               \
             "no OpenCL device found: run scripts/setup to install PoCL (pocl-opencl-icd)");       \
    const ::clw::engine::Device& var = *var##Found

// Fails the calling test function when PoCL's CPU device is missing.
#define CLW_REQUIRE_POCL(var)                                                                      \
    const auto var##Found = ::clw::test::findPoclDevice();                                         \
    QVERIFY2(var##Found.has_value(), "PoCL (Portable Computing Language) not found: run "          \
                                     "scripts/setup to install it (pocl-opencl-icd)");             \
    const ::clw::engine::Device& var = *var##Found

// PoCL, found by its platform's name. Every machine of this project has it, so the known answers
// of PoCL (its built-in kernels, sub-devices, native kernels) are checked on it on every machine,
// beside the test device, whatever device that is.
inline bool isPocl(const engine::Device& device) {
    return device.platform().name() == "Portable Computing Language";
}

// PoCL's CPU device (a PoCL built with other drivers lists more devices).
inline std::optional<engine::Device> findPoclDevice() {
    for (const engine::Device& device : engine::allDevices())
        if (isPocl(device) && (device.type() & CL_DEVICE_TYPE_CPU))
            return device;
    return std::nullopt;
}

// Whether the device splits into sub-devices the way `type` says (CL_DEVICE_PARTITION_EQUALLY,
// _BY_COUNTS, _BY_AFFINITY_DOMAIN): a device that does not (a GPU, mostly) lists no type in
// CL_DEVICE_PARTITION_PROPERTIES, and clCreateSubDevices answers it CL_INVALID_VALUE.
inline bool canPartition(const engine::Device& device, cl_device_partition_property type) {
    const auto types = device.info<CL_DEVICE_PARTITION_PROPERTIES>();
    return std::find(types.begin(), types.end(), type) != types.end();
}

} // namespace clw::test
