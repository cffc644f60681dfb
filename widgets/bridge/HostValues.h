#pragma once
// The values that cross between the workbench and its device hosts (DESIGN.md §2a) as JSON, for
// the protocol's CBOR body: sweeps, build summaries, kernel signatures and limits. nlohmann's
// to_json / from_json for each, so the field lists live here and nowhere else. A run's records
// travel typed (RunRecordWire).
#include "bridge/BuildInput.h"
#include "bridge/SessionJobs.h"
#include "models/BuildReport.h"
#include "models/RunRecord.h"

#include "clw/engine/launch/KernelLimits.h"
#include "clw/engine/launch/KernelSignature.h"

#include <nlohmann/json.hpp>

#include <QString>
#include <QStringList>

namespace clw::engine {
void to_json(nlohmann::json& json, const StructField& field);
void from_json(const nlohmann::json& json, StructField& field);
void to_json(nlohmann::json& json, const EnumConstant& constant);
void from_json(const nlohmann::json& json, EnumConstant& constant);
void to_json(nlohmann::json& json, const ArgType& type);
void from_json(const nlohmann::json& json, ArgType& type);
void to_json(nlohmann::json& json, const KernelArgSignature& arg);
void from_json(const nlohmann::json& json, KernelArgSignature& arg);
void to_json(nlohmann::json& json, const KernelSignature& signature);
void from_json(const nlohmann::json& json, KernelSignature& signature);
void to_json(nlohmann::json& json, const KernelLimits& limits);
void from_json(const nlohmann::json& json, KernelLimits& limits);
} // namespace clw::engine

QT_BEGIN_NAMESPACE
void to_json(nlohmann::json& json, const QString& text);
void from_json(const nlohmann::json& json, QString& text);
void to_json(nlohmann::json& json, const QStringList& list);
void from_json(const nlohmann::json& json, QStringList& list);
QT_END_NAMESPACE

namespace clw::ui {
void to_json(nlohmann::json& json, const SweepPoint& point);
void from_json(const nlohmann::json& json, SweepPoint& point);
void to_json(nlohmann::json& json, const SweepResult& sweep);
void from_json(const nlohmann::json& json, SweepResult& sweep);
void to_json(nlohmann::json& json, const BuildSummary& summary);
void from_json(const nlohmann::json& json, BuildSummary& summary);

void to_json(nlohmann::json& json, const BuildSources& sources);
void from_json(const nlohmann::json& json, BuildSources& sources);
void to_json(nlohmann::json& json, const BuildInput& input);
void from_json(const nlohmann::json& json, BuildInput& input);
void to_json(nlohmann::json& json, const BuildDiagnostic& diagnostic);
void from_json(const nlohmann::json& json, BuildDiagnostic& diagnostic);
void to_json(nlohmann::json& json, const DeviceBuildReport& report);
void from_json(const nlohmann::json& json, DeviceBuildReport& report);
void to_json(nlohmann::json& json, const BuildReport& report);
void from_json(const nlohmann::json& json, BuildReport& report);

// Adds `part` (one platform's share of an editor build) to `report`.
void mergeReport(BuildReport& report, const BuildReport& part);
} // namespace clw::ui
