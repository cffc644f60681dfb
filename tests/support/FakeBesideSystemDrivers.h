#pragma once
// A vendors folder that holds the system's OpenCL drivers (OCL_ICD_VENDORS, else
// OPENCL_VENDOR_PATH, else /etc/OpenCL/vendors, as the loader reads them) and the fake driver of
// tests/fakecl beside them: a driver that crashes while the loader loads it must leave the
// others' devices listed and working (issue 17).
#include "bridge/DeviceHosts.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QTemporaryDir>

// Fills `folder` and returns an environment whose hosts see it, with the fake driver failing as
// `fault` says; an empty environment when the folder could not be filled.
inline QProcessEnvironment fakeBesideSystemDrivers(const QTemporaryDir& folder,
                                                   const QString& fault) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QString system = environment.value(QStringLiteral("OCL_ICD_VENDORS"));
    if (system.isEmpty() || !QFileInfo(system).isDir())
        system = environment.value(QStringLiteral("OPENCL_VENDOR_PATH"),
                                   QStringLiteral("/etc/OpenCL/vendors"));
    const QDir source(system);
    for (const QString& name : source.entryList({QStringLiteral("*.icd")}, QDir::Files))
        if (!QFile::copy(source.filePath(name), folder.filePath(name)))
            return {};
    if (!QFile::copy(QStringLiteral(CLW_FAKE_ICD_VENDORS "clw_fake.icd"),
                     folder.filePath(QStringLiteral("clw_fake.icd"))))
        return {};
    environment.insert(QStringLiteral("OCL_ICD_VENDORS"), folder.path() + QLatin1Char('/'));
    environment.insert(QStringLiteral("CLW_FAKE_CL_FAULT"), fault);
    return environment;
}

// `hosts` with the system's drivers and the fake one beside them, which aborts while the loader
// loads it (in clIcdGetPlatformIDsKHR); false when `folder` could not be filled.
inline bool useFakeThatAbortsAtLoad(clw::ui::DeviceHosts& hosts, const QTemporaryDir& folder) {
    const QProcessEnvironment environment =
        fakeBesideSystemDrivers(folder, QStringLiteral("clIcdGetPlatformIDsKHR:abort"));
    if (environment.isEmpty())
        return false;
    hosts.setEnvironment(environment);
    return true;
}
