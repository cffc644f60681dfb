// Check in the workbench (issue 18), as a person drives it: open the race sample, press F6,
// see the race and the uninitialized read on their lines (margin marks, squiggles), in the
// Findings dock, and the work-items of the one selected filled on the ND-range grid (counted in
// its pixels); F8 moves through the findings. Cancel ends a check of a kernel that never ends
// and the next check runs; a kernel that does not build says so and keeps the text. With
// CLW_SCREENSHOT_DIR set (the Xvfb run), a screenshot of the window is kept.
#include "MainWindow.h"
#include "WorkbenchContext.h"
#include "debug/FindingsPanel.h"
#include "debug/NdRangeGrid.h"
#include "editor/KernelEditor.h"
#include "launch/SessionController.h"
#include "session/SessionWorkflow.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QTreeWidget>
#include <QtTest>

using namespace clw;

namespace {

void answerEveryQuestion(app::MainWindow& window) {
    window.sessions()->setQuestion(
        [](const QString&, const QString&, QMessageBox::StandardButtons buttons) {
            return buttons.testFlag(QMessageBox::Discard) ? QMessageBox::Discard : QMessageBox::Yes;
        });
}

QAction* action(app::MainWindow& window, const char* name) {
    return window.findChild<QAction*>(QString::fromLatin1(name));
}

ui::KernelEditor* editorOf(app::MainWindow& window) {
    return qobject_cast<ui::KernelEditor*>(window.kernelEditor());
}

// The 0-based lines that carry a finding's margin mark.
QList<int> markedLines(ui::KernelEditor* editor) {
    QList<int> lines;
    for (int line = editor->markerFindNext(0, 1 << ui::KernelEditor::kFindingMarker); line >= 0;
         line = editor->markerFindNext(line + 1, 1 << ui::KernelEditor::kFindingMarker))
        lines.append(line);
    return lines;
}

const QRgb kInvolved = qRgb(0xd0, 0x30, 0x30);

// The colour painted at the centre of a work-item's cell.
QRgb pixelAt(ui::NdRangeGrid* grid, const engine::CheckIds& workItem) {
    const QImage image = grid->grab().toImage().convertToFormat(QImage::Format_RGB32);
    return image.pixel(grid->cellRect(workItem).center()) | 0xff000000u;
}

// Pixels of the grid painted in the colour of involved work-items.
int involvedPixels(ui::NdRangeGrid* grid) {
    const QImage image = grid->grab().toImage().convertToFormat(QImage::Format_RGB32);
    int count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if ((image.pixel(x, y) | 0xff000000u) == kInvolved)
                ++count;
    return count;
}

void openSample(app::MainWindow& window, const char* name) {
    QVERIFY(window.sessions()->openSample(QStringLiteral(":/samples/") + QLatin1String(name)));
}

void openKernel(app::MainWindow& window, const QString& source) {
    window.sessions()->newSession(source, QStringLiteral("endless.cl"));
}

} // namespace

class TestCheckWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void raceSampleShowsTheRaceWhereItHappens() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        answerEveryQuestion(window);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        openSample(window, "race.clwb");

        QAction* check = action(window, "checkAction");
        QVERIFY(check);
        QCOMPARE(check->shortcut(), QKeySequence(Qt::Key_F6));
        ui::FindingsPanel* panel = window.findingsPanel();
        check->trigger();
        QVERIFY(!check->isEnabled()); // one check at a time
        QTRY_VERIFY_WITH_TIMEOUT(check->isEnabled(), 120000);
        QVERIFY2(panel->findingCount() == 2, qPrintable(panel->statusText()));
        QVERIFY(window.findChild<QDockWidget*>(QStringLiteral("findingsDock"))->isVisible());

        // The list: the race at line 10, the uninitialized read at line 12.
        QTreeWidget* list = panel->list();
        QCOMPARE(list->topLevelItem(0)->text(0), QStringLiteral("data race (read-write)"));
        QCOMPARE(list->topLevelItem(0)->text(1).section(QLatin1Char(':'), 0, 1),
                 QStringLiteral("race.cl:10"));
        QCOMPARE(list->topLevelItem(0)->text(2), QStringLiteral("rotate_racy"));
        QCOMPARE(list->topLevelItem(0)->text(3), QStringLiteral("256"));
        QCOMPARE(list->topLevelItem(1)->text(0), QStringLiteral("uninitialized value read"));
        QCOMPARE(list->topLevelItem(1)->text(1).section(QLatin1Char(':'), 0, 1),
                 QStringLiteral("race.cl:12"));

        // The editor: marks on lines 10 and 12, each with its message.
        ui::KernelEditor* editor = editorOf(window);
        QVERIFY(editor);
        QCOMPARE(markedLines(editor), (QList<int>{9, 11}));
        QCOMPARE(editor->findings().size(), 2);
        QVERIFY(editor->findings()[0].message.startsWith(
            QStringLiteral("data race (read-write) on __local `tile`")));
        const auto [start, end] = editor->diagnosticRange(editor->findings()[0]);
        QCOMPARE(int(editor->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT,
                                           ui::KernelEditor::kFindingIndicator, start)),
                 1);
        QVERIFY(end > start);
        // The first finding is selected: the caret is on its line, every work-item is filled.
        int line = 0, index = 0;
        editor->getCursorPosition(&line, &index);
        QCOMPARE(line, 9);
        ui::NdRangeGrid* grid = panel->grid();
        QCOMPARE(grid->highlighted().size(), size_t(256));
        const QRect cell = grid->cellRect({0, 0, 0});
        QVERIFY(cell.width() >= 3);
        // Every cell filled inside its outline and separators.
        QVERIFY2(involvedPixels(grid) >= 256 * (cell.width() - 2) * (cell.height() - 2),
                 qPrintable(QString::number(involvedPixels(grid))));
        QCOMPARE(pixelAt(grid, {5, 0, 0}), kInvolved);

        // F8: the next finding, 252 work-items (all but the last of each group), at line 12.
        QAction* next = action(window, "nextDiagnosticAction");
        QCOMPARE(next->shortcut(), QKeySequence(Qt::Key_F8));
        next->trigger();
        QCOMPARE(list->indexOfTopLevelItem(list->currentItem()), 1);
        QCOMPARE(grid->highlighted().size(), size_t(252));
        QVERIFY(!grid->highlighted().count({63, 0, 0}));
        QVERIFY(grid->highlighted().count({62, 0, 0}));
        QCOMPARE(pixelAt(grid, {62, 0, 0}), kInvolved);
        QVERIFY(pixelAt(grid, {63, 0, 0}) != kInvolved);
        editor->getCursorPosition(&line, &index);
        QCOMPARE(line, 11);
        next->trigger(); // wraps
        QCOMPARE(list->indexOfTopLevelItem(list->currentItem()), 0);

        // Hover and click on the grid name and select a work-item.
        QSignalSpy clicked(grid, &ui::NdRangeGrid::workItemClicked);
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->cellRect({70, 0, 0}).center());
        QCOMPARE(clicked.size(), 1);
        QCOMPARE(clicked.first().first().value<engine::CheckIds>(), (engine::CheckIds{70, 0, 0}));
        QCOMPARE(*grid->selected(), (engine::CheckIds{70, 0, 0}));

        const QString shots = qEnvironmentVariable("CLW_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            QVERIFY(QDir().mkpath(shots));
            window.findChild<QDockWidget*>(QStringLiteral("kernelEditorDock"))->raise();
            QTest::qWait(300);
            QVERIFY(window.grab().save(QDir(shots).filePath(QStringLiteral("check_race.png"))));
        }
    }

    void cancelEndsAKernelThatNeverEnds() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        answerEveryQuestion(window);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        openSample(window, "race.clwb");
        ui::SessionController& session = context.session();
        engine::SourceSet sources = session.session().sources;
        // Both kernels never end: rotate_racy spins on a value no work-item ever writes.
        sources.files[0].text = "__kernel void rotate_racy(__global const int* in, __global int* "
                                "out, __local int* tile) {\n"
                                "    while (in[0] != -7) out[get_global_id(0)] = 1;\n}\n"
                                "__kernel void rotate_fixed(__global const int* in, __global "
                                "int* out, __local int* tile) { out[0] = 0; }\n";
        session.setSources(sources);
        ui::FindingsPanel* panel = window.findingsPanel();
        QAction* check = action(window, "checkAction");
        check->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(panel->statusText().contains(QStringLiteral("Checking")), 30000);
        QTest::qWait(500);
        QVERIFY(!check->isEnabled());
        QPushButton* cancel = panel->findChild<QPushButton*>(QStringLiteral("checkCancel"));
        QVERIFY(cancel && cancel->isVisible());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(check->isEnabled(), 30000);
        QCOMPARE(panel->statusText(),
                 QStringLiteral("The check did not run: The check was cancelled."));
        QCOMPARE(panel->findingCount(), 0);

        // The text is as it was, and the next check (of the sample again) runs.
        QVERIFY(session.session().sources.files[0].text.find("in[0] != -7") != std::string::npos);
        openSample(window, "out_of_bounds.clwb");
        check->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(check->isEnabled(), 120000);
        QVERIFY2(panel->findingCount() == 1, qPrintable(panel->statusText()));
        QCOMPARE(panel->currentFinding()->kind, engine::CheckKind::OutOfBoundsWrite);
        QCOMPARE(panel->grid()->highlighted(), (std::set<engine::CheckIds>{{255, 0, 0}}));
    }

    void largeRangesAreShrunkWhenThePersonSaysSo() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        openSample(window, "vector_add.clwb");
        ui::SessionController& session = context.session();
        for (const char* name : {"a", "b", "c"}) {
            engine::SessionBuffer buffer = *session.session().findBuffer(name);
            buffer.shape = {32768};
            session.setBuffer(buffer);
        }
        engine::SessionLaunch launch = session.session().launches.at(0);
        launch.global = {32768};
        session.setLaunch(0, launch);
        QStringList asked;
        QMessageBox::StandardButton answer = QMessageBox::Cancel;
        window.sessions()->setQuestion(
            [&](const QString&, const QString& text, QMessageBox::StandardButtons) {
                asked << text;
                return answer;
            });
        ui::FindingsPanel* panel = window.findingsPanel();
        QAction* check = action(window, "checkAction");
        const QString before = panel->statusText();
        check->trigger(); // Cancel: nothing runs
        QCOMPARE(asked.size(), 1);
        QVERIFY2(asked[0].contains(QStringLiteral("vector_add: 32768 -> 16384 work-items")),
                 qPrintable(asked[0]));
        QVERIFY(check->isEnabled());
        QCOMPARE(panel->statusText(), before);

        answer = QMessageBox::Yes;
        check->trigger();
        QCOMPARE(asked.size(), 2);
        QTRY_VERIFY_WITH_TIMEOUT(check->isEnabled(), 300000);
        QVERIFY2(panel->statusText().startsWith(QStringLiteral("No findings in 1 launch on ")),
                 qPrintable(panel->statusText()));
        QVERIFY2(panel->statusText().endsWith(QStringLiteral(
                     "Checked on smaller ranges than the session's: vector_add: 32768 -> 16384 "
                     "work-items.")),
                 qPrintable(panel->statusText()));
        // The session keeps its own range.
        QCOMPARE(session.session().launches.at(0).global, std::vector<std::uint64_t>{32768});
    }

    void kernelThatDoesNotBuildSaysSo() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        answerEveryQuestion(window);
        openKernel(window, QStringLiteral("__kernel void k(__global int* a) {\n    a[0] = ;\n}\n"));
        ui::SessionController& session = context.session();
        engine::SessionLaunch launch;
        launch.kernel = "k";
        launch.global = {4};
        session.addLaunch(launch);
        const std::string text = session.session().sources.files[0].text;
        QAction* check = action(window, "checkAction");
        check->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(check->isEnabled(), 120000);
        ui::FindingsPanel* panel = window.findingsPanel();
        QVERIFY2(panel->statusText().startsWith(QStringLiteral("The check did not run: ")),
                 qPrintable(panel->statusText()));
        QVERIFY2(panel->statusText().contains(QStringLiteral("endless.cl:2:")),
                 qPrintable(panel->statusText()));
        QCOMPARE(session.session().sources.files[0].text, text);
    }
};

QTEST_MAIN(TestCheckWindow)
#include "tst_checkwindow.moc"
