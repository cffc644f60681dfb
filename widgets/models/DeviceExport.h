#pragma once
// One device's properties, characterization and benchmark figures as Markdown or JSON (the device
// browser's Export), and property rows as tab-separated text (its Copy). Qt Core only.
#include "bridge/DeviceSnapshot.h"

#include "clw/engine/DeviceBenchmark.h"

#include <QJsonObject>
#include <QString>

namespace clw::ui {

inline constexpr int kDeviceExportSchemaVersion = 1;

// Schema clworkbench.device, version 1: name, platform, properties (name, topic, value, raw,
// supported), characterization (key, label, value, note) and, when given, benchmark (the
// clworkbench.bench object).
QJsonObject deviceExportJson(const DeviceEntry& device,
                             const engine::BenchmarkResult* benchmark = nullptr);
// A Markdown document: a table per topic, the characterization, the benchmark figures.
QString deviceExportMarkdown(const DeviceEntry& device,
                             const engine::BenchmarkResult* benchmark = nullptr);
// "name<TAB>value" lines, for the clipboard and for pasting into a spreadsheet.
QString propertiesAsText(const QList<DeviceProperty>& properties);
// Writes Markdown for a .md or .markdown path, JSON otherwise. False, with the reason in
// `error`, when the file cannot be written; an existing file is replaced only once the new one
// is complete.
bool exportDevice(const DeviceEntry& device, const engine::BenchmarkResult* benchmark,
                  const QString& path, QString* error = nullptr);

} // namespace clw::ui
