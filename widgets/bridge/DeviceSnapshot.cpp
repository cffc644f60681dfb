#include "bridge/DeviceSnapshot.h"

namespace clw::ui {

QString DeviceEntry::property(const QString& name) const {
    for (const DeviceProperty& row : properties) {
        if (row.name == name)
            return row.supported ? row.value : QString();
    }
    return {};
}

int DeviceSnapshot::deviceCount() const {
    int count = 0;
    for (const PlatformEntry& platform : platforms)
        count += int(platform.devices.size());
    return count;
}

const DeviceEntry* DeviceSnapshot::defaultDevice() const {
    for (const PlatformEntry& platform : platforms) {
        for (const DeviceEntry& device : platform.devices) {
            if (device.isDefault)
                return &device;
        }
    }
    return nullptr;
}

QList<DeviceEntry> DeviceSnapshot::allDevices() const {
    QList<DeviceEntry> devices;
    for (const PlatformEntry& platform : platforms)
        devices += platform.devices;
    return devices;
}

} // namespace clw::ui
