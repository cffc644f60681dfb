#pragma once
// One device's properties, characterization and benchmark figures as Markdown or JSON (the device
// browser's Export), the same for the OpenCL runtime's rows, and property rows as tab-separated
// text (its Copy). Qt Core only.
#include "bridge/DeviceSnapshot.h"

#include "clw/engine/device/DeviceBenchmark.h"

#include <QJsonObject>
#include <QString>

namespace clw::ui {

inline constexpr int kDeviceExportSchemaVersion = 1;
inline constexpr int kRuntimeExportSchemaVersion = 1;

// Schema clworkbench.device, version 1: name, platform, properties (name, topic, value, raw,
// supported), characterization (key, label, value, note) and, when given, benchmark (the
// clworkbench.bench object).
QJsonObject deviceExportJson(const DeviceEntry& device,
                             const engine::BenchmarkResult* benchmark = nullptr);
// A Markdown document: a table per topic, the characterization, the benchmark figures.
QString deviceExportMarkdown(const DeviceEntry& device,
                             const engine::BenchmarkResult* benchmark = nullptr);
// The runtime as JSON: icdLoader (supported, properties: an array of name, label, value,
// supported, error), nullPlatformBehavior (an array of call, success, attempted, code, codeName,
// function, text, platform, platformSuffix, devices) and listingError. `clworkbench devices
// --json` carries it as "runtime".
QJsonObject runtimeToJson(const RuntimeEntry& runtime);
// Schema clworkbench.runtime, version 1: runtimeToJson with schema and schemaVersion.
QJsonObject runtimeExportJson(const RuntimeEntry& runtime);
// A Markdown document: a table per topic (ICD loader, NULL platform behavior).
QString runtimeExportMarkdown(const RuntimeEntry& runtime);
// "name<TAB>value" lines, for the clipboard and for pasting into a spreadsheet.
QString propertiesAsText(const QList<DeviceProperty>& properties);
// Writes Markdown for a .md or .markdown path, JSON otherwise. False, with the reason in
// `error`, when the file cannot be written; an existing file is replaced only once the new one
// is complete.
bool exportDevice(const DeviceEntry& device, const engine::BenchmarkResult* benchmark,
                  const QString& path, QString* error = nullptr);
// The same for the runtime.
bool exportRuntime(const RuntimeEntry& runtime, const QString& path, QString* error = nullptr);

} // namespace clw::ui
