#pragma once
// Every platform and device as plain values, read once on a worker thread (DeviceProbe) and then
// shown by the GUI and the command line without touching OpenCL again. Qt Core only.
#include "bridge/DeviceProperty.h"
#include "bridge/RuntimeEntry.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace clw::ui {

// The topic of the image format rows among a device's properties.
inline QString imageFormatsTopic() {
    return QStringLiteral("Supported image formats");
}

// One item of the engine's characterization (engine::Characterization).
struct CharacterizationRow {
    QString key;   // "simd_group_size"
    QString label; // "SIMD group size (warp, wavefront)"
    QString value;
    QString note; // a guess, or why there is no value

    // Every field, in order (what a round trip through the device host keeps).
    bool operator==(const CharacterizationRow&) const = default;
};

struct DeviceEntry {
    QString name;
    QString vendor;
    QString typeName; // "CPU", "GPU", "CPU|Accelerator"
    std::uint64_t typeBits = 0;
    QString version;
    QString driverVersion;
    QString openclCVersion; // empty when the device does not say
    QString profile;
    std::uint32_t maxComputeUnits = 0;
    std::uint32_t maxClockFrequencyMHz = 0;
    std::uint64_t globalMemBytes = 0;
    std::uint64_t localMemBytes = 0;
    std::uint64_t maxMemAllocBytes = 0;
    std::uint64_t maxWorkGroupSize = 0;
    QList<std::uint64_t> maxWorkItemSizes;
    QStringList extensions;
    // Every row of the device info table, grouped by topic in engine::infoTopics() order (table
    // order within a topic), then the supported image formats (topic "Supported image formats").
    QList<DeviceProperty> properties;
    QList<CharacterizationRow> characterization;
    // Why the characterization or the image formats could not be read; empty when they were.
    QString characterizationError;
    bool isDefault = false; // what engine::defaultDevice() picks
    QString platformName;
    // Where the device is: Platform::all()[platformIndex].devices()[deviceIndex]; a worker finds
    // the device again from these (and checks the name).
    int platformIndex = -1;
    int deviceIndex = -1;

    // The property's formatted value, or an empty string when absent or unsupported.
    QString property(const QString& name) const;

    bool operator==(const DeviceEntry&) const = default;
};

struct PlatformEntry {
    QString name;
    QString vendor;
    QString version;
    QString profile;
    QStringList extensions;
    QList<DeviceProperty> properties; // every row of the platform info table
    QList<DeviceEntry> devices;
    // Set when the platform's devices could not be read (a ClError); devices read before the
    // failure stay listed.
    QString error;

    bool failed() const { return !error.isEmpty(); }

    bool operator==(const PlatformEntry&) const = default;
};

struct DeviceSnapshot {
    // The ICD loader and its NULL-platform behavior, read before the platforms.
    RuntimeEntry runtime;
    QList<PlatformEntry> platforms;
    // Set when the platforms themselves could not be listed.
    QString error;

    int deviceCount() const;
    // The default device, or nullptr when there is none.
    const DeviceEntry* defaultDevice() const;
    // Every device of every platform, in order.
    QList<DeviceEntry> allDevices() const;

    bool operator==(const DeviceSnapshot&) const = default;
};

} // namespace clw::ui
