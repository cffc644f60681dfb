#pragma once
// One property row of the device browser and of `clworkbench devices`. Qt Core only.
#include <QJsonValue>
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
    // infoValueJson: 2147483648, ["CL_FP_DENORM"], true; null where the row is no info parameter
    // (image formats, the runtime's rows) or is unsupported.
    QJsonValue typed;
    QString unit; // the table row's unit: "bytes", "MHz", ... or empty

    // Every field, in order (what a round trip through the device host keeps).
    bool operator==(const DeviceProperty&) const = default;
};

} // namespace clw::ui
