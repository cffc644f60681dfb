// The workbench loop end to end (issue 9), as a person drives it: open each sample session from
// the Welcome page's list, let it build, run it with the launch panel's Run (F5), and check that
// the buffer inspector shows what the kernel computed (worked out on the host, independently of
// the kernels) and that the history and timeline have the run. With CLW_SCREENSHOT_DIR set (the
// Xvfb run), a screenshot of the window is kept per sample.
#include "MainWindow.h"
#include "SampleExpectations.h"
#include "WelcomePage.h"
#include "WorkbenchContext.h"
#include "bridge/BufferSource.h"
#include "bridge/DeviceHosts.h"
#include "bridge/HostConnection.h"
#include "inspector/BufferInspector.h"
#include "inspector/DiffPanel.h"
#include "launch/HistoryPanel.h"
#include "launch/LaunchPanel.h"
#include "launch/OutputPanel.h"
#include "launch/SessionController.h"
#include "models/BufferTableModel.h"
#include "models/RunHistoryModel.h"
#include "session/SessionWorkflow.h"

#include "clw/engine/session/SessionFile.h"

#include "TestDevice.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QListWidget>
#include <QStandardPaths>
#include <QtTest>

#include <Qsci/qsciscintilla.h>

#include <cmath>
#include <cstring>

using namespace clw;

class TestWorkbenchLoop : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void runsEachSample_data();
    void runsEachSample();
    void secondRunHasPreviousContents();
    void theHostKeepsWhatTheLastTwoRunsShow();
};

namespace {

engine::Session sampleSession(const QString& file) {
    QFile resource(QStringLiteral(":/samples/") + file);
    if (!resource.open(QIODevice::ReadOnly))
        return {};
    return engine::SessionFile::parse(resource.readAll().toStdString()).session;
}

// Every scalar of a buffer as doubles (floats and ints, as the samples' outputs are).
std::vector<double> readValues(const ui::BufferSource& source, const std::string& type) {
    std::vector<unsigned char> bytes(source.size());
    source.read(0, bytes);
    std::vector<double> values;
    for (size_t at = 0; at + 4 <= bytes.size(); at += 4) {
        if (type.rfind("int", 0) == 0) {
            std::int32_t value;
            std::memcpy(&value, bytes.data() + at, 4);
            values.push_back(value);
        } else {
            float value;
            std::memcpy(&value, bytes.data() + at, 4);
            values.push_back(value);
        }
    }
    return values;
}

// How the session's device runs a work-group (PoCL and Oclgrind in turn). With no device chosen
// it is the default, found by the rule the device hosts use (a GPU first).
test::GroupExecution groupExecution(const ui::SessionController& session) {
    const auto device = engine::findDevice(session.deviceName().toStdString());
    return device && (test::isPocl(*device) || engine::isSimulator(*device))
               ? test::GroupExecution::InTurn
               : test::GroupExecution::SideBySide;
}

void answerEveryQuestion(app::MainWindow& window) {
    window.sessions()->setQuestion(
        [](const QString&, const QString&, QMessageBox::StandardButtons buttons) {
            return buttons.testFlag(QMessageBox::Discard) ? QMessageBox::Discard : QMessageBox::No;
        });
}

// Opens `sample` in the window's session and waits until its kernels are known and it is idle.
bool openAndWait(app::MainWindow& window, ui::SessionController& session, const QString& sample) {
    return window.sessions()->openSample(sample) &&
           QTest::qWaitFor([&] { return !session.kernels().empty() && !session.isBusy(); }, 120000);
}

} // namespace

void TestWorkbenchLoop::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("clworkbench-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_workbenchloop"));
    QSettings().clear();
}

void TestWorkbenchLoop::runsEachSample_data() {
    QTest::addColumn<QString>("file");
    const QStringList samples = app::WelcomePage::samplePaths();
    QCOMPARE(samples.size(), 10);
    for (const QString& path : samples)
        QTest::newRow(qPrintable(QFileInfo(path).fileName())) << QFileInfo(path).fileName();
}

void TestWorkbenchLoop::runsEachSample() {
    QFETCH(QString, file);
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device);
    app::WorkbenchContext context;
    app::MainWindow window(context);
    answerEveryQuestion(window);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    ui::SessionController& session = context.session();

    // Open the sample from the Welcome page, as a person does.
    QListWidget* list = window.welcomePage()->samples();
    QListWidgetItem* item = nullptr;
    for (int row = 0; row < list->count(); ++row)
        if (list->item(row)->data(Qt::UserRole).toString().endsWith(file))
            item = list->item(row);
    QVERIFY2(item, qPrintable(file));
    Q_EMIT list->itemActivated(item);
    const engine::Session expectedSession = sampleSession(file);
    QCOMPARE(session.session(), expectedSession);
    QVERIFY(!session.isModified());

    // The session builds on its own; the launch panel then lists its kernels.
    QTRY_VERIFY_WITH_TIMEOUT(!session.kernels().empty() && !session.isBusy(), 120000);
    qInfo("built");
    for (const engine::SessionLaunch& launch : expectedSession.launches)
        QVERIFY2(session.kernel(launch.kernel), launch.kernel.c_str());

    // Run (F5).
    QAction* run = window.launchPanel()->runAction();
    QCOMPARE(run->shortcut(), QKeySequence(Qt::Key_F5));
    QSignalSpy errors(&session, &ui::SessionController::errorOccurred);
    run->trigger();
    qInfo("running");
    QTRY_VERIFY_WITH_TIMEOUT(
        session.history().size() == expectedSession.launches.size() && !session.isBusy(), 120000);
    QVERIFY2(errors.isEmpty(), errors.isEmpty() ? "" : qPrintable(errors.first().at(1).toString()));
    for (const ui::RunRecord& record : session.history()) {
        QVERIFY2(record.ok, qPrintable(record.error));
        QVERIFY(!record.kernelNs.empty());
        QVERIFY(record.kernelNs.front() > 0);
    }
    QCOMPARE(window.historyPanel()->model()->rowCount(), int(expectedSession.launches.size()));
    qInfo("ran");
    // The Output dock shows the latest run's printf output: one line per work-group in the printf
    // sample, none in the others.
    ui::OutputPanel* output = window.outputPanel();
    QCOMPARE(output->runCount(), int(expectedSession.launches.size()));
    if (file == QLatin1String("printf_groups.clwb")) {
        QStringList lines = output->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        lines.sort();
        QCOMPARE(lines, (QStringList{QStringLiteral("work-group 0 of 4: work-items 0 to 15"),
                                     QStringLiteral("work-group 1 of 4: work-items 16 to 31"),
                                     QStringLiteral("work-group 2 of 4: work-items 32 to 47"),
                                     QStringLiteral("work-group 3 of 4: work-items 48 to 63")}));
        QCOMPARE(output->statusText(), QStringLiteral("4 lines"));
    } else {
        QCOMPARE(output->text(), QString());
        QCOMPARE(output->statusText(), QStringLiteral("no printf output"));
    }

    // The inspector has the run's buffers and shows an output; the values are the host's.
    ui::BufferInspector* inspector = window.bufferInspector();
    for (const auto& [name, expected] :
         test::expectedOutputs(file.toStdString(), expectedSession, groupExecution(session))) {
        const QString bufferName = QString::fromStdString(name);
        QVERIFY(inspector->bufferNames().contains(bufferName));
        const auto source = session.bufferSource(bufferName);
        QVERIFY(source);
        const std::string type = test::bufferOf(expectedSession, name).elementType;
        const std::vector<double> values = readValues(*source, type);
        QCOMPARE(values.size(), expected.values.size());
        if (expected.anyValues)
            continue;
        for (size_t i = 0; i < values.size(); ++i)
            QVERIFY2(expected.accepts(i, values[i]),
                     qPrintable(QStringLiteral("%1[%2] = %3, expected %4")
                                    .arg(bufferName)
                                    .arg(i)
                                    .arg(values[i])
                                    .arg(expected.values[i])));
        // What the table shows, the buffer's own value: the first value column of row 1 (of the
        // last element when there is one only).
        inspector->showBuffer(bufferName);
        const QAbstractItemModel* model = inspector->model();
        const int row = model->rowCount() > 1 ? 1 : 0;
        // Index (and x, y for 2D) and Offset lead; the element's values follow.
        int column = 0;
        while (column < model->columnCount() &&
               model->headerData(column, Qt::Horizontal).toString() != QStringLiteral("Offset"))
            ++column;
        ++column;
        QVERIFY(column < model->columnCount());
        const size_t columns = size_t(model->columnCount() - column);
        const auto shownNumber = [&] {
            bool number = false;
            model->data(model->index(row, column)).toString().toDouble(&number);
            return number; // not "…" while the page loads
        };
        QTRY_VERIFY_WITH_TIMEOUT(shownNumber(), 20000);
        const double shown = model->data(model->index(row, column)).toString().toDouble();
        QVERIFY2(
            std::abs(shown - values[size_t(row) * columns]) <= std::max(expected.tolerance, 1e-3),
            qPrintable(model->data(model->index(row, column)).toString() + QStringLiteral(" | ") +
                       model->headerData(column, Qt::Horizontal).toString() +
                       QStringLiteral(" | ") + inspector->statusText()));
    }

    const QString shots = qEnvironmentVariable("CLW_SCREENSHOT_DIR");
    if (!shots.isEmpty()) {
        QVERIFY(QDir().mkpath(shots));
        window.findChild<QDockWidget*>(QStringLiteral("kernelEditorDock"))->raise();
        QTest::qWait(300); // the views repaint with the run's data
        const QImage image = window.grab().toImage();
        QVERIFY(!image.isNull());
        const QString path =
            QDir(shots).filePath(QFileInfo(file).completeBaseName() + QStringLiteral(".png"));
        QVERIFY(image.save(path));
    }
}

void TestWorkbenchLoop::secondRunHasPreviousContents() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device);
    app::WorkbenchContext context;
    app::MainWindow window(context);
    answerEveryQuestion(window);
    ui::SessionController& session = context.session();
    QVERIFY(openAndWait(window, session, QStringLiteral(":/samples/vector_add.clwb")));
    session.run();
    QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == 1 && !session.isBusy(), 120000);
    QVERIFY(!session.previousSource(QStringLiteral("c")));
    const auto first = session.bufferSource(QStringLiteral("c"));

    // Change the kernel in the editor, run again: the inspector's "previous" is the first c.
    QString text = window.kernelEditor()->text();
    QVERIFY(text.contains(QStringLiteral("a[i] + b[i]")));
    window.kernelEditor()->setText(
        text.replace(QStringLiteral("a[i] + b[i]"), QStringLiteral("a[i] - b[i]")));
    QVERIFY(session.isModified());
    QVERIFY(session.session().sources.files.front().text.find("a[i] - b[i]") != std::string::npos);
    session.run();
    QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == 2 && !session.isBusy(), 120000);
    QVERIFY(session.history().back().ok);
    QCOMPARE(session.previousSource(QStringLiteral("c")), first);
    const std::vector<double> now = readValues(*session.bufferSource(QStringLiteral("c")), "float");
    const std::vector<double> before = readValues(*first, "float");
    QCOMPARE(now[10], -10.0);
    QCOMPARE(before[10], 30.0);
    // The diff offers the first run's contents at once, and finds every element but c[0]
    // changed (3i against -i).
    ui::BufferInspector* inspector = window.bufferInspector();
    inspector->showBuffer(QStringLiteral("c"));
    ui::DiffPanel* diff = inspector->diff();
    QCOMPARE(diff->referenceBox()->itemText(1), QStringLiteral("Previous contents of c"));
    diff->referenceBox()->setCurrentIndex(1);
    diff->compare();
    QTRY_VERIFY_WITH_TIMEOUT(diff->result() != nullptr, 20000);
    QCOMPARE(diff->result()->changed(), std::uint64_t(1023));

    // And what c held before the launch: zeros, its fill rule; every element but c[0] differs.
    QCOMPARE(diff->referenceBox()->itemText(0), QStringLiteral("c before the last launch"));
    diff->referenceBox()->setCurrentIndex(0);
    diff->compare();
    QTRY_VERIFY_WITH_TIMEOUT(diff->result() != nullptr, 20000);
    QCOMPARE(diff->result()->changed(), std::uint64_t(1023));
    const auto initial = session.initialSource(QStringLiteral("c"));
    QVERIFY(initial);
    QCOMPARE(readValues(*initial, "float"), std::vector<double>(1024, 0.0));
    QCOMPARE(readValues(*session.initialSource(QStringLiteral("a")), "float")[7], 7.0);
}

// Each run lets go of the buffers of the run before the last, and of the last run's contents from
// before it, which the inspector let go of last (in a HostReleaseBatch; without its release the
// host would lend 18): after three runs of vector_add the host lends a, b and c now, after the
// run before and before the last run, and nothing more.
void TestWorkbenchLoop::theHostKeepsWhatTheLastTwoRunsShow() {
    CLW_REQUIRE_DEVICE(device);
    app::WorkbenchContext context;
    app::MainWindow window(context);
    answerEveryQuestion(window);
    ui::SessionController& session = context.session();
    QVERIFY(openAndWait(window, session, QStringLiteral(":/samples/vector_add.clwb")));
    for (std::size_t runs = 1; runs <= 3; ++runs) {
        session.run();
        QTRY_VERIFY_WITH_TIMEOUT(session.history().size() == runs && !session.isBusy(), 120000);
    }
    const std::shared_ptr<ui::HostConnection> host = context.hosts().host(device.platform().name());
    const auto lent = [&] {
        return host->requestTyped("buffer.release", {}).reply.get().body.at("lent").get<int>();
    };
    QTRY_COMPARE_WITH_TIMEOUT(lent(), 9, 10000);
}

QTEST_MAIN(TestWorkbenchLoop)
#include "tst_workbenchloop.moc"
