#include "MainWindow.h"

#include "WorkbenchContext.h"
#include "cli/SampleCommand.h"
#include "devices/DeviceBrowserPanel.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>

#include <Qsci/qscilexercpp.h>
#include <Qsci/qsciscintilla.h>

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
    m_editor = new QsciScintilla(this);
    m_editor->setObjectName(QStringLiteral("kernelEditor"));
    // The C++ lexer until the OpenCL C lexer exists.
    auto* lexer = new QsciLexerCPP(m_editor);
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    lexer->setDefaultFont(fixed);
    lexer->setFont(fixed); // every style, comments included
    m_editor->setMarginsFont(fixed);
    m_editor->setLexer(lexer);
    m_editor->setUtf8(true);
    m_editor->setMarginType(0, QsciScintilla::NumberMargin);
    m_editor->setMarginWidth(0, QStringLiteral("0000"));
    m_editor->setAutoIndent(true);
    m_editor->setIndentationsUseTabs(false);
    m_editor->setTabWidth(4);
    m_editor->setBraceMatching(QsciScintilla::SloppyBraceMatch);
    const QString source = sampleKernelSource();
    if (source.isEmpty())
        statusBar()->showMessage(tr("The sample kernel is missing from the resources."));
    m_editor->setText(source);
    addDock(tr("Kernel editor"), QStringLiteral("kernelEditorDock"), m_editor,
            Qt::LeftDockWidgetArea);
}

void MainWindow::createBufferInspector() {
    auto* model = new QStandardItemModel(0, 2, this);
    model->setHorizontalHeaderLabels({tr("Index"), tr("Value")});
    m_bufferTable = new QTableView(this);
    m_bufferTable->setObjectName(QStringLiteral("bufferTable"));
    m_bufferTable->setModel(model);
    m_bufferTable->verticalHeader()->hide();
    m_bufferTable->horizontalHeader()->setStretchLastSection(true);
    addDock(tr("Buffer inspector"), QStringLiteral("bufferInspectorDock"), m_bufferTable,
            Qt::BottomDockWidgetArea);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

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
