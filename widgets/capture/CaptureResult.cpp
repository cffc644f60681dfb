#include "capture/CaptureResult.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace clw::ui {

namespace {

std::vector<std::uint64_t> sizes(const QJsonValue& value) {
    std::vector<std::uint64_t> list;
    for (const QJsonValue& size : value.toArray())
        list.push_back(std::uint64_t(size.toInteger()));
    return list;
}

} // namespace

CaptureProgress CaptureProgress::fromJson(const QByteArray& json) {
    const QJsonObject counts = QJsonDocument::fromJson(json).object();
    CaptureProgress progress;
    progress.calls = std::uint64_t(counts.value(QStringLiteral("calls")).toInteger());
    progress.launches = std::uint64_t(counts.value(QStringLiteral("launches")).toInteger());
    progress.captured = std::uint64_t(counts.value(QStringLiteral("captured")).toInteger());
    progress.bytes = std::uint64_t(counts.value(QStringLiteral("bytes")).toInteger());
    return progress;
}

std::optional<CaptureResult> CaptureResult::read(const QString& folder, QString* error) {
    const QDir dir(folder);
    QFile file(dir.absoluteFilePath(QStringLiteral("captures.json")));
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QCoreApplication::translate("clw::ui::CaptureResult", "%1 does not read: %2")
                         .arg(QDir::toNativeSeparators(file.fileName()), file.errorString());
        return std::nullopt;
    }
    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parse);
    if (!document.isObject()) {
        if (error)
            *error = QCoreApplication::translate("clw::ui::CaptureResult",
                                                 "%1 is not the index a capture writes (%2)")
                         .arg(QDir::toNativeSeparators(file.fileName()), parse.errorString());
        return std::nullopt;
    }
    const QJsonObject index = document.object();
    CaptureResult result;
    if (index.value(QStringLiteral("exitStatus")).isDouble())
        result.exitStatus = index.value(QStringLiteral("exitStatus")).toInt();
    result.stopped = index.value(QStringLiteral("stopped")).toBool();
    result.progress = CaptureProgress::fromJson(
        QJsonDocument(index.value(QStringLiteral("progress")).toObject()).toJson());
    result.trace = dir.absoluteFilePath(index.value(QStringLiteral("trace")).toString());
    for (const QJsonValue& value : index.value(QStringLiteral("sessions")).toArray()) {
        const QJsonObject session = value.toObject();
        CapturedEntry entry;
        entry.session = dir.absoluteFilePath(session.value(QStringLiteral("session")).toString());
        entry.kernel = session.value(QStringLiteral("kernel")).toString();
        entry.first = std::uint64_t(session.value(QStringLiteral("first")).toInteger());
        entry.last = std::uint64_t(session.value(QStringLiteral("last")).toInteger());
        entry.launches = session.value(QStringLiteral("launches")).toInt(1);
        entry.global = sizes(session.value(QStringLiteral("global")));
        entry.local = sizes(session.value(QStringLiteral("local")));
        entry.device = session.value(QStringLiteral("device")).toString();
        if (session.value(QStringLiteral("deviceNs")).isDouble())
            entry.deviceNs = std::uint64_t(session.value(QStringLiteral("deviceNs")).toInteger());
        entry.note = session.value(QStringLiteral("note")).toString();
        result.sessions.push_back(std::move(entry));
    }
    for (const QJsonValue& value : index.value(QStringLiteral("notCaptured")).toArray()) {
        const QJsonObject launch = value.toObject();
        result.notCaptured.push_back(
            {std::uint64_t(launch.value(QStringLiteral("launch")).toInteger()),
             launch.value(QStringLiteral("kernel")).toString(),
             launch.value(QStringLiteral("reason")).toString()});
    }
    return result;
}

} // namespace clw::ui
