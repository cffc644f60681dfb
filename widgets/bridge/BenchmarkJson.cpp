#include "bridge/BenchmarkJson.h"

#include <QJsonArray>

namespace clw::ui {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

bool fail(QString* error, const QString& why) {
    if (error)
        *error = why;
    return false;
}

} // namespace

QJsonObject benchmarkToJson(const engine::BenchmarkResult& result) {
    QJsonArray figures;
    for (const engine::BenchmarkFigure& figure : result.figures) {
        QJsonObject object{{QStringLiteral("group"), qs(figure.group)},
                           {QStringLiteral("name"), qs(figure.name)},
                           {QStringLiteral("value"), figure.value},
                           {QStringLiteral("unit"), qs(figure.unit)}};
        // Only where set: the field came within version 1, and most figures never have it.
        if (figure.zeroCopy)
            object.insert(QStringLiteral("zeroCopy"), true);
        figures.append(object);
    }
    QJsonArray skipped;
    for (const std::string& reason : result.skipped)
        skipped.append(qs(reason));
    return QJsonObject{{QStringLiteral("schema"), QStringLiteral("clworkbench.bench")},
                       {QStringLiteral("schemaVersion"), kBenchSchemaVersion},
                       {QStringLiteral("device"), qs(result.deviceName)},
                       {QStringLiteral("platform"), qs(result.platformName)},
                       {QStringLiteral("quick"), result.quick},
                       {QStringLiteral("cancelled"), result.cancelled},
                       {QStringLiteral("seconds"), result.seconds},
                       {QStringLiteral("figures"), figures},
                       {QStringLiteral("skipped"), skipped}};
}

std::optional<engine::BenchmarkResult> benchmarkFromJson(const QJsonObject& object,
                                                         QString* error) {
    if (object.value(QStringLiteral("schema")).toString() != QLatin1String("clworkbench.bench")) {
        fail(error, QStringLiteral("not a clworkbench.bench document"));
        return std::nullopt;
    }
    const int version = object.value(QStringLiteral("schemaVersion")).toInt(-1);
    if (version != kBenchSchemaVersion) {
        fail(error, QStringLiteral("clworkbench.bench version %1 is not known (this build reads "
                                   "version %2)")
                        .arg(version)
                        .arg(kBenchSchemaVersion));
        return std::nullopt;
    }
    engine::BenchmarkResult result;
    result.deviceName = object.value(QStringLiteral("device")).toString().toStdString();
    result.platformName = object.value(QStringLiteral("platform")).toString().toStdString();
    result.quick = object.value(QStringLiteral("quick")).toBool();
    result.cancelled = object.value(QStringLiteral("cancelled")).toBool();
    result.seconds = object.value(QStringLiteral("seconds")).toDouble();
    const QJsonArray figures = object.value(QStringLiteral("figures")).toArray();
    for (qsizetype i = 0; i < figures.size(); ++i) {
        const QJsonObject figure = figures[i].toObject();
        const QJsonValue value = figure.value(QStringLiteral("value"));
        const QString group = figure.value(QStringLiteral("group")).toString();
        const QString name = figure.value(QStringLiteral("name")).toString();
        if (!value.isDouble() || group.isEmpty() || name.isEmpty()) {
            fail(error,
                 QStringLiteral("figure %1 lacks a group, a name or a numeric value").arg(i));
            return std::nullopt;
        }
        result.figures.push_back({group.toStdString(), name.toStdString(), value.toDouble(),
                                  figure.value(QStringLiteral("unit")).toString().toStdString(),
                                  figure.value(QStringLiteral("zeroCopy")).toBool()});
    }
    for (const QJsonValue& reason : object.value(QStringLiteral("skipped")).toArray())
        result.skipped.push_back(reason.toString().toStdString());
    return result;
}

} // namespace clw::ui
