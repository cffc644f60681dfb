#include "capture/CaptureProcess.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace clw::ui {

namespace {

constexpr int kPollMs = 250;

} // namespace

CaptureProcess::CaptureProcess(QString workbench, QObject* parent)
    : QObject(parent)
    , m_workbench(std::move(workbench)) {
    m_process.setProcessChannelMode(QProcess::MergedChannels);
    m_poll.setInterval(kPollMs);
    connect(&m_poll, &QTimer::timeout, this, &CaptureProcess::readProgress);
    connect(&m_process, &QProcess::readyReadStandardOutput, this, &CaptureProcess::readOutput);
    connect(&m_process, &QProcess::finished, this, &CaptureProcess::end);
}

CaptureProcess::~CaptureProcess() {
    if (isRunning()) {
        // The window is going: the program is stopped, what was captured stays on disk.
        stop();
        if (!m_process.waitForFinished(10000))
            m_process.kill();
        m_process.waitForFinished(2000);
    }
}

QString CaptureProcess::besideThisExecutable() {
#ifdef _WIN32
    const QString name = QStringLiteral("clworkbench.exe");
#else
    const QString name = QStringLiteral("clworkbench");
#endif
    return QDir(QCoreApplication::applicationDirPath()).absoluteFilePath(name);
}

bool CaptureProcess::start(const CaptureRequest& request, QString* error) {
    if (isRunning()) {
        *error = tr("A capture is running: stop it first.");
        return false;
    }
    if (const QString problem = request.problem(); !problem.isEmpty()) {
        *error = problem;
        return false;
    }
    if (!QFileInfo(m_workbench).isExecutable()) {
        *error = tr("%1 is missing: reinstall the workbench.")
                     .arg(QDir::toNativeSeparators(m_workbench));
        return false;
    }
    m_request = request;
    m_request.outFolder = QFileInfo(request.outFolder).absoluteFilePath();
    if (!QDir().mkpath(m_request.outFolder)) {
        *error = tr("Cannot make the folder %1: choose one you may write.")
                     .arg(QDir::toNativeSeparators(m_request.outFolder));
        return false;
    }
    // An index left by an earlier capture in the same folder is not this one's.
    QFile::remove(QDir(m_request.outFolder).absoluteFilePath(QStringLiteral("captures.json")));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString& line : request.environment) {
        const qsizetype equals = line.indexOf(QLatin1Char('='));
        environment.insert(line.left(equals).trimmed(), line.mid(equals + 1));
    }
    m_process.setProcessEnvironment(environment);
    m_process.setWorkingDirectory(request.workingFolder);
    m_progress = {};
    m_lastError.clear();
    m_partialLine.clear();
    m_stopRequested = false;
    m_process.start(m_workbench, m_request.commandArguments());
    if (!m_process.waitForStarted(10000)) {
        *error = tr("%1 does not start: %2")
                     .arg(QDir::toNativeSeparators(m_workbench), m_process.errorString());
        return false;
    }
    m_pid = m_process.processId();
    m_poll.start();
    return true;
}

QString CaptureProcess::journalFolder() const {
    return QDir(m_request.outFolder).absoluteFilePath(QStringLiteral(".journal-%1").arg(m_pid));
}

void CaptureProcess::stop() {
    if (!isRunning())
        return;
    m_stopRequested = true;
    QFile stop(QDir(journalFolder()).absoluteFilePath(QStringLiteral("stop")));
    if (QDir(journalFolder()).exists() && stop.open(QIODevice::WriteOnly))
        return;
    // Before the command made its folder: a signal to it does the same where there are signals.
    m_process.terminate();
}

void CaptureProcess::readProgress() {
    QFile file(QDir(journalFolder()).absoluteFilePath(QStringLiteral("progress.json")));
    if (!file.open(QIODevice::ReadOnly))
        return; // not written yet: the program has made no OpenCL call
    const CaptureProgress progress = CaptureProgress::fromJson(file.readAll());
    if (progress == m_progress)
        return;
    m_progress = progress;
    Q_EMIT progressChanged(m_progress);
}

void CaptureProcess::readOutput() {
    const QString text = QString::fromLocal8Bit(m_process.readAllStandardOutput());
    if (text.isEmpty())
        return;
    // The command's own complaints, kept for when it writes no index.
    const QStringList lines = (m_partialLine + text).split(QLatin1Char('\n'));
    m_partialLine = lines.back();
    for (qsizetype i = 0; i + 1 < lines.size(); ++i)
        if (lines[i].startsWith(QLatin1String("clworkbench capture: ")))
            m_lastError = lines[i].mid(21);
    Q_EMIT printed(text);
}

void CaptureProcess::end() {
    readOutput();
    m_poll.stop();
    QString problem;
    std::optional<CaptureResult> result = CaptureResult::read(m_request.outFolder, &problem);
    // The journal is gone with the command: the index keeps the last counts.
    if (result && !(result->progress == m_progress)) {
        m_progress = result->progress;
        Q_EMIT progressChanged(m_progress);
    }
    if (!m_lastError.isEmpty() && (!result || result->sessions.empty()))
        problem = m_lastError;
    Q_EMIT finished(result, problem);
}

} // namespace clw::ui
