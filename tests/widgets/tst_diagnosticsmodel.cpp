// The build panel's models without a device: the diagnostics tree (one row per device, its
// errors under it) under QAbstractItemModelTester, a report's problems per file merged across
// devices, build-option presets, and the per-folder settings.
#include "models/BuildOptions.h"
#include "models/BuildReport.h"
#include "models/BuildSettingsStore.h"
#include "models/DiagnosticsModel.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include <QtTest>

using namespace clw::ui;

namespace {

BuildDiagnostic item(const char* device, const char* file, int line, int column,
                     DiagnosticSeverity severity, const char* message) {
    BuildDiagnostic d;
    d.device = QString::fromLatin1(device);
    d.file = QString::fromLatin1(file);
    d.line = line;
    d.column = column;
    d.severity = severity;
    d.message = QString::fromLatin1(message);
    return d;
}

// Two devices: both see the same error in k.cl; only the GPU warns in common.h.
BuildReport twoDeviceReport() {
    BuildReport report;
    report.mainFile = QStringLiteral("k.cl");
    DeviceBuildReport cpu;
    cpu.device = QStringLiteral("CPU device");
    cpu.diagnostics = {
        item("CPU device", "k.cl", 3, 25, DiagnosticSeverity::Error, "undeclared 'factr'"),
        item("CPU device", "k.cl", 2, 5, DiagnosticSeverity::Note, "declared here"),
        item("CPU device", "", 0, 0, DiagnosticSeverity::Text, "1 error generated.")};
    DeviceBuildReport gpu;
    gpu.device = QStringLiteral("GPU device");
    gpu.diagnostics = {
        item("GPU device", "k.cl", 3, 25, DiagnosticSeverity::Error, "undeclared 'factr'"),
        item("GPU device", "common.h", 7, 1, DiagnosticSeverity::Warning, "unused")};
    report.devices = {cpu, gpu};
    return report;
}

} // namespace

class TestDiagnosticsModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsEachDevicesDiagnostics();
    void showsAFailureWithoutDiagnostics();
    void mergesProblemsPerFile();
    void editsOptionsLikeThePresets();
    void remembersChoicesPerFolder();
};

void TestDiagnosticsModel::showsEachDevicesDiagnostics() {
    DiagnosticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReport(twoDeviceReport());
    QCOMPARE(model.rowCount(), 2);
    const QModelIndex cpu = model.index(0, 0);
    const QModelIndex gpu = model.index(1, 0);
    QVERIFY(
        model.data(cpu).toString().startsWith(QStringLiteral("CPU device: 1 error, 0 warnings")));
    QVERIFY(
        model.data(gpu).toString().startsWith(QStringLiteral("GPU device: 1 error, 1 warning")));
    QCOMPARE(model.rowCount(cpu), 2); // the error and its note; "1 error generated." is log text
    QCOMPARE(model.rowCount(gpu), 2);
    const QModelIndex error = model.index(0, DiagnosticsModel::MessageColumn, cpu);
    QCOMPARE(model.data(error).toString(), QStringLiteral("undeclared 'factr'"));
    QCOMPARE(model.data(model.index(0, DiagnosticsModel::SeverityColumn, cpu)).toString(),
             QStringLiteral("error"));
    QCOMPARE(model.data(model.index(0, DiagnosticsModel::LineColumn, cpu)).toInt(), 3);
    QCOMPARE(model.data(model.index(0, DiagnosticsModel::ColumnColumn, cpu)).toInt(), 25);
    QCOMPARE(model.data(error, DiagnosticsModel::FileRole).toString(), QStringLiteral("k.cl"));
    QCOMPARE(model.data(error, DiagnosticsModel::LineRole).toInt(), 3);
    QCOMPARE(model.data(model.index(1, 0, gpu), DiagnosticsModel::FileRole).toString(),
             QStringLiteral("common.h"));
    QCOMPARE(model.diagnosticAt(model.index(1, 0, gpu))->device, QStringLiteral("GPU device"));
    QVERIFY(!model.diagnosticAt(gpu));
    QCOMPARE(model.firstProblem(), error);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestDiagnosticsModel::showsAFailureWithoutDiagnostics() {
    BuildReport report;
    DeviceBuildReport device;
    device.device = QStringLiteral("odd driver");
    device.ok = false;
    device.diagnostics = {
        item("odd driver", "", 0, 0, DiagnosticSeverity::Text, "internal error 42")};
    report.devices = {device};
    report.cacheProblems = {QStringLiteral("binary cache: damaged entry")};
    DiagnosticsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setReport(report);
    QCOMPARE(model.rowCount(), 2);
    QVERIFY(model.data(model.index(0, 0)).toString().contains(QStringLiteral("build failed")));
    QCOMPARE(model.rowCount(model.index(0, 0)), 1); // the unplaced log line is not dropped
    QCOMPARE(model.data(model.index(0, 0, model.index(0, 0))).toString(),
             QStringLiteral("internal error 42"));
    QCOMPARE(model.data(model.index(0, DiagnosticsModel::LineColumn, model.index(0, 0))).toString(),
             QStringLiteral("unlocated"));
    QCOMPARE(model.data(model.index(1, 0)).toString(),
             QStringLiteral("binary cache: damaged entry"));

    // A failure whose log placed a warning but no error keeps its unplaced lines beside it.
    device.diagnostics = {
        item("odd driver", "k.cl", 4, 2, DiagnosticSeverity::Warning, "unused variable 'x'"),
        item("odd driver", "", 0, 0, DiagnosticSeverity::Text, "LLVM ERROR: out of registers")};
    report.devices = {device};
    report.cacheProblems.clear();
    model.setReport(report);
    const QModelIndex odd = model.index(0, 0);
    QCOMPARE(model.rowCount(odd), 2);
    QCOMPARE(model.data(model.index(0, DiagnosticsModel::LineColumn, odd)).toInt(), 4);
    QCOMPARE(model.data(model.index(1, 0, odd)).toString(),
             QStringLiteral("LLVM ERROR: out of registers"));
    QCOMPARE(model.data(model.index(1, DiagnosticsModel::LineColumn, odd)).toString(),
             QStringLiteral("unlocated"));

    BuildReport failed;
    failed.error = QStringLiteral("no OpenCL device found");
    model.setReport(failed);
    QCOMPARE(model.rowCount(), 1);
    QVERIFY(model.data(model.index(0, 0)).toString().contains(QStringLiteral("no OpenCL device")));
}

void TestDiagnosticsModel::mergesProblemsPerFile() {
    const BuildReport report = twoDeviceReport();
    QCOMPARE(report.errorCount(), 2);
    QCOMPARE(report.warningCount(), 1);
    const QList<BuildDiagnostic> main = report.problemsIn(QStringLiteral("k.cl"));
    QCOMPARE(main.size(), 1); // the same error from two devices is one squiggle
    QCOMPARE(main[0].device, QStringLiteral("CPU device, GPU device"));
    const QList<BuildDiagnostic> header = report.problemsIn(QStringLiteral("common.h"));
    QCOMPARE(header.size(), 1);
    QCOMPARE(header[0].severity, DiagnosticSeverity::Warning);
    QVERIFY(report.problemsIn(QStringLiteral("other.cl")).isEmpty());
    QCOMPARE(report.summary(), QStringLiteral("2 errors, 1 warning"));

    // An error inside a macro expansion: its note marks the macro's definition, also in
    // another file.
    BuildReport macro;
    DeviceBuildReport device;
    device.device = QStringLiteral("CPU device");
    BuildDiagnostic error;
    error.file = QStringLiteral("k.cl");
    error.line = 5;
    error.column = 14;
    error.severity = DiagnosticSeverity::Error;
    error.message = QStringLiteral("use of undeclared identifier 'undeclared_factor'");
    error.notes = {QStringLiteral("k.cl:1:25: note: expanded from macro 'SCALE'"),
                   QStringLiteral("common.h:3:9: note: expanded from macro 'INNER'")};
    device.diagnostics = {error};
    macro.devices = {device};
    const QList<BuildDiagnostic> withNote = macro.problemsIn(QStringLiteral("k.cl"));
    QCOMPARE(withNote.size(), 2);
    QCOMPARE(withNote[0].severity, DiagnosticSeverity::Note);
    QCOMPARE(withNote[0].line, 1);
    QCOMPARE(withNote[0].column, 25);
    QCOMPARE(withNote[0].message,
             QStringLiteral("expanded from macro 'SCALE' (for the error at k.cl:5)"));
    QCOMPARE(withNote[1].line, 5);
    const QList<BuildDiagnostic> inHeader = macro.problemsIn(QStringLiteral("common.h"));
    QCOMPARE(inHeader.size(), 1);
    QCOMPARE(inHeader[0].line, 3);
}

void TestDiagnosticsModel::editsOptionsLikeThePresets() {
    QString options = QStringLiteral("-cl-std=CL1.2 -D N=4");
    options = BuildOptions::toggleFlag(options, QStringLiteral("-cl-fast-relaxed-math"));
    QCOMPARE(options, QStringLiteral("-cl-std=CL1.2 -D N=4 -cl-fast-relaxed-math"));
    QVERIFY(BuildOptions::hasFlag(options, QStringLiteral("-cl-fast-relaxed-math")));
    options = BuildOptions::toggleFlag(options, QStringLiteral("-cl-fast-relaxed-math"));
    QVERIFY(!BuildOptions::hasFlag(options, QStringLiteral("-cl-fast-relaxed-math")));
    QCOMPARE(BuildOptions::standard(options), QStringLiteral("CL1.2"));
    options = BuildOptions::setStandard(options, QStringLiteral("CL3.0"));
    QCOMPARE(options, QStringLiteral("-D N=4 -cl-std=CL3.0"));
    options = BuildOptions::addDefine(options, QStringLiteral("N=16")); // replaces N
    options = BuildOptions::addDefine(options, QStringLiteral("USE_FMA"));
    QCOMPARE(options, QStringLiteral("-cl-std=CL3.0 -D N=16 -D USE_FMA"));
    options = BuildOptions::addIncludeDir(options, QStringLiteral("/opt/my headers"));
    options = BuildOptions::addIncludeDir(options, QStringLiteral("/opt/my headers"));
    QCOMPARE(options, QStringLiteral("-cl-std=CL3.0 -D N=16 -D USE_FMA -I \"/opt/my headers\""));
    QCOMPARE(BuildOptions::includeDirs(options), QStringList{QStringLiteral("/opt/my headers")});
    QCOMPARE(BuildOptions::split(options).size(), 7);
    QCOMPARE(BuildOptions::setStandard(options, {}),
             QStringLiteral("-D N=16 -D USE_FMA -I \"/opt/my headers\""));
}

void TestDiagnosticsModel::remembersChoicesPerFolder() {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    BuildSettingsStore store(settings);
    QVERIFY(store.liveBuild()); // on by default
    store.setLiveBuild(false);
    QVERIFY(!store.liveBuild());
    const QString a = dir.filePath(QStringLiteral("a/blur.cl"));
    const QString a2 = dir.filePath(QStringLiteral("a/sharpen.cl"));
    const QString b = dir.filePath(QStringLiteral("b/blur.cl"));
    store.save(a, {QStringLiteral("-cl-std=CL3.0"), {QStringLiteral("pthread")}});
    QCOMPARE(store.load(a2).options, QStringLiteral("-cl-std=CL3.0")); // same folder
    QCOMPARE(store.load(a2).devices, QStringList{QStringLiteral("pthread")});
    QVERIFY(store.load(b).options.isEmpty());
    QCOMPARE(BuildSettingsStore::keyFor({}), QStringLiteral("untitled"));
    store.save({}, {QStringLiteral("-w"), {}});
    QCOMPARE(store.load({}).options, QStringLiteral("-w"));
}

QTEST_MAIN(TestDiagnosticsModel)
#include "tst_diagnosticsmodel.moc"
