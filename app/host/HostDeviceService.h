#pragma once
// The device browser's work in the device host (DESIGN.md §2a): reading every platform and device
// (the listing host) and measuring a device's peaks (the host of its platform), with the same code
// the workbench ran in its own process before (bridge/DeviceProbe, engine::runDeviceBenchmarks).
// Both run on the host's device lane, so that a benchmark of minutes holds up no session.
#include "HostServer.h"

#include <string>

namespace clw::host {

class HostDeviceService {
public:
    // `platform`: the only platform whose devices this host measures; empty for every platform.
    explicit HostDeviceService(std::string platform);

    // devices.snapshot {characterize} -> {snapshot}: every platform and device (DeviceSnapshot);
    // a cancel ends it between devices.
    // devices.bench {platformIndex, deviceIndex, name, quick} -> {result}: the benchmark result
    // as benchmarkToJson writes it, cancelled ones included with the figures measured before;
    // a progress event {done, total, step} before each step.
    void install(HostServer& server);

private:
    engine::HostMessage snapshot(const engine::HostMessage& request,
                                 const RequestContext& context) const;
    engine::HostMessage bench(const engine::HostMessage& request,
                              const RequestContext& context) const;

    std::string m_platform;
};

} // namespace clw::host
