#include "bridge/RuntimeEntry.h"

#include "clw/engine/device/IcdLoaderInfo.h"

namespace clw::ui {

namespace {

// What each NULL-platform call asks the loader, for the row's tooltip.
QString callMeaning(const NullPlatformRow& row) {
    if (row.call.startsWith(QLatin1String("clGetPlatformInfo")))
        return QStringLiteral("The name of the platform the ICD loader takes when asked about "
                              "no platform at all.");
    if (row.call.startsWith(QLatin1String("clGetDeviceIDs")))
        return QStringLiteral("The devices (and their platform) the ICD loader lists when asked "
                              "for the devices of no platform.");
    if (row.call.startsWith(QLatin1String("clCreateContextFromType")))
        return QStringLiteral("Whether a context of this device type can be created without "
                              "naming a platform, and on which platform and devices.");
    if (row.call.endsWith(QLatin1String("[other]")))
        return QStringLiteral("Whether a context without platform properties can be created on "
                              "a device of a platform other than the default one.");
    return QStringLiteral("Whether a context without platform properties can be created on the "
                          "first device of the default platform.");
}

// "Success (1): Portable Computing Language / pthread-..." where the loader picked something.
QString outcomeValue(const NullPlatformRow& row) {
    if (!row.succeeded || row.call.startsWith(QLatin1String("clGetPlatformInfo")) ||
        row.platformName.isEmpty())
        return row.text;
    QString value = row.text + QStringLiteral(": ") + row.platformName;
    if (!row.deviceNames.isEmpty())
        value += QStringLiteral(" / ") + row.deviceNames.join(QStringLiteral(", "));
    return value;
}

} // namespace

QString RuntimeEntry::icdLoaderValue(const QString& name) const {
    for (const IcdLoaderRow& row : icdLoader)
        if (row.name == name && row.supported)
            return row.value;
    return {};
}

QString RuntimeEntry::summary() const {
    if (!icdLoaderAvailable)
        return QString::fromUtf8(engine::kIcdLoaderNotSupported);
    QString text = QStringList{icdLoaderValue(QStringLiteral("CL_ICDL_NAME")),
                               icdLoaderValue(QStringLiteral("CL_ICDL_VERSION"))}
                       .join(QLatin1Char(' '))
                       .trimmed();
    const QString profile = icdLoaderValue(QStringLiteral("CL_ICDL_OCL_VERSION"));
    if (!profile.isEmpty())
        text += QStringLiteral(" (%1)").arg(profile);
    return text.trimmed();
}

QList<DeviceProperty> RuntimeEntry::properties() const {
    QList<DeviceProperty> rows;
    const QString loader = icdLoaderTopic();
    if (!icdLoaderAvailable) {
        rows.append({QStringLiteral("clGetICDLoaderInfoOCLICD"),
                     QString::fromUtf8(engine::kIcdLoaderNotSupported), false, loader,
                     QStringLiteral("The ICD loader has no clGetICDLoaderInfoOCLICD (an ocl-icd "
                                    "query): its name, vendor and version are not known."),
                     QString()});
    }
    for (const IcdLoaderRow& row : icdLoader) {
        rows.append({row.name,
                     row.supported ? row.value : QStringLiteral("unsupported (%1)").arg(row.error),
                     row.supported, loader,
                     QStringLiteral("%1 (clGetICDLoaderInfoOCLICD)").arg(row.label),
                     row.supported ? row.value : row.error});
    }
    const QString null = nullPlatformTopic();
    for (const NullPlatformRow& row : nullPlatform) {
        QString description = callMeaning(row);
        if (!row.attempted)
            description += QStringLiteral(" Not attempted: there was no device to use.");
        else if (!row.succeeded)
            description += QStringLiteral(" %1 answered %2.").arg(row.function, row.codeName);
        rows.append({row.call, outcomeValue(row), row.succeeded, null, description, row.codeName});
    }
    if (!listingError.isEmpty())
        rows.append({QStringLiteral("Platform listing"), listingError, false, null,
                     QStringLiteral("The platforms or their devices could not all be listed, so "
                                    "which one a NULL call picked may be unknown."),
                     QString()});
    return rows;
}

} // namespace clw::ui
