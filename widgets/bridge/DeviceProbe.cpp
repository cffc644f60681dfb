#include "bridge/DeviceProbe.h"

#include "clw/engine/ClError.h"
#include "clw/engine/Device.h"
#include "clw/engine/DeviceSelection.h"
#include "clw/engine/InfoValue.h"
#include "clw/engine/Platform.h"

#include <optional>

namespace clw::ui {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

DeviceEntry readDevice(const engine::Device& device) {
    DeviceEntry entry;
    entry.name = qs(device.name());
    entry.vendor = qs(device.info<CL_DEVICE_VENDOR>());
    entry.typeBits = device.type();
    entry.typeName = qs(device.typeName());
    entry.version = qs(device.info<CL_DEVICE_VERSION>());
    entry.driverVersion = qs(device.info<CL_DRIVER_VERSION>());
    entry.openclCVersion = qs(device.tryInfo<CL_DEVICE_OPENCL_C_VERSION>().value_or(std::string()));
    entry.profile = qs(device.info<CL_DEVICE_PROFILE>());
    entry.maxComputeUnits = device.info<CL_DEVICE_MAX_COMPUTE_UNITS>();
    entry.maxClockFrequencyMHz = device.info<CL_DEVICE_MAX_CLOCK_FREQUENCY>();
    entry.globalMemBytes = device.info<CL_DEVICE_GLOBAL_MEM_SIZE>();
    entry.localMemBytes = device.info<CL_DEVICE_LOCAL_MEM_SIZE>();
    entry.maxMemAllocBytes = device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
    entry.maxWorkGroupSize = device.info<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
    for (size_t size : device.info<CL_DEVICE_MAX_WORK_ITEM_SIZES>())
        entry.maxWorkItemSizes.append(std::uint64_t(size));
    entry.extensions = splitExtensions(qs(device.info<CL_DEVICE_EXTENSIONS>()));
    for (const engine::InfoValue& value : device.allInfo()) {
        entry.properties.append({QString::fromUtf8(value.param->name),
                                 qs(engine::formatInfoValue(value)), value.supported()});
    }
    return entry;
}

PlatformEntry readPlatform(const engine::Platform& platform,
                           const std::optional<engine::Device>& defaultDevice,
                           const std::function<bool()>& cancelled) {
    PlatformEntry entry;
    try {
        entry.name = qs(platform.name());
        entry.vendor = qs(platform.vendor());
        entry.version = qs(platform.version());
        entry.profile = qs(platform.info<CL_PLATFORM_PROFILE>());
        entry.extensions = splitExtensions(qs(platform.info<CL_PLATFORM_EXTENSIONS>()));
        for (const engine::Device& device : platform.devices()) {
            if (cancelled && cancelled())
                break;
            DeviceEntry deviceEntry = readDevice(device);
            deviceEntry.isDefault = defaultDevice && *defaultDevice == device;
            entry.devices.append(std::move(deviceEntry));
        }
    } catch (const engine::ClError& error) {
        entry.error = qs(error.what());
        if (entry.name.isEmpty())
            entry.name = QStringLiteral("(unnamed platform)");
    }
    return entry;
}

} // namespace

QStringList splitExtensions(const QString& extensions) {
    return extensions.split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

DeviceSnapshot takeDeviceSnapshot(const std::function<bool()>& cancelled) {
    DeviceSnapshot snapshot;
    std::vector<engine::Platform> platforms;
    try {
        platforms = engine::Platform::all();
    } catch (const engine::ClError& error) {
        snapshot.error = qs(error.what());
        return snapshot;
    }
    // The engine's rule for the default device; a platform failing here fails again below,
    // where its error is recorded.
    std::optional<engine::Device> defaultDevice;
    try {
        defaultDevice = engine::defaultDevice();
    } catch (const engine::ClError&) {
        defaultDevice.reset();
    }
    for (const engine::Platform& platform : platforms) {
        if (cancelled && cancelled())
            break;
        snapshot.platforms.append(readPlatform(platform, defaultDevice, cancelled));
    }
    return snapshot;
}

} // namespace clw::ui
