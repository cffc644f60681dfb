#pragma once
// The OpenCL runtime as a whole, beside its platforms: the ICD loader's own properties and what
// the loader does with a NULL platform (clinfo's last two sections), as plain values read once on
// a worker thread (RuntimeProbe) and shown by the device browser and the command line. Qt Core
// only.
#include "bridge/DeviceProperty.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace clw::ui {

// One CL_ICDL_* property of the loader (engine::IcdLoaderProperty).
struct IcdLoaderRow {
    QString name;  // "CL_ICDL_NAME"
    QString label; // clinfo's "ICD loader Name"
    QString value; // "OpenCL ICD Loader"; empty when the query failed
    bool supported = true;
    QString error; // the failed query's code name ("CL_INVALID_VALUE"); empty when supported

    // Every field, in order (what a round trip through the device host keeps).
    bool operator==(const IcdLoaderRow&) const = default;
};

// One NULL-platform call (engine::NullPlatformOutcome).
struct NullPlatformRow {
    QString call; // clinfo's label: "clCreateContextFromType(NULL, CL_DEVICE_TYPE_GPU)"
    QString text; // clinfo's words: "Success (1)", "No devices found in platform (...)"
    bool succeeded = false;
    bool attempted = true; // false: no device to make the call with
    int code = 0;          // the CL code, 0 (CL_SUCCESS) on success
    QString codeName;      // "CL_SUCCESS", "CL_DEVICE_NOT_FOUND"
    QString function;      // the C function that answered `code`; empty when not attempted
    QString platformName;  // the platform the loader picked; empty when none
    QString platformSuffix;
    QStringList deviceNames; // the devices it picked

    bool operator==(const NullPlatformRow&) const = default;
};

// The topics of the runtime's property rows.
inline QString icdLoaderTopic() {
    return QStringLiteral("ICD loader");
}
inline QString nullPlatformTopic() {
    return QStringLiteral("NULL platform behavior");
}

struct RuntimeEntry {
    // False where nobody read the runtime (a snapshot made by hand): nothing to show then.
    bool probed = false;
    // Whether the loader has clGetICDLoaderInfoOCLICD; icdLoader is empty when it has not.
    bool icdLoaderAvailable = false;
    QList<IcdLoaderRow> icdLoader; // name, vendor, version, profile (clinfo's order)
    QList<NullPlatformRow> nullPlatform;
    // Why the platforms could not all be listed to tell which one a NULL call picked.
    QString listingError;

    // A loader property's value, empty when absent or failed.
    QString icdLoaderValue(const QString& name) const;
    // "OpenCL ICD Loader 2.3.1 (OpenCL 3.0)", or "not supported by this ICD loader".
    QString summary() const;
    // Rows for the device browser's property tree: topic "ICD loader", then topic "NULL platform
    // behavior" (named by the call, valued by its outcome with the names picked, raw value the
    // code's name).
    QList<DeviceProperty> properties() const;

    bool operator==(const RuntimeEntry&) const = default;
};

} // namespace clw::ui
