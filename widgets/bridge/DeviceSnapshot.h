#pragma once
// Every platform and device as plain values, read once on a worker thread (DeviceProbe) and then
// shown by the GUI and the command line without touching OpenCL again. Qt Core only.
#include <QList>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace clw::ui {

// One row of Device::allInfo(), formatted with formatInfoValue.
struct DeviceProperty {
    QString name;  // "CL_DEVICE_MAX_COMPUTE_UNITS"
    QString value; // "4", "2 GiB", "unsupported (CL_INVALID_VALUE)"
    bool supported = true;
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
    QList<DeviceProperty> properties; // every row of the device info table, in table order
    bool isDefault = false;           // what engine::defaultDevice() picks

    // The property's formatted value, or an empty string when absent or unsupported.
    QString property(const QString& name) const;
};

struct PlatformEntry {
    QString name;
    QString vendor;
    QString version;
    QString profile;
    QStringList extensions;
    QList<DeviceEntry> devices;
    // Set when the platform's devices could not be read (a ClError); devices read before the
    // failure stay listed.
    QString error;

    bool failed() const { return !error.isEmpty(); }
};

struct DeviceSnapshot {
    QList<PlatformEntry> platforms;
    // Set when the platforms themselves could not be listed.
    QString error;

    int deviceCount() const;
    // The default device, or nullptr when there is none.
    const DeviceEntry* defaultDevice() const;
};

} // namespace clw::ui
