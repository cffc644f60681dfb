#pragma once
// The options every benchmark takes: --device NAME (a substring of the platform or device name,
// the default device when absent) and --help.
#include "clw/engine/runtime/Device.h"

#include <optional>
#include <string>

namespace clw::bench {

struct BenchOptions {
    std::string deviceName;
    bool quick = false; // --quick: fewer repetitions, for a smoke run
};

// Parses argv; prints usage and exits 0 on --help, exits 2 on an unknown option.
BenchOptions parseBenchOptions(int argc, char** argv, const char* description);
// The device the options name; prints an error and exits 1 when there is none.
engine::Device requireDevice(const BenchOptions& options);

} // namespace clw::bench
