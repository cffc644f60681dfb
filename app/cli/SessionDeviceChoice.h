#pragma once
// How `clworkbench run` picks its device, in its own process or through a device host
// (--isolate): --device NAME, else the first of the session's devices present, else the default
// device. `find(name)` looks a name up (an empty name: the default device) and gives nullopt when
// there is none; nullopt comes back with `problem` saying what to do.
#include "clw/engine/session/Session.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <string>

namespace clw::app {

template <class Find>
auto chooseSessionDevice(const QString& wanted, const engine::Session& session, Find find,
                         QString& problem) -> decltype(find(std::string())) {
    if (!wanted.isEmpty()) {
        auto found = find(wanted.toStdString());
        if (!found)
            problem = QStringLiteral("no OpenCL device matching '%1'; `clworkbench devices` "
                                     "lists them")
                          .arg(wanted);
        return found;
    }
    for (const std::string& name : session.devices)
        if (auto found = find(name))
            return found;
    if (!session.devices.empty()) {
        QStringList names;
        for (const std::string& name : session.devices)
            names << QString::fromStdString(name);
        problem = QStringLiteral("none of the session's devices (%1) is here; pick one with "
                                 "--device NAME (`clworkbench devices` lists them)")
                      .arg(names.join(QStringLiteral(", ")));
        return std::nullopt;
    }
    auto found = find(std::string());
    if (!found)
        problem = QStringLiteral("no OpenCL device found; install a driver (PoCL runs on the CPU)");
    return found;
}

} // namespace clw::app
