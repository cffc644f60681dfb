#pragma once
#include "clw/engine/build/Diagnostic.h"
#include "clw/engine/runtime/Program.h"

#include <string>
#include <vector>

namespace clw::engine {

// Where a build's time went, in milliseconds.
struct BuildTimings {
    double preprocessMs = 0; // resolving includes, hashing, the cache key
    double compileMs = 0;    // clBuildProgram: compiling and linking in one call
    double linkMs = 0;       // a separate link step; 0 when clBuildProgram did both
    double cacheMs = 0;      // looking up and loading cached binaries
    // Inside the driver: creating and building programs, from source or from cached binaries.
    // totalMs - driverMs is what the engine adds to what the driver takes.
    double driverMs = 0;
    double totalMs = 0;
};

// What answered one device's build.
enum class BuildAnswer {
    Compiler,     // a source build (the driver compiled it, or its own cache answered unasked)
    Memory,       // the in-memory layer: a program this service built or loaded before
    EngineBinary, // the binary cache's entry, loaded through clCreateProgramWithBinary
    DriverCache,  // a source build left to the driver's own cache, which is the faster path for
                  // this device: the binary cache's entry says it was built here before
                  // (DriverCacheUse.h)
};

// "the compiler", "the in-memory layer", "the binary cache", "the driver's own cache".
const char* describe(BuildAnswer answer);

// One device's result.
struct DeviceBuildOutcome {
    Device device;
    Program program; // built for this device (shared with other devices built together)
    bool ok = false;
    cl_int code = CL_SUCCESS; // what the build call returned
    std::string log;          // the compiler's log; on a cache hit, the stored log
    std::vector<Diagnostic> diagnostics;
    bool fromCache = false; // answered by a cache: any answer but the compiler's
    BuildAnswer answeredBy = BuildAnswer::Compiler;
    std::string cacheDigest; // the key's digest
};

// A build's result as a value (DESIGN.md §2): never an exception.
struct BuildOutcome {
    std::vector<DeviceBuildOutcome> devices;
    BuildTimings timings;
    bool superseded = false; // replaced by a newer request with the same tag; nothing built
    std::string error;       // a failure that is not the compiler's (no device, bad request)
    std::vector<std::string> cacheProblems; // each said once: damaged entries, unwritable folder
    // What the build was given and cannot use, built without it: an include folder (the
    // sources' includeDirs, an -I of the options) that does not exist.
    std::vector<std::string> warnings;
    std::string effectiveOptions;
    // Why this build neither used nor filled the cache (a header the include scan cannot be sure
    // of, IncludeScan.h); empty when it did.
    std::string cacheBypassed;
    // Builds the driver failed without a single diagnostic and that were tried again (PoCL's
    // kernel cache can race between processes building the same source).
    int driverRetries = 0;

    bool ok() const;
    bool allFromCache() const;
    // The outcome of `device`, or nullptr.
    const DeviceBuildOutcome* forDevice(const Device& device) const;
};

} // namespace clw::engine
