#include "cli/CaptureIndex.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <stdexcept>

namespace clw::app {

namespace {

QJsonValue sizes(const std::vector<std::uint64_t>& values) {
    if (values.empty())
        return QJsonValue::Null;
    QJsonArray list;
    for (std::uint64_t value : values)
        list.append(qint64(value));
    return list;
}

} // namespace

CaptureIndex::CaptureIndex(const QString& program, const QStringList& arguments,
                           const QStringList& kernels)
    : m_program(program)
    , m_arguments(arguments)
    , m_kernels(kernels) {}

void CaptureIndex::setEnd(std::optional<int> exitStatus, bool stopped) {
    m_exitStatus = exitStatus;
    m_stopped = stopped;
}

void CaptureIndex::setTrace(const engine::TraceSummary& summary) {
    m_launchNs.clear();
    for (std::size_t i = 0; i < summary.launches.size(); ++i)
        if (m_kernels.isEmpty() || m_kernels.contains(QString::fromStdString(summary.launches[i])))
            m_launchNs.push_back(i < summary.launchDeviceNs.size() ? summary.launchDeviceNs[i] : 0);
}

void CaptureIndex::setProgress(const QByteArray& progressJson) {
    m_progress = QJsonDocument::fromJson(progressJson).object();
}

std::optional<std::uint64_t> CaptureIndex::deviceNs(std::uint64_t number) const {
    if (number == 0 || number > m_launchNs.size() || m_launchNs[number - 1] == 0)
        return std::nullopt;
    return m_launchNs[number - 1];
}

void CaptureIndex::addSession(const QString& path,
                              const std::vector<const engine::CapturedLaunchRecord*>& launches) {
    const engine::CapturedLaunchRecord& first = *launches.front();
    QJsonObject entry{{QStringLiteral("session"), path},
                      {QStringLiteral("kernel"), QString::fromStdString(first.kernel)},
                      {QStringLiteral("first"), qint64(first.number)},
                      {QStringLiteral("last"), qint64(launches.back()->number)},
                      {QStringLiteral("launches"), int(launches.size())},
                      {QStringLiteral("global"), sizes(first.global)},
                      {QStringLiteral("local"), sizes(first.local)},
                      {QStringLiteral("offset"), sizes(first.offset)},
                      {QStringLiteral("device"), QString::fromStdString(first.device)}};
    // The session's launches together; unknown where any of them was not timed.
    std::optional<std::uint64_t> total = 0;
    for (const engine::CapturedLaunchRecord* launch : launches) {
        const std::optional<std::uint64_t> ns = deviceNs(launch->number);
        total = total && ns ? std::optional(*total + *ns) : std::nullopt;
    }
    entry.insert(QStringLiteral("deviceNs"), total ? QJsonValue(qint64(*total)) : QJsonValue());
    if (!first.afterProblem.empty())
        entry.insert(QStringLiteral("note"), QStringLiteral("no expected result: ") +
                                                 QString::fromStdString(first.afterProblem));
    m_sessions.append(entry);
}

void CaptureIndex::addNotCaptured(std::uint64_t launch, const QString& kernel,
                                  const QString& reason) {
    m_notCaptured.append(QJsonObject{{QStringLiteral("launch"), qint64(launch)},
                                     {QStringLiteral("kernel"), kernel},
                                     {QStringLiteral("reason"), reason}});
}

void CaptureIndex::write(const QString& folder) const {
    const QJsonObject index{
        {QStringLiteral("program"), m_program},
        {QStringLiteral("arguments"), QJsonArray::fromStringList(m_arguments)},
        {QStringLiteral("kernels"), QJsonArray::fromStringList(m_kernels)},
        {QStringLiteral("exitStatus"), m_exitStatus ? QJsonValue(*m_exitStatus) : QJsonValue()},
        {QStringLiteral("stopped"), m_stopped},
        {QStringLiteral("progress"), m_progress},
        {QStringLiteral("trace"), QStringLiteral("trace.json")},
        {QStringLiteral("sessions"), m_sessions},
        {QStringLiteral("notCaptured"), m_notCaptured}};
    const QString path = folder + QStringLiteral("/captures.json");
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(QJsonDocument(index).toJson(QJsonDocument::Indented)) < 0 || !file.commit())
        throw std::runtime_error("could not write " + path.toStdString() + " (" +
                                 file.errorString().toStdString() + ")");
}

} // namespace clw::app
