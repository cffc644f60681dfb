#include "bridge/HostValues.h"

#include <stdexcept>

QT_BEGIN_NAMESPACE
void to_json(nlohmann::json& json, const QString& text) {
    json = text.toStdString();
}
void from_json(const nlohmann::json& json, QString& text) {
    text = QString::fromStdString(json.get<std::string>());
}
void to_json(nlohmann::json& json, const QStringList& list) {
    json = nlohmann::json::array();
    for (const QString& text : list)
        json.push_back(text.toStdString());
}
void from_json(const nlohmann::json& json, QStringList& list) {
    list.clear();
    for (const auto& text : json)
        list.append(QString::fromStdString(text.get<std::string>()));
}
QT_END_NAMESPACE

namespace clw::engine {

void to_json(nlohmann::json& json, const StructField& field) {
    json = {{"path", field.path},
            {"offset", field.offset},
            {"element", int(field.element)},
            {"width", field.vectorWidth},
            {"count", field.count}};
}
void from_json(const nlohmann::json& json, StructField& field) {
    field.path = json.at("path");
    field.offset = json.at("offset");
    field.element = ScalarType(json.at("element").get<int>());
    field.vectorWidth = json.at("width");
    field.count = json.at("count");
}

void to_json(nlohmann::json& json, const EnumConstant& constant) {
    json = {{"name", constant.name}, {"value", constant.value}};
}
void from_json(const nlohmann::json& json, EnumConstant& constant) {
    constant.name = json.at("name");
    constant.value = json.at("value");
}

void to_json(nlohmann::json& json, const ArgType& type) {
    json = {{"kind", int(type.kind)},    {"type", type.typeName},
            {"base", type.baseTypeName}, {"element", int(type.element)},
            {"width", type.vectorWidth}, {"size", type.size},
            {"image", type.imageType},   {"resolution", type.resolution},
            {"fields", type.fields},     {"enumerators", type.enumerators}};
}
void from_json(const nlohmann::json& json, ArgType& type) {
    type.kind = ArgKind(json.at("kind").get<int>());
    type.typeName = json.at("type");
    type.baseTypeName = json.at("base");
    type.element = ScalarType(json.at("element").get<int>());
    type.vectorWidth = json.at("width");
    type.size = json.at("size");
    type.imageType = json.at("image");
    type.resolution = json.at("resolution");
    type.fields = json.at("fields").get<std::vector<StructField>>();
    type.enumerators = json.at("enumerators").get<std::vector<EnumConstant>>();
}

void to_json(nlohmann::json& json, const KernelArgSignature& arg) {
    json = {{"index", arg.index},
            {"name", arg.name},
            {"type", arg.type},
            {"address", arg.addressQualifier},
            {"access", arg.accessQualifier},
            {"qualifiers", arg.typeQualifier}};
}
void from_json(const nlohmann::json& json, KernelArgSignature& arg) {
    arg.index = json.at("index");
    arg.name = json.at("name");
    arg.type = json.at("type").get<ArgType>();
    arg.addressQualifier = json.at("address");
    arg.accessQualifier = json.at("access");
    arg.typeQualifier = json.at("qualifiers");
}

void to_json(nlohmann::json& json, const KernelSignature& signature) {
    json = {{"name", signature.name},
            {"args", signature.args},
            {"reqd", signature.reqdWorkGroupSize},
            {"hint", signature.workGroupSizeHint},
            {"vecTypeHint", signature.vecTypeHint},
            {"attributes", signature.attributes}};
}
void from_json(const nlohmann::json& json, KernelSignature& signature) {
    signature.name = json.at("name");
    signature.args = json.at("args").get<std::vector<KernelArgSignature>>();
    signature.reqdWorkGroupSize = json.at("reqd");
    signature.workGroupSizeHint = json.at("hint");
    signature.vecTypeHint = json.at("vecTypeHint");
    signature.attributes = json.at("attributes");
}

void to_json(nlohmann::json& json, const KernelLimits& limits) {
    json = {{"dims", limits.maxDimensions},
            {"items", limits.maxWorkItemSizes},
            {"deviceGroup", limits.deviceMaxWorkGroupSize},
            {"kernelGroup", limits.kernelMaxWorkGroupSize},
            {"multiple", limits.preferredMultiple},
            {"compileGroup", limits.compileWorkGroupSize},
            {"kernelLocal", limits.kernelLocalMemory},
            {"deviceLocal", limits.deviceLocalMemory},
            {"nonUniform", limits.nonUniformWorkGroups}};
}
void from_json(const nlohmann::json& json, KernelLimits& limits) {
    limits.maxDimensions = json.at("dims");
    limits.maxWorkItemSizes = json.at("items").get<std::vector<size_t>>();
    limits.deviceMaxWorkGroupSize = json.at("deviceGroup");
    limits.kernelMaxWorkGroupSize = json.at("kernelGroup");
    limits.preferredMultiple = json.at("multiple");
    limits.compileWorkGroupSize = json.at("compileGroup");
    limits.kernelLocalMemory = json.at("kernelLocal");
    limits.deviceLocalMemory = json.at("deviceLocal");
    limits.nonUniformWorkGroups = json.at("nonUniform");
}

} // namespace clw::engine

namespace clw::ui {

void to_json(nlohmann::json& json, const SweepPoint& point) {
    json = {{"local", point.local}, {"ok", point.ok},           {"error", point.error},
            {"min", point.minNs},   {"median", point.medianNs}, {"max", point.maxNs}};
}
void from_json(const nlohmann::json& json, SweepPoint& point) {
    point.local = json.at("local").get<std::vector<std::uint64_t>>();
    point.ok = json.at("ok");
    point.error = json.at("error").get<QString>();
    point.minNs = json.at("min");
    point.medianNs = json.at("median");
    point.maxNs = json.at("max");
}

void to_json(nlohmann::json& json, const SweepResult& sweep) {
    json = {{"launchIndex", sweep.launchIndex},
            {"points", sweep.points},
            {"best", sweep.best},
            {"worst", sweep.worst}};
}
void from_json(const nlohmann::json& json, SweepResult& sweep) {
    sweep.launchIndex = json.at("launchIndex");
    sweep.points = json.at("points").get<std::vector<SweepPoint>>();
    sweep.best = json.at("best");
    sweep.worst = json.at("worst");
}

void to_json(nlohmann::json& json, const BuildSummary& summary) {
    json = {{"ok", summary.ok},
            {"message", summary.message},
            {"warnings", summary.warnings},
            {"totalMs", summary.totalMs},
            {"fromCache", summary.fromCache},
            {"failure", summary.failure}};
}
void from_json(const nlohmann::json& json, BuildSummary& summary) {
    summary.ok = json.at("ok");
    summary.message = json.at("message").get<QString>();
    summary.warnings = json.at("warnings").get<QStringList>();
    summary.totalMs = json.at("totalMs");
    summary.fromCache = json.at("fromCache");
    summary.failure = json.at("failure").get<QString>();
}

void to_json(nlohmann::json& json, const BuildSources& sources) {
    nlohmann::json files = nlohmann::json::array();
    for (const BuildSourceFile& file : sources.files)
        files.push_back({{"name", file.name}, {"text", file.text}});
    json = {{"files", files}, {"main", sources.mainFile}, {"includeDirs", sources.includeDirs}};
}
void from_json(const nlohmann::json& json, BuildSources& sources) {
    sources.files.clear();
    for (const nlohmann::json& file : json.at("files"))
        sources.files.append({file.at("name").get<QString>(), file.at("text").get<QString>()});
    sources.mainFile = json.at("main").get<QString>();
    sources.includeDirs = json.at("includeDirs").get<QStringList>();
}

void to_json(nlohmann::json& json, const BuildInput& input) {
    json = {{"sources", input.sources},
            {"options", input.options},
            {"devices", input.devices},
            {"tag", input.tag},
            {"store", input.store}};
}
void from_json(const nlohmann::json& json, BuildInput& input) {
    input.sources = json.at("sources").get<BuildSources>();
    input.options = json.at("options").get<QString>();
    input.devices = json.at("devices").get<QStringList>();
    input.tag = json.at("tag").get<QString>();
    input.store = json.value("store", true);
}

void to_json(nlohmann::json& json, const BuildDiagnostic& diagnostic) {
    json = {{"device", diagnostic.device},
            {"file", diagnostic.file},
            {"line", diagnostic.line},
            {"column", diagnostic.column},
            {"severity", int(diagnostic.severity)},
            {"message", diagnostic.message},
            {"notes", diagnostic.notes}};
}
void from_json(const nlohmann::json& json, BuildDiagnostic& diagnostic) {
    diagnostic.device = json.at("device").get<QString>();
    diagnostic.file = json.at("file").get<QString>();
    diagnostic.line = json.at("line");
    diagnostic.column = json.at("column");
    diagnostic.severity = DiagnosticSeverity(json.at("severity").get<int>());
    diagnostic.message = json.at("message").get<QString>();
    diagnostic.notes = json.at("notes").get<QStringList>();
}

void to_json(nlohmann::json& json, const DeviceBuildReport& report) {
    nlohmann::json diagnostics = nlohmann::json::array();
    for (const BuildDiagnostic& diagnostic : report.diagnostics)
        diagnostics.push_back(diagnostic);
    json = {{"device", report.device},
            {"ok", report.ok},
            {"fromCache", report.fromCache},
            {"log", report.log},
            {"diagnostics", diagnostics}};
}
void from_json(const nlohmann::json& json, DeviceBuildReport& report) {
    report.device = json.at("device").get<QString>();
    report.ok = json.at("ok");
    report.fromCache = json.at("fromCache");
    report.log = json.at("log").get<QString>();
    report.diagnostics.clear();
    for (const nlohmann::json& diagnostic : json.at("diagnostics"))
        report.diagnostics.append(diagnostic.get<BuildDiagnostic>());
}

void to_json(nlohmann::json& json, const BuildReport& report) {
    nlohmann::json devices = nlohmann::json::array();
    for (const DeviceBuildReport& device : report.devices)
        devices.push_back(device);
    json = {{"main", report.mainFile},
            {"options", report.options},
            {"devices", devices},
            {"error", report.error},
            {"cacheProblems", report.cacheProblems},
            {"warnings", report.warnings},
            {"superseded", report.superseded},
            {"totalMs", report.totalMs}};
}
void from_json(const nlohmann::json& json, BuildReport& report) {
    report.mainFile = json.at("main").get<QString>();
    report.options = json.at("options").get<QString>();
    report.devices.clear();
    for (const nlohmann::json& device : json.at("devices"))
        report.devices.append(device.get<DeviceBuildReport>());
    report.error = json.at("error").get<QString>();
    report.cacheProblems = json.at("cacheProblems").get<QStringList>();
    report.warnings = json.at("warnings").get<QStringList>();
    report.superseded = json.at("superseded");
    report.totalMs = json.at("totalMs");
}

void mergeReport(BuildReport& report, const BuildReport& part) {
    if (report.mainFile.isEmpty())
        report.mainFile = part.mainFile;
    if (report.options.isEmpty())
        report.options = part.options;
    report.devices.append(part.devices);
    if (!part.error.isEmpty())
        report.error =
            report.error.isEmpty() ? part.error : report.error + QLatin1Char('\n') + part.error;
    report.cacheProblems.append(part.cacheProblems);
    for (const QString& warning : part.warnings)
        if (!report.warnings.contains(warning))
            report.warnings.append(warning);
    report.superseded = report.superseded || part.superseded;
    report.totalMs = std::max(report.totalMs, part.totalMs);
}

} // namespace clw::ui
