#pragma once
// Runs a PyOpenCL script as the peer of a benchmark (python3-pyopencl from Debian) and reads the
// numbers it prints as "name value" lines.
#include <map>
#include <optional>
#include <string>

namespace clw::bench {

// Runs `python3 -c script` with CLW_BENCH_DEVICE set to the device's name; returns the "name
// value" pairs it printed, or nullopt (with the reason on stderr) when it could not run.
std::optional<std::map<std::string, double>> runPythonPeer(const std::string& script,
                                                           const std::string& deviceName);

// The Python helper every PyOpenCL peer script starts with: `pick_device()` finds the device
// whose platform or device name contains CLW_BENCH_DEVICE.
extern const char* const kPickDevicePython;

} // namespace clw::bench
