// The workbench's GUI process never loads an OpenCL library (issue 17, DESIGN.md §2a): after the
// whole loop in the window (a sample opened from the Welcome page, built, run, its buffer shown in
// the inspector, the devices listed in the browser, an editor build), neither the ICD loader nor
// any driver is among the process's mapped files (/proc/self/maps). Everything ran in the device
// hosts. The test then makes one OpenCL call itself, to show that the check sees the library.
#include "MainWindow.h"
#include "WelcomePage.h"
#include "WorkbenchContext.h"
#include "devices/DeviceBrowserPanel.h"
#include "editor/BuildController.h"
#include "editor/EditorWorkspace.h"
#include "inspector/BufferInspector.h"
#include "launch/LaunchPanel.h"
#include "launch/SessionController.h"
#include "models/BufferTableModel.h"

#include "clw/engine/runtime/Platform.h"

#include <QAction>
#include <QFile>
#include <QListWidget>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>

using namespace clw;

namespace {

// The mapped files of this process that belong to OpenCL: the ICD loader and the drivers.
QStringList openClMappings() {
    QFile maps(QStringLiteral("/proc/self/maps"));
    if (!maps.open(QIODevice::ReadOnly))
        return {QStringLiteral("(cannot read /proc/self/maps)")};
    static const QRegularExpression openCl(
        QStringLiteral("libOpenCL|pocl|nvidia-opencl|libnvidia|oclgrind|clw_fake_icd|"
                       "intelocl|amdocl|libigdrcl"),
        QRegularExpression::CaseInsensitiveOption);
    QStringList found;
    for (const QByteArray& line : maps.readAll().split('\n')) {
        const QString text = QString::fromUtf8(line);
        const QString file = text.section(QLatin1Char(' '), -1);
        // The file's name only: a checkout's folder may well be named after a driver.
        if (openCl.match(file.section(QLatin1Char('/'), -1)).hasMatch() && !found.contains(file))
            found.append(file);
    }
    return found;
}

} // namespace

class TestGuiProcess : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theWholeLoopLoadsNoOpenClLibrary() {
        QVERIFY2(openClMappings().isEmpty(), qPrintable(openClMappings().join(QLatin1Char(' '))));
        {
            app::WorkbenchContext context;
            app::MainWindow window(context);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            ui::SessionController& session = context.session();

            // The device browser lists the devices (its probe runs when the window opens).
            ui::DeviceBrowserPanel* browser = window.findChild<ui::DeviceBrowserPanel*>();
            QVERIFY(browser);
            QTRY_VERIFY_WITH_TIMEOUT(context.hasDevices(), 60000);
            QVERIFY(context.devices().deviceCount() > 0);

            // A sample from the Welcome page: it builds on its own, in its host.
            QListWidget* list = window.welcomePage()->samples();
            QListWidgetItem* item = nullptr;
            for (int row = 0; row < list->count(); ++row)
                if (list->item(row)
                        ->data(Qt::UserRole)
                        .toString()
                        .endsWith(QLatin1String("vector_add.clwb")))
                    item = list->item(row);
            QVERIFY(item);
            Q_EMIT list->itemActivated(item);
            QTRY_VERIFY_WITH_TIMEOUT(!session.kernels().empty() && !session.isBusy(), 120000);

            // The editor's live build of the same text, in the host too.
            ui::BuildController* builds = window.editorWorkspace()->builds();
            QSignalSpy built(builds, &ui::BuildController::buildFinished);
            window.editorWorkspace()->buildNow();
            QTRY_VERIFY_WITH_TIMEOUT(!built.isEmpty(), 120000);

            // Run (F5), and the inspector shows c = a + b = 3i, read from the host.
            window.launchPanel()->runAction()->trigger();
            QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == 1 && !session.isBusy(), 120000);
            QVERIFY2(session.history().front().ok, qPrintable(session.history().front().error));
            ui::BufferInspector* inspector = window.bufferInspector();
            inspector->showBuffer(QStringLiteral("c"));
            const QAbstractItemModel* model = inspector->model();
            int column = 0;
            while (column < model->columnCount() &&
                   model->headerData(column, Qt::Horizontal).toString() != QStringLiteral("Offset"))
                ++column;
            ++column;
            QTRY_COMPARE_WITH_TIMEOUT(model->data(model->index(2, column)).toString(),
                                      QStringLiteral("6"), 20000);

            QVERIFY2(openClMappings().isEmpty(),
                     qPrintable(openClMappings().join(QLatin1Char(' '))));
        }
        // The check sees an OpenCL library once this process makes a call.
        engine::Platform::all();
        QVERIFY(!openClMappings().isEmpty());
    }
};

QTEST_MAIN(TestGuiProcess)
#include "tst_guiprocess.moc"
