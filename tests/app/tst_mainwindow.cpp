// The main window, offscreen: its docks, the sample kernel in the editor, and the device tree
// filled from the engine on a worker thread.
#include "MainWindow.h"
#include "WorkbenchContext.h"
#include "devices/DeviceBrowserPanel.h"
#include "inspector/BufferInspector.h"
#include "launch/SessionController.h"
#include "models/BufferTableModel.h"
#include "models/DeviceListModel.h"

#include "clw/engine/runtime/DeviceSelection.h"

#include "TestDevice.h"

#include <QAction>
#include <QDockWidget>
#include <QStandardPaths>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

#include <Qsci/qsciscintilla.h>

using namespace clw;

class TestMainWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void opensWithDocksAndListsDevices();
};

void TestMainWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // settings go to a test location
    QCoreApplication::setOrganizationName(QStringLiteral("clworkbench-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
}

void TestMainWindow::opensWithDocksAndListsDevices() {
    CLW_REQUIRE_DEVICE(device);
    app::WorkbenchContext context;
    QCOMPARE(context.settings().value(QStringLiteral("settingsVersion")).toInt(),
             app::WorkbenchContext::kSettingsVersion);
    // The device chosen last time is chosen again, without touching the sample session.
    context.settings().setValue(QStringLiteral("session/device"),
                                QString::fromStdString(device.name()));
    app::MainWindow window(context);
    QCOMPARE(context.session().deviceName(), QString::fromStdString(device.name()));
    QVERIFY(!context.session().isModified());
    QVERIFY(context.session().session().devices.empty());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    QStringList titles;
    for (const QDockWidget* dock : window.findChildren<QDockWidget*>())
        titles << dock->windowTitle();
    titles.sort();
    QCOMPARE(titles,
             (QStringList{QStringLiteral("Buffer inspector"), QStringLiteral("Debugger"),
                          QStringLiteral("Devices"), QStringLiteral("Diagnostics"),
                          QStringLiteral("Findings"), QStringLiteral("Kernel editor"),
                          QStringLiteral("Launch"), QStringLiteral("Log"), QStringLiteral("Output"),
                          QStringLiteral("References"), QStringLiteral("Timeline and history"),
                          QStringLiteral("Watch"), QStringLiteral("Welcome")}));
    // Every dock is open (tabified ones behind another tab count as open).
    for (const char* name : {"kernelEditorDock", "welcomeDock", "launchDock", "devicesDock",
                             "bufferInspectorDock", "diagnosticsDock", "timelineDock", "logDock"}) {
        const auto* dock = window.findChild<QDockWidget*>(QString::fromUtf8(name));
        QVERIFY2(dock && dock->toggleViewAction()->isChecked(), name);
    }

    QVERIFY(window.kernelEditor()->text().contains(QStringLiteral("__kernel void vector_add")));
    const QAbstractItemModel* buffer = window.bufferInspector()->model();
    QCOMPARE(buffer->rowCount(), 0);
    QCOMPARE(buffer->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Index"));
    QCOMPARE(buffer->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Offset"));

    // The probe runs on a worker thread; the tree fills once it is back.
    const ui::DeviceListModel* model = window.deviceBrowser()->deviceModel();
    QCOMPARE(window.deviceBrowser()->deviceView()->model(), model);
    const QString wanted = QString::fromStdString(device.name());
    const auto listed = [&] {
        for (int p = 0; p < model->rowCount(); ++p) {
            const QModelIndex platform = model->index(p, 0);
            for (int d = 0; d < model->rowCount(platform); ++d)
                if (model->data(model->index(d, 0, platform)).toString() == wanted)
                    return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(listed(), 60000);
    QVERIFY(context.hasDevices());
    QTRY_COMPARE(window.deviceStatus(),
                 QStringLiteral("Device: ") + QString::fromStdString(device.name()));

    // The Code menu's language actions, and Format on save kept in the session (off at first).
    QAction* formatOnSave = window.findChild<QAction*>(QStringLiteral("formatOnSaveAction"));
    QVERIFY(formatOnSave && formatOnSave->isCheckable() && !formatOnSave->isChecked());
    for (const char* name : {"goToDefinitionAction", "findReferencesAction", "goBackAction",
                             "completeAction", "formatAction"})
        QVERIFY2(window.findChild<QAction*>(QString::fromLatin1(name)), name);
    formatOnSave->setChecked(true);
    QVERIFY(context.session().session().formatOnSave);
    QVERIFY(context.session().isModified());
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
