#pragma once
// Reads every platform and device through the engine into a DeviceSnapshot. Calls OpenCL: run it
// on a worker thread (EngineBridge), never on the GUI thread.
#include "bridge/DeviceSnapshot.h"

#include "clw/engine/runtime/Device.h"

#include <functional>
#include <optional>

namespace clw::ui {

// The ICD loader's properties and NULL-platform behavior come first (readRuntimeEntry). A
// platform whose devices cannot be read is listed as failed with the ClError's text; the other
// platforms are still read. `cancelled`, when given, is checked between devices: the snapshot is
// then incomplete, which the caller knows since it cancelled. `characterize` also reads each
// device's image formats and characterization (a context and a probe build per device, about
// 0.1 s on PoCL). Throws only when memory runs out and the like; ClErrors end up in the snapshot.
DeviceSnapshot takeDeviceSnapshot(const std::function<bool()>& cancelled = {},
                                  bool characterize = true);

// The device a snapshot entry describes, found again by its indices (on a worker thread: it calls
// OpenCL); nullopt when it is gone or the devices changed.
std::optional<engine::Device> findSnapshotDevice(const DeviceEntry& entry);

// Splits an extension string ("cl_khr_fp64 cl_khr_icd ") into names.
QStringList splitExtensions(const QString& extensions);

} // namespace clw::ui
