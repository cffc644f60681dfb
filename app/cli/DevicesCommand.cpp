#include "cli/DevicesCommand.h"

#include "bridge/DeviceProbe.h"
#include "cli/DevicesJson.h"
#include "cli/Usage.h"
#include "models/Formatting.h"

#include <QJsonDocument>

#include <exception>

namespace clw::app {

namespace {

using ui::DeviceEntry;
using ui::DeviceSnapshot;
using ui::PlatformEntry;

void row(QTextStream& out, int indent, const QString& label, const QString& value) {
    out << QString(indent, QLatin1Char(' ')) << (label + QLatin1Char(':')).leftJustified(24)
        << value << '\n';
}

QString bytes(std::uint64_t value) {
    return QStringLiteral("%1 (%2 bytes)").arg(ui::formatBytes(value)).arg(value);
}

// Every property under its topic, the value in human units and the raw value where it differs.
void printProperties(QTextStream& out, const QList<ui::DeviceProperty>& properties) {
    QString topic;
    for (const ui::DeviceProperty& property : properties) {
        if (property.topic != topic) {
            topic = property.topic;
            out << "    " << topic << ":\n";
        }
        out << "      " << property.name.leftJustified(48) << ' ' << property.value;
        if (property.supported && !property.raw.isEmpty() && property.raw != property.value &&
            !property.raw.contains(QLatin1Char('\n')))
            out << "  [" << property.raw << ']';
        out << '\n';
    }
}

void printDevice(QTextStream& out, int index, const DeviceEntry& device, bool all) {
    out << "  Device " << index << ": " << device.name << (device.isDefault ? " [default]" : "")
        << '\n';
    row(out, 4, QStringLiteral("Vendor"), device.vendor);
    row(out, 4, QStringLiteral("Type"), device.typeName);
    row(out, 4, QStringLiteral("Version"), device.version);
    row(out, 4, QStringLiteral("Driver version"), device.driverVersion);
    row(out, 4, QStringLiteral("OpenCL C version"), device.openclCVersion);
    row(out, 4, QStringLiteral("Profile"), device.profile);
    row(out, 4, QStringLiteral("Compute units"), QString::number(device.maxComputeUnits));
    row(out, 4, QStringLiteral("Max clock"),
        QStringLiteral("%1 MHz").arg(device.maxClockFrequencyMHz));
    row(out, 4, QStringLiteral("Global memory"), bytes(device.globalMemBytes));
    row(out, 4, QStringLiteral("Local memory"), bytes(device.localMemBytes));
    row(out, 4, QStringLiteral("Max allocation"), bytes(device.maxMemAllocBytes));
    row(out, 4, QStringLiteral("Max work-group size"), QString::number(device.maxWorkGroupSize));
    QStringList sizes;
    for (std::uint64_t size : device.maxWorkItemSizes)
        sizes << QString::number(size);
    row(out, 4, QStringLiteral("Max work-item sizes"), sizes.join(QStringLiteral(" x ")));
    row(out, 4, QStringLiteral("Extensions"), QString::number(device.extensions.size()));
    out << "    Characterization:\n";
    if (!device.characterizationError.isEmpty())
        out << "      (not available: " << device.characterizationError << ")\n";
    for (const ui::CharacterizationRow& item : device.characterization) {
        out << "      " << (item.label + QLatin1Char(':')).leftJustified(46) << ' ' << item.value;
        // Long notes (conflict explanations) only with --all.
        if (!item.note.isEmpty() && (all || item.note.size() <= 80))
            out << "  (" << item.note << ')';
        out << '\n';
    }
    if (!all)
        return;
    printProperties(out, device.properties);
}

// A clinfo-style line: the label padded to a column, then the value.
void clinfoLine(QTextStream& out, int indent, const QString& label, const QString& value) {
    out << QString(indent, QLatin1Char(' ')) << label.leftJustified(54 - indent) << "  " << value
        << '\n';
}

// clinfo's last two sections, in its order and with its labels, so that both can be compared.
void printRuntime(QTextStream& out, const ui::RuntimeEntry& runtime) {
    out << "NULL platform behavior\n";
    for (const ui::NullPlatformRow& row : runtime.nullPlatform) {
        clinfoLine(out, 2, row.call, row.text);
        // What clCreateContextFromType picked, as clinfo names it (the JSON has every call's).
        if (!row.succeeded || !row.call.startsWith(QLatin1String("clCreateContextFromType")))
            continue;
        clinfoLine(out, 4, QStringLiteral("Platform Name"), row.platformName);
        for (const QString& device : row.deviceNames)
            clinfoLine(out, 4, QStringLiteral("Device Name"), device);
    }
    if (!runtime.listingError.isEmpty())
        clinfoLine(out, 2, QStringLiteral("(platform listing failed)"), runtime.listingError);
    out << "\nICD loader properties\n";
    if (!runtime.icdLoaderAvailable)
        clinfoLine(out, 2, QStringLiteral("ICD loader"), runtime.summary());
    for (const ui::IcdLoaderRow& row : runtime.icdLoader)
        clinfoLine(out, 2, row.label,
                   row.supported ? row.value : QStringLiteral("unsupported (%1)").arg(row.error));
    out << '\n';
}

void printText(QTextStream& out, const DeviceSnapshot& snapshot, bool all) {
    if (snapshot.platforms.isEmpty())
        out << "No OpenCL platform found. Run scripts/setup to install PoCL (pocl-opencl-icd).\n";
    for (int p = 0; p < snapshot.platforms.size(); ++p) {
        const PlatformEntry& platform = snapshot.platforms[p];
        out << "Platform " << p << ": " << platform.name << '\n';
        row(out, 2, QStringLiteral("Vendor"), platform.vendor);
        row(out, 2, QStringLiteral("Version"), platform.version);
        row(out, 2, QStringLiteral("Profile"), platform.profile);
        row(out, 2, QStringLiteral("Extensions"), QString::number(platform.extensions.size()));
        if (all)
            printProperties(out, platform.properties);
        if (platform.failed())
            row(out, 2, QStringLiteral("Error"), platform.error);
        else if (platform.devices.isEmpty())
            out << "  (no devices)\n";
        for (int d = 0; d < platform.devices.size(); ++d)
            printDevice(out, d, platform.devices[d], all);
        out << '\n';
    }
    if (snapshot.runtime.probed)
        printRuntime(out, snapshot.runtime);
}

} // namespace

int runDevicesCommand(const QStringList& options, QTextStream& out, QTextStream& err) {
    bool json = false;
    bool all = false;
    for (const QString& option : options) {
        if (option == QLatin1String("--json")) {
            json = true;
        } else if (option == QLatin1String("--all")) {
            all = true;
        } else {
            err << "clworkbench devices: unknown option '" << option
                << "' (see clworkbench --help)\n";
            return kExitUsage;
        }
    }
    DeviceSnapshot snapshot;
    try {
        snapshot = ui::takeDeviceSnapshot(); // OpenCL errors are in the snapshot, per platform
    } catch (const std::exception& error) {
        err << "clworkbench devices: reading the devices failed: " << error.what() << '\n';
        return kExitFailure;
    }
    if (json) {
        out << QJsonDocument(devicesToJson(snapshot)).toJson(QJsonDocument::Indented);
    } else {
        printText(out, snapshot, all);
    }
    if (!snapshot.error.isEmpty()) {
        err << "clworkbench devices: could not list the OpenCL platforms: " << snapshot.error
            << '\n';
        return kExitFailure;
    }
    return kExitOk;
}

} // namespace clw::app
