#include "bridge/DriverSnapshots.h"

#include "clw/engine/runtime/DeviceChoice.h"

#include <CL/cl.h>

#include <filesystem>

namespace clw::ui {

namespace {

QString libraryName(const std::string& library) {
    return QString::fromStdString(std::filesystem::path(library).filename().string());
}

void chooseDefault(DeviceSnapshot& snapshot) {
    std::vector<engine::ListedDevice> listed;
    std::vector<DeviceEntry*> entries;
    for (PlatformEntry& platform : snapshot.platforms)
        for (DeviceEntry& device : platform.devices) {
            device.isDefault = false;
            listed.push_back({device.platformName.toStdString(), device.name.toStdString(),
                              (device.typeBits & CL_DEVICE_TYPE_GPU) != 0});
            entries.push_back(&device);
        }
    if (const auto index = engine::defaultListed(listed))
        entries[*index]->isDefault = true;
}

} // namespace

DeviceSnapshot mergeDriverSnapshots(const std::vector<DriverSnapshot>& parts) {
    if (parts.size() == 1 && parts.front().snapshot)
        return *parts.front().snapshot; // one host listed every driver, as it chose its default
    DeviceSnapshot merged;
    bool runtimeTaken = false;
    for (const DriverSnapshot& part : parts) {
        if (!part.snapshot) {
            PlatformEntry failed;
            failed.name = libraryName(part.library);
            failed.error = part.failure;
            merged.platforms.append(failed);
            continue;
        }
        if (!runtimeTaken) {
            merged.runtime = part.snapshot->runtime;
            runtimeTaken = true;
        }
        if (!part.snapshot->error.isEmpty()) {
            // One driver's platforms could not be listed; the others' still are.
            PlatformEntry failed;
            failed.name = libraryName(part.library);
            failed.error = part.snapshot->error;
            merged.platforms.append(failed);
        }
        merged.platforms.append(part.snapshot->platforms);
    }
    chooseDefault(merged);
    return merged;
}

} // namespace clw::ui
