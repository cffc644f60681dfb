#include "BenchOptions.h"

#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Platform.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace clw::bench {

BenchOptions parseBenchOptions(int argc, char** argv, const char* description) {
    BenchOptions options;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--device") && i + 1 < argc) {
            options.deviceName = argv[++i];
        } else if (!std::strcmp(argv[i], "--quick")) {
            options.quick = true;
        } else if (!std::strcmp(argv[i], "--help")) {
            std::printf("%s\n\nusage: %s [--device NAME] [--quick]\n", description, argv[0]);
            std::exit(0);
        } else {
            std::fprintf(stderr, "%s: unknown option '%s' (try --help)\n", argv[0], argv[i]);
            std::exit(2);
        }
    }
    return options;
}

engine::Device requireDevice(const BenchOptions& options) {
    auto device = engine::findDevice(options.deviceName);
    if (!device) {
        std::fprintf(stderr, "no OpenCL device%s%s found\n",
                     options.deviceName.empty() ? "" : " matching ", options.deviceName.c_str());
        std::exit(1);
    }
    std::printf("device %s (%s)\n", device->name().c_str(), device->platform().name().c_str());
    return *device;
}

} // namespace clw::bench
