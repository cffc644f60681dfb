#pragma once
// An info parameter's value as typed JSON, for `clworkbench devices --json`
// (docs/devices-schema.md): numbers exact, flags and enumerators by name. Qt Core only.
#include "clw/engine/runtime/InfoValue.h"

#include <QJsonValue>

#include <cstdint>

namespace clw::ui {

// The value of a supported parameter by its kind: text as a string, a cl_bool as a boolean,
// counts and sizes as exact numbers (exactUnsigned), a bitfield as an array of flag names (bits
// without a name as "0x..."), an enumeration by name (a number where the value has none), a
// version as {"major", "minor", "patch"}, lists as arrays (of enumerator names where the
// elements are enumerators), name-version lists as [{"name", "version"}], an image format by
// name, cl_khr_pci_bus_info as {"domain", "bus", "device", "function"}, other raw bytes (UUIDs)
// as lowercase hexadecimal, a handle as "0x..." or null. Null for an unsupported parameter.
QJsonValue infoValueJson(const engine::InfoValue& value);

// A JSON number, exact: Qt keeps integers up to 2^63 - 1 exactly in both directions. A value
// above that, which no double or qint64 holds exactly, is its decimal text.
QJsonValue exactUnsigned(std::uint64_t value);

} // namespace clw::ui
