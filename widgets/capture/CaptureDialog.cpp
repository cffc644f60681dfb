#include "capture/CaptureDialog.h"

#include "bridge/EngineBridge.h"
#include "capture/CapturedTimeline.h"
#include "launch/TimelineView.h"
#include "models/DurationText.h"
#include "models/Formatting.h"

#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <functional>
#include <stdexcept>

namespace clw::ui {

namespace {

QString sizesText(const std::vector<std::uint64_t>& sizes) {
    return sizes.empty() ? QCoreApplication::translate("clw::ui::CaptureDialog", "driver's")
                         : RunRecord::sizeText(sizes);
}

// A line edit with a "..." button that browses for a file or a folder.
QWidget* withBrowse(QLineEdit* edit, QWidget* parent, std::function<void()> browse) {
    auto* row = new QWidget(parent);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(edit, 1);
    auto* button = new QToolButton(row);
    button->setText(QStringLiteral("..."));
    button->setToolTip(QCoreApplication::translate("clw::ui::CaptureDialog", "Browse"));
    QObject::connect(button, &QToolButton::clicked, row, std::move(browse));
    layout->addWidget(button);
    return row;
}

} // namespace

CaptureDialog::CaptureDialog(EngineBridge& bridge, QString workbench, QWidget* parent)
    : QDialog(parent)
    , m_bridge(bridge)
    , m_process(std::move(workbench)) {
    setWindowTitle(tr("Capture from program"));
    buildForm();
    connect(&m_process, &CaptureProcess::progressChanged, this, &CaptureDialog::showProgress);
    connect(&m_process, &CaptureProcess::printed, this, [this](const QString& text) {
        m_output->moveCursor(QTextCursor::End);
        m_output->insertPlainText(text);
        m_output->ensureCursorVisible();
    });
    connect(&m_process, &CaptureProcess::finished, this, &CaptureDialog::showResult);
    resize(900, 680);
}

void CaptureDialog::buildForm() {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_program = new QLineEdit(this);
    m_program->setPlaceholderText(tr("the program's path, or a name found on PATH (python3)"));
    form->addRow(tr("&Program:"), withBrowse(m_program, this, [this] {
                     const QString path = QFileDialog::getOpenFileName(this, tr("Program to run"));
                     if (!path.isEmpty())
                         m_program->setText(QDir::toNativeSeparators(path));
                 }));
    m_arguments = new QLineEdit(this);
    m_arguments->setPlaceholderText(tr("as on a command line: quotes keep spaces in one argument"));
    form->addRow(tr("&Arguments:"), m_arguments);
    m_folder = new QLineEdit(this);
    m_folder->setPlaceholderText(tr("the folder the program runs in (empty: the workbench's)"));
    form->addRow(tr("&Working folder:"), withBrowse(m_folder, this, [this] {
                     const QString path =
                         QFileDialog::getExistingDirectory(this, tr("Working folder"));
                     if (!path.isEmpty())
                         m_folder->setText(QDir::toNativeSeparators(path));
                 }));
    m_environment = new QPlainTextEdit(this);
    m_environment->setPlaceholderText(tr("NAME=VALUE, one a line, added to the environment"));
    m_environment->setFixedHeight(m_environment->fontMetrics().lineSpacing() * 3 + 12);
    m_environment->setTabChangesFocus(true);
    form->addRow(tr("&Environment:"), m_environment);
    m_kernels = new QLineEdit(this);
    m_kernels->setPlaceholderText(tr("every kernel; or names, separated by spaces"));
    form->addRow(tr("&Kernels:"), m_kernels);
    m_launch = new QComboBox(this);
    m_launch->setEditable(true);
    m_launch->addItems({QStringLiteral("first"), QStringLiteral("last"), QStringLiteral("all"),
                        QStringLiteral("none")});
    m_launch->setToolTip(tr("Which launches of those kernels become sessions: first, last, all, "
                            "a number (3), a range (2..5: one session that runs them in order), "
                            "or none (the timeline alone)"));
    form->addRow(tr("&Launches:"), m_launch);
    m_maxBytes = new QLineEdit(QStringLiteral("1G"), this);
    m_maxBytes->setToolTip(tr("A launch whose buffers take more, read before and after it, is "
                              "named and skipped (64M, 1G)"));
    form->addRow(tr("Most &bytes a launch:"), m_maxBytes);
    m_out = new QLineEdit(this);
    m_out->setText(QDir::toNativeSeparators(
        QDir(QStandardPaths::writableLocation(QStandardPaths::HomeLocation))
            .absoluteFilePath(QStringLiteral("clworkbench-captures"))));
    form->addRow(tr("&Save sessions in:"), withBrowse(m_out, this, [this] {
                     const QString path =
                         QFileDialog::getExistingDirectory(this, tr("Save the sessions in"));
                     if (!path.isEmpty())
                         m_out->setText(QDir::toNativeSeparators(path));
                 }));
    layout->addLayout(form);

    auto* buttons = new QHBoxLayout;
    m_capture = new QPushButton(tr("&Capture"), this);
    m_capture->setDefault(true);
    m_capture->setToolTip(tr("Run the program and capture its launches as sessions"));
    m_stop = new QPushButton(tr("S&top"), this);
    m_stop->setToolTip(tr("End the program; what was captured before is kept"));
    m_stop->setEnabled(false);
    m_busy = new QProgressBar(this);
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(120);
    m_busy->hide();
    m_counts = new QLabel(this);
    buttons->addWidget(m_capture);
    buttons->addWidget(m_stop);
    buttons->addWidget(m_busy);
    buttons->addWidget(m_counts, 1);
    layout->addLayout(buttons);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    // Tab goes from field to field, then to the buttons: a space typed after a Tab never lands
    // on a browse button.
    QWidget* order[] = {m_program, m_arguments, m_folder, m_environment, m_kernels,
                        m_launch,  m_maxBytes,  m_out,    m_capture,     m_stop};
    for (std::size_t i = 1; i < std::size(order); ++i)
        setTabOrder(order[i - 1], order[i]);
    connect(m_capture, &QPushButton::clicked, this, &CaptureDialog::startCapture);
    connect(m_stop, &QPushButton::clicked, this, &CaptureDialog::stopCapture);

    m_tabs = new QTabWidget(this);
    auto* launches = new QWidget(m_tabs);
    auto* launchesLayout = new QVBoxLayout(launches);
    m_table = new QTableWidget(0, 7, launches);
    m_table->setHorizontalHeaderLabels({tr("Kernel"), tr("Launches"), tr("Global"), tr("Local"),
                                        tr("Device"), tr("Time on device"), tr("Note")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    // A double click, or Enter on a row (the view's activation, as the system has it).
    connect(m_table, &QTableWidget::activated, this, [this] { openSelected(); });
    m_open = new QPushButton(tr("&Open session"), launches);
    m_open->setToolTip(tr("Open the selected launch as a session (or double-click it)"));
    m_open->setEnabled(false);
    connect(m_open, &QPushButton::clicked, this, &CaptureDialog::openSelected);
    connect(m_table, &QTableWidget::itemSelectionChanged, this,
            [this] { m_open->setEnabled(m_table->currentRow() >= 0 && !m_entries.empty()); });
    launchesLayout->addWidget(m_table);
    auto* openRow = new QHBoxLayout;
    openRow->addStretch(1);
    openRow->addWidget(m_open);
    launchesLayout->addLayout(openRow);
    m_tabs->addTab(launches, tr("Captured launches"));
    m_output = new QPlainTextEdit(m_tabs);
    m_output->setReadOnly(true);
    m_output->setMaximumBlockCount(20000);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_tabs->addTab(m_output, tr("Program output"));
    m_timeline = new TimelineView(m_tabs);
    m_timeline->setProgramTimeline(true);
    m_tabs->addTab(m_timeline, tr("Program timeline"));
    layout->addWidget(m_tabs, 1);
}

CaptureRequest CaptureDialog::request() const {
    CaptureRequest request;
    request.program = m_program->text().trimmed();
    request.arguments = QProcess::splitCommand(m_arguments->text());
    request.workingFolder = m_folder->text().trimmed();
    for (const QString& line : m_environment->toPlainText().split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty())
            request.environment << line.trimmed();
    request.kernels =
        m_kernels->text().split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
    request.launch = m_launch->currentText().trimmed();
    request.maxBytes = m_maxBytes->text().trimmed();
    request.outFolder = m_out->text().trimmed();
    return request;
}

void CaptureDialog::setRequest(const CaptureRequest& request) {
    m_program->setText(request.program);
    QStringList quoted;
    for (const QString& argument : request.arguments)
        quoted << (argument.contains(QLatin1Char(' ')) || argument.isEmpty()
                       ? QLatin1Char('"') + argument + QLatin1Char('"')
                       : argument);
    m_arguments->setText(quoted.join(QLatin1Char(' ')));
    m_folder->setText(request.workingFolder);
    m_environment->setPlainText(request.environment.join(QLatin1Char('\n')));
    m_kernels->setText(request.kernels.join(QLatin1Char(' ')));
    m_launch->setCurrentText(request.launch);
    m_maxBytes->setText(request.maxBytes);
    m_out->setText(request.outFolder);
}

void CaptureDialog::startCapture() {
    QString error;
    m_output->clear();
    m_table->setRowCount(0);
    m_entries.clear();
    m_timeline->clear();
    if (!m_process.start(request(), &error)) {
        m_status->setText(error);
        return;
    }
    m_counts->setText(tr("Running; no OpenCL call yet"));
    m_status->setText(tr("Capturing %1: its output is under Program output.")
                          .arg(QFileInfo(m_process.request().program).fileName()));
    setRunning(true);
}

void CaptureDialog::stopCapture() {
    m_process.stop();
    m_stop->setEnabled(false);
    m_status->setText(tr("Stopping the program; what was captured is kept."));
}

void CaptureDialog::setRunning(bool running) {
    m_capture->setEnabled(!running);
    m_stop->setEnabled(running);
    m_busy->setVisible(running);
    // The focus stays on the button that applies, not on the first field's browse button.
    (running ? m_stop : m_capture)->setFocus();
}

void CaptureDialog::showProgress(const CaptureProgress& progress) {
    m_counts->setText(tr("%L1 OpenCL calls, %L2 launches seen, %L3 captured, %4 written")
                          .arg(progress.calls)
                          .arg(progress.launches)
                          .arg(progress.captured)
                          .arg(formatBytes(progress.bytes)));
}

void CaptureDialog::showResult(const std::optional<CaptureResult>& result, const QString& problem) {
    setRunning(false);
    if (m_process.progress().calls == 0)
        m_counts->setText(tr("No OpenCL call was captured"));
    if (!result) {
        m_status->setText(tr("Nothing captured: %1").arg(problem));
        return;
    }
    fillTable(*result);
    QString end = result->stopped ? tr("The program was stopped.")
                  : !result->exitStatus
                      ? tr("The program crashed (its own fault, not the capture's).")
                  : *result->exitStatus == 0
                      ? tr("The program ended normally.")
                      : tr("The program exited with status %1.").arg(*result->exitStatus);
    QString sessions =
        result->sessions.empty()
            ? tr("No session was written%1.")
                  .arg(problem.isEmpty() ? QString() : QStringLiteral(": ") + problem)
        : result->sessions.size() == 1
            ? tr("1 session in %1: double-click it to open it.")
                  .arg(QDir::toNativeSeparators(m_process.request().outFolder))
            : tr("%1 sessions in %2: double-click one to open it.")
                  .arg(result->sessions.size())
                  .arg(QDir::toNativeSeparators(m_process.request().outFolder));
    if (!result->notCaptured.empty())
        sessions +=
            QLatin1Char(' ') + (result->notCaptured.size() == 1
                                    ? tr("1 launch not captured (see Note and Program output).")
                                    : tr("%1 launches not captured (see Note and Program output).")
                                          .arg(result->notCaptured.size()));
    m_status->setText(end + QLatin1Char(' ') + sessions);
    if (!result->sessions.empty()) {
        m_tabs->setCurrentIndex(0);
        m_table->selectRow(0);
        m_table->setFocus();
    } else {
        m_tabs->setCurrentWidget(m_output);
    }
    if (QFileInfo::exists(result->trace))
        loadTimeline(result->trace);
    else
        Q_EMIT timelineLoaded(); // no OpenCL call, no timeline: the status says why
}

void CaptureDialog::fillTable(const CaptureResult& result) {
    m_entries = result.sessions;
    m_table->setRowCount(int(m_entries.size() + result.notCaptured.size()));
    int row = 0;
    auto set = [this](int row, int column, const QString& text) {
        m_table->setItem(row, column, new QTableWidgetItem(text));
    };
    for (const CapturedEntry& entry : m_entries) {
        set(row, 0, entry.kernel);
        set(row, 1,
            entry.first == entry.last ? QString::number(entry.first)
                                      : tr("%1 to %2").arg(entry.first).arg(entry.last));
        set(row, 2, sizesText(entry.global));
        set(row, 3, sizesText(entry.local));
        set(row, 4, entry.device);
        set(row, 5, entry.deviceNs ? formatDuration(double(*entry.deviceNs)) : tr("not timed"));
        set(row, 6, entry.note);
        m_table->item(row, 0)->setToolTip(QDir::toNativeSeparators(entry.session));
        ++row;
    }
    // Launches not captured, greyed: they open nothing.
    for (const NotCapturedLaunch& launch : result.notCaptured) {
        set(row, 0, launch.kernel);
        set(row, 1, QString::number(launch.launch));
        set(row, 6, tr("not captured: %1").arg(launch.reason));
        for (int column = 0; column < m_table->columnCount(); ++column) {
            if (!m_table->item(row, column))
                set(row, column, QString());
            m_table->item(row, column)->setFlags(Qt::ItemIsEnabled);
            m_table->item(row, column)
                ->setForeground(palette().color(QPalette::Disabled, QPalette::Text));
        }
        m_table->item(row, 6)->setToolTip(launch.reason);
        ++row;
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(6, QHeaderView::Stretch);
}

void CaptureDialog::openSelected() {
    const int row = m_table->currentRow();
    if (row < 0 || row >= int(m_entries.size()))
        return;
    Q_EMIT sessionChosen(m_entries[size_t(row)].session);
}

void CaptureDialog::loadTimeline(const QString& path) {
    m_bridge.run(
        this,
        [path](const JobContext&) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly))
                throw std::runtime_error(path.toStdString() + " does not read");
            return CapturedTimeline::fromChromeTrace(file.readAll());
        },
        [this](JobResult<std::vector<RunRecord>> records) {
            if (records.ok())
                m_timeline->setRecords(std::move(records.value()));
            else
                m_status->setText(
                    m_status->text() + QLatin1Char(' ') +
                    tr("The timeline does not read: %1").arg(records.error().message));
            Q_EMIT timelineLoaded();
        });
}

void CaptureDialog::closeEvent(QCloseEvent* event) {
    // Closing while it runs stops the program; the window can be opened again for the results.
    if (m_process.isRunning())
        stopCapture();
    QDialog::closeEvent(event);
}

} // namespace clw::ui
