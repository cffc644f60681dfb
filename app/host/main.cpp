// clworkbench-host: the device host (DESIGN.md §2a). The workbench starts one per OpenCL
// platform and talks to it over the pipes of its standard input and output; every OpenCL object
// of a session lives here, so that a driver that crashes or a kernel that hangs ends this process
// and never the workbench.
//
//   clworkbench-host [--platform NAME] [--spin-us MICROSECONDS] [--doorbell-fd FD]
//
// Without --platform it lists the devices of the drivers it loaded (the device browser's snapshot
// too): the workbench starts one per driver, each with that driver alone (DeviceHosts).
// --spin-us: how long the reader polls for the next request before it sleeps (HostServer).
// --doorbell-fd: memory the workbench shares: where both count their writes (HostDoorbell), and the
// frames both ways (HostRing).
#include "FatalSignals.h"
#include "HostChannel.h"
#include "HostDeviceService.h"
#include "HostServer.h"
#include "HostSessionService.h"
#include "LibrarySearch.h"
#include "PrintfCapture.h"

#include "clw/engine/runtime/DeviceSelection.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

int main(int argc, char** argv) {
    // Before any driver is loaded (LibrarySearch.h).
    clw::host::restrictLibrarySearch(clw::host::LibrarySearch::WithoutCurrentFolder);
    std::string platform;
    std::chrono::microseconds spin{0};
    int doorbell = -1;
    for (int i = 1; i < argc; ++i) {
        const std::string argument = argv[i];
        if (argument == "--platform" && i + 1 < argc) {
            platform = argv[++i];
        } else if (argument == "--spin-us" && i + 1 < argc) {
            spin = std::chrono::microseconds(std::strtoll(argv[++i], nullptr, 10));
        } else if (argument == "--doorbell-fd" && i + 1 < argc) {
            doorbell = int(std::strtol(argv[++i], nullptr, 10));
        } else {
            std::fprintf(stderr,
                         "clworkbench-host: unknown argument '%s'. The workbench starts this "
                         "program itself: run clworkbench instead.\n",
                         argument.c_str());
            return 2;
        }
    }
    clw::host::reportFatalSignals();
    int status = 1;
    try {
        int printfReadEnd = -1;
        clw::host::HostChannel channel = clw::host::HostChannel::takeStandardStreams(printfReadEnd);
        if (doorbell >= 0)
            channel.useDoorbell(doorbell);
        static clw::host::PrintfCapture printf(printfReadEnd);
        static clw::host::HostSessionService service(platform, printf);
        // The ICD loader reads its vendors on the first clGetPlatformIDs, and PoCL sets up its
        // devices on the first clGetDeviceIDs; neither is safe from two threads at once (an
        // editor build and a session build as the first two requests crashed ocl-icd, or left
        // PoCL with no device). Both happen here, before the lanes' workers start.
        clw::engine::allDevices();
        static clw::host::HostDeviceService devices(platform);
        static clw::host::HostServer server(channel, spin);
        service.install(server);
        devices.install(server);
        status = server.serve();
    } catch (const std::exception& error) {
        std::fprintf(stderr, "clworkbench-host: %s\n", error.what());
    }
    // Leave without destructors: a worker may sit in a driver call that never returns (a hung
    // kernel), which joining would wait for. Nothing here needs saving (cache entries are
    // written whole and renamed).
    std::fflush(stderr);
    std::_Exit(status);
}
