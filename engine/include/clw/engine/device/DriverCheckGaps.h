#pragma once
// What a driver is known to let through although the OpenCL specification says it must fail,
// and which the engine therefore checks itself before calling it (README, "Checks the engine
// makes itself"). Seen by running the engine suite on the device (tests/results/); the device
// browser and `clworkbench devices` show the list, so that a person testing on that driver knows
// that their program would fail elsewhere where the workbench refused it.
#include "clw/engine/device/DeviceFacts.h"

#include <string>
#include <vector>

namespace clw::engine {

struct DriverCheckGaps {
    std::string driver;              // "NVIDIA's driver (seen with 580)"; empty when none known
    std::vector<std::string> checks; // "a 0-byte __local argument (CL_INVALID_ARG_SIZE)"
};

DriverCheckGaps driverCheckGaps(const DeviceFacts& facts);

} // namespace clw::engine
