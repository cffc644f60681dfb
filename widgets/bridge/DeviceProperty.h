#pragma once
// One property row of the device browser and of `clworkbench devices`. Qt Core only.
#include <QString>

namespace clw::ui {

// One row of Device::allInfo() (or Platform::allInfo()), formatted with formatInfoValue; also
// the supported image formats, one row per access flag and image type, and the OpenCL runtime's
// rows (RuntimeEntry::properties).
struct DeviceProperty {
    QString name;  // "CL_DEVICE_MAX_COMPUTE_UNITS"
    QString value; // "4", "2 GiB", "unsupported (CL_INVALID_VALUE)"
    bool supported = true;
    QString topic;       // "Compute", "Global memory", ... (engine::infoTopic)
    QString description; // what the parameter means, with its unit
    QString raw;         // engine::rawInfoValue: "2147483648", "0x3f", "CL_TRUE"
};

} // namespace clw::ui
