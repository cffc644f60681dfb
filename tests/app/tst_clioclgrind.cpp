// Oclgrind as one more device of clworkbench (issue 18): `devices` lists it beside the system's
// drivers (never as the default), `run --device Oclgrind` runs a sample on it in this process and
// in a device host (--isolate) with the right values, and a person's own OCL_ICD_VENDORS (or
// CLW_OCLGRIND_ICD set empty) leaves it out. Oclgrind must be installed: scripts/setup installs
// it (Debian's package oclgrind), and without it these tests fail.
#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/SessionFile.h"

#include "SampleExpectations.h"
#include "WorkbenchProcess.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace engine = clw::engine;

namespace {

using Run = clw::test::WorkbenchRun;
using clw::test::describe;
using clw::test::runWorkbench;

const QString kInstall = QStringLiteral("run scripts/setup to install Oclgrind (package oclgrind)");

// The devices of `devices --json` as "platform / device", the default one marked "[default]".
QStringList listedDevices(const Run& run) {
    QStringList found;
    const QJsonObject root = QJsonDocument::fromJson(run.out.toUtf8()).object();
    for (const QJsonValue& platform : root.value(QStringLiteral("platforms")).toArray()) {
        const QJsonObject object = platform.toObject();
        for (const QJsonValue& device : object.value(QStringLiteral("devices")).toArray())
            found << object.value(QStringLiteral("name")).toString() + QStringLiteral(" / ") +
                         device.toObject().value(QStringLiteral("name")).toString() +
                         (device.toObject().value(QStringLiteral("isDefault")).toBool()
                              ? QStringLiteral(" [default]")
                              : QString());
    }
    return found;
}

// vector_add's output c (= a + b) in `dir`, checked against the sample's own inputs.
void checkVectorAdd(const QTemporaryDir& dir) {
    const engine::Session session =
        engine::SessionFile::read(QDir(QStringLiteral(CLW_SAMPLES_DIR))
                                      .filePath(QStringLiteral("vector_add.clwb"))
                                      .toStdString())
            .session;
    const clw::test::ExpectedOutput expected =
        clw::test::expectedOutputs("vector_add.clwb", session, clw::test::GroupExecution::InTurn)
            .at("c");
    const engine::NpyArray c =
        engine::NpyFile::read(dir.filePath(QStringLiteral("c.npy")).toStdString());
    QCOMPARE(c.type, engine::NpyType::Float32);
    QCOMPARE(c.shape, std::vector<size_t>{1024});
    const std::vector<float> values = c.values<float>();
    QCOMPARE(values.size(), expected.values.size());
    for (size_t i = 0; i < values.size(); ++i)
        QVERIFY2(std::abs(double(values[i]) - expected.values[i]) <= expected.tolerance,
                 qPrintable(QStringLiteral("c[%1] = %2").arg(i).arg(values[i])));
    QCOMPARE(values[10], 30.0f);
}

} // namespace

class TestCliOclgrind : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void devicesListOclgrindButNotAsDefault() {
        const Run text = runWorkbench({QStringLiteral("devices")});
        QVERIFY2(text.exitCode == 0, qPrintable(describe(text)));
        QVERIFY2(text.out.contains(QRegularExpression(QStringLiteral("^Platform \\d+: Oclgrind$"),
                                                      QRegularExpression::MultilineOption)),
                 qPrintable(kInstall + QLatin1Char('\n') + text.out));
        QVERIFY(text.out.contains(QStringLiteral("Device 0: Oclgrind Simulator\n")));
        QVERIFY(text.err.isEmpty());

        const Run json = runWorkbench({QStringLiteral("devices"), QStringLiteral("--json")});
        QVERIFY2(json.exitCode == 0, qPrintable(describe(json)));
        const QStringList devices = listedDevices(json);
        QVERIFY2(devices.contains(QStringLiteral("Oclgrind / Oclgrind Simulator")),
                 qPrintable(devices.join(QLatin1Char('\n'))));
        // The system's drivers are still there, one of them the default.
        QVERIFY2(devices.size() >= 2, qPrintable(devices.join(QLatin1Char('\n'))));
        QCOMPARE(devices.filter(QStringLiteral("[default]")).size(), 1);
    }

    void runsASampleOnOclgrind() {
        QTemporaryDir out;
        const Run run = runWorkbench(
            {QStringLiteral("run"), QStringLiteral("--device"), QStringLiteral("Oclgrind"),
             QStringLiteral(":/samples/vector_add.clwb"), QStringLiteral("--out"), out.path()});
        QVERIFY2(run.exitCode == 0, qPrintable(kInstall + QLatin1Char('\n') + describe(run)));
        QVERIFY2(run.out.contains(QStringLiteral("device: Oclgrind Simulator (Oclgrind)\n")),
                 qPrintable(run.out));
        checkVectorAdd(out);
    }

    void runsASampleOnOclgrindInADeviceHost() {
        QTemporaryDir out;
        const Run run = runWorkbench({QStringLiteral("run"), QStringLiteral("--isolate"),
                                      QStringLiteral("--device"), QStringLiteral("Oclgrind"),
                                      QStringLiteral(":/samples/vector_add.clwb"),
                                      QStringLiteral("--out"), out.path()});
        QVERIFY2(run.exitCode == 0, qPrintable(kInstall + QLatin1Char('\n') + describe(run)));
        QVERIFY2(run.out.contains(QStringLiteral("device: Oclgrind Simulator (Oclgrind)\n")),
                 qPrintable(run.out));
        checkVectorAdd(out);
    }

    void theDefaultRunIsNotOnTheSimulator() {
        QTemporaryDir out;
        const Run run =
            runWorkbench({QStringLiteral("run"), QStringLiteral(":/samples/vector_add.clwb"),
                          QStringLiteral("--out"), out.path()});
        QVERIFY2(run.exitCode == 0, qPrintable(describe(run)));
        QVERIFY2(run.out.contains(QStringLiteral("device: ")) &&
                     !run.out.contains(QStringLiteral("(Oclgrind)")),
                 qPrintable(run.out));
        checkVectorAdd(out);
    }

    void aPersonsOwnDriverChoiceIsKept() {
        // OCL_ICD_VENDORS chooses the drivers: the workbench adds nothing to it.
        const Run own = runWorkbench({QStringLiteral("devices"), QStringLiteral("--json")},
                                     {QStringLiteral("OCL_ICD_VENDORS=/etc/OpenCL/vendors")});
        QVERIFY2(own.exitCode == 0, qPrintable(describe(own)));
        QVERIFY(!listedDevices(own).isEmpty());
        QVERIFY2(listedDevices(own).filter(QStringLiteral("Oclgrind")).isEmpty(),
                 qPrintable(listedDevices(own).join(QLatin1Char('\n'))));
        // CLW_OCLGRIND_ICD set empty turns Oclgrind off; a run asking for it says it is not here.
        const Run off =
            runWorkbench({QStringLiteral("run"), QStringLiteral("--device"),
                          QStringLiteral("Oclgrind"), QStringLiteral(":/samples/vector_add.clwb")},
                         {QStringLiteral("CLW_OCLGRIND_ICD=")});
        QVERIFY2(off.exitCode != 0, qPrintable(describe(off)));
        QVERIFY2(off.err.contains(QStringLiteral("no OpenCL device matching 'Oclgrind'")),
                 qPrintable(describe(off)));
    }
};

QTEST_GUILESS_MAIN(TestCliOclgrind)
#include "tst_clioclgrind.moc"
