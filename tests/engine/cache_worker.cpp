// One of the processes of engine.cachestress: builds 25 kernels through a BuildService whose
// cache folder it shares with other processes, runs each, and checks its value. Prints
// "built=N failed=N wrong=N hits=N" and exits non-zero on any failure or wrong value.
#include "clw/engine/build/BuildService.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Kernel.h"

#include <cstdio>
#include <string>

using namespace clw::engine;

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s CACHE_FOLDER NONCE\n", argv[0]);
        return 2;
    }
    auto device = findDevice("Portable Computing Language");
    if (!device)
        device = defaultDevice();
    if (!device) {
        std::fprintf(stderr, "no OpenCL device\n");
        return 2;
    }
    BuildService::Settings settings;
    settings.cacheFolder = argv[1];
    BuildService service(settings);
    Context context(*device);
    CommandQueue queue(context, *device);
    Buffer out(context, CL_MEM_WRITE_ONLY, sizeof(cl_int));
    int built = 0, failed = 0, wrong = 0, hits = 0, retries = 0;
    for (int i = 0; i < 25; ++i) {
        BuildRequest request;
        request.context = context;
        request.sources = SourceSet::single(
            "__kernel void k(__global int* out) { out[0] = " + std::to_string(1000 + i) + "; }\n");
        const BuildOutcome outcome = service.build(request);
        if (!outcome.ok()) {
            ++failed;
            std::fprintf(stderr, "kernel %d: %s %s\n", i, outcome.error.c_str(),
                         outcome.devices.empty() ? "" : outcome.devices[0].log.c_str());
            continue;
        }
        ++built;
        retries += outcome.driverRetries;
        hits += outcome.allFromCache();
        Kernel kernel(outcome.devices[0].program, "k");
        kernel.setArg(0, out);
        queue.ndRange(kernel, 1);
        cl_int value = -1;
        queue.read(out, 0, sizeof value, &value);
        if (value != 1000 + i) {
            ++wrong;
            std::fprintf(stderr, "kernel %d gave %d\n", i, value);
        }
    }
    service.waitIdle();
    std::printf("built=%d failed=%d wrong=%d hits=%d retries=%d\n", built, failed, wrong, hits,
                retries);
    return failed || wrong ? 1 : 0;
}
