#include "MainWindow.h"

#include "WorkbenchContext.h"
#include "cli/SampleCommand.h"
#include "devices/DeviceBrowserPanel.h"
#include "editor/DiagnosticsPanel.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "inspector/BufferInspector.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTimer>

namespace clw::app {

MainWindow::MainWindow(WorkbenchContext& context, QWidget* parent)
    : QMainWindow(parent)
    , m_context(context) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("CL Workbench - vector_add.cl"));
    setDockOptions(AnimatedDocks | AllowNestedDocks | AllowTabbedDocks);
    resize(1200, 800);

    createEditor();
    m_deviceBrowser = new ui::DeviceBrowserPanel(context.bridge(), this);
    addDock(tr("Devices"), QStringLiteral("devicesDock"), m_deviceBrowser, Qt::RightDockWidgetArea);
    createBufferInspector();
    createMenus();

    m_deviceStatus = new QLabel(tr("Probing OpenCL devices..."), this);
    m_deviceStatus->setObjectName(QStringLiteral("deviceStatus"));
    statusBar()->addPermanentWidget(m_deviceStatus, 1);

    // Dock sizes only apply once the window is laid out: after the first show.
    QTimer::singleShot(0, this, &MainWindow::arrangeDocks);

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

void MainWindow::arrangeDocks() {
    const auto dock = [this](const char* name) {
        return findChild<QDockWidget*>(QString::fromLatin1(name));
    };
    resizeDocks({dock("bufferInspectorDock")}, {height() / 4}, Qt::Vertical);
    resizeDocks({dock("kernelEditorDock"), dock("devicesDock")},
                {width() * 45 / 100, width() * 55 / 100}, Qt::Horizontal);
}

void MainWindow::createEditor() {
    m_workspace = new ui::EditorWorkspace(m_context.bridge(), m_context.diagnosticsBuildService(),
                                          m_context.settings(), this);
    const QString source = sampleKernelSource();
    if (source.isEmpty())
        statusBar()->showMessage(tr("The sample kernel is missing from the resources."));
    m_workspace->tabs()->newFile(source, QStringLiteral("vector_add.cl"));
    addDock(tr("Kernel editor"), QStringLiteral("kernelEditorDock"), m_workspace,
            Qt::LeftDockWidgetArea);
    addDock(tr("Diagnostics"), QStringLiteral("diagnosticsDock"), m_workspace->diagnosticsPanel(),
            Qt::BottomDockWidgetArea);
    statusBar()->addWidget(m_workspace->statusLabel(), 2);
    // The sample's diagnostics show from the start (the build runs on a worker).
    QTimer::singleShot(0, m_workspace, &ui::EditorWorkspace::buildNow);
}

void MainWindow::createBufferInspector() {
    m_bufferInspector = new ui::BufferInspector(m_context.bridge(), &m_context.settings(), this);
    addDock(tr("Buffer inspector"), QStringLiteral("bufferInspectorDock"), m_bufferInspector,
            Qt::BottomDockWidgetArea);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_workspace->addFileActions(file);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    m_workspace->addEditActions(menuBar()->addMenu(tr("&Edit")));
    m_workspace->addBuildActions(menuBar()->addMenu(tr("&Build")));

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        view->addAction(dock->toggleViewAction());

    QMenu* devices = menuBar()->addMenu(tr("&Devices"));
    devices->addAction(tr("&Refresh"), m_deviceBrowser, &ui::DeviceBrowserPanel::refresh);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About CL Workbench"), this, [this] {
        QMessageBox::about(this, tr("About CL Workbench"),
                           tr("CL Workbench %1\nA workbench for OpenCL devices and kernels.")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::showDevices() {
    const ui::DeviceSnapshot& snapshot = m_context.devices();
    QStringList names;
    for (const ui::PlatformEntry& platform : snapshot.platforms)
        for (const ui::DeviceEntry& device : platform.devices)
            names.append(device.name);
    m_workspace->setDeviceNames(names);
    if (const ui::DeviceEntry* device = snapshot.defaultDevice()) {
        m_deviceStatus->setText(tr("Default device: %1").arg(device->name));
    } else if (snapshot.deviceCount() == 0) {
        m_deviceStatus->setText(tr("No OpenCL device found: run scripts/setup to install PoCL."));
    } else {
        m_deviceStatus->setText(tr("%n OpenCL device(s)", nullptr, snapshot.deviceCount()));
    }
}

void MainWindow::showProbeError(const QString& message) {
    m_deviceStatus->setText(message);
}

} // namespace clw::app
