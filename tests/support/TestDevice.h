#pragma once
// The device engine tests run on: PoCL where present (every machine of this project has it after
// scripts/setup), else the default device. CLW_TEST_DEVICE picks another by name. A test that
// needs a device fails when there is none; it never skips.
#include "clw/engine/CommandQueue.h"
#include "clw/engine/Context.h"
#include "clw/engine/DeviceSelection.h"

#include <QtTest>

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

// Fails the calling test function (QVERIFY2 returns) when there is no device.
#define CLW_REQUIRE_DEVICE(var)                                                                    \
    const auto var##Found = ::clw::test::findTestDevice();                                         \
    QVERIFY2(var##Found.has_value(),                                                               \
             "no OpenCL device found: run scripts/setup to install PoCL (pocl-opencl-icd)");       \
    const ::clw::engine::Device& var = *var##Found

} // namespace clw::test
