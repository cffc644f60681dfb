// The device browser when its device hosts fail (issue 17), staged with the fake OpenCL driver of
// tests/fakecl (CLW_FAKE_CL_FAULT): a probe whose driver crashes is said in the panel's status
// line, word for word, and Refresh starts a new listing host that lists the device; a benchmark
// whose driver hangs is ended by the step watchdog, or by Cancel once the step did not stop, and
// said in the benchmark's status line, after which Run works again.
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "devices/BenchmarkPanel.h"
#include "devices/DeviceBrowserPanel.h"
#include "models/DeviceListModel.h"

#include "FakeBesideSystemDrivers.h"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QTreeView>
#include <QtTest>

using namespace clw::ui;

namespace {

const QString kPlatform = QStringLiteral("CL Workbench Fake Platform");
const QString kDevice = QStringLiteral("Fake Device");

// Hosts that see the fake driver only, failing as `fault` says.
void useFakeDriver(DeviceHosts& hosts, const QString& fault) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("OCL_ICD_VENDORS"), QStringLiteral(CLW_FAKE_ICD_VENDORS));
    environment.insert(QStringLiteral("CLW_FAKE_CL_FAULT"), fault);
    hosts.setEnvironment(environment);
}

QString lastWords(const char* call, const char* action) {
    return QStringLiteral(" Its last words:\nfake OpenCL driver: %1: %2 as CLW_FAKE_CL_FAULT asks")
        .arg(QLatin1String(call), QLatin1String(action));
}

QPushButton* refreshButton(DeviceBrowserPanel& panel) {
    for (QPushButton* button : panel.findChildren<QPushButton*>())
        if (button->text() == QLatin1String("Refresh"))
            return button;
    return nullptr;
}

// The panel with the fake device listed and current, its benchmark panel ready to run.
BenchmarkPanel* fakeDeviceBenchmarks(DeviceBrowserPanel& panel) {
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    if (!ready.wait(60000))
        return nullptr;
    const QModelIndex fake = panel.deviceModel()->deviceIndex(kDevice);
    if (!fake.isValid())
        return nullptr;
    panel.deviceView()->setCurrentIndex(fake);
    BenchmarkPanel* bench = panel.benchmarkPanel();
    bench->quickBox()->setChecked(true);
    return bench;
}

} // namespace

class TestDeviceBrowserCrashes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aProbeThatCrashesIsSaidAndRefreshListsAgain() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clGetDeviceInfo:segv"));
        EngineBridge bridge(2);
        DeviceBrowserPanel panel(bridge, hosts);
        QSignalSpy failed(&panel, &DeviceBrowserPanel::probeFailed);
        QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 60000);
        const QString expected =
            QStringLiteral("Could not read the OpenCL devices: The device host for "
                           "`libclw_fake_icd.so` stopped while reading devices (SIGSEGV).") +
            lastWords("clGetDeviceInfo", "segv");
        // The host's last words are followed by the stack where it stopped.
        const QString heading = QStringLiteral("\nWhere it stopped:\n");
        QCOMPARE(panel.statusText().section(heading, 0, 0), expected);
        QVERIFY(
            panel.statusText().section(heading, 1).contains(QStringLiteral("clworkbench-host")));
        QCOMPARE(failed.first().first().toString(), panel.statusText());
        QCOMPARE(ready.count(), 0);
        QVERIFY(!panel.isProbing());

        // The panel stays usable: Refresh starts a new listing host, which lists the device.
        useFakeDriver(hosts, QString());
        QPushButton* refresh = refreshButton(panel);
        QVERIFY(refresh);
        QVERIFY(refresh->isEnabled());
        refresh->click();
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);
        QCOMPARE(hosts.started(), 2);
        QCOMPARE(failed.count(), 1);
        QVERIFY(panel.deviceModel()->deviceIndex(kDevice).isValid());
        QCOMPARE(panel.currentDevice()->platformName, kPlatform);
        QCOMPARE(panel.statusText(), QStringLiteral("1 device(s) on 1 platform(s)"));
    }

    // A driver that aborts while the loader loads it is one failed row, named after its library
    // and saying how its host ended; the system's drivers are listed beside it.
    void aDriverThatCrashesWhileLoadingIsOneFailedRow() {
        QTemporaryDir folder;
        DeviceHosts hosts;
        QVERIFY(useFakeThatAbortsAtLoad(hosts, folder));
        EngineBridge bridge(2);
        DeviceBrowserPanel panel(bridge, hosts);
        QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
        QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);
        const DeviceSnapshot& shown = panel.deviceModel()->snapshot();
        const PlatformEntry* failed = nullptr;
        for (const PlatformEntry& platform : shown.platforms)
            if (platform.failed())
                failed = failed ? nullptr : &platform; // exactly one
        QVERIFY(failed);
        QCOMPARE(failed->name, QStringLiteral("libclw_fake_icd.so"));
        QCOMPARE(failed->error.section(QStringLiteral("\nWhere it stopped:\n"), 0, 0),
                 QStringLiteral("The device host for `libclw_fake_icd.so` stopped while reading "
                                "devices (SIGABRT).") +
                     lastWords("clIcdGetPlatformIDsKHR", "abort"));
        QVERIFY(shown.deviceCount() > 0);
        QVERIFY(!panel.deviceModel()->deviceIndex(kDevice).isValid());
        QVERIFY(shown.defaultDevice());
        QVERIFY(
            panel.statusText().endsWith(QStringLiteral("; 1 platform(s) failed (see the list)")));
    }

    void aBenchmarkThatHangsIsEndedByItsStepLimit() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clEnqueueNDRangeKernel:hang"));
        EngineBridge bridge(2);
        DeviceBrowserPanel panel(bridge, hosts);
        BenchmarkPanel* bench = fakeDeviceBenchmarks(panel);
        QVERIFY(bench);
        bench->setStepLimit(std::chrono::milliseconds(1000));
        QSignalSpy finished(bench, &BenchmarkPanel::finished);
        QElapsedTimer clock;
        clock.start();
        bench->runButton()->click();
        QVERIFY(bench->isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY(clock.elapsed() < 15000);
        QVERIFY(!finished.first().first().toBool());
        QCOMPARE(bench->statusText(),
                 QStringLiteral("The benchmarks failed: The device host for `%1` was stopped "
                                "while measuring `%2`: it ran past its limit of 1 s (the "
                                "watchdog ended it).")
                         .arg(kPlatform, kDevice) +
                     lastWords("clEnqueueNDRangeKernel", "hang"));
        QVERIFY(!bench->isRunning());
        QVERIFY(bench->runButton()->isEnabled());
        QVERIFY(!bench->currentResult());
        // The listing host and the platform's host; the one that hung is gone.
        QCOMPARE(hosts.started(), 2);
    }

    void aBenchmarkThatHangsIsEndedByCancel() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clEnqueueNDRangeKernel:hang"));
        EngineBridge bridge(2);
        DeviceBrowserPanel panel(bridge, hosts);
        BenchmarkPanel* bench = fakeDeviceBenchmarks(panel);
        QVERIFY(bench);
        bench->setCancelGrace(std::chrono::milliseconds(500));
        QSignalSpy finished(bench, &BenchmarkPanel::finished);
        bench->runButton()->click();
        // The first step's report, then the fake build and the launch that never returns.
        QTRY_VERIFY_WITH_TIMEOUT(bench->statusText().startsWith(QStringLiteral("Step")), 30000);
        QTest::qWait(1000);
        QVERIFY(bench->isRunning());
        QElapsedTimer clock;
        clock.start();
        bench->cancelButton()->click();
        QCOMPARE(bench->statusText(), QStringLiteral("Cancelling after the current step..."));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(!finished.first().first().toBool());
        QCOMPARE(bench->statusText(),
                 QStringLiteral("The benchmarks failed: The device host for `%1` was stopped "
                                "while measuring `%2`: it did not stop within 0.5 s of Cancel.")
                         .arg(kPlatform, kDevice) +
                     lastWords("clEnqueueNDRangeKernel", "hang"));
        QVERIFY(bench->runButton()->isEnabled());
    }
};

QTEST_MAIN(TestDeviceBrowserCrashes)
#include "tst_devicebrowsercrashes.moc"
