#include "bridge/DriverEnvironments.h"

#include "bridge/OclgrindEnvironment.h"

#include "clw/engine/runtime/DriverFolders.h"

#include <QDebug>

namespace clw::ui {

std::vector<DriverEnvironment> driverEnvironments(const QProcessEnvironment& environment) {
    const QProcessEnvironment all = withOclgrind(environment);
    const engine::DriverFolders folders = engine::DriverFolders::prepare(variablesOf(all));
    if (!folders.problem.empty())
        qWarning().noquote() << QString::fromStdString(folders.problem);
    std::vector<DriverEnvironment> drivers;
    for (const engine::DriverFolder& folder : folders.drivers) {
        QProcessEnvironment alone = all;
        alone.insert(QStringLiteral("OCL_ICD_VENDORS"), QString::fromStdString(folder.vendors));
        // The Khronos loader adds these to the folder's drivers; each is a driver of its own here.
        alone.remove(QStringLiteral("OCL_ICD_FILENAMES"));
        drivers.push_back({folder.name, folder.library, std::move(alone)});
    }
    if (drivers.empty())
        drivers.push_back({{}, {}, all});
    return drivers;
}

} // namespace clw::ui
