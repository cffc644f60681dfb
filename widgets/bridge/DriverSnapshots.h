#pragma once
// The device browser's snapshot of every driver, put together from each driver's listing host
// (DeviceHosts::listingHosts): a driver whose host stopped is one failed row, named after its
// library, among the others' platforms, and the default device is chosen over them all.
#include "bridge/DeviceSnapshot.h"

#include <optional>
#include <string>
#include <vector>

namespace clw::ui {

struct DriverSnapshot {
    std::string library; // empty for a host of every driver
    std::optional<DeviceSnapshot> snapshot;
    QString failure; // why there is no snapshot (the host stopped)
};

// The first snapshot's loader, then every platform in the drivers' order; devices keep their
// indexes in their own driver's host. Each device's isDefault is set by engine::defaultListed
// over all of them.
DeviceSnapshot mergeDriverSnapshots(const std::vector<DriverSnapshot>& parts);

} // namespace clw::ui
