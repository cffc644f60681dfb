#include "MainWindow.h"

#include "DebugActions.h"
#include "DifferentialActions.h"
#include "KeysDialog.h"
#include "MainToolBar.h"
#include "ProblemReporter.h"

#include "WelcomePage.h"
#include "WorkbenchContext.h"
#include "capture/CaptureDialog.h"
#include "cli/SampleCommand.h"
#include "debug/CheckController.h"
#include "debug/DebuggerPanel.h"
#include "debug/FindingMarks.h"
#include "debug/FindingsPanel.h"
#include "debug/WatchPanel.h"
#include "devices/DeviceBrowserPanel.h"
#include "editor/BuildController.h"
#include "editor/DiagnosticsPanel.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "editor/language/LanguageFlags.h"
#include "editor/language/ReferencesPanel.h"
#include "inspector/BufferInspector.h"
#include "launch/HistoryPanel.h"
#include "launch/LaunchPanel.h"
#include "launch/LiveRunner.h"
#include "launch/LogPanel.h"
#include "launch/OutputPanel.h"
#include "launch/PrintedWorkItemLinks.h"
#include "launch/SessionController.h"
#include "launch/WatchdogLimitsDialog.h"
#include "models/SummaryLine.h"
#include "session/RecentSessions.h"
#include "session/SessionWorkflow.h"

#include "clw/engine/debug/CheckRange.h"
#include "clw/engine/inspect/ElementFormat.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

namespace clw::app {

namespace {
const char kGeometryKey[] = "window/geometry";
const char kStateKey[] = "window/state";
const char kLayoutVersionKey[] = "window/layoutVersion";
const char kDeviceKey[] = "session/device";

engine::ElementFormat formatOf(const engine::SessionBuffer& buffer) {
    engine::ElementFormat format;
    format.type = buffer.elementType;
    format.shape.dimensions = int(buffer.shape.size());
    format.shape.width = buffer.shape.empty() ? 0 : buffer.shape[0];
    if (buffer.shape.size() > 1)
        format.shape.height = buffer.shape[1];
    if (buffer.shape.size() > 2)
        format.shape.depth = buffer.shape[2];
    return format;
}

// `content` in a frameless scroll area that gives it all its room. Qt lays out every widget from
// one whose size hint may have changed up to the window (QLayout::activate calls updateGeometry on
// its parent); a scroll area takes its widget's layout requests itself. So a panel whose labels
// change at every result (the inspector's, at every edit in live mode) lays out itself alone, not
// the whole window each time.
QScrollArea* laidOutApart(QWidget* content) {
    auto* area = new QScrollArea;
    area->setObjectName(content->objectName() + QStringLiteral("Area"));
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setWidget(content);
    return area;
}
} // namespace

MainWindow::MainWindow(WorkbenchContext& context, QWidget* parent)
    : QMainWindow(parent)
    , m_context(context) {
    setObjectName(QStringLiteral("mainWindow"));
    setDockOptions(AnimatedDocks | AllowNestedDocks | AllowTabbedDocks);
    resize(1280, 860);

    createEditor();
    createPanels();
    createStatusBar();
    createMenus();
    createToolBar();
    createCheck();

    // A message longer than the bar keeps its whole text on hover.
    connect(statusBar(), &QStatusBar::messageChanged, statusBar(), &QWidget::setToolTip);
    ui::SessionController& session = m_context.session();
    connect(&session, &ui::SessionController::sessionOpened, this, &MainWindow::showSessionOpened);
    connect(&session, &ui::SessionController::modifiedChanged, this, &MainWindow::updateTitle);
    connect(&session, &ui::SessionController::buffersReady, this, &MainWindow::showBuffers);
    // What a run printed comes forward (live mode's runs print into it without taking the view).
    connect(&session, &ui::SessionController::runFinished, this,
            [this](const ui::RunRecord& record) {
                if (!record.output.isEmpty() && !m_context.session().isLive())
                    raiseDock("outputDock");
            });
    // A captured session's run against the program's own results: the log keeps a line a
    // buffer, the status bar says the gist, the inspector shows where a buffer differs.
    connect(&session, &ui::SessionController::expectationsChecked, this,
            [this](const QStringList& lines, bool allEqual) {
                for (const QString& line : lines)
                    m_logPanel->append(
                        allEqual ? ui::LogPanel::Level::Info : ui::LogPanel::Level::Warning, line);
                statusBar()->showMessage(
                    allEqual ? tr("The run's outputs equal the captured program's results")
                             : tr("The run's outputs differ from the captured program's results: "
                                  "the buffer inspector highlights where (log: which buffers)"),
                    15000);
            });
    connect(&session, &ui::SessionController::busyChanged, this, &MainWindow::showBusy);
    connect(&session, &ui::SessionController::progress, this, &MainWindow::showProgress);
    connect(&session, &ui::SessionController::watchdogCountdown, this, [this](int secondsLeft) {
        m_watchdogSeconds = secondsLeft;
        m_watchdog->setText(tr("Stopped in %1 s unless it ends").arg(secondsLeft));
        if (!m_busyReveal.isActive())
            m_watchdog->setVisible(secondsLeft >= 0);
    });
    connect(&session, &ui::SessionController::deviceChanged, this, &MainWindow::showDevices);
    new ProblemReporter(m_context, *m_sessions, *m_bufferInspector, *statusBar(), *m_logPanel,
                        this);
    connect(m_sessions, &SessionWorkflow::opened, m_welcome, &WelcomePage::refresh);
    connect(m_sessions, &SessionWorkflow::saved, this, [this] {
        m_welcome->refresh();
        updateTitle();
    });

    session.chooseDevice(m_context.settings().value(QString::fromLatin1(kDeviceKey)).toString());
    const QString sample = QStringLiteral(":/samples/vector_add.clwb");
    if (!QFileInfo::exists(sample) || !m_sessions->openSample(sample))
        m_sessions->newSession(sampleKernelSource(), QStringLiteral("vector_add.cl"));

    restoreLayout();
    raiseDock("welcomeDock");

    connect(m_deviceBrowser, &ui::DeviceBrowserPanel::snapshotReady, &m_context,
            &WorkbenchContext::setDevices);
    connect(m_deviceBrowser, &ui::DeviceBrowserPanel::probeFailed, this,
            &MainWindow::showProbeError);
    connect(&m_context, &WorkbenchContext::devicesChanged, this, &MainWindow::showDevices);
}

MainWindow::~MainWindow() = default;

QsciScintilla* MainWindow::kernelEditor() const {
    return m_workspace->mainEditor();
}

QString MainWindow::deviceStatus() const {
    return m_deviceStatus->text();
}

QDockWidget* MainWindow::addDock(const QString& title, const QString& objectName, QWidget* content,
                                 Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::raiseDock(const char* objectName) {
    if (auto* dock = findChild<QDockWidget*>(QString::fromLatin1(objectName))) {
        dock->show();
        dock->raise();
    }
}

void MainWindow::createEditor() {
    m_workspace =
        new ui::EditorWorkspace(m_context.bridge(), m_context.hosts(), m_context.settings(), this);
    m_sessions = new SessionWorkflow(m_context.session(), *m_workspace, m_context.settings(), this);
    statusBar()->addWidget(m_workspace->statusLabel(), 2);
}

void MainWindow::createPanels() {
    ui::SessionController& session = m_context.session();
    m_welcome = new WelcomePage(m_context.settings(), this);
    m_launchPanel = new ui::LaunchPanel(session, this);
    m_bufferInspector = new ui::BufferInspector(m_context.bridge(), &m_context.settings(), this);
    m_deviceBrowser = new ui::DeviceBrowserPanel(m_context.bridge(), m_context.hosts(), this);
    m_historyPanel = new ui::HistoryPanel(session, this);
    m_logPanel = new ui::LogPanel(session, this);
    m_outputPanel = new ui::OutputPanel(session, this);
    // Before the first session opens, so that a session saved live goes live.
    m_live = new ui::LiveRunner(session, this);

    QDockWidget* editor = addDock(tr("Kernel editor"), QStringLiteral("kernelEditorDock"),
                                  m_workspace, Qt::LeftDockWidgetArea);
    QDockWidget* welcome =
        addDock(tr("Welcome"), QStringLiteral("welcomeDock"), m_welcome, Qt::LeftDockWidgetArea);
    tabifyDockWidget(editor, welcome);
    QDockWidget* launch =
        addDock(tr("Launch"), QStringLiteral("launchDock"), m_launchPanel, Qt::RightDockWidgetArea);
    QDockWidget* devices = addDock(tr("Devices"), QStringLiteral("devicesDock"), m_deviceBrowser,
                                   Qt::RightDockWidgetArea);
    tabifyDockWidget(launch, devices);
    launch->raise();
    QDockWidget* inspector = addDock(tr("Buffer inspector"), QStringLiteral("bufferInspectorDock"),
                                     laidOutApart(m_bufferInspector), Qt::BottomDockWidgetArea);
    QDockWidget* diagnostics = addDock(tr("Diagnostics"), QStringLiteral("diagnosticsDock"),
                                       m_workspace->diagnosticsPanel(), Qt::BottomDockWidgetArea);
    QDockWidget* timeline = addDock(tr("Timeline and history"), QStringLiteral("timelineDock"),
                                    m_historyPanel, Qt::BottomDockWidgetArea);
    QDockWidget* log =
        addDock(tr("Log"), QStringLiteral("logDock"), m_logPanel, Qt::BottomDockWidgetArea);
    tabifyDockWidget(inspector, diagnostics);
    tabifyDockWidget(inspector, timeline);
    tabifyDockWidget(inspector, log);
    QDockWidget* output = addDock(tr("Output"), QStringLiteral("outputDock"), m_outputPanel,
                                  Qt::BottomDockWidgetArea);
    tabifyDockWidget(inspector, output);
    m_findings = new ui::FindingsPanel(this);
    QDockWidget* findings = addDock(tr("Findings"), QStringLiteral("findingsDock"), m_findings,
                                    Qt::BottomDockWidgetArea);
    tabifyDockWidget(inspector, findings);
    m_watchPanel = new ui::WatchPanel(this);
    QDockWidget* watch =
        addDock(tr("Watch"), QStringLiteral("watchDock"), m_watchPanel, Qt::BottomDockWidgetArea);
    tabifyDockWidget(inspector, watch);
    m_debuggerPanel = new ui::DebuggerPanel(this);
    QDockWidget* debugger = addDock(tr("Debugger"), QStringLiteral("debuggerDock"), m_debuggerPanel,
                                    Qt::BottomDockWidgetArea);
    tabifyDockWidget(inspector, debugger);
    // A printed line clicked chooses its work-item in the Watch dock and the debugger.
    ui::linkPrintedWorkItems(*m_outputPanel, *m_watchPanel, *m_debuggerPanel);
    tabifyDockWidget(inspector, addDock(tr("References"), QStringLiteral("referencesDock"),
                                        m_workspace->referencesPanel(), Qt::BottomDockWidgetArea));
    inspector->raise();
    // Found references raise their dock; Format on save is kept in the session.
    connect(m_workspace, &ui::EditorWorkspace::referencesShown, this,
            [this] { raiseDock("referencesDock"); });
    connect(m_workspace->formatOnSaveAction(), &QAction::toggled, &session,
            &ui::SessionController::setFormatOnSave);

    connect(m_welcome, &WelcomePage::newRequested, this, [this] { m_sessions->newSession(); });
    connect(m_welcome, &WelcomePage::openRequested, this, [this] { m_sessions->open(); });
    connect(m_welcome, &WelcomePage::sampleChosen, m_sessions, &SessionWorkflow::openSample);
    connect(m_welcome, &WelcomePage::recentChosen, this,
            [this](const QString& path) { m_sessions->open(path); });
    // A failed build shows its messages where they belong: the editor's diagnostics.
    connect(&session, &ui::SessionController::buildFinished, this, [this](bool ok) {
        if (!ok)
            raiseDock("diagnosticsDock");
    });
}

void MainWindow::createStatusBar() {
    m_deviceCombo = new QComboBox(this);
    m_deviceCombo->setObjectName(QStringLiteral("deviceCombo"));
    m_deviceCombo->setToolTip(tr("The device the session builds and runs on"));
    m_deviceCombo->addItem(tr("Default device"), QString());
    connect(m_deviceCombo, &QComboBox::activated, this, &MainWindow::chooseDevice);
    m_deviceStatus = new QLabel(tr("Probing OpenCL devices..."), this);
    m_deviceStatus->setObjectName(QStringLiteral("deviceStatus"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("progressBar"));
    m_progress->setMaximumWidth(220);
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_cancel->hide();
    connect(m_cancel, &QPushButton::clicked, &m_context.session(), &ui::SessionController::cancel);
    // Stop ends the device host at once: a kernel that never ends cannot be cancelled.
    m_stop = new QPushButton(tr("Stop"), this);
    m_stop->setObjectName(QStringLiteral("stopButton"));
    m_stop->setToolTip(tr("End the device host now (Esc): the run fails, the next one starts a "
                          "new host"));
    m_stop->hide();
    connect(m_stop, &QPushButton::clicked, &m_context.session(), &ui::SessionController::stop);
    // The watchdog's countdown for the step in progress (SessionController::watchdogCountdown).
    m_watchdog = new QLabel(this);
    m_watchdog->setObjectName(QStringLiteral("watchdogCountdown"));
    m_watchdog->setToolTip(tr("The device host is ended when a launch or build runs past its "
                              "limit; Stop (Esc) ends it now"));
    m_watchdog->hide();
    // What the live results shown are: of the current text or of an earlier one.
    m_liveStatus = new QLabel(this);
    m_liveStatus->setObjectName(QStringLiteral("liveStatus"));
    m_liveStatus->hide();
    statusBar()->addPermanentWidget(m_liveStatus);
    m_busyReveal.setSingleShot(true);
    m_busyReveal.setInterval(250);
    connect(&m_busyReveal, &QTimer::timeout, this, &MainWindow::revealBusy);
    m_liveRunningReveal.setSingleShot(true);
    m_liveRunningReveal.setInterval(250);
    connect(&m_liveRunningReveal, &QTimer::timeout, this, [this] {
        if (m_live->state() == ui::LiveRunner::State::Waiting)
            m_liveStatus->setText(m_live->statusText());
    });
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_watchdog);
    statusBar()->addPermanentWidget(m_cancel);
    statusBar()->addPermanentWidget(m_stop);
    // No stretch: a message shown (showMessage) hides the editor's status and takes its place,
    // which a stretching permanent widget would leave at no width at all.
    statusBar()->addPermanentWidget(m_deviceStatus);
    statusBar()->addPermanentWidget(m_deviceCombo);
}

void MainWindow::createSessionMenu(QMenu* file) {
    // The session owns Ctrl+O / Ctrl+S / Ctrl+Shift+S; the editor's file actions act on one
    // kernel file and keep their menu entries without those keys.
    for (const char* name : {"openAction", "saveAction", "saveAsAction"})
        if (auto* action = m_workspace->findChild<QAction*>(QString::fromLatin1(name)))
            action->setShortcut({});
    QAction* newSession =
        file->addAction(tr("New &session"), this, [this] { m_sessions->newSession(); });
    newSession->setObjectName(QStringLiteral("newSessionAction"));
    newSession->setShortcut(QKeySequence(tr("Ctrl+Shift+N")));
    QAction* open = file->addAction(tr("&Open session..."), this, [this] { m_sessions->open(); });
    open->setObjectName(QStringLiteral("openSessionAction"));
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    QAction* save = file->addAction(tr("&Save session"), this, [this] { m_sessions->save(); });
    save->setObjectName(QStringLiteral("saveSessionAction"));
    save->setShortcut(QKeySequence::Save);
    QAction* saveAs =
        file->addAction(tr("Save session &as..."), this, [this] { m_sessions->saveAs(); });
    saveAs->setObjectName(QStringLiteral("saveSessionAsAction"));
    saveAs->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    QAction* capture =
        file->addAction(tr("&Capture from program..."), this, &MainWindow::showCaptureDialog);
    capture->setObjectName(QStringLiteral("captureAction"));
    capture->setToolTip(tr("Run a program of yours and open its OpenCL launches as sessions"));
    file->addSeparator();
    QMenu* kernels = file->addMenu(tr("&Kernel files"));
    m_workspace->addFileActions(kernels);
}

void MainWindow::showCaptureDialog() {
    if (!m_captureDialog) {
        m_captureDialog = new ui::CaptureDialog(m_context.bridge(),
                                                ui::CaptureProcess::besideThisExecutable(), this);
        connect(m_captureDialog, &ui::CaptureDialog::sessionChosen, this,
                [this](const QString& path) {
                    if (m_sessions->open(path)) {
                        raise();
                        activateWindow();
                    }
                });
    }
    m_captureDialog->show();
    m_captureDialog->raise();
    m_captureDialog->activateWindow();
}

void MainWindow::fillRecentMenu() {
    m_recentMenu->clear();
    const QStringList paths = RecentSessions(m_context.settings()).paths();
    for (const QString& path : paths)
        m_recentMenu
            ->addAction(QFileInfo(path).fileName(), this, [this, path] { m_sessions->open(path); })
            ->setToolTip(path);
    if (paths.isEmpty())
        m_recentMenu->addAction(tr("No recent session"))->setEnabled(false);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    createSessionMenu(file);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    m_workspace->addEditActions(menuBar()->addMenu(tr("&Edit")));
    m_workspace->addLanguageActions(menuBar()->addMenu(tr("&Code")));

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    m_runMenu = run;
    m_workspace->addBuildActions(run);
    // Ctrl+B also builds the session's program, so that the launch panel lists its kernels.
    connect(m_workspace->buildAction(), &QAction::triggered, &m_context.session(),
            &ui::SessionController::build);
    run->addSeparator();
    run->addAction(m_launchPanel->runAction());
    run->addAction(m_launchPanel->runRepeatedAction());
    run->addAction(m_launchPanel->sweepAction());
    run->addAction(m_launchPanel->twoDevicesAction());
    const auto report = [this](const QString& text) {
        statusBar()->showMessage(ui::summaryLine(text), 15000);
        m_logPanel->append(ui::LogPanel::Level::Warning, text);
    };
    new DifferentialActions(
        m_context, *m_launchPanel, *m_bufferInspector, report,
        [this] { raiseDock("bufferInspectorDock"); }, this);
    m_checkAction = run->addAction(tr("C&heck on Oclgrind"), this, &MainWindow::startCheck);
    m_checkAction->setObjectName(QStringLiteral("checkAction"));
    m_checkAction->setShortcut(QKeySequence(Qt::Key_F6));
    m_checkAction->setToolTip(tr("Run the session's launches once on Oclgrind and list the data "
                                 "races, out-of-bounds accesses, reads of unwritten memory and "
                                 "barrier divergence, on the lines where they happen (F6)"));
    m_debugActions = new DebugActions(
        m_context.bridge(), m_context.session(), *m_workspace, *m_debuggerPanel, *m_bufferInspector,
        report, [this] { raiseDock("debuggerDock"); }, this);
    run->addAction(m_debugActions->toggleBreakpointAction());
    QMenu* debugMenu = run->addMenu(tr("De&bug"));
    m_debugActions->addTo(debugMenu);
    QAction* watchAction = run->addAction(tr("&Watch..."), this, &MainWindow::watchAtCaret);
    watchAction->setObjectName(QStringLiteral("watchAction"));
    watchAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_F10));
    watchAction->setToolTip(tr("The value of an expression (the variable at the caret, to begin "
                               "with) in every work-item as it passes the caret's line, on the "
                               "session's device (the kernel instrumented; Oclgrind's debugger "
                               "on Oclgrind)"));
    QAction* cancel =
        run->addAction(tr("&Cancel"), &m_context.session(), &ui::SessionController::cancel);
    cancel->setObjectName(QStringLiteral("cancelAction"));
    cancel->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_Escape));
    QAction* stop = run->addAction(tr("&Stop"), &m_context.session(), &ui::SessionController::stop);
    stop->setObjectName(QStringLiteral("stopAction"));
    stop->setShortcut(QKeySequence(Qt::Key_Escape));
    stop->setShortcutContext(Qt::ApplicationShortcut);
    stop->setToolTip(tr("Stop: end the run in progress now, whatever it is doing (Esc); the "
                        "next run starts a new device host"));
    QAction* restart = run->addAction(tr("&Restart Device Host"), &m_context.session(),
                                      &ui::SessionController::restart);
    restart->setObjectName(QStringLiteral("restartAction"));
    QAction* limits =
        run->addAction(tr("&Watchdog limits..."), this, &MainWindow::editWatchdogLimits);
    limits->setObjectName(QStringLiteral("watchdogLimitsAction"));
    limits->setToolTip(tr("How long a launch or a build may run before its device host is ended "
                          "(saved with the session)"));
    run->addSeparator();
    // F8 moves through the check's findings while their dock is shown, else the diagnostics.
    const auto findingsShown = [this] {
        const auto* dock = findChild<QDockWidget*>(QStringLiteral("findingsDock"));
        return dock && !dock->visibleRegion().isEmpty() && m_findings->findingCount() > 0;
    };
    QAction* next = run->addAction(tr("&Next diagnostic or finding"), this, [this, findingsShown] {
        if (!findingsShown() || !m_findings->showNext(true))
            m_workspace->diagnosticsPanel()->showNextDiagnostic(true);
    });
    next->setObjectName(QStringLiteral("nextDiagnosticAction"));
    next->setShortcut(QKeySequence(Qt::Key_F8));
    QAction* previous =
        run->addAction(tr("&Previous diagnostic or finding"), this, [this, findingsShown] {
            if (!findingsShown() || !m_findings->showNext(false))
                m_workspace->diagnosticsPanel()->showNextDiagnostic(false);
        });
    previous->setObjectName(QStringLiteral("previousDiagnosticAction"));
    previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    view->addAction(tr("&Reset layout"), this, [this] {
        m_context.settings().remove(QString::fromLatin1(kStateKey));
        arrangeDocks();
    });

    QMenu* devices = menuBar()->addMenu(tr("&Devices"));
    devices->addAction(tr("&Refresh"), m_deviceBrowser, &ui::DeviceBrowserPanel::refresh);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Welcome"), this, [this] { raiseDock("welcomeDock"); });
    QAction* keys = help->addAction(tr("&Keys"), this, [this] {
        auto* dialog = new KeysDialog(*menuBar(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->show();
    });
    keys->setObjectName(QStringLiteral("keysAction"));
    keys->setShortcut(QKeySequence(Qt::Key_F1));
    help->addAction(tr("&About CL Workbench"), this, [this] {
        QMessageBox::about(this, tr("About CL Workbench"),
                           tr("CL Workbench %1\nA workbench for OpenCL devices and kernels.")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::createToolBar() {
    m_liveAction = new QAction(tr("&Live"), this);
    m_liveAction->setObjectName(QStringLiteral("liveAction"));
    m_liveAction->setCheckable(true);
    m_liveAction->setChecked(m_live->isLive());
    m_liveAction->setShortcut(QKeySequence(Qt::Key_F7));
    m_liveAction->setToolTip(tr("Live: run the session's launches again after each edit that "
                                "builds, with a %1 s watchdog (F7; saved with the session)")
                                 .arg(ui::SessionController::kLiveLaunchLimit.count() / 1000.0));
    connect(m_liveAction, &QAction::triggered, this, &MainWindow::toggleLive);
    auto* pin = new QAction(tr("&Pin"), this);
    pin->setObjectName(QStringLiteral("pinLiveAction"));
    pin->setToolTip(tr("Pin: keep the live result shown in the run history"));
    connect(pin, &QAction::triggered, this, [this] {
        if (!m_live->pin())
            statusBar()->showMessage(tr("No live result to pin yet."), 5000);
    });
    m_runMenu->addSeparator();
    m_runMenu->addActions({m_liveAction, pin});

    MainToolBar::Actions actions;
    actions.build = m_workspace->findChild<QAction*>(QStringLiteral("buildAction"));
    actions.run = m_launchPanel->runAction();
    actions.stop = findChild<QAction*>(QStringLiteral("stopAction"));
    actions.check = m_checkAction;
    actions.debug = m_debugActions->debugAction();
    actions.live = m_liveAction;
    actions.pin = pin;
    actions.capture = findChild<QAction*>(QStringLiteral("captureAction"));
    actions.stepping = m_debugActions->steppingActions();
    auto* bar = new MainToolBar(actions, *this);
    connect(m_debugActions, &DebugActions::debuggingChanged, bar, &MainToolBar::setDebugging);

    connect(m_live, &ui::LiveRunner::liveChanged, this, [this](bool on) {
        m_workspace->builds()->setLiveBuildsStored(!on);
        m_liveAction->setChecked(on);
        m_liveStatus->setVisible(on);
    });
    connect(m_live, &ui::LiveRunner::stateChanged, this,
            [this](ui::LiveRunner::State state, const QString& text) {
                const bool waiting = state == ui::LiveRunner::State::Waiting;
                if (waiting && !m_liveStatus->text().isEmpty()) {
                    m_liveRunningReveal.start();
                } else {
                    m_liveRunningReveal.stop();
                    m_liveStatus->setText(text);
                }
                // The editor's own build of the text waits for the live run, which builds it.
                m_workspace->builds()->setHeld(waiting);
            });
    connect(m_live, &ui::LiveRunner::tooSlow, this, &MainWindow::askToGoLive);
}

void MainWindow::createCheck() {
    m_checks = new ui::CheckController(m_context.bridge(), this);
    connect(m_findings, &ui::FindingsPanel::cancelRequested, m_checks,
            &ui::CheckController::cancel);
    connect(m_findings, &ui::FindingsPanel::jumpRequested, m_workspace,
            &ui::EditorWorkspace::jumpTo);
    connect(m_checks, &ui::CheckController::progress, m_findings, &ui::FindingsPanel::setProgress);
    connect(m_checks, &ui::CheckController::finished, this, &MainWindow::showCheckReport);
    connect(m_checks, &ui::CheckController::watched, this,
            [this](const engine::WatchReport& report, const QString& device) {
                m_checkAction->setEnabled(true);
                m_watchPanel->setReport(report, *m_watch, device);
                m_lastWatch = m_watch;
                m_watch.reset();
                raiseDock("watchDock");
            });
    connect(m_workspace, &ui::EditorWorkspace::watchRequested, this,
            [this](const QString& file, int line, const QString& expression) {
                startWatch(file, line, expression);
            });
    connect(m_watchPanel, &ui::WatchPanel::passChosen, this, [this](int pass) {
        if (m_lastWatch)
            startWatch(QString::fromStdString(m_lastWatch->file), int(m_lastWatch->line),
                       QString::fromStdString(m_lastWatch->expression), pass);
    });
    connect(m_checks, &ui::CheckController::failed, this, [this](const QString& message) {
        m_checkAction->setEnabled(true);
        if (m_watch) {
            m_watchPanel->setFailure(message);
            m_watch.reset();
            statusBar()->showMessage(tr("Watch: %1").arg(ui::summaryLine(message)), 15000);
            return;
        }
        m_findings->setFailure(message);
        statusBar()->showMessage(tr("Check: %1").arg(ui::summaryLine(message)), 15000);
        m_logPanel->append(ui::LogPanel::Level::Warning, tr("Check: %1").arg(message));
    });
}

void MainWindow::watchAtCaret() {
    auto* editor = qobject_cast<ui::KernelEditor*>(m_workspace->tabs()->currentEditor());
    if (!editor)
        return;
    const int position = int(editor->SendScintilla(QsciScintilla::SCI_GETCURRENTPOS));
    int line = 0, index = 0;
    editor->getCursorPosition(&line, &index);
    // The word at the caret, to watch as it is or to make an expression of.
    bool ok = false;
    const QString expression =
        QInputDialog::getText(
            this, tr("Watch"),
            tr("Watch at line %1 (a variable, v.y, tile[3], lid * 2 + 1):").arg(line + 1),
            QLineEdit::Normal, editor->watchExpressionAt(position), &ok)
            .trimmed();
    if (!ok || expression.isEmpty())
        return;
    startWatch(m_workspace->tabs()->sourceName(editor, m_workspace->mainEditor()), line + 1,
               expression);
}

bool MainWindow::startWatch(const QString& file, int line, const QString& expression, int pass) {
    const ui::SessionController& session = m_context.session();
    engine::WatchRequest request;
    const engine::SourceFile* main = session.session().sources.main();
    request.file = main && file.toStdString() == main->name ? std::string() : file.toStdString();
    request.line = unsigned(std::max(line, 0));
    request.expression = expression.toStdString();
    request.pass = unsigned(std::max(pass, 0));
    // On the session's device: Oclgrind through its plugin, any other by instrumenting the kernel.
    if (!m_checks->startWatch(session.session(), session.folder().toStdU16String(), request,
                              session.deviceName()))
        return false;
    m_watch = request;
    m_checkAction->setEnabled(false);
    m_watchPanel->setRunning(
        tr("Watching `%1` at line %2 on %3...")
            .arg(expression)
            .arg(line)
            .arg(session.deviceName().isEmpty() ? tr("the default device") : session.deviceName()));
    raiseDock("watchDock");
    return true;
}

void MainWindow::startCheck() {
    const ui::SessionController& session = m_context.session();
    if (m_checks->isRunning())
        return;
    engine::CheckRangeShrink shrink = engine::shrinkForCheck(session.session(), kCheckWorkItems);
    m_checkShrunk.clear();
    if (!shrink.changes.empty()) {
        QStringList changes;
        for (const std::string& change : shrink.changes)
            changes << QString::fromStdString(change);
        const auto answer = m_sessions->ask(
            tr("Check on smaller ranges?"),
            tr("Oclgrind interprets every work-item, thousands of times slower than a device, "
               "so a launch of more than %1 work-items can take minutes to check. Check with "
               "smaller ranges (the buffers stay as they are)?\n\n%2")
                .arg(kCheckWorkItems)
                .arg(changes.join(QLatin1Char('\n'))),
            QMessageBox::Yes | QMessageBox::No | QMessageBox::Cancel);
        if (answer == QMessageBox::Cancel)
            return;
        if (answer == QMessageBox::Yes)
            m_checkShrunk = changes;
        else
            shrink.session = session.session();
    }
    if (!m_checks->start(shrink.session, session.folder().toStdU16String()))
        return;
    m_checkAction->setEnabled(false);
    m_findings->setRunning(true);
    raiseDock("findingsDock");
}

void MainWindow::showCheckReport(const engine::CheckReport& report, const QString& device) {
    m_checkAction->setEnabled(true);
    m_findings->setReport(report, device, m_checkShrunk);
    m_workspace->showFindings(ui::findingMarks(report));
    const std::size_t count = report.findingCount();
    const QString text = count == 0   ? tr("Check: no findings on %1").arg(device)
                         : count == 1 ? tr("Check: 1 finding on %1").arg(device)
                                      : tr("Check: %1 findings on %2").arg(count).arg(device);
    statusBar()->showMessage(text, 15000);
    m_logPanel->append(count == 0 ? ui::LogPanel::Level::Info : ui::LogPanel::Level::Warning, text);
    raiseDock("findingsDock");
}

void MainWindow::toggleLive(bool on) {
    double costMs = 0;
    if (on && m_live->isSlow(&costMs)) {
        m_liveAction->setChecked(false);
        askToGoLive(costMs);
        return;
    }
    m_live->setLive(on);
}

void MainWindow::askToGoLive(double costMs) {
    // Window-modal, not exec(): the window keeps painting meanwhile.
    auto* box = new QMessageBox(
        QMessageBox::Question, tr("Live mode"),
        tr("The session's launches took %1 ms, more than %2 ms. Run them after every edit?")
            .arg(costMs, 0, 'f', 0)
            .arg(ui::LiveRunner::kDefaultSlowLimitMs),
        QMessageBox::Yes | QMessageBox::No, this);
    box->setObjectName(QStringLiteral("slowLiveQuestion"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this](int answer) {
        if (answer == QMessageBox::Yes)
            m_live->setLive(true, true);
    });
    box->open();
}

void MainWindow::arrangeDocks() {
    const auto dock = [this](const char* name) {
        return findChild<QDockWidget*>(QString::fromLatin1(name));
    };
    resizeDocks({dock("bufferInspectorDock")}, {height() * 35 / 100}, Qt::Vertical);
    resizeDocks({dock("kernelEditorDock"), dock("launchDock")},
                {width() * 55 / 100, width() * 45 / 100}, Qt::Horizontal);
}

void MainWindow::restoreLayout() {
    QSettings& settings = m_context.settings();
    const bool sameVersion =
        settings.value(QString::fromLatin1(kLayoutVersionKey)).toInt() == kLayoutVersion;
    if (sameVersion) {
        restoreGeometry(settings.value(QString::fromLatin1(kGeometryKey)).toByteArray());
        if (restoreState(settings.value(QString::fromLatin1(kStateKey)).toByteArray(),
                         kLayoutVersion))
            return;
    }
    // Dock sizes only apply once the window is laid out: after the first show.
    QTimer::singleShot(0, this, &MainWindow::arrangeDocks);
}

void MainWindow::saveLayout() {
    QSettings& settings = m_context.settings();
    settings.setValue(QString::fromLatin1(kLayoutVersionKey), kLayoutVersion);
    settings.setValue(QString::fromLatin1(kGeometryKey), saveGeometry());
    settings.setValue(QString::fromLatin1(kStateKey), saveState(kLayoutVersion));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_sessions->maybeSave()) {
        event->ignore();
        return;
    }
    saveLayout();
    event->accept();
}

void MainWindow::showDevices() {
    const ui::DeviceSnapshot& snapshot = m_context.devices();
    QStringList names;
    for (const ui::PlatformEntry& platform : snapshot.platforms)
        for (const ui::DeviceEntry& device : platform.devices)
            names.append(device.name);
    m_workspace->setDeviceNames(names);

    const QString chosen = m_context.session().deviceName();
    m_deviceCombo->clear();
    m_deviceCombo->addItem(tr("Default device"), QString());
    for (const QString& name : names)
        m_deviceCombo->addItem(name, name);
    const int index = m_deviceCombo->findData(chosen);
    m_deviceCombo->setCurrentIndex(index < 0 ? 0 : index);

    const ui::DeviceEntry* fallback = snapshot.defaultDevice();
    // The language service reads the kernels as the chosen device's compiler would.
    m_workspace->setLanguageDevice(ui::LanguageFlags::deviceOf(snapshot, chosen));
    if (!chosen.isEmpty()) {
        m_deviceStatus->setText(tr("Device: %1").arg(chosen));
    } else if (fallback) {
        m_deviceStatus->setText(tr("Device: %1").arg(fallback->name));
    } else if (m_context.hasDevices() && snapshot.deviceCount() == 0) {
        m_deviceStatus->setText(tr("No OpenCL device found: run scripts/setup to install PoCL."));
    }
}

void MainWindow::chooseDevice(int index) {
    const QString name = m_deviceCombo->itemData(index).toString();
    m_context.settings().setValue(QString::fromLatin1(kDeviceKey), name);
    m_context.session().chooseDevice(name, true);
    showDevices();
}

void MainWindow::editWatchdogLimits() {
    // Window-modal, not exec(): the window keeps painting a run in progress meanwhile.
    auto* dialog = new ui::WatchdogLimitsDialog(m_context.session().session().watchdog, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { m_context.session().setWatchdog(dialog->limits()); });
    dialog->open();
}

void MainWindow::showProbeError(const QString& message) {
    m_deviceStatus->setText(message);
}

void MainWindow::showBuffers(const QStringList& names) {
    const ui::SessionController& session = m_context.session();
    for (const QString& old : m_bufferInspector->bufferNames())
        if (!names.contains(old))
            m_bufferInspector->removeBuffer(old);
    const QString shown = m_bufferInspector->currentBuffer();
    for (const QString& name : names) {
        const engine::SessionBuffer* buffer = session.session().findBuffer(name.toStdString());
        std::optional<engine::ElementFormat> format;
        if (buffer && !buffer->image)
            format = formatOf(*buffer);
        m_bufferInspector->addBuffer(name, session.bufferSource(name), format, false);
        m_bufferInspector->setPrevious(name, session.previousSource(name));
        m_bufferInspector->setBeforeLaunch(name, session.initialSource(name));
        m_bufferInspector->setExpected(name, session.expectedSource(name));
    }
    if (names.isEmpty())
        return;
    // Keep the buffer the person looked at; else the first output of the session.
    QString show = names.contains(shown) ? shown : QString();
    for (const engine::SessionBuffer& buffer : session.session().buffers)
        if (show.isEmpty() && buffer.output && names.contains(QString::fromStdString(buffer.name)))
            show = QString::fromStdString(buffer.name);
    m_bufferInspector->showBuffer(show.isEmpty() ? names.first() : show);
    // Live results show what changed since the previous live result.
    if (session.isLive())
        m_bufferInspector->highlightChanges();
}

void MainWindow::showSessionOpened() {
    updateTitle();
    m_workspace->formatOnSaveAction()->setChecked(m_context.session().session().formatOnSave);
    if (!m_context.session().filePath().isEmpty() || m_context.session().session().launches.size())
        raiseDock("kernelEditorDock");
    // The diagnostics show from the start, and the launch panel lists the kernels once the
    // program is built (both on workers).
    m_workspace->buildNow();
    m_context.session().build();
}

void MainWindow::updateTitle() {
    setWindowTitle(tr("CL Workbench - %1").arg(m_sessions->displayName()));
}

void MainWindow::showBusy(bool busy) {
    if (busy) {
        // A message of the work before (a run that failed) does not describe this one.
        statusBar()->clearMessage();
        m_progress->setRange(0, 0);
        m_progress->setFormat(tr("Working"));
        m_busyReveal.start();
        return;
    }
    m_busyReveal.stop();
    m_progress->hide();
    m_cancel->hide();
    m_stop->hide();
}

void MainWindow::revealBusy() {
    if (!m_context.session().isBusy())
        return;
    m_progress->show();
    m_cancel->show();
    m_stop->show();
    m_watchdog->setVisible(m_watchdogSeconds >= 0);
}

void MainWindow::showProgress(const QString& what, int done, int total) {
    m_progress->setRange(0, total);
    m_progress->setValue(done);
    m_progress->setFormat(total ? QStringLiteral("%1 (%p%)").arg(what) : what);
}

} // namespace clw::app
