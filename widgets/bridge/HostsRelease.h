#pragma once
// Device hosts let go on a bridge worker, not on the GUI thread: the last reference to them
// closes each host's channel and waits for the host and its I/O thread to end, tens of
// milliseconds the GUI would freeze for.
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"

#include <memory>

namespace clw::ui {

inline void releaseOnWorker(EngineBridge& bridge, std::shared_ptr<DeviceHosts> hosts) {
    auto held = std::make_shared<std::shared_ptr<DeviceHosts>>(std::move(hosts));
    bridge.run(
        nullptr, [held](const JobContext&) { held->reset(); }, [](JobResult<Done>) {});
}

} // namespace clw::ui
