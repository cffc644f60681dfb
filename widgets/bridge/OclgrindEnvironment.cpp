#include "bridge/OclgrindEnvironment.h"

#include "clw/engine/debug/OclgrindRegistration.h"

#include <QDebug>

namespace clw::ui {

engine::OclgrindRegistration::Lookup variablesOf(const QProcessEnvironment& environment) {
    return [environment](const char* name) -> std::optional<std::string> {
        const QString key = QString::fromLatin1(name);
        if (!environment.contains(key))
            return std::nullopt;
        return environment.value(key).toStdString();
    };
}

QProcessEnvironment withOclgrind(QProcessEnvironment environment) {
    const auto registration = engine::OclgrindRegistration::prepare(variablesOf(environment));
    if (!registration.problem.empty())
        qWarning().noquote() << QString::fromStdString(registration.problem);
    if (!registration.vendors.empty())
        environment.insert(QStringLiteral("OCL_ICD_VENDORS"),
                           QString::fromStdString(registration.vendors));
    return environment;
}

} // namespace clw::ui
