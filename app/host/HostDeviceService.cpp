#include "HostDeviceService.h"

#include "bridge/BenchmarkJson.h"
#include "bridge/DeviceProbe.h"
#include "bridge/DeviceSnapshotJson.h"
#include "bridge/RuntimeProbe.h"

#include "clw/engine/device/DeviceBenchmark.h"
#include "clw/engine/runtime/Platform.h"

#include <stdexcept>

namespace clw::host {

using engine::HostMessage;

HostDeviceService::HostDeviceService(std::string platform)
    : m_platform(std::move(platform)) {}

void HostDeviceService::install(HostServer& server) {
    server.on("devices.snapshot", Lane::Device,
              [this](const HostMessage& request, const RequestContext& context) {
                  return snapshot(request, context);
              });
    // The loader and its NULL-platform behavior as a process with every driver sees them: what
    // the person's own programs get (DeviceHosts::everyDriverHost).
    server.on("devices.runtime", Lane::Device,
              [](const HostMessage& request, const RequestContext&) {
                  return HostMessage::replyTo(request, {{"runtime", ui::readRuntimeEntry()}});
              });
    server.on("devices.bench", Lane::Device,
              [this](const HostMessage& request, const RequestContext& context) {
                  return bench(request, context);
              });
}

HostMessage HostDeviceService::snapshot(const HostMessage& request,
                                        const RequestContext& context) const {
    const ui::DeviceSnapshot snapshot =
        ui::takeDeviceSnapshot([&context] { return context.job().isCancelled(); },
                               request.body.value("characterize", true));
    return HostMessage::replyTo(request, {{"snapshot", snapshot}});
}

HostMessage HostDeviceService::bench(const HostMessage& request,
                                     const RequestContext& context) const {
    const auto& body = request.body;
    ui::DeviceEntry entry;
    entry.platformIndex = body.at("platformIndex");
    entry.deviceIndex = body.at("deviceIndex");
    entry.name = QString::fromStdString(body.at("name").get<std::string>());
    const std::optional<engine::Device> device = ui::findSnapshotDevice(entry);
    if (!device)
        throw std::runtime_error("the device is no longer there: refresh the list");
    // A device of another platform would load that platform's driver here too, and its crash
    // would be blamed on this one.
    if (!m_platform.empty() && device->platform().name() != m_platform)
        throw std::runtime_error("the device host for `" + m_platform + "` does not measure `" +
                                 device->name() + "` of `" + device->platform().name() + "`");
    engine::BenchmarkOptions options;
    options.quick = body.value("quick", false);
    const engine::BenchmarkResult result = engine::runDeviceBenchmarks(
        *device, options,
        [&context](const engine::BenchmarkProgress& progress) {
            context.event(
                {{"done", progress.done}, {"total", progress.total}, {"step", progress.step}});
        },
        [&context] { return context.job().isCancelled(); });
    return HostMessage::replyTo(request, {{"result", QJsonValue(ui::benchmarkToJson(result))}});
}

} // namespace clw::host
