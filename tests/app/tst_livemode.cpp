// Live mode in the window (issue 21): with the toolbar's Live on, an edit of the vector-add
// sample's kernel shows its new values in the inspector with what changed highlighted; an edit
// that does not build keeps the last good results, marked as of an earlier text; an endless loop
// typed halfway is stopped by the live watchdog and the next edit's results arrive; a run whose
// text changed while it ran is dropped, never shown over the newer one; live runs stay out of the
// history until pinned; slow launches ask before going live; the statistics, the plot and the
// 2-D view of an image follow live results as the table does.
#include "MainWindow.h"
#include "WorkbenchContext.h"
#include "inspector/AnalysisPanel.h"
#include "inspector/BufferInspector.h"
#include "inspector/HeatMapPanel.h"
#include "inspector/HeatMapView.h"
#include "inspector/LinePlotView.h"
#include "inspector/StatisticsTable.h"
#include "launch/HistoryPanel.h"
#include "launch/LiveRunner.h"
#include "launch/SessionController.h"
#include "models/BufferTableModel.h"
#include "models/RunHistoryModel.h"
#include "session/SessionWorkflow.h"

#include <QAbstractButton>
#include <QAction>
#include <QElapsedTimer>
#include <QLabel>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidgetItem>
#include <QTimer>
#include <QtTest>

#include <Qsci/qsciscintilla.h>

#include <cmath>

using namespace clw;

namespace {

const QString kSum = QStringLiteral("a[i] + b[i]");
const char* kPocl = "Portable Computing Language";

// What the inspector's table shows for c[row]; NaN while it is not c or its page loads.
double shownC(app::MainWindow& window, int row) {
    ui::BufferInspector* inspector = window.bufferInspector();
    if (inspector->currentBuffer() != QStringLiteral("c"))
        return std::nan("");
    const ui::BufferTableModel* model = inspector->model();
    if (row >= model->rowCount())
        return std::nan("");
    bool number = false;
    const double value =
        model->data(model->index(row, model->firstValueColumn())).toString().toDouble(&number);
    return number ? value : std::nan("");
}

bool changedC(app::MainWindow& window, int row) {
    const ui::BufferTableModel* model = window.bufferInspector()->model();
    return model
        ->data(model->index(row, model->firstValueColumn()), ui::BufferTableModel::ChangedRole)
        .toBool();
}

// The sample's kernel with the statement `c[i] = ...;` made `c[i] = expression;`, as if typed.
void type(app::MainWindow& window, const QString& expression) {
    QsciScintilla* editor = window.kernelEditor();
    QString text = editor->text();
    const int at = text.lastIndexOf(QStringLiteral("c[i] = ")) + 7; // not the comment's
    const int end = text.indexOf(QLatin1Char('\n'), at);
    text.replace(at, end - at, expression + QLatin1Char(';'));
    editor->setText(text);
}

} // namespace

class TestLiveMode : public QObject {
    Q_OBJECT
private:
    // The vector-add sample on PoCL, built, with live mode on and its first result shown.
    bool goLive(app::WorkbenchContext& context, app::MainWindow& window) {
        ui::SessionController& session = context.session();
        window.sessions()->setQuestion([](const QString&, const QString&,
                                          QMessageBox::StandardButtons buttons) {
            return buttons.testFlag(QMessageBox::Discard) ? QMessageBox::Discard : QMessageBox::No;
        });
        window.show(); // the table reads the pages its view shows
        if (!QTest::qWaitForWindowExposed(&window))
            return false;
        session.chooseDevice(QString::fromLatin1(kPocl)); // kept by the session opened next
        if (!window.sessions()->openSample(QStringLiteral(":/samples/vector_add.clwb")))
            return false;
        if (!QTest::qWaitFor([&] { return !session.kernels().empty() && !session.isBusy(); },
                             120000)) {
            qWarning("the sample did not build");
            return false;
        }
        QAction* live = window.findChild<QAction*>(QStringLiteral("liveAction"));
        if (!live || live->isChecked())
            return false;
        live->trigger();
        if (!live->isChecked() || !session.isLive())
            return false;
        ui::LiveRunner* runner = window.liveRunner();
        const bool shown = QTest::qWaitFor(
            [&] {
                return runner->state() == ui::LiveRunner::State::Current &&
                       shownC(window, 10) == 30.0;
            },
            60000);
        if (!shown)
            qWarning("no live result: %s, %s shown, c[10] shown as %g",
                     qPrintable(runner->statusText()),
                     qPrintable(window.bufferInspector()->currentBuffer()), shownC(window, 10));
        return shown;
    }

private Q_SLOTS:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("clworkbench-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_livemode"));
    }

    void typingAChangeUpdatesTheInspector() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        ui::SessionController& session = context.session();
        QVERIFY(!session.isLive()); // off by default
        QVERIFY(goLive(context, window));
        ui::LiveRunner* runner = window.liveRunner();
        const int shown = runner->shownCount();
        const auto label = window.findChild<QLabel*>(QStringLiteral("liveStatus"));
        QVERIFY(label);
        QVERIFY2(label->text().contains(QStringLiteral("current text")), qPrintable(label->text()));

        type(window, QStringLiteral("a[i] * b[i]"));
        QTRY_VERIFY2_WITH_TIMEOUT(runner->shownCount() > shown && shownC(window, 10) == 200.0,
                                  qPrintable(QStringLiteral("%1 shown, %2; c[10] = %3")
                                                 .arg(runner->shownCount())
                                                 .arg(runner->statusText())
                                                 .arg(shownC(window, 10))),
                                  60000);
        QCOMPARE(runner->state(), ui::LiveRunner::State::Current);
        // Changed since the previous live result: c[10] (30 -> 200), not c[0] (0 -> 0).
        QTRY_VERIFY_WITH_TIMEOUT(changedC(window, 10), 20000);
        QVERIFY(!changedC(window, 0));
        QCOMPARE(shownC(window, 3), 18.0);

        // Live runs stay out of the history and never save the session; Pin records one.
        QVERIFY(session.history().empty());
        QVERIFY(session.filePath().isEmpty());
        QVERIFY(!session.liveRecords().empty());
        window.findChild<QAction*>(QStringLiteral("pinLiveAction"))->trigger();
        QCOMPARE(session.history().size(), std::size_t(1));
        QVERIFY(session.history().front().ok);
        QCOMPARE(window.historyPanel()->model()->rowCount(), 1);
        QVERIFY(session.liveRecords().empty()); // pinned once
    }

    void aBrokenEditKeepsTheLastGoodResultsMarked() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        QVERIFY(goLive(context, window));
        ui::SessionController& session = context.session();
        ui::LiveRunner* runner = window.liveRunner();
        const auto before = session.bufferSource(QStringLiteral("c"));

        type(window, QStringLiteral("a[i] +* b[i]"));
        QTRY_COMPARE_WITH_TIMEOUT(runner->state(), ui::LiveRunner::State::Earlier, 60000);
        const auto label = window.findChild<QLabel*>(QStringLiteral("liveStatus"));
        QVERIFY2(label->text().contains(QStringLiteral("earlier text")), qPrintable(label->text()));
        QCOMPARE(session.bufferSource(QStringLiteral("c")), before);
        QCOMPARE(shownC(window, 10), 30.0);

        // Fixed: the results follow again.
        type(window, QStringLiteral("a[i] - b[i]"));
        QTRY_VERIFY_WITH_TIMEOUT(runner->state() == ui::LiveRunner::State::Current &&
                                     shownC(window, 10) == -10.0,
                                 60000);
    }

    void anEndlessLoopIsStoppedAndTheNextEditRuns() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        QVERIFY(goLive(context, window));
        ui::SessionController& session = context.session();
        ui::LiveRunner* runner = window.liveRunner();
        QCOMPARE(session.watchdogLimits().launch, std::chrono::milliseconds(10000));

        // a[0] is 0: every work-item spins until the live watchdog (2 s) ends the host.
        QElapsedTimer clock;
        clock.start();
        type(window, QStringLiteral("a[i]; while (*(volatile __global const float*)a == 0.0f) {}"));
        QTRY_COMPARE_WITH_TIMEOUT(runner->state(), ui::LiveRunner::State::Stopped, 60000);
        qInfo("stopped %lld ms after the edit", clock.elapsed());
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(shownC(window, 10), 30.0); // the last good results stay
        QVERIFY(session.history().empty());

        type(window, QStringLiteral("a[i] * b[i]"));
        QTRY_VERIFY2_WITH_TIMEOUT(
            runner->state() == ui::LiveRunner::State::Current && shownC(window, 10) == 200.0,
            qPrintable(
                QStringLiteral("%1; c[10] = %2").arg(runner->statusText()).arg(shownC(window, 10))),
            120000);
    }

    // An edit after a pause in the edits runs at once; one that follows it closely waits for
    // the pause (a debounce long enough here to tell the two apart).
    void anEditAfterAPauseRunsAtOnceAndACloseOneWaits() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        QVERIFY(goLive(context, window));
        ui::LiveRunner* runner = window.liveRunner();
        runner->setDebounceMs(3000);
        QTest::qWait(3100); // a pause since going live, which counts as an edit
        QElapsedTimer clock;
        clock.start();
        type(window, QStringLiteral("a[i] * b[i]"));
        QTRY_VERIFY_WITH_TIMEOUT(shownC(window, 10) == 200.0, 60000);
        QVERIFY2(clock.elapsed() < 2500, qPrintable(QString::number(clock.elapsed())));

        clock.restart();
        type(window, QStringLiteral("a[i] - b[i]"));
        QTest::qWait(1500);
        QCOMPARE(shownC(window, 10), 200.0); // still waiting for the pause
        QTRY_COMPARE_WITH_TIMEOUT(shownC(window, 10), -10.0, 60000);
        // A coarse timer (QTimer's default) may ring up to 5% early.
        QVERIFY2(clock.elapsed() >= 2850, qPrintable(QString::number(clock.elapsed())));
    }

    void anOlderRunThatEndsAfterANewerEditIsNeverShown() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        QVERIFY(goLive(context, window));
        ui::SessionController& session = context.session();
        ui::LiveRunner* runner = window.liveRunner();
        const int shown = runner->shownCount();
        const int dropped = runner->droppedCount();

        // The newer edit comes as soon as the older one's run has started: the older run ends
        // after it, and must be dropped.
        bool edited = false;
        connect(&session, &ui::SessionController::busyChanged, this, [&](bool busy) {
            if (busy && !edited) {
                edited = true;
                QTimer::singleShot(0, this, [&] { type(window, QStringLiteral("a[i] - b[i]")); });
            }
        });
        int buffersReady = 0;
        connect(&session, &ui::SessionController::buffersReady, this, [&] { ++buffersReady; });
        type(window, QStringLiteral("a[i] * 5.0f"));
        QTRY_VERIFY_WITH_TIMEOUT(runner->shownCount() > shown && !session.isBusy(), 60000);
        QVERIFY(edited);
        QCOMPARE(runner->droppedCount(), dropped + 1);
        QCOMPARE(runner->shownCount(), shown + 1); // the newer edit's only
        QCOMPARE(buffersReady, 1);
        QTRY_COMPARE_WITH_TIMEOUT(shownC(window, 10), -10.0, 20000);
        QCOMPARE(runner->state(), ui::LiveRunner::State::Current);
    }

    // The inspector's other views follow live results too: the statistics (and the plot beside
    // them) of the vector add's c, and the 2-D view of the blur sample's picture, which halves
    // when its kernel divides by 18 instead of 9.
    void theStatisticsAndThePictureFollow() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        QVERIFY(goLive(context, window));
        ui::BufferInspector* inspector = window.bufferInspector();
        ui::LiveRunner* runner = window.liveRunner();
        inspector->sideTabs()->setCurrentWidget(inspector->analysis());
        const auto largest = [&] {
            const QTableWidgetItem* item =
                inspector->analysis()->statistics()->item(0, ui::StatisticsTable::Max);
            return item ? item->text() : QString();
        };
        QTRY_COMPARE_WITH_TIMEOUT(largest(), QStringLiteral("3069"), 20000); // c = 3i, i < 1024
        inspector->analysis()->tabs()->setCurrentWidget(inspector->analysis()->plot());
        QTRY_VERIFY_WITH_TIMEOUT(inspector->analysis()->plot()->pointCount() > 0, 20000);
        type(window, QStringLiteral("a[i] * b[i]"));
        QTRY_COMPARE_WITH_TIMEOUT(largest(), QStringLiteral("2093058"), 60000); // 1023 * 2046
        QVERIFY(inspector->analysis()->plot()->pointCount() > 0);

        ui::SessionController& session = context.session();
        QVERIFY(window.sessions()->openSample(QStringLiteral(":/samples/image_blur.clwb")));
        QTRY_VERIFY_WITH_TIMEOUT(!session.kernels().empty() && !session.isBusy(), 120000);
        QAction* live = window.findChild<QAction*>(QStringLiteral("liveAction"));
        if (!session.isLive())
            live->trigger();
        QVERIFY(session.isLive());
        QTRY_VERIFY_WITH_TIMEOUT(runner->state() == ui::LiveRunner::State::Current &&
                                     inspector->bufferNames().contains(QStringLiteral("blurred")),
                                 60000);
        inspector->showBuffer(QStringLiteral("blurred"));
        inspector->sideTabs()->setCurrentWidget(inspector->heatMap());
        const auto pixel = [&] {
            const ui::HeatMapData& data = inspector->heatMap()->view()->data();
            return inspector->heatMap()->isLoading() || data.values.empty() ? -1.0f
                                                                            : data.at(5, 5, 0);
        };
        QTRY_VERIFY_WITH_TIMEOUT(pixel() > 0, 20000);
        const float before = pixel();
        QsciScintilla* editor = window.kernelEditor();
        QString text = editor->text();
        QVERIFY(text.contains(QStringLiteral("sum / 9.0f")));
        editor->setText(text.replace(QStringLiteral("sum / 9.0f"), QStringLiteral("sum / 18.0f")));
        QTRY_VERIFY2_WITH_TIMEOUT(
            std::abs(pixel() - before / 2) < 1e-6f,
            qPrintable(QStringLiteral("%1 shown, was %2").arg(double(pixel())).arg(double(before))),
            60000);
    }

    void slowLaunchesAskBeforeGoingLive() {
        app::WorkbenchContext context;
        app::MainWindow window(context);
        QVERIFY(goLive(context, window));
        ui::SessionController& session = context.session();
        ui::LiveRunner* runner = window.liveRunner();
        QAction* live = window.findChild<QAction*>(QStringLiteral("liveAction"));
        live->trigger();
        QVERIFY(!session.isLive());
        QCOMPARE(runner->state(), ui::LiveRunner::State::Off);

        // Every launch is slow now: going live asks first, and No stays off.
        runner->setSlowLimitMs(0);
        double costMs = 0;
        QVERIFY(runner->isSlow(&costMs));
        QVERIFY(costMs > 0);
        const auto question = [&] {
            return window.findChild<QMessageBox*>(QStringLiteral("slowLiveQuestion"));
        };
        live->trigger();
        QTRY_VERIFY(question() && question()->isVisible());
        QVERIFY(!live->isChecked());
        QVERIFY(!session.isLive());
        question()->button(QMessageBox::No)->click();
        QTRY_VERIFY(!question());
        QVERIFY(!session.isLive());

        // Yes goes live, and the next slow runs do not ask again.
        live->trigger();
        QTRY_VERIFY(question() && question()->isVisible());
        question()->button(QMessageBox::Yes)->click();
        QTRY_VERIFY(!question());
        QVERIFY(session.isLive());
        QVERIFY(live->isChecked());
        const int shown = runner->shownCount();
        type(window, QStringLiteral("a[i] * b[i]"));
        QTRY_VERIFY_WITH_TIMEOUT(runner->shownCount() > shown && shownC(window, 10) == 200.0,
                                 60000);
        QVERIFY(session.isLive());
        QVERIFY(!question());
    }
};

QTEST_MAIN(TestLiveMode)
#include "tst_livemode.moc"
