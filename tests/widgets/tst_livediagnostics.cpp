// Live diagnostics on the device (PoCL): a kernel with two errors gets two squiggles at the
// compiler's line and column, and none once fixed; the list jumps to the place; diagnostics in an
// open header land in its tab; builds start on save and as one types; a queued build is replaced
// by a newer one and a stale result is dropped.
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "editor/BuildController.h"
#include "editor/DiagnosticsPanel.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "models/DiagnosticsModel.h"

#include "TestDevice.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace clw;
using namespace clw::ui;

namespace {

constexpr int kBuildTimeoutMs = 120000;

const char kTwoErrors[] = "__kernel void scale(__global float* data, float factor) {\n"
                          "    size_t i = get_global_id(0);\n"
                          "    float v = data[i] * factr;\n"
                          "    data[i] = v + undefined_offset;\n"
                          "}\n";
const char kFixed[] = "__kernel void scale(__global float* data, float factor) {\n"
                      "    size_t i = get_global_id(0);\n"
                      "    float v = data[i] * factor;\n"
                      "    data[i] = v + 1.0f;\n"
                      "}\n";

// A kernel PoCL takes a second or more to compile (2^exponent statements from a few macros);
// the nonce, in the code because PoCL's cache keys on the preprocessed source, keeps every driver
// cache from answering.
QString slowKernel(int exponent, int nonce) {
    QString text = QStringLiteral("#define R1(x) x\n#define R2(x) x x\n");
    for (int p = 2; p <= exponent; ++p)
        text += QStringLiteral("#define R%1(x) R2(R%2(x))\n").arg(1 << p).arg(1 << (p - 1));
    text += QStringLiteral("__kernel void slow(__global float* d) {\n"
                           "    float a = d[get_global_id(0)];\n"
                           "    R%1(a = a * 1.0001f + sin(a) * 0.5f;)\n"
                           "    d[get_global_id(0)] = a + %2.0f;\n}\n")
                .arg(1 << exponent)
                .arg(nonce);
    return text;
}

int position(KernelEditor& editor, int line, int column) {
    return int(editor.SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, line - 1)) + column - 1;
}

int squiggleRuns(KernelEditor& editor, int indicator) {
    int count = 0;
    const int length = int(editor.SendScintilla(QsciScintilla::SCI_GETLENGTH));
    for (int at = 0; at < length;) {
        if (editor.SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT, indicator, at))
            ++count;
        const int end = int(editor.SendScintilla(QsciScintilla::SCI_INDICATOREND, indicator, at));
        if (end <= at)
            break;
        at = end;
    }
    return count;
}

bool errorAt(KernelEditor& editor, int at) {
    const long all = editor.SendScintilla(QsciScintilla::SCI_INDICATORALLONFOR, at);
    return all & (1 << KernelEditor::kErrorIndicator);
}

// What every test builds with: its own settings, device hosts (builds run there, without the
// binary cache, as in the workbench) and bridge.
struct Bench {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    DeviceHosts hosts;
    EngineBridge bridge{2};
};

} // namespace

class TestLiveDiagnostics : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void twoErrorsTwoSquigglesThenNone();
    void listJumpsToTheLine();
    void headerErrorsShowInTheHeader();
    void buildsOnSaveAndAsOneTypes();
    void queuedBuildIsReplacedAndStaleResultDropped();
    void optionsAreUsedAndRememberedPerFolder();
    void heldLiveBuildStartsOnRelease();
};

void TestLiveDiagnostics::initTestCase() {
    qRegisterMetaType<BuildReport>();
    qputenv("POCL_KERNEL_CACHE", "0");
}

void TestLiveDiagnostics::twoErrorsTwoSquigglesThenNone() {
    CLW_REQUIRE_DEVICE(device);
    Bench bench;
    EditorWorkspace workspace(bench.bridge, bench.hosts, bench.settings);
    workspace.builds()->setDebounceMs(100);
    KernelEditor* editor =
        workspace.tabs()->newFile(QString::fromLatin1(kTwoErrors), QStringLiteral("scale.cl"));
    QSignalSpy finished(workspace.builds(), &BuildController::buildFinished);
    QSignalSpy failed(workspace.builds(), &BuildController::buildFailed);
    workspace.buildNow();
    QVERIFY(workspace.builds()->isBuilding());
    QVERIFY(workspace.statusLabel()->text().startsWith(QStringLiteral("Building scale.cl")));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count() + failed.count(), 1, kBuildTimeoutMs);
    QCOMPARE(failed.count(), 0);
    const BuildReport report = workspace.builds()->lastReport();
    QVERIFY(!report.ok());
    QCOMPARE(report.devices.size(), 1);
    QCOMPARE(report.devices[0].device, QString::fromStdString(device.name()));
    QCOMPARE(report.errorCount(), 2);

    // Two squiggles, exactly where the compiler said: 3:25 "factr" and 4:19 "undefined_offset".
    QCOMPARE(squiggleRuns(*editor, KernelEditor::kErrorIndicator), 2);
    for (int column = 25; column < 25 + 5; ++column)
        QVERIFY(errorAt(*editor, position(*editor, 3, column)));
    QVERIFY(!errorAt(*editor, position(*editor, 3, 24)));
    QVERIFY(!errorAt(*editor, position(*editor, 3, 30)));
    for (int column = 19; column < 19 + 16; ++column)
        QVERIFY(errorAt(*editor, position(*editor, 4, column)));
    QVERIFY(!errorAt(*editor, position(*editor, 4, 18)));
    QCOMPARE(editor->markersAtLine(2), 1 << KernelEditor::kErrorMarker);
    QCOMPARE(editor->markersAtLine(3), 1 << KernelEditor::kErrorMarker);
    QVERIFY(editor->annotation(2).contains(QStringLiteral("factr")));
    QVERIFY(workspace.statusLabel()->text().contains(QStringLiteral("2 errors")));
    QVERIFY(!workspace.builds()->isBuilding());

    // The fix, typed in: the live build clears the squiggles.
    editor->setText(QString::fromLatin1(kFixed));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kBuildTimeoutMs);
    QVERIFY2(workspace.builds()->lastReport().ok(),
             qPrintable(workspace.builds()->lastReport().summary()));
    QCOMPARE(squiggleRuns(*editor, KernelEditor::kErrorIndicator), 0);
    QCOMPARE(squiggleRuns(*editor, KernelEditor::kWarningIndicator), 0);
    QCOMPARE(editor->markersAtLine(2), 0);
    QVERIFY(editor->annotation(2).isEmpty());
    QVERIFY(workspace.statusLabel()->text().contains(QStringLiteral("no errors")));
}

void TestLiveDiagnostics::listJumpsToTheLine() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device); // required, not otherwise needed here
    Bench bench;
    EditorWorkspace workspace(bench.bridge, bench.hosts, bench.settings);
    DiagnosticsPanel* panel = workspace.diagnosticsPanel();
    panel->setParent(nullptr);
    panel->resize(900, 400);
    panel->show();
    workspace.show();
    QVERIFY(QTest::qWaitForWindowExposed(panel));
    KernelEditor* editor =
        workspace.tabs()->newFile(QString::fromLatin1(kTwoErrors), QStringLiteral("scale.cl"));
    editor->setCursorPosition(0, 0);
    QSignalSpy finished(workspace.builds(), &BuildController::buildFinished);
    workspace.buildNow();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kBuildTimeoutMs);

    // The device's row, then its diagnostics; click the one on line 4.
    DiagnosticsModel* model = panel->model();
    QCOMPARE(model->rowCount(), 1);
    const QModelIndex deviceRow = model->index(0, 0);
    QModelIndex target;
    for (int row = 0; row < model->rowCount(deviceRow); ++row)
        if (model->data(model->index(row, 0, deviceRow), DiagnosticsModel::LineRole).toInt() == 4)
            target = model->index(row, DiagnosticsModel::MessageColumn, deviceRow);
    QVERIFY(target.isValid());
    QVERIFY(model->data(target).toString().contains(QStringLiteral("undefined_offset")));
    panel->view()->scrollTo(target);
    QTest::mouseClick(panel->view()->viewport(), Qt::LeftButton, {},
                      panel->view()->visualRect(target).center());
    int line = 0, index = 0;
    editor->getCursorPosition(&line, &index);
    QCOMPARE(line, 3);
    QCOMPARE(index, 18);
    QCOMPARE(workspace.tabs()->currentEditor(), editor);
    delete panel;
}

void TestLiveDiagnostics::headerErrorsShowInTheHeader() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device); // required, not otherwise needed here
    Bench bench;
    EditorWorkspace workspace(bench.bridge, bench.hosts, bench.settings);
    // The header is open and unsaved: the build must use its text, not look on disk.
    KernelEditor* header = workspace.tabs()->newFile(
        QStringLiteral("float twice(float x) {\n    return x * tw0;\n}\n"),
        QStringLiteral("common.h"));
    KernelEditor* kernel = workspace.tabs()->newFile(
        QStringLiteral("#include \"common.h\"\n__kernel void k(__global float* d) {\n"
                       "    d[0] = twice(d[0]);\n}\n"),
        QStringLiteral("main.cl"));
    QCOMPARE(workspace.mainEditor(), kernel);
    QSignalSpy finished(workspace.builds(), &BuildController::buildFinished);
    workspace.buildNow();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kBuildTimeoutMs);
    const BuildReport report = workspace.builds()->lastReport();
    QCOMPARE(report.problemsIn(QStringLiteral("common.h")).size(), 1);
    QCOMPARE(squiggleRuns(*header, KernelEditor::kErrorIndicator), 1);
    QVERIFY(errorAt(*header, position(*header, 2, 16)));
    QCOMPARE(squiggleRuns(*kernel, KernelEditor::kErrorIndicator), 0);
    // Showing the header keeps the kernel as what is built.
    workspace.tabs()->setCurrentWidget(header);
    QCOMPARE(workspace.mainEditor(), kernel);
}

void TestLiveDiagnostics::buildsOnSaveAndAsOneTypes() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device); // required, not otherwise needed here
    Bench bench;
    EditorWorkspace workspace(bench.bridge, bench.hosts, bench.settings);
    workspace.builds()->setDebounceMs(150);
    const QString path = bench.dir.filePath(QStringLiteral("k.cl"));
    KernelEditor* editor = workspace.tabs()->newFile(QString::fromLatin1(kFixed));
    QSignalSpy started(workspace.builds(), &BuildController::buildStarted);
    QSignalSpy finished(workspace.builds(), &BuildController::buildFinished);
    QVERIFY(workspace.tabs()->saveAs(editor, path));
    QCOMPARE(started.count(), 1); // saving builds
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kBuildTimeoutMs);

    // Typing: one build after the pause, not one per key.
    workspace.show();
    QVERIFY(QTest::qWaitForWindowExposed(&workspace));
    editor->setFocus();
    editor->setCursorPosition(4, 1);
    QTest::keyClick(editor->viewport(), Qt::Key_Return);
    QTest::keyClicks(editor->viewport(), QStringLiteral("// typed"));
    QCOMPARE(started.count(), 1);
    QVERIFY(workspace.builds()->isLivePending());
    QTRY_COMPARE_WITH_TIMEOUT(started.count(), 2, 5000);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kBuildTimeoutMs);

    // Off: typing builds nothing; Ctrl+B still does.
    workspace.diagnosticsPanel()->liveBox()->setChecked(false);
    QVERIFY(!workspace.builds()->liveEnabled());
    QCOMPARE(bench.settings.value(QStringLiteral("editor/liveBuild")).toBool(), false);
    QTest::keyClicks(editor->viewport(), QStringLiteral(" more"));
    QTest::qWait(400);
    QCOMPARE(started.count(), 2);
    workspace.buildAction()->trigger();
    QCOMPARE(started.count(), 3);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, kBuildTimeoutMs);
}

void TestLiveDiagnostics::queuedBuildIsReplacedAndStaleResultDropped() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device); // required, not otherwise needed here
    Bench bench;
    EngineBridge oneWorker(1); // the first build holds the worker: the next ones queue
    BuildController builds(oneWorker, bench.hosts);
    QSignalSpy finished(&builds, &BuildController::buildFinished);
    QSignalSpy replaced(&builds, &BuildController::buildReplaced);
    const auto input = [](const QString& text) {
        BuildInput in;
        in.sources.files = {{QStringLiteral("k.cl"), text}};
        in.sources.mainFile = QStringLiteral("k.cl");
        in.tag = QStringLiteral("k.cl");
        return in;
    };
    const int nonce = int(QDateTime::currentMSecsSinceEpoch() % 1000000);
    const quint64 first = builds.build(input(slowKernel(13, nonce)));
    // Let the worker take the first build (a thread wake-up; the build itself takes > 1 s), so
    // that it runs rather than being replaced while queued.
    QTest::qWait(300);
    const quint64 second = builds.build(input(QString::fromLatin1(kTwoErrors)));
    const quint64 third = builds.build(input(QString::fromLatin1(kFixed)));
    QVERIFY(first < second && second < third);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kBuildTimeoutMs);
    // The second waited behind the first and was replaced by the third before it ran.
    QCOMPARE(replaced.count(), 1);
    QCOMPARE(replaced[0][0].toULongLong(), second);
    QCOMPARE(builds.replacedCount(), 1);
    // Only the newest result is shown; the first one's arrived stale and was dropped.
    const auto report = finished[0][0].value<BuildReport>();
    QCOMPARE(report.generation, third);
    QVERIFY(report.ok());
    QTRY_COMPARE_WITH_TIMEOUT(builds.droppedCount(), 1, kBuildTimeoutMs);
    QCOMPARE(finished.count(), 1);
    QVERIFY(!builds.isBuilding());
    QCOMPARE(builds.lastReport().generation, third);
}

void TestLiveDiagnostics::optionsAreUsedAndRememberedPerFolder() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device); // required, not otherwise needed here
    Bench bench;
    const QString folderA = bench.dir.filePath(QStringLiteral("a"));
    const QString folderB = bench.dir.filePath(QStringLiteral("b"));
    QVERIFY(QDir().mkpath(folderA) && QDir().mkpath(folderB));
    // A kernel that only compiles with -D SCALE=...
    const QByteArray kernel = "__kernel void k(__global float* d) { d[0] *= SCALE; }\n";
    for (const QString& folder : {folderA, folderB}) {
        QFile file(folder + QStringLiteral("/k.cl"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(kernel);
    }
    {
        EditorWorkspace workspace(bench.bridge, bench.hosts, bench.settings);
        QSignalSpy finished(workspace.builds(), &BuildController::buildFinished);
        workspace.tabs()->openFile(folderA + QStringLiteral("/k.cl"));
        workspace.buildNow();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kBuildTimeoutMs);
        QVERIFY(!workspace.builds()->lastReport().ok()); // SCALE undeclared

        // The panel's edit, as the person types it and leaves the field: remembered, built.
        QLineEdit* options = workspace.diagnosticsPanel()->optionsEdit();
        options->setText(QStringLiteral("-D SCALE=2.0f -cl-fast-relaxed-math"));
        Q_EMIT options->editingFinished();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kBuildTimeoutMs);
        QVERIFY2(workspace.builds()->lastReport().ok(),
                 qPrintable(workspace.builds()->lastReport().summary()));
        QVERIFY(workspace.builds()->lastReport().options.contains(QStringLiteral("SCALE=2.0f")));
        // Another folder starts from its own (empty) options.
        workspace.tabs()->openFile(folderB + QStringLiteral("/k.cl"));
        QVERIFY(options->text().isEmpty());
        workspace.tabs()->setCurrentIndex(0);
        QCOMPARE(options->text(), QStringLiteral("-D SCALE=2.0f -cl-fast-relaxed-math"));
    }
    // A new workspace (a restart) finds them again.
    EditorWorkspace again(bench.bridge, bench.hosts, bench.settings);
    again.tabs()->openFile(folderA + QStringLiteral("/k.cl"));
    QCOMPARE(again.diagnosticsPanel()->optionsEdit()->text(),
             QStringLiteral("-D SCALE=2.0f -cl-fast-relaxed-math"));
}

// Live mode holds the editor's live build while its run builds the same text: the build waits for
// the release, then starts at once (one build, however many edits came meanwhile).
void TestLiveDiagnostics::heldLiveBuildStartsOnRelease() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device); // required, not otherwise needed here
    Bench bench;
    EditorWorkspace workspace(bench.bridge, bench.hosts, bench.settings);
    workspace.builds()->setDebounceMs(50);
    KernelEditor* editor = workspace.tabs()->newFile(QString::fromLatin1(kFixed));
    QSignalSpy started(workspace.builds(), &BuildController::buildStarted);
    workspace.show();
    QVERIFY(QTest::qWaitForWindowExposed(&workspace));
    workspace.builds()->setHeld(true);
    editor->setFocus();
    editor->setCursorPosition(4, 1);
    QTest::keyClicks(editor->viewport(), QStringLiteral("// one"));
    QTest::qWait(300); // well past the pause
    QCOMPARE(started.count(), 0);
    QVERIFY(workspace.builds()->isLivePending());
    QTest::keyClicks(editor->viewport(), QStringLiteral(" two"));
    QTest::qWait(300);
    QCOMPARE(started.count(), 0);
    workspace.builds()->setHeld(false);
    QCOMPARE(started.count(), 1);
    QVERIFY(!workspace.builds()->isLivePending());
    QTRY_VERIFY_WITH_TIMEOUT(!workspace.builds()->isBuilding(), kBuildTimeoutMs);
    QVERIFY(workspace.builds()->lastReport().ok());
    // Released with nothing due: nothing starts.
    workspace.builds()->setHeld(true);
    workspace.builds()->setHeld(false);
    QCOMPARE(started.count(), 1);
}

QTEST_MAIN(TestLiveDiagnostics)

#include "tst_livediagnostics.moc"
