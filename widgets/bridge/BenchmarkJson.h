#pragma once
// Benchmark results (engine::BenchmarkResult) as JSON, schema clworkbench.bench version 1
// (docs/bench-schema.md): what `clworkbench bench --json` prints and the device browser exports.
// Qt Core only.
#include "clw/engine/device/DeviceBenchmark.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace clw::ui {

inline constexpr int kBenchSchemaVersion = 1;

QJsonObject benchmarkToJson(const engine::BenchmarkResult& result);
// The result a benchmarkToJson object describes; nullopt, with the reason in `error`, for another
// schema, an unknown version or a malformed figure.
std::optional<engine::BenchmarkResult> benchmarkFromJson(const QJsonObject& object,
                                                         QString* error = nullptr);

} // namespace clw::ui
