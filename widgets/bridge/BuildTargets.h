#pragma once
// Which devices an editor build is for, and the contexts to build in: resolved on a worker thread
// (never on the GUI thread: it calls OpenCL) and cached, one context per platform and one answer
// per device choice, so that builds as the person types make no OpenCL call before compiling
// (PoCL serialises some queries behind a compilation in progress). Thread-safe.
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Device.h"

#include <QStringList>

#include <map>
#include <mutex>
#include <vector>

namespace clw::ui {

class BuildTargets {
public:
    struct Group {
        engine::Context context;             // over every device of the platform
        std::vector<engine::Device> devices; // the chosen ones
    };

    // names: empty = the default device; {"*"} = every device; else each name picks the first
    // device whose platform or device name contains it. Throws std::runtime_error naming what
    // was not found; never returns an empty list.
    std::vector<Group> resolve(const QStringList& names);

private:
    std::vector<Group> lookUp(const QStringList& names);
    engine::Context contextFor(const engine::Device& device);

    std::mutex m_mutex;
    std::map<cl_platform_id, engine::Context> m_contexts;
    std::map<QStringList, std::vector<Group>> m_answers;
};

} // namespace clw::ui
