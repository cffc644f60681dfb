#include "clw/engine/build/BuildOutcome.h"

namespace clw::engine {

const char* describe(BuildAnswer answer) {
    switch (answer) {
    case BuildAnswer::Compiler:
        return "the compiler";
    case BuildAnswer::Memory:
        return "the in-memory layer";
    case BuildAnswer::EngineBinary:
        return "the binary cache";
    case BuildAnswer::DriverCache:
        return "the driver's own cache";
    }
    return "the compiler";
}

bool BuildOutcome::ok() const {
    if (superseded || !error.empty() || devices.empty())
        return false;
    for (const DeviceBuildOutcome& device : devices)
        if (!device.ok)
            return false;
    return true;
}

bool BuildOutcome::allFromCache() const {
    if (devices.empty())
        return false;
    for (const DeviceBuildOutcome& device : devices)
        if (!device.fromCache)
            return false;
    return true;
}

const DeviceBuildOutcome* BuildOutcome::forDevice(const Device& device) const {
    for (const DeviceBuildOutcome& outcome : devices)
        if (outcome.device == device)
            return &outcome;
    return nullptr;
}

} // namespace clw::engine
