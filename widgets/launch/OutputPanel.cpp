#include "OutputPanel.h"

#include "SessionController.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace clw::ui {

namespace {
QString launchName(const RunRecord& record) {
    return QString::fromStdString(record.launch.name.empty() ? record.launch.kernel
                                                             : record.launch.name);
}
} // namespace

OutputPanel::OutputPanel(SessionController& controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(&controller) {
    m_runs = new QComboBox(this);
    m_runs->setObjectName(QStringLiteral("outputRuns"));
    m_runs->setToolTip(tr("The run whose printf output is shown"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("outputStatus"));
    m_view = new QPlainTextEdit(this);
    m_view->setObjectName(QStringLiteral("outputText"));
    m_view->setReadOnly(true);
    m_view->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setPlaceholderText(tr("What kernels print with printf shows here, per run."));

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Run:"), this));
    top->addWidget(m_runs, 1);
    top->addWidget(m_status);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);

    connect(m_runs, &QComboBox::currentIndexChanged, this, &OutputPanel::showPicked);
    connect(&controller, &SessionController::runFinished, this, &OutputPanel::addRun);
    connect(&controller, &SessionController::sessionOpened, this, &OutputPanel::clear);
}

void OutputPanel::addRun(const RunRecord& record) {
    // A run of several launches gives one record each: they share the run's entry only by id.
    m_runs->addItem(tr("Run %1: %2").arg(record.id).arg(launchName(record)), record.id);
    m_runs->setCurrentIndex(m_runs->count() - 1);
}

void OutputPanel::clear() {
    m_runs->clear();
    m_view->clear();
    m_status->clear();
}

bool OutputPanel::showRun(int runId) {
    const int index = m_runs->findData(runId);
    if (index < 0)
        return false;
    m_runs->setCurrentIndex(index);
    return true;
}

void OutputPanel::showPicked() {
    const RunRecord* record = m_controller && m_runs->currentIndex() >= 0
                                  ? m_controller->record(m_runs->currentData().toInt())
                                  : nullptr;
    if (!record) {
        m_view->clear();
        m_status->clear();
        return;
    }
    m_view->setPlainText(record->output);
    const int lines =
        int(record->output.count(QLatin1Char('\n')) +
            (record->output.isEmpty() || record->output.endsWith(QLatin1Char('\n')) ? 0 : 1));
    QString status = record->output.isEmpty() ? tr("no printf output")
                     : lines == 1             ? tr("1 line")
                                              : tr("%1 lines").arg(lines);
    if (record->outputDropped > 0)
        status +=
            tr("; %1 bytes left out between the first and last MiB").arg(record->outputDropped);
    m_status->setText(status);
}

QString OutputPanel::text() const {
    return m_view->toPlainText();
}

int OutputPanel::runCount() const {
    return m_runs->count();
}

QString OutputPanel::statusText() const {
    return m_status->text();
}

} // namespace clw::ui
