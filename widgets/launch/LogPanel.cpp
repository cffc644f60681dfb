#include "launch/LogPanel.h"

#include "launch/SessionController.h"
#include "models/DurationText.h"
#include "models/RunRecord.h"

#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCharFormat>
#include <QTextCursor>
#include <QVBoxLayout>

namespace clw::ui {

namespace {

// Enough for a long session; older lines go first.
constexpr int kMaxLines = 20000;

QString launchTitle(const RunRecord& record) {
    return QString::fromStdString(record.launch.name.empty() ? record.launch.kernel
                                                             : record.launch.name);
}

} // namespace

LogPanel::LogPanel(QWidget* parent)
    : QWidget(parent) {
    m_view = new QPlainTextEdit(this);
    m_view->setObjectName(QStringLiteral("logView"));
    m_view->setReadOnly(true);
    m_view->setMaximumBlockCount(kMaxLines);
    m_view->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_view->setPlaceholderText(tr("Builds, runs and errors of the session appear here."));
    m_clear = new QPushButton(tr("Clear"), this);
    m_clear->setObjectName(QStringLiteral("clearLogButton"));
    connect(m_clear, &QPushButton::clicked, this, &LogPanel::clear);

    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);
}

LogPanel::LogPanel(SessionController& controller, QWidget* parent)
    : LogPanel(parent) {
    m_controller = &controller;
    connect(&controller, &SessionController::sessionOpened, this, [this] {
        const QString file = m_controller ? m_controller->filePath() : QString();
        info(file.isEmpty() ? tr("New session.") : tr("Opened %1").arg(file));
    });
    connect(&controller, &SessionController::buildStarted, this, [this] {
        const QString device = m_controller ? m_controller->deviceName() : QString();
        info(device.isEmpty() ? tr("Building…") : tr("Building for %1…").arg(device));
    });
    connect(&controller, &SessionController::buildFinished, this,
            [this](bool ok, const QString& message) {
                append(ok ? Level::Info : Level::Error, buildText(ok, message));
                if (!ok)
                    m_reportedError = message;
            });
    connect(&controller, &SessionController::warned, this,
            [this](const QString& message) { append(Level::Warning, message); });
    connect(&controller, &SessionController::runFinished, this, [this](const RunRecord& record) {
        append(record.ok ? Level::Info : Level::Error, runText(record));
        if (!record.ok)
            m_reportedError = record.error;
    });
    connect(
        &controller, &SessionController::sweepFinished, this, [this](const SweepResult& result) {
            QString name;
            if (m_controller && result.launchIndex >= 0 &&
                size_t(result.launchIndex) < m_controller->session().launches.size()) {
                const engine::SessionLaunch& launch =
                    m_controller->session().launches[size_t(result.launchIndex)];
                name = QString::fromStdString(launch.name.empty() ? launch.kernel : launch.name);
            }
            append(result.best < 0 ? Level::Warning : Level::Info, sweepText(result, name));
        });
    connect(&controller, &SessionController::errorOccurred, this,
            [this](const QString& where, const QString& message) {
                // A failed build or launch is reported twice by the controller (its result,
                // then the error); the log says it once.
                if (!m_reportedError.isEmpty() && message == m_reportedError) {
                    m_reportedError.clear();
                    return;
                }
                append(Level::Error, tr("Error in %1: %2").arg(where, message));
            });
}

QString LogPanel::buildText(bool ok, const QString& message) {
    if (ok)
        return message.isEmpty() ? tr("Built.") : message;
    if (message.isEmpty())
        return tr("Build failed.");
    // The controller's messages say "The build failed: ..." already.
    return message.contains(QStringLiteral("build"), Qt::CaseInsensitive)
               ? message
               : tr("Build failed: %1").arg(message);
}

QString LogPanel::runText(const RunRecord& record) {
    const QString what =
        tr("Run #%1, %2 (global %3, local %4)")
            .arg(record.id)
            .arg(launchTitle(record),
                 RunRecord::sizeText(record.global.empty() ? record.launch.global : record.global),
                 RunRecord::sizeText(record.local.empty() ? record.launch.local : record.local));
    if (!record.ok)
        return tr("%1 failed: %2").arg(what, record.error);
    if (record.kernelNs.empty())
        return tr("%1 done.").arg(what);
    if (record.kernelNs.size() == 1)
        return tr("%1: %2").arg(what, formatDuration(record.medianNs()));
    return tr("%1: median %2 (min %3, max %4) over %5 runs")
        .arg(what, formatDuration(record.medianNs()), formatDuration(record.minNs()),
             formatDuration(record.maxNs()))
        .arg(record.kernelNs.size());
}

QString LogPanel::sweepText(const SweepResult& result, const QString& launchName) {
    const QString what = launchName.isEmpty() ? tr("Sweep of launch %1").arg(result.launchIndex + 1)
                                              : tr("Sweep of %1").arg(launchName);
    int ran = 0;
    for (const SweepPoint& point : result.points)
        ran += point.ok ? 1 : 0;
    if (result.best < 0)
        return tr("%1: none of %2 local sizes ran.").arg(what).arg(result.points.size());
    const SweepPoint& best = result.points[size_t(result.best)];
    const SweepPoint& worst = result.points[size_t(result.worst)];
    return tr("%1: %2 of %3 local sizes ran; best %4 at %5, worst %6 at %7")
        .arg(what)
        .arg(ran)
        .arg(result.points.size())
        .arg(RunRecord::sizeText(best.local), formatDuration(best.medianNs),
             RunRecord::sizeText(worst.local), formatDuration(worst.medianNs));
}

void LogPanel::append(Level level, const QString& text) {
    const QString stamp = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
    QTextCharFormat format;
    switch (level) {
    case Level::Info:
        format.setForeground(palette().color(QPalette::Text));
        break;
    case Level::Warning:
        format.setForeground(QColor(0xb3, 0x6b, 0x00));
        break;
    case Level::Error:
        format.setForeground(QColor(0xc0, 0x00, 0x00));
        break;
    }
    // Inserted through a cursor, not appendHtml: the text is the engine's, never markup.
    QTextCursor cursor(m_view->document());
    cursor.movePosition(QTextCursor::End);
    if (!m_view->document()->isEmpty())
        cursor.insertBlock();
    QTextCharFormat stampFormat;
    stampFormat.setForeground(palette().color(QPalette::PlaceholderText));
    cursor.insertText(stamp + QStringLiteral("  "), stampFormat);
    // Messages of several lines (a build log's first error with what to do) stay one entry.
    QString body = text;
    body.replace(QLatin1Char('\n'), QChar::LineSeparator);
    cursor.insertText(body, format);
    m_view->verticalScrollBar()->setValue(m_view->verticalScrollBar()->maximum());
}

QString LogPanel::text() const {
    QString text = m_view->toPlainText();
    text.replace(QChar::LineSeparator, QLatin1Char('\n'));
    return text;
}

int LogPanel::lineCount() const {
    return m_view->document()->isEmpty() ? 0 : m_view->document()->blockCount();
}

void LogPanel::clear() {
    m_view->clear();
}

} // namespace clw::ui
