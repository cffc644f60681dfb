// Watch in the workbench (issue 18, Watch), as a person uses it: a variable picked at a line of
// the reduction sample gives its value in every work-item as it passed the line (the last pass,
// or the k-th), in the table, on the heat-map over the ND-range and in the histogram; the group
// sums watched through a __local pointer equal the host's; requests that cannot work say why and
// leave the session as it was. With CLW_SCREENSHOT_DIR set (Xvfb), a screenshot is kept.
#include "MainWindow.h"
#include "SampleExpectations.h"
#include "WorkbenchContext.h"
#include "debug/WatchPanel.h"
#include "debug/WatchTableModel.h"
#include "editor/KernelEditor.h"
#include "inspector/HeatMapView.h"
#include "inspector/HistogramView.h"
#include "launch/SessionController.h"
#include "session/SessionWorkflow.h"

#include "clw/engine/session/SessionFile.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QMessageBox>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QtTest>

#include <cmath>

using namespace clw;

namespace {

QString valueText(ui::WatchPanel* panel, int workItem) {
    return panel->model()
        ->data(panel->model()->index(workItem, ui::WatchTableModel::Value), Qt::DisplayRole)
        .toString();
}

int passesOf(ui::WatchPanel* panel, int workItem) {
    return panel->model()
        ->data(panel->model()->index(workItem, ui::WatchTableModel::Passes), Qt::DisplayRole)
        .toInt();
}

engine::Session reductionSession() {
    QFile file(QStringLiteral(":/samples/reduction.clwb"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return engine::SessionFile::parse(file.readAll().toStdString()).session;
}

class Window {
public:
    Window()
        : window(context) {
        window.sessions()->setQuestion([](const QString&, const QString&,
                                          QMessageBox::StandardButtons buttons) {
            return buttons.testFlag(QMessageBox::Discard) ? QMessageBox::Discard : QMessageBox::Yes;
        });
    }
    app::WorkbenchContext context;
    app::MainWindow window;
};

// The reduction sample, on `device`: Oclgrind, whose plugin watches, by default.
bool openReduction(Window& w, const QString& device = QStringLiteral("Oclgrind")) {
    if (!w.window.sessions()->openSample(QStringLiteral(":/samples/reduction.clwb")))
        return false;
    w.context.session().chooseDevice(device);
    return true;
}

// With CLW_SCREENSHOT_DIR set, shows the window and saves it there as `name`; false when that
// failed.
bool screenshotIfAsked(app::MainWindow& window, const QString& name) {
    const QString shots = qEnvironmentVariable("CLW_SCREENSHOT_DIR");
    if (shots.isEmpty())
        return true;
    window.show();
    if (!QTest::qWaitForWindowExposed(&window) || !QDir().mkpath(shots))
        return false;
    QTest::qWait(300);
    return window.grab().save(QDir(shots).filePath(name));
}

// Starts a watch and waits for it to end; the panel's status after.
QString watch(app::MainWindow& window, int line, const QString& expression, int pass = 0) {
    QAction* check = window.findChild<QAction*>(QStringLiteral("checkAction"));
    if (!window.startWatch(QString(), line, expression, pass))
        return QStringLiteral("did not start");
    if (!QTest::qWaitFor([&] { return check->isEnabled(); }, 120000))
        return QStringLiteral("did not end");
    return window.watchPanel()->statusText();
}

} // namespace

class TestWatchWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void loopVariableAtEachPass() {
        Window w;
        w.window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w.window));
        QVERIFY(openReduction(w));
        ui::WatchPanel* panel = w.window.watchPanel();

        // `stride` at line 12: seven passes (64, 32, ..., 1) in every work-item; the last is 1.
        const QString status = watch(w.window, 12, QStringLiteral("stride"));
        QVERIFY2(status.startsWith(QStringLiteral("`stride` at line 12 (the last pass of each "
                                                  "work-item), on Oclgrind")),
                 qPrintable(status));
        QCOMPARE(panel->model()->rowCount(), 4096);
        for (int item : {0, 1, 127, 128, 4095}) {
            QCOMPARE(valueText(panel, item), QStringLiteral("1"));
            QCOMPARE(passesOf(panel, item), 7);
        }
        // The heat-map: one row a work-group of 128, the same value everywhere.
        const ui::HeatMapData& data = panel->heatMap()->data();
        QCOMPARE(data.width, std::uint64_t(128));
        QCOMPARE(data.height, std::uint64_t(32));
        QCOMPARE(data.at(5, 3, 0), 1.0f);
        QCOMPARE(*panel->workItemAt(5, 3), std::uint64_t(3 * 128 + 5));
        QVERIFY(!panel->workItemAt(128, 0));
        Q_EMIT panel->heatMap()->picked(5, 3);
        QCOMPARE(panel->hoverText(), QStringLiteral("work-item (389), group (3), local (5): 1"));

        // The third pass: 64 / 4 = 16, through the pass box as a person sets it.
        panel->pass()->setValue(3);
        QAction* check = w.window.findChild<QAction*>(QStringLiteral("checkAction"));
        QTRY_VERIFY_WITH_TIMEOUT(!check->isEnabled() || valueText(panel, 0) == QStringLiteral("16"),
                                 10000);
        QTRY_VERIFY_WITH_TIMEOUT(check->isEnabled(), 120000);
        QVERIFY2(panel->statusText().contains(QStringLiteral("(pass 3 of each work-item)")),
                 qPrintable(panel->statusText()));
        QCOMPARE(valueText(panel, 0), QStringLiteral("16"));
        QCOMPARE(valueText(panel, 4000), QStringLiteral("16"));
        // The histogram is drawn when its tab is shown.
        panel->findChild<QTabWidget*>()->setCurrentWidget(panel->histogram());
        QVERIFY(panel->histogram()->pointCount() > 0);
    }

    // The same watches on the session's own device (PoCL here), by instrumenting the kernel: the
    // same values and passes as Oclgrind's, and the outputs of the instrumented run equal.
    void theSameOnTheSessionsDevice() {
        Window w;
        QVERIFY(openReduction(w, QString()));
        ui::WatchPanel* panel = w.window.watchPanel();
        QString status = watch(w.window, 12, QStringLiteral("stride"));
        QVERIFY2(status.startsWith(QStringLiteral("`stride` at line 12 (the last pass of each "
                                                  "work-item), on ")),
                 qPrintable(status));
        QVERIFY2(!status.contains(QStringLiteral("Oclgrind")) &&
                     !status.contains(QStringLiteral("Warning")),
                 qPrintable(status));
        QCOMPARE(panel->model()->rowCount(), 4096);
        for (int item : {0, 1, 127, 128, 4095}) {
            QCOMPARE(valueText(panel, item), QStringLiteral("1"));
            QCOMPARE(passesOf(panel, item), 7);
        }
        QCOMPARE(panel->heatMap()->data().at(5, 3, 0), 1.0f);
        status = watch(w.window, 13, QStringLiteral("lid + stride"), 1);
        QVERIFY2(status.contains(QStringLiteral("`lid + stride` at line 13 (pass 1")),
                 qPrintable(status));
        for (int item : {0, 5, 63, 128 + 7})
            QCOMPARE(valueText(panel, item), QString::number(item % 128 + 64));
        QCOMPARE(valueText(panel, 64), QStringLiteral("-"));
        QCOMPARE(passesOf(panel, 64), 0);
        // What the rewrite cannot place says so, before anything runs.
        watch(w.window, 14, QStringLiteral("stride"));
        QCOMPARE(panel->statusText(),
                 QStringLiteral("Nothing watched: line 14 holds no statement of `partial_sums` (a "
                                "comment, a blank line or a closing brace): watch a line with "
                                "code"));

        // The missing-barrier sample's differences of neighbours: 0 at a group's first work-item
        // on every device; 1 elsewhere where the device ran the left neighbour first (PoCL
        // always; a GPU not at a warp's left edge, which the heat-map shows).
        QVERIFY(w.window.sessions()->openSample(QStringLiteral(":/samples/missing_barrier.clwb")));
        w.context.session().chooseDevice(QString());
        status = watch(w.window, 20, QStringLiteral("smooth - left"));
        QVERIFY2(status.startsWith(QStringLiteral("`smooth - left` at line 20")),
                 qPrintable(status));
        QCOMPARE(panel->model()->rowCount(), 4096);
        for (int group : {0, 1, 15})
            QCOMPARE(valueText(panel, group * 256), QStringLiteral("0"));
        QVERIFY(screenshotIfAsked(w.window, QStringLiteral("watch_missing_barrier.png")));
    }

    void anExpressionOfVariables() {
        Window w;
        QVERIFY(openReduction(w));
        ui::WatchPanel* panel = w.window.watchPanel();
        // At line 13, in the stride-64 step: the index of the partner each work-item adds.
        const QString status = watch(w.window, 13, QStringLiteral("lid + stride"), 1);
        QVERIFY2(status.contains(QStringLiteral("`lid + stride` at line 13 (pass 1")),
                 qPrintable(status));
        for (int item : {0, 5, 63, 128 + 7})
            QCOMPARE(valueText(panel, item), QString::number(item % 128 + 64));
        QCOMPARE(valueText(panel, 64), QStringLiteral("-")); // lid 64 never adds
    }

    void groupSumsThroughALocalPointerAreTheHosts() {
        Window w;
        QVERIFY(openReduction(w));
        ui::WatchPanel* panel = w.window.watchPanel();
        // Line 18 runs in each group's first work-item only: scratch[0] holds its group's sum.
        const QString status = watch(w.window, 18, QStringLiteral("scratch[0]"));
        QVERIFY2(status.contains(QStringLiteral("`scratch[0]` at line 18")), qPrintable(status));
        const engine::Session session = reductionSession();
        const std::vector<float> in = test::filledFloats(test::bufferOf(session, "in"));
        for (int group = 0; group < 32; ++group) {
            double sum = 0;
            for (int i = 0; i < 128; ++i)
                sum += in[size_t(group * 128 + i)];
            const double watched = valueText(panel, group * 128).toDouble();
            QVERIFY2(std::abs(watched - sum) < 1e-3,
                     qPrintable(QStringLiteral("group %1: %2, the host's %3")
                                    .arg(group)
                                    .arg(watched)
                                    .arg(sum)));
            QCOMPARE(valueText(panel, group * 128 + 1), QStringLiteral("-")); // never passed
            QCOMPARE(passesOf(panel, group * 128 + 1), 0);
        }
    }

    void requestsThatCannotWorkSayWhy() {
        Window w;
        QVERIFY(openReduction(w));
        const engine::Session before = w.context.session().session();
        ui::WatchPanel* panel = w.window.watchPanel();
        const struct {
            int line;
            const char* expression;
            const char* message;
        } cases[] = {
            {14, "stride",
             "Nothing watched: no work-item passed line 14 of reduction.cl: it holds no code (a "
             "comment, a blank line, a brace), or no work-item of the session's launches reached "
             "it"},
            {9, "stride",
             "Nothing watched: `stride` is not a variable in scope at line 9: watch a variable "
             "declared before it in the same block or around it"},
            {500, "gid", "Nothing watched: line 500 is not in reduction.cl (19 lines)"},
            {12, "stride +",
             "Nothing watched: 'stride +' is not a whole expression: a value is missing at its "
             "end. A watch is a variable (x), an element with a constant index (tile[3]), a "
             "vector's component (v.y), or + - * / % of those and numbers (lid * 2 + 1)."},
            {9, "in",
             "Nothing watched: `in` is not a number or vector of numbers (a struct, an "
             "array or a pointer): watch one of its fields or elements, such as in[0]"},
        };
        for (const auto& bad : cases) {
            watch(w.window, bad.line, QLatin1String(bad.expression));
            QCOMPARE(panel->statusText(), QString::fromUtf8(bad.message));
            QCOMPARE(w.context.session().session(), before);
        }
    }

    void theEditorOffersTheWordAtThePlace() {
        Window w;
        QVERIFY(openReduction(w));
        auto* editor = qobject_cast<ui::KernelEditor*>(w.window.kernelEditor());
        QVERIFY(editor);
        const int lineStart =
            int(editor->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, 12)); // line 13
        const QString text = editor->text(12);
        QCOMPARE(editor->watchExpressionAt(lineStart + int(text.indexOf(QStringLiteral("lid + ")))),
                 QStringLiteral("lid"));
        QCOMPARE(
            editor->watchExpressionAt(lineStart + int(text.indexOf(QStringLiteral("scratch")))),
            QStringLiteral("scratch"));
        QCOMPARE(editor->watchExpressionAt(lineStart), QString()); // indentation
        // The context menu's action: Watch `lid` at line 13.
        QSignalSpy requested(editor, &ui::KernelEditor::watchRequested);
        Q_EMIT editor->watchRequested(QStringLiteral("lid"), 13);
        QAction* check = w.window.findChild<QAction*>(QStringLiteral("checkAction"));
        QTRY_VERIFY_WITH_TIMEOUT(!check->isEnabled(), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(check->isEnabled(), 120000);
        ui::WatchPanel* panel = w.window.watchPanel();
        QVERIFY2(panel->statusText().startsWith(QStringLiteral("`lid` at line 13")),
                 qPrintable(panel->statusText()));
        // Line 13 runs where lid < stride: lid 0 passes all seven times and last saw stride 1,
        // lid 100 only when stride was 64.
        QCOMPARE(valueText(panel, 0), QStringLiteral("0"));
        QCOMPARE(passesOf(panel, 0), 7);
        QCOMPARE(valueText(panel, 129), QStringLiteral("1"));
        QCOMPARE(passesOf(panel, 100), 0);
        QCOMPARE(passesOf(panel, 63), 1);

        QVERIFY(screenshotIfAsked(w.window, QStringLiteral("watch_lid.png")));
    }
};

QTEST_MAIN(TestWatchWindow)
#include "tst_watchwindow.moc"
