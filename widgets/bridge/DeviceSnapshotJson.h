#pragma once
// A DeviceSnapshot as JSON for the device host protocol (DESIGN.md §2a): the listing host reads
// the devices and the workbench shows them. Every field of every value travels, so that what the
// workbench shows is what the host read; from_json throws nlohmann's errors on a missing or
// mistyped field rather than guessing. Qt Core only.
#include "bridge/DeviceSnapshot.h"

#include <nlohmann/json.hpp>

#include <QJsonValue>

QT_BEGIN_NAMESPACE
// Exact: integers stay integers (a 64-bit size keeps every digit), doubles stay doubles.
void to_json(nlohmann::json& json, const QJsonValue& value);
void from_json(const nlohmann::json& json, QJsonValue& value);
QT_END_NAMESPACE

namespace clw::ui {
void to_json(nlohmann::json& json, const DeviceProperty& property);
void from_json(const nlohmann::json& json, DeviceProperty& property);
void to_json(nlohmann::json& json, const IcdLoaderRow& row);
void from_json(const nlohmann::json& json, IcdLoaderRow& row);
void to_json(nlohmann::json& json, const NullPlatformRow& row);
void from_json(const nlohmann::json& json, NullPlatformRow& row);
void to_json(nlohmann::json& json, const RuntimeEntry& runtime);
void from_json(const nlohmann::json& json, RuntimeEntry& runtime);
void to_json(nlohmann::json& json, const CharacterizationRow& row);
void from_json(const nlohmann::json& json, CharacterizationRow& row);
void to_json(nlohmann::json& json, const DeviceEntry& device);
void from_json(const nlohmann::json& json, DeviceEntry& device);
void to_json(nlohmann::json& json, const PlatformEntry& platform);
void from_json(const nlohmann::json& json, PlatformEntry& platform);
void to_json(nlohmann::json& json, const DeviceSnapshot& snapshot);
void from_json(const nlohmann::json& json, DeviceSnapshot& snapshot);
} // namespace clw::ui
