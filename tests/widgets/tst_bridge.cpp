// EngineBridge: jobs run on worker threads, results come back on the GUI thread as values,
// exceptions become errors, cancelled and replaced jobs say so, dead receivers get nothing.
#include "bridge/EngineBridge.h"

#include "clw/engine/runtime/ClError.h"

#include <QThread>
#include <QtTest>

#include <future>
#include <memory>
#include <stdexcept>
#include <thread>

using namespace clw::ui;

class TestBridge : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void runsOffTheGuiThreadAndDeliversOnIt();
    void exceptionsArriveAsErrorValues();
    void voidJobsDeliverDone();
    void resultForDeletedReceiverIsDropped();
    void cancelledJobIsReportedAsCancelled();
    void newerJobWithSameTagReplacesQueuedOne();
    void destroyingTheBridgeDropsPendingResults();
};

void TestBridge::runsOffTheGuiThreadAndDeliversOnIt() {
    EngineBridge bridge(2);
    QObject receiver;
    QThread* const gui = QThread::currentThread();
    QThread* deliveredOn = nullptr;
    QThread* ranOn = nullptr;
    bool delivered = false;
    const JobId id = bridge.run(
        &receiver,
        [&bridge](const JobContext& job) {
            if (!bridge.isWorkerThread())
                throw std::logic_error("the job did not run on a worker thread");
            return std::make_pair(QThread::currentThread(), job.id());
        },
        [&](JobResult<std::pair<QThread*, JobId>> result) {
            deliveredOn = QThread::currentThread();
            QVERIFY2(result.ok(), qPrintable(result.error().message));
            ranOn = result.value().first;
            QCOMPARE(result.value().second, id);
            delivered = true;
        });
    QVERIFY(id != 0);
    QTRY_VERIFY(delivered);
    QVERIFY(ranOn != nullptr);
    QVERIFY(ranOn != gui);
    QCOMPARE(deliveredOn, gui);
    QTRY_COMPARE(bridge.activeJobs(), 0);

    const JobId second = bridge.run(
        nullptr, [](const JobContext&) { return 1; }, [](JobResult<int>) {});
    QVERIFY(second > id);
}

void TestBridge::exceptionsArriveAsErrorValues() {
    EngineBridge bridge(1);
    QObject receiver;
    std::optional<JobResult<int>> clFailure;
    std::optional<JobResult<int>> stdFailure;
    bridge.run(
        &receiver,
        [](const JobContext&) -> int {
            throw clw::engine::ClError(CL_INVALID_VALUE, "clFakeCall", "testing the bridge");
        },
        [&](JobResult<int> result) { clFailure = std::move(result); });
    bridge.run(
        &receiver, [](const JobContext&) -> int { throw std::runtime_error("plain failure"); },
        [&](JobResult<int> result) { stdFailure = std::move(result); });
    QTRY_VERIFY(clFailure && stdFailure);

    QVERIFY(!clFailure->ok());
    QCOMPARE(clFailure->error().kind, JobError::Kind::Failed);
    QCOMPARE(clFailure->error().clCode, CL_INVALID_VALUE);
    QVERIFY2(clFailure->error().message.contains(QStringLiteral("CL_INVALID_VALUE")),
             qPrintable(clFailure->error().message));
    QVERIFY(clFailure->error().message.contains(QStringLiteral("clFakeCall")));
    QVERIFY(clFailure->error().message.contains(QStringLiteral("testing the bridge")));

    QVERIFY(!stdFailure->ok());
    QCOMPARE(stdFailure->error().clCode, 0);
    QCOMPARE(stdFailure->error().message, QStringLiteral("plain failure"));
}

void TestBridge::voidJobsDeliverDone() {
    EngineBridge bridge(1);
    QObject receiver;
    std::atomic<bool> ran{false};
    bool delivered = false;
    bridge.run(
        &receiver, [&](const JobContext&) { ran = true; },
        [&](JobResult<Done> result) { delivered = result.ok(); });
    QTRY_VERIFY(delivered);
    QVERIFY(ran.load());
}

void TestBridge::resultForDeletedReceiverIsDropped() {
    EngineBridge bridge(1);
    auto receiver = std::make_unique<QObject>();
    std::promise<void> gate;
    std::shared_future<void> opened = gate.get_future().share();
    bool deadDelivered = false;
    bridge.run(
        receiver.get(),
        [opened](const JobContext&) {
            opened.wait(); // finishes only after the receiver is gone
            return 42;
        },
        [&](JobResult<int>) { deadDelivered = true; });
    receiver.reset();
    gate.set_value();

    // A later job on the same worker delivers after the first one's (dropped) delivery.
    QObject alive;
    bool aliveDelivered = false;
    bridge.run(
        &alive, [](const JobContext&) { return 1; },
        [&](JobResult<int> result) { aliveDelivered = result.ok(); });
    QTRY_VERIFY(aliveDelivered);
    QCoreApplication::processEvents();
    QVERIFY(!deadDelivered);
}

void TestBridge::cancelledJobIsReportedAsCancelled() {
    EngineBridge bridge(1);
    QObject receiver;
    std::promise<void> started;
    std::promise<void> gate;
    std::shared_future<void> opened = gate.get_future().share();
    std::atomic<bool> sawCancellation{false};
    std::optional<JobResult<int>> result;
    const JobId id = bridge.run(
        &receiver,
        [&started, opened, &sawCancellation](const JobContext& job) {
            started.set_value();
            opened.wait();
            sawCancellation = job.isCancelled();
            return 7; // a value, but the job was cancelled: it must not count
        },
        [&](JobResult<int> r) { result = std::move(r); });
    started.get_future().wait();
    QVERIFY(bridge.cancel(id));
    gate.set_value();
    QTRY_VERIFY(result.has_value());
    QVERIFY(sawCancellation.load());
    QVERIFY(!result->ok());
    QVERIFY(result->error().cancelled());
    QVERIFY(!bridge.cancel(id)); // finished: nothing left to cancel
}

void TestBridge::newerJobWithSameTagReplacesQueuedOne() {
    EngineBridge bridge(1);
    QObject receiver;
    std::promise<void> started;
    std::promise<void> gate;
    std::shared_future<void> opened = gate.get_future().share();
    bridge.run(
        &receiver,
        [&started, opened](const JobContext&) {
            started.set_value();
            opened.wait();
            return 0;
        },
        [](JobResult<int>) {}, JobOptions{"probe"});
    started.get_future().wait(); // the first job runs: it is not replaced

    std::atomic<int> bodiesRun{0};
    std::optional<JobResult<int>> older, newer;
    bridge.run(
        &receiver,
        [&](const JobContext&) {
            ++bodiesRun;
            return 1;
        },
        [&](JobResult<int> r) { older = std::move(r); }, JobOptions{"probe"});
    bridge.run(
        &receiver,
        [&](const JobContext&) {
            ++bodiesRun;
            return 2;
        },
        [&](JobResult<int> r) { newer = std::move(r); }, JobOptions{"probe"});
    gate.set_value();
    QTRY_VERIFY(older && newer);
    QVERIFY(!older->ok());
    QVERIFY(older->error().cancelled());
    QVERIFY(newer->ok());
    QCOMPARE(newer->value(), 2);
    QCOMPARE(bodiesRun.load(), 1);
}

void TestBridge::destroyingTheBridgeDropsPendingResults() {
    bool delivered = false;
    QObject receiver;
    std::promise<void> gate;
    std::shared_future<void> opened = gate.get_future().share();
    std::thread opener;
    {
        EngineBridge bridge(1);
        std::promise<void> started;
        bridge.run(
            &receiver,
            [&started, opened](const JobContext&) {
                started.set_value();
                opened.wait();
                return 1;
            },
            [&](JobResult<int>) { delivered = true; });
        bridge.run(
            &receiver, [](const JobContext&) { return 2; },
            [&](JobResult<int>) { delivered = true; });
        started.get_future().wait();
        // Opens the gate while the bridge's destructor waits for the running job.
        opener = std::thread([&gate] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            gate.set_value();
        });
    }
    opener.join();
    QTest::qWait(50);
    QVERIFY(!delivered);
}

QTEST_GUILESS_MAIN(TestBridge)
#include "tst_bridge.moc"
