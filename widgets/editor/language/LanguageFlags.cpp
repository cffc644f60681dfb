#include "editor/language/LanguageFlags.h"

#include "bridge/DeviceSnapshot.h"

#include <clw/engine/launch/PreprocessorOptions.h>

#include <QDir>
#include <QRegularExpression>

namespace clw::ui {

LanguageDevice LanguageFlags::deviceOf(const DeviceSnapshot& snapshot, const QString& chosen) {
    const DeviceEntry* used = snapshot.defaultDevice();
    for (const PlatformEntry& platform : snapshot.platforms)
        for (const DeviceEntry& device : platform.devices)
            if (!chosen.isEmpty() && device.name == chosen)
                used = &device;
    return used ? LanguageDevice{used->openclCVersion, used->extensions} : LanguageDevice{};
}

QString LanguageFlags::defaultStandard(const LanguageDevice& device) {
    static const QRegularExpression version(QStringLiteral("OpenCL C (\\d+)\\.(\\d+)"));
    const QRegularExpressionMatch match = version.match(device.openclCVersion);
    if (match.hasMatch()) {
        const int number = match.captured(1).toInt() * 10 + match.captured(2).toInt();
        if (number < 12)
            return QStringLiteral("CL%1.%2").arg(match.captured(1), match.captured(2));
    }
    return QStringLiteral("CL1.2");
}

QStringList LanguageFlags::command(const QString& file, const QString& buildOptions,
                                   const QStringList& includeDirs, const LanguageDevice& device) {
    const engine::PreprocessorOptions options =
        engine::PreprocessorOptions::fromBuildOptions(buildOptions.toStdString());
    // clangd's own driver name; -x cl reads headers (.h) as OpenCL C too. Every built-in is
    // declared from opencl-c.h rather than on demand (clang's default), so that completion
    // offers them.
    QStringList arguments = {QStringLiteral("clang"), QStringLiteral("-xcl"),
                             QStringLiteral("-cl-no-stdinc"), QStringLiteral("-include"),
                             QStringLiteral("opencl-c.h")};
    static const QRegularExpression standard(QStringLiteral("(^|\\s)-cl-std=(CL[0-9.]+)"));
    const QRegularExpressionMatch named = standard.match(buildOptions);
    arguments.append(QStringLiteral("-cl-std=") +
                     (named.hasMatch() ? named.captured(2) : defaultStandard(device)));
    if (options.fastRelaxedMath)
        arguments.append(QStringLiteral("-cl-fast-relaxed-math"));
    if (!device.extensions.isEmpty()) {
        // The optional extensions as the device offers them: a kernel that needs cl_khr_fp64 on
        // a device without it is flagged as the device's compiler would.
        static const QStringList optional = {QStringLiteral("cl_khr_fp64"),
                                             QStringLiteral("cl_khr_fp16"),
                                             QStringLiteral("cl_khr_int64_base_atomics"),
                                             QStringLiteral("cl_khr_int64_extended_atomics"),
                                             QStringLiteral("cl_khr_3d_image_writes"),
                                             QStringLiteral("cl_khr_subgroups"),
                                             QStringLiteral("cl_khr_depth_images"),
                                             QStringLiteral("cl_khr_mipmap_image")};
        QStringList toggles;
        for (const QString& extension : optional)
            toggles.append(
                (device.extensions.contains(extension) ? QLatin1Char('+') : QLatin1Char('-')) +
                extension);
        arguments.append({QStringLiteral("-Xclang"),
                          QStringLiteral("-cl-ext=") + toggles.join(QLatin1Char(','))});
    }
    for (const auto& [name, value] : options.defines)
        arguments.append(QStringLiteral("-D%1=%2").arg(QString::fromStdString(name),
                                                       QString::fromStdString(value)));
    for (const std::string& name : options.undefines)
        arguments.append(QStringLiteral("-U") + QString::fromStdString(name));
    for (const std::string& dir : options.includeDirs)
        arguments.append(QStringLiteral("-I") + QString::fromStdString(dir));
    for (const QString& dir : includeDirs)
        arguments.append(QStringLiteral("-I") + QDir::cleanPath(dir));
    arguments.append(file);
    return arguments;
}

} // namespace clw::ui
