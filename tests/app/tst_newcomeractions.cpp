// The actions a newcomer looks for (issue 65, points 1 to 3), in the main window offscreen: the
// toolbar's Build, Run, Stop, Check, Debug, Live, Pin and Capture, each with an icon, a tooltip
// and a place in a menu; the debugging bar hidden until a debug run; Help > Keys listing the
// keys; F9 and a click on a line's number or marker toggling a breakpoint; Esc reaching Stop with
// the caret in the editor; the launch panel saying a run is going.
#include "KeysDialog.h"
#include "MainWindow.h"
#include "WorkbenchContext.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "launch/LaunchPanel.h"
#include "launch/RunResultsView.h"
#include "launch/SessionController.h"

#include "SessionWindow.h"
#include "TestDevice.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QToolBar>
#include <QtTest>

#include <Qsci/qsciscintilla.h>

using namespace clw;

namespace {

void menuActions(const QMenu& menu, QList<QAction*>& into) {
    for (QAction* action : menu.actions()) {
        into << action;
        if (action->menu())
            menuActions(*action->menu(), into);
    }
}

QList<QAction*> allMenuActions(const QMenuBar& bar) {
    QList<QAction*> actions;
    for (QAction* top : bar.actions())
        if (top->menu())
            menuActions(*top->menu(), actions);
    return actions;
}

// The centre of line `line` (0-based) in margin `margin` of `editor`, in viewport coordinates.
QPoint inMargin(ui::KernelEditor& editor, int margin, int line) {
    int x = 0;
    for (int m = 0; m < margin; ++m)
        x += editor.marginWidth(m);
    const long position = editor.SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, line);
    const int y = int(editor.SendScintilla(QsciScintilla::SCI_POINTYFROMPOSITION, 0, position));
    return {x + editor.marginWidth(margin) / 2, y + editor.textHeight(line) / 2};
}

// A kernel that prints one line, "hello 7".
engine::Session printingSession() {
    const char* json =
        "{\"format\": \"clworkbench-session\", \"version\": 1,"
        " \"sources\": {\"main\": \"say.cl\", \"files\": [{\"name\": \"say.cl\", \"text\":"
        " \"__kernel void say(__global int* x) { if (get_global_id(0) == 0)"
        " printf(\\\"hello %d\\\\n\\\", x[0]); }\\n\"}]},"
        " \"options\": \"\", \"devices\": [],"
        " \"buffers\": [{\"name\": \"x\", \"type\": \"int\", \"shape\": [4],"
        " \"access\": \"read_write\", \"init\": {\"fill\": \"ramp\", \"start\": 7,"
        " \"step\": 1}}],"
        " \"launches\": [{\"kernel\": \"say\", \"global\": [4],"
        " \"arguments\": [{\"buffer\": \"x\"}]}]}";
    return engine::SessionFile::parse(json).session;
}

} // namespace

class TestNewcomerActions : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("clworkbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_newcomeractions"));
    }

    void toolbarActionsAreInMenusWithIcons() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        auto* bar = window.findChild<QToolBar*>(QStringLiteral("mainToolBar"));
        QVERIFY(bar);
        QStringList texts;
        const QList<QAction*> inMenus = allMenuActions(*window.menuBar());
        for (QAction* action : bar->actions()) {
            if (action->isSeparator())
                continue;
            texts << action->text().remove(QLatin1Char('&'));
            QVERIFY2(!action->icon().isNull(), qPrintable(action->text()));
            QVERIFY2(!action->toolTip().isEmpty() &&
                         action->toolTip() != action->text().remove(QLatin1Char('&')),
                     qPrintable(action->text()));
            QVERIFY2(inMenus.contains(action),
                     qPrintable(action->text() + QStringLiteral(" is in no menu")));
        }
        QCOMPARE(texts,
                 (QStringList{QStringLiteral("Build"), QStringLiteral("Run"),
                              QStringLiteral("Stop"), QStringLiteral("Check on Oclgrind"),
                              QStringLiteral("Debug / Step over"), QStringLiteral("Live"),
                              QStringLiteral("Pin"), QStringLiteral("Capture from program...")}));
        auto* debugging = window.findChild<QToolBar*>(QStringLiteral("debuggingToolBar"));
        QVERIFY(debugging);
        QVERIFY(debugging->isHidden());
        QCOMPARE(debugging->actions().size(), 5);

        // Help > Keys lists them with their keys.
        auto* keys = window.findChild<QAction*>(QStringLiteral("keysAction"));
        QVERIFY(keys);
        keys->trigger();
        auto* dialog = window.findChild<app::KeysDialog*>();
        QVERIFY(dialog);
        QTableWidget* table = dialog->table();
        QStringList rows;
        for (int row = 0; row < table->rowCount(); ++row)
            rows << table->item(row, 0)->text() + QLatin1Char(' ') + table->item(row, 1)->text();
        for (const char* expected : {"F5 Run", "Esc Stop", "F9 Toggle breakpoint", "F7 Live",
                                     "F6 Check on Oclgrind", "Ctrl+B Build"})
            QVERIFY2(
                rows.contains(QLatin1String(expected)),
                qPrintable(QStringLiteral("%1 not in: %2")
                               .arg(QLatin1String(expected), rows.join(QStringLiteral(", ")))));
    }

    void breakpointsToggleFromKeyAndMargins() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::KernelEditor* editor = window.editorWorkspace()->mainEditor();
        QVERIFY(editor);
        QVERIFY(editor->lines() >= 5);
        editor->setCursorPosition(3, 0);
        auto* toggle = window.findChild<QAction*>(QStringLiteral("toggleBreakpointAction"));
        QVERIFY(toggle);
        QCOMPARE(toggle->shortcut(), QKeySequence(Qt::Key_F9));
        toggle->trigger();
        QCOMPARE(editor->breakpoints(), QList<int>{4});
        toggle->trigger();
        QVERIFY(editor->breakpoints().isEmpty());
        // A click on line 5's number, then on its marker margin: on, then off.
        QTest::mouseClick(editor->viewport(), Qt::LeftButton, {}, inMargin(*editor, 0, 4));
        QCOMPARE(editor->breakpoints(), QList<int>{5});
        QTest::mouseClick(editor->viewport(), Qt::LeftButton, {}, inMargin(*editor, 1, 4));
        QVERIFY(editor->breakpoints().isEmpty());
    }

    void theOutputComesForwardWhenARunPrints() {
        CLW_REQUIRE_DEVICE(device);
        Q_UNUSED(device)
        test::SessionWindow opened(printingSession(), QStringLiteral("say.clwb"));
        QVERIFY(opened.open());
        ui::SessionController& session = opened.context.session();
        QTRY_VERIFY_WITH_TIMEOUT(!session.kernels().empty() && !session.isBusy(), 120000);
        auto* output = opened.window.findChild<QDockWidget*>(QStringLiteral("outputDock"));
        QVERIFY(output);
        QVERIFY(output->visibleRegion().isEmpty()); // behind the buffer inspector's tab
        opened.window.launchPanel()->runAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == 1 && !session.isBusy(), 120000);
        QVERIFY2(session.history().front().output.contains(QStringLiteral("hello 7")),
                 qPrintable(session.history().front().output));
        QTRY_VERIFY(!output->visibleRegion().isEmpty());
    }

    void escapeInTheEditorStopsAndTheLaunchPanelSaysARunGoes() {
        CLW_REQUIRE_DEVICE(device);
        app::WorkbenchContext context;
        context.settings().setValue(QStringLiteral("session/device"),
                                    QString::fromStdString(device.name()));
        app::MainWindow window(context);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        ui::KernelEditor* editor = window.editorWorkspace()->mainEditor();
        QVERIFY(editor);
        editor->setFocus();
        QTRY_VERIFY(editor->hasFocus());
        auto* stop = window.findChild<QAction*>(QStringLiteral("stopAction"));
        QVERIFY(stop);
        QSignalSpy stops(stop, &QAction::triggered);
        QTest::keyClick(editor, Qt::Key_Escape);
        QCOMPARE(stops.count(), 1);

        ui::SessionController& session = context.session();
        QTRY_VERIFY_WITH_TIMEOUT(!session.kernels().empty() && !session.isBusy(), 120000);
        auto* results = window.findChild<ui::RunResultsView*>(QStringLiteral("runResults"));
        QVERIFY(results);
        window.launchPanel()->runAction()->trigger();
        QCOMPARE(results->text(),
                 QStringLiteral("Running on the device: Esc stops it, Shift+Esc cancels it."));
        QTRY_VERIFY_WITH_TIMEOUT(!session.isBusy(), 120000);
        QVERIFY2(results->text().startsWith(QStringLiteral("Run 1")), qPrintable(results->text()));
    }
};

QTEST_MAIN(TestNewcomerActions)
#include "tst_newcomeractions.moc"
