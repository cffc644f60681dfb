#include "clw/engine/runtime/DeviceSelection.h"

#include "clw/engine/runtime/Platform.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace clw::engine {

namespace {
std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}
} // namespace

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

std::optional<Device> defaultAmong(const std::vector<Device>& devices) {
    for (const Device& device : devices)
        if ((device.type() & CL_DEVICE_TYPE_GPU) && !isSimulator(device))
            return device;
    for (const Device& device : devices)
        if (!isSimulator(device))
            return device;
    if (!devices.empty())
        return devices.front();
    return std::nullopt;
}

std::optional<Device> defaultDevice() {
    return defaultAmong(allDevices());
}

bool isSimulator(const Device& device) {
    return device.platform().name() == "Oclgrind";
}

std::optional<Device> findDevice(std::string_view name) {
    if (name.empty())
        return defaultDevice();
    const std::string wanted = lower(std::string(name));
    for (const Device& device : allDevices()) {
        if (lower(device.name()).find(wanted) != std::string::npos ||
            lower(device.platform().name()).find(wanted) != std::string::npos)
            return device;
    }
    return std::nullopt;
}

} // namespace clw::engine
