#pragma once
// Reads every platform and device through the engine into a DeviceSnapshot. Calls OpenCL: run it
// on a worker thread (EngineBridge), never on the GUI thread.
#include "bridge/DeviceSnapshot.h"

#include <functional>

namespace clw::ui {

// A platform whose devices cannot be read is listed as failed with the ClError's text; the other
// platforms are still read. `cancelled`, when given, is checked between devices: the snapshot is
// then incomplete, which the caller knows since it cancelled. Throws only when memory runs out
// and the like; ClErrors end up in the snapshot.
DeviceSnapshot takeDeviceSnapshot(const std::function<bool()>& cancelled = {});

// Splits an extension string ("cl_khr_fp64 cl_khr_icd ") into names.
QStringList splitExtensions(const QString& extensions);

} // namespace clw::ui
