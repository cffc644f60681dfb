#include "models/DeviceExport.h"

#include "bridge/BenchmarkJson.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace clw::ui {

namespace {

// Markdown table cells: pipes and line breaks would end the cell or the row.
QString cell(QString text) {
    text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
    text.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    return text;
}

// A "## topic" section with a table per run of rows of one topic.
QString propertyTables(const QList<DeviceProperty>& properties) {
    QString text;
    QString topic;
    for (const DeviceProperty& property : properties) {
        if (property.topic != topic || topic.isNull()) {
            topic = property.topic;
            text += QStringLiteral("\n## %1\n\n| Property | Value | Raw |\n|---|---|---|\n")
                        .arg(topic.isEmpty() ? QStringLiteral("Other") : topic);
        }
        text += QStringLiteral("| %1 | %2 | %3 |\n")
                    .arg(cell(property.name), cell(property.value), cell(property.raw));
    }
    return text;
}

bool isMarkdownPath(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == QLatin1String("md") || suffix == QLatin1String("markdown");
}

// QSaveFile writes a temporary file and renames it: a failed export leaves the old file.
bool writeFile(const QString& path, const QByteArray& bytes, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
        if (error)
            *error = QStringLiteral("Could not write %1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

QJsonValue textOrNull(const QString& text) {
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

} // namespace

QJsonObject deviceExportJson(const DeviceEntry& device, const engine::BenchmarkResult* benchmark) {
    QJsonArray properties;
    for (const DeviceProperty& property : device.properties)
        properties.append(QJsonObject{{QStringLiteral("name"), property.name},
                                      {QStringLiteral("topic"), property.topic},
                                      {QStringLiteral("value"), property.value},
                                      {QStringLiteral("raw"), property.raw},
                                      {QStringLiteral("supported"), property.supported}});
    QJsonArray characterization;
    for (const CharacterizationRow& row : device.characterization)
        characterization.append(QJsonObject{{QStringLiteral("key"), row.key},
                                            {QStringLiteral("label"), row.label},
                                            {QStringLiteral("value"), row.value},
                                            {QStringLiteral("note"), row.note}});
    QJsonObject object{{QStringLiteral("schema"), QStringLiteral("clworkbench.device")},
                       {QStringLiteral("schemaVersion"), kDeviceExportSchemaVersion},
                       {QStringLiteral("name"), device.name},
                       {QStringLiteral("platform"), device.platformName},
                       {QStringLiteral("properties"), properties},
                       {QStringLiteral("characterization"), characterization}};
    if (!device.characterizationError.isEmpty())
        object.insert(QStringLiteral("characterizationError"), device.characterizationError);
    if (benchmark)
        object.insert(QStringLiteral("benchmark"), benchmarkToJson(*benchmark));
    return object;
}

QString deviceExportMarkdown(const DeviceEntry& device, const engine::BenchmarkResult* benchmark) {
    QString text =
        QStringLiteral("# %1\n\nPlatform: %2\n").arg(cell(device.name), cell(device.platformName));
    text += propertyTables(device.properties);
    if (!device.characterization.isEmpty() || !device.characterizationError.isEmpty()) {
        text += QStringLiteral("\n## Characterization\n\n");
        if (!device.characterizationError.isEmpty())
            text += cell(device.characterizationError) + QStringLiteral("\n\n");
        text += QStringLiteral("| Characteristic | Value | Note |\n|---|---|---|\n");
        for (const CharacterizationRow& row : device.characterization)
            text += QStringLiteral("| %1 | %2 | %3 |\n")
                        .arg(cell(row.label), cell(row.value), cell(row.note));
    }
    if (benchmark && !benchmark->figures.empty()) {
        text += QStringLiteral("\n## Measured peaks%1\n\n| Benchmark | Figure | Value | Unit |\n"
                               "|---|---|---|---|\n")
                    .arg(benchmark->quick ? QStringLiteral(" (quick run)") : QString());
        for (const engine::BenchmarkFigure& figure : benchmark->figures)
            text += QStringLiteral("| %1 | %2 | %3 | %4 |\n")
                        .arg(QString::fromStdString(engine::benchmarkGroupTitle(figure.group)),
                             QString::fromStdString(figure.name),
                             // A map that moved nothing: its number is no bandwidth.
                             figure.zeroCopy ? QStringLiteral("zero-copy")
                                             : QString::number(figure.value, 'g', 6),
                             QString::fromStdString(figure.unit));
    }
    return text;
}

QJsonObject runtimeToJson(const RuntimeEntry& runtime) {
    QJsonArray loader;
    for (const IcdLoaderRow& row : runtime.icdLoader)
        loader.append(QJsonObject{{QStringLiteral("name"), row.name},
                                  {QStringLiteral("label"), row.label},
                                  {QStringLiteral("value"), textOrNull(row.value)},
                                  {QStringLiteral("supported"), row.supported},
                                  {QStringLiteral("error"), textOrNull(row.error)}});
    QJsonArray calls;
    for (const NullPlatformRow& row : runtime.nullPlatform)
        calls.append(
            QJsonObject{{QStringLiteral("call"), row.call},
                        {QStringLiteral("success"), row.succeeded},
                        {QStringLiteral("attempted"), row.attempted},
                        {QStringLiteral("code"), row.code},
                        {QStringLiteral("codeName"), row.codeName},
                        {QStringLiteral("function"), textOrNull(row.function)},
                        {QStringLiteral("text"), row.text},
                        {QStringLiteral("platform"), textOrNull(row.platformName)},
                        {QStringLiteral("platformSuffix"), textOrNull(row.platformSuffix)},
                        {QStringLiteral("devices"), QJsonArray::fromStringList(row.deviceNames)}});
    return QJsonObject{
        {QStringLiteral("icdLoader"),
         QJsonObject{{QStringLiteral("supported"), runtime.icdLoaderAvailable},
                     {QStringLiteral("properties"), loader}}},
        {QStringLiteral("nullPlatformBehavior"), calls},
        {QStringLiteral("listingError"), textOrNull(runtime.listingError)},
    };
}

QJsonObject runtimeExportJson(const RuntimeEntry& runtime) {
    QJsonObject object = runtimeToJson(runtime);
    object.insert(QStringLiteral("schema"), QStringLiteral("clworkbench.runtime"));
    object.insert(QStringLiteral("schemaVersion"), kRuntimeExportSchemaVersion);
    return object;
}

QString runtimeExportMarkdown(const RuntimeEntry& runtime) {
    return QStringLiteral("# OpenCL runtime\n\nICD loader: %1\n").arg(cell(runtime.summary())) +
           propertyTables(runtime.properties());
}

QString propertiesAsText(const QList<DeviceProperty>& properties) {
    QString text;
    for (const DeviceProperty& property : properties)
        text += property.name + QLatin1Char('\t') + property.value + QLatin1Char('\n');
    return text;
}

bool exportDevice(const DeviceEntry& device, const engine::BenchmarkResult* benchmark,
                  const QString& path, QString* error) {
    return writeFile(
        path,
        isMarkdownPath(path)
            ? deviceExportMarkdown(device, benchmark).toUtf8()
            : QJsonDocument(deviceExportJson(device, benchmark)).toJson(QJsonDocument::Indented),
        error);
}

bool exportRuntime(const RuntimeEntry& runtime, const QString& path, QString* error) {
    return writeFile(
        path,
        isMarkdownPath(path)
            ? runtimeExportMarkdown(runtime).toUtf8()
            : QJsonDocument(runtimeExportJson(runtime)).toJson(QJsonDocument::Indented),
        error);
}

} // namespace clw::ui
