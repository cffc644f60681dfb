#include "bridge/BuildTargets.h"

#include "clw/engine/runtime/DeviceSelection.h"
#include "clw/engine/runtime/Platform.h"

#include <algorithm>
#include <stdexcept>

namespace clw::ui {

// Called with m_mutex held.
engine::Context BuildTargets::contextFor(const engine::Device& device) {
    const engine::Platform platform = device.platform();
    auto it = m_contexts.find(platform.get());
    if (it == m_contexts.end()) {
        std::vector<engine::Device> all;
        for (const engine::Device& candidate : engine::allDevices())
            if (candidate.platform().get() == platform.get())
                all.push_back(candidate);
        it = m_contexts.emplace(platform.get(), engine::Context(all)).first;
    }
    return it->second;
}

std::vector<BuildTargets::Group> BuildTargets::resolve(const QStringList& names) {
    std::lock_guard lock(m_mutex);
    auto it = m_answers.find(names);
    if (it == m_answers.end())
        it = m_answers.emplace(names, lookUp(names)).first; // a throw caches nothing
    return it->second;
}

std::vector<BuildTargets::Group> BuildTargets::lookUp(const QStringList& names) {
    std::vector<engine::Device> devices;
    if (names.isEmpty()) {
        if (auto device = engine::defaultDevice())
            devices.push_back(*device);
    } else if (names == QStringList{QStringLiteral("*")}) {
        devices = engine::allDevices();
    } else {
        for (const QString& name : names) {
            auto device = engine::findDevice(name.toStdString());
            if (!device)
                throw std::runtime_error("no OpenCL device matches \"" + name.toStdString() +
                                         "\": choose another in the build panel");
            if (std::find(devices.begin(), devices.end(), *device) == devices.end())
                devices.push_back(*device);
        }
    }
    if (devices.empty())
        throw std::runtime_error("no OpenCL device found: run scripts/setup to install PoCL");

    std::vector<Group> groups;
    for (const engine::Device& device : devices) {
        engine::Context context = contextFor(device);
        auto group = std::find_if(groups.begin(), groups.end(),
                                  [&](const Group& g) { return g.context == context; });
        if (group == groups.end())
            groups.push_back({context, {device}});
        else
            group->devices.push_back(device);
    }
    return groups;
}

} // namespace clw::ui
