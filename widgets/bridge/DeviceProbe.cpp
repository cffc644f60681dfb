#include "bridge/DeviceProbe.h"

#include "bridge/InfoValueJson.h"
#include "bridge/RuntimeProbe.h"

#include "clw/engine/device/Characterization.h"
#include "clw/engine/device/DeviceImageFormats.h"
#include "clw/engine/device/InfoDescription.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/ImageFormat.h"
#include "clw/engine/runtime/InfoValue.h"
#include "clw/engine/runtime/Platform.h"

#include <algorithm>
#include <optional>

namespace clw::ui {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

DeviceProperty propertyRow(const engine::InfoValue& value) {
    const engine::InfoDescription* description = engine::describeInfo(value.param->id);
    return {QString::fromUtf8(value.param->name),
            qs(engine::formatInfoValue(value)),
            value.supported(),
            qs(engine::infoTopic(value.param->id)),
            description ? QString::fromUtf8(description->meaning) : QString(),
            qs(engine::rawInfoValue(value)),
            infoValueJson(value),
            QString::fromUtf8(value.param->unit)};
}

// Rows grouped by topic in the engine's topic order, table order within a topic.
QList<DeviceProperty> propertyRows(const std::vector<engine::InfoValue>& values) {
    QList<DeviceProperty> rows;
    for (const engine::InfoValue& value : values)
        rows.append(propertyRow(value));
    const std::vector<std::string>& topics = engine::infoTopics();
    auto rank = [&](const QString& topic) {
        return std::find(topics.begin(), topics.end(), topic.toStdString()) - topics.begin();
    };
    std::stable_sort(rows.begin(), rows.end(),
                     [&](const DeviceProperty& a, const DeviceProperty& b) {
                         return rank(a.topic) < rank(b.topic);
                     });
    return rows;
}

QList<DeviceProperty> imageFormatRows(const engine::DeviceImageFormats& formats) {
    const QString topic = imageFormatsTopic();
    if (!formats.imageSupport)
        return {{QStringLiteral("Image formats"), QStringLiteral("unsupported (no image support)"),
                 false, topic, QStringLiteral("The device supports no images."), QString()}};
    QList<DeviceProperty> rows;
    for (const engine::ImageFormatList& list : formats.lists) {
        DeviceProperty row;
        row.name = qs(engine::memAccessFlagName(list.flags) + " / " +
                      engine::memObjectTypeName(list.imageType));
        row.topic = topic;
        row.description = QStringLiteral("Channel orders and types of images with these flags "
                                         "and this type (clGetSupportedImageFormats).");
        row.supported = list.supported();
        if (!list.supported()) {
            row.value = QStringLiteral("unsupported (%1)").arg(qs(engine::errorName(list.error)));
            row.raw = qs(engine::errorName(list.error));
        } else {
            QStringList names;
            for (const cl_image_format& format : list.formats)
                names << qs(engine::imageFormatName(format));
            row.value = QStringLiteral("%1 formats: %2")
                            .arg(names.size())
                            .arg(names.join(QStringLiteral(", ")));
            row.raw = names.join(QLatin1Char('\n'));
        }
        rows.append(row);
    }
    return rows;
}

QList<CharacterizationRow> characterizationRows(const engine::Characterization& result) {
    QList<CharacterizationRow> rows;
    for (const engine::CharacterizationItem& item : result.items)
        rows.append({qs(item.key), qs(item.label), qs(item.value), qs(item.note)});
    return rows;
}

DeviceEntry readDevice(const engine::Device& device, bool characterize) {
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
    entry.properties = propertyRows(device.allInfo());
    // A handle says nothing to a person: the platform's row names the platform.
    for (DeviceProperty& row : entry.properties)
        if (row.supported && row.name == QLatin1String("CL_DEVICE_PLATFORM"))
            row.value =
                QStringLiteral("%1 (handle %2)").arg(qs(device.platform().name()), row.value);
    if (!characterize)
        return entry;
    // Both need a context (and the characterization a probe build): a device that refuses one
    // still lists its properties, with the reason shown where the characterization would be.
    try {
        entry.properties += imageFormatRows(engine::readImageFormats(device));
        entry.characterization = characterizationRows(engine::characterizeDevice(device));
    } catch (const engine::ClError& error) {
        entry.characterizationError = qs(error.what());
    }
    return entry;
}

PlatformEntry readPlatform(const engine::Platform& platform, int platformIndex,
                           const std::optional<engine::Device>& defaultDevice,
                           const std::function<bool()>& cancelled, bool characterize) {
    PlatformEntry entry;
    try {
        entry.name = qs(platform.name());
        entry.vendor = qs(platform.vendor());
        entry.version = qs(platform.version());
        entry.profile = qs(platform.info<CL_PLATFORM_PROFILE>());
        entry.extensions = splitExtensions(qs(platform.info<CL_PLATFORM_EXTENSIONS>()));
        entry.properties = propertyRows(platform.allInfo());
        const std::vector<engine::Device> devices = platform.devices();
        for (size_t d = 0; d < devices.size(); ++d) {
            if (cancelled && cancelled())
                break;
            DeviceEntry deviceEntry = readDevice(devices[d], characterize);
            deviceEntry.isDefault = defaultDevice && *defaultDevice == devices[d];
            deviceEntry.platformName = entry.name;
            deviceEntry.platformIndex = platformIndex;
            deviceEntry.deviceIndex = int(d);
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

DeviceSnapshot takeDeviceSnapshot(const std::function<bool()>& cancelled, bool characterize) {
    DeviceSnapshot snapshot;
    // The loader first: it says something even where no platform can be listed.
    snapshot.runtime = readRuntimeEntry();
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
    for (size_t p = 0; p < platforms.size(); ++p) {
        if (cancelled && cancelled())
            break;
        snapshot.platforms.append(
            readPlatform(platforms[p], int(p), defaultDevice, cancelled, characterize));
    }
    return snapshot;
}

std::optional<engine::Device> findSnapshotDevice(const DeviceEntry& entry) {
    const std::vector<engine::Platform> platforms = engine::Platform::all();
    if (entry.platformIndex < 0 || size_t(entry.platformIndex) >= platforms.size())
        return std::nullopt;
    const std::vector<engine::Device> devices = platforms[size_t(entry.platformIndex)].devices();
    if (entry.deviceIndex < 0 || size_t(entry.deviceIndex) >= devices.size())
        return std::nullopt;
    const engine::Device& device = devices[size_t(entry.deviceIndex)];
    if (qs(device.name()) != entry.name)
        return std::nullopt; // the devices changed since the snapshot
    return device;
}

} // namespace clw::ui
