#include "clw/engine/runtime/DeviceSelection.h"

#include "clw/engine/runtime/DeviceChoice.h"
#include "clw/engine/runtime/Platform.h"

namespace clw::engine {

std::vector<Device> allDevices() {
    std::vector<Device> devices;
    for (const Platform& platform : Platform::all()) {
        try {
            for (Device& device : platform.devices())
                devices.push_back(std::move(device));
        } catch (const ClError&) {
            // A platform whose ICD fails is left out here; the device browser shows its error.
        }
    }
    return devices;
}

std::vector<ListedDevice> listed(const std::vector<Device>& devices) {
    std::vector<ListedDevice> values;
    values.reserve(devices.size());
    for (const Device& device : devices)
        values.push_back(
            {device.platform().name(), device.name(), (device.type() & CL_DEVICE_TYPE_GPU) != 0});
    return values;
}

std::optional<Device> chooseAmong(const std::vector<Device>& devices, std::string_view choice) {
    if (const auto index = chooseListed(listed(devices), choice))
        return devices[*index];
    return std::nullopt;
}

std::optional<Device> defaultAmong(const std::vector<Device>& devices) {
    return chooseAmong(devices, {});
}

std::optional<Device> defaultDevice() {
    return defaultAmong(allDevices());
}

bool isSimulator(const Device& device) {
    return isSimulatorPlatform(device.platform().name());
}

std::optional<Device> findDevice(std::string_view name) {
    return chooseAmong(allDevices(), name);
}

} // namespace clw::engine
