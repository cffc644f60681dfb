#pragma once
// The clworkbench.devices JSON schema, version 2 (docs/devices-schema.md).
#include "bridge/DeviceSnapshot.h"

#include <QJsonObject>

namespace clw::app {

inline constexpr int kDevicesSchemaVersion = 2;

QJsonObject devicesToJson(const ui::DeviceSnapshot& snapshot);

} // namespace clw::app
