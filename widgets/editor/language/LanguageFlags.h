#pragma once
// The compile command the language service reads a file with: OpenCL C as the session builds it
// (its -D, -U, -I, -cl-std and math options, the main file's folder) and as the chosen device
// offers it (its OpenCL C version and extensions).
#include <QString>
#include <QStringList>

namespace clw::ui {

struct DeviceSnapshot;

struct LanguageDevice {
    QString
        openclCVersion; // as CL_DEVICE_OPENCL_C_VERSION says it ("OpenCL C 1.2 pocl"); may be empty
    QStringList extensions; // empty: every extension the compiler knows
    friend bool operator==(const LanguageDevice&, const LanguageDevice&) = default;
};

class LanguageFlags {
public:
    // The arguments (the compiler first, the file last) for `file`, a kernel or header of a
    // session built with `buildOptions`, whose includes are searched in `includeDirs`.
    static QStringList command(const QString& file, const QString& buildOptions,
                               const QStringList& includeDirs, const LanguageDevice& device);
    // The -cl-std a build uses when its options name none: OpenCL C 1.2 (the OpenCL
    // specification's default), or the device's own version when that is older.
    static QString defaultStandard(const LanguageDevice& device);
    // The device named `chosen` in the snapshot (the default device when empty or not listed).
    static LanguageDevice deviceOf(const DeviceSnapshot& snapshot, const QString& chosen);
};

} // namespace clw::ui
