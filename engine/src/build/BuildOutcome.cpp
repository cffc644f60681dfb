#include "clw/engine/BuildOutcome.h"

namespace clw::engine {

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
