// A driver that crashes or hangs in each kind of call (issue 17), staged with the fake OpenCL
// driver of tests/fakecl (CLW_FAKE_CL_FAULT): a probe, a build, a transfer, a launch and a buffer
// read. Each fails the waiting request with the host's platform, what it was doing, how it ended
// and the driver's last words on stderr; a new host runs the next request.
#include "bridge/BufferSource.h"
#include "bridge/DeviceHosts.h"
#include "bridge/EditorBuildClient.h"
#include "bridge/HostConnection.h"
#include "bridge/HostReleaseBatch.h"
#include "bridge/HostSessionClient.h"
#include "bridge/HostStopped.h"
#include "bridge/JobContext.h"

#include "ChildHosts.h"
#include "FakeBesideSystemDrivers.h"
#include "TouchSession.h"

#include "clw/engine/session/SessionFile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <csignal>
#include <mutex>
#include <thread>

using namespace clw;
using namespace clw::ui;

namespace {

const char* kFake = "CL Workbench Fake Platform";

RunPlan plan() {
    RunPlan plan;
    plan.session = test::touchSession();
    plan.folder = QDir::currentPath().toStdString();
    plan.deviceName = QString::fromLatin1(kFake);
    return plan;
}

// Hosts that see the fake driver only, failing as `fault` says.
void useFakeDriver(DeviceHosts& hosts, const QString& fault) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("OCL_ICD_VENDORS"), QStringLiteral(CLW_FAKE_ICD_VENDORS));
    environment.insert(QStringLiteral("CLW_FAKE_CL_FAULT"), fault);
    hosts.setEnvironment(environment);
}

// A host's stop message without the stack where it stopped, which follows the last words of a
// host killed by a signal (frames of clworkbench-host): checked and cut off here.
QString withoutStack(const QString& message) {
    const QString heading = QStringLiteral("\nWhere it stopped:\n");
    const qsizetype stack = message.indexOf(heading);
    if (stack < 0)
        return message;
    if (!message.mid(stack + heading.size()).contains(QStringLiteral("clworkbench-host")))
        return QStringLiteral("(a stack without the host's frames) ") + message;
    return message.left(stack);
}

// The message of the stop the call ends in, without its stack.
QString stoppedMessage(const std::function<void()>& call) {
    try {
        call();
    } catch (const HostStopped& stopped) {
        return withoutStack(QString::fromStdString(stopped.what()));
    }
    return QStringLiteral("(no stop)");
}

QString lastWords(const char* call, const char* action) {
    return QStringLiteral(" Its last words:\nfake OpenCL driver: %1: %2 as CLW_FAKE_CL_FAULT asks")
        .arg(QLatin1String(call), QLatin1String(action));
}

// How many buffers the host lends: a release of none answers it.
int lentBy(HostConnection& host, HostConnection::Options options = {}) {
    return host.requestTyped("buffer.release", {}, options).reply.get().body.at("lent").get<int>();
}

JobContext job() {
    return JobContext(std::make_shared<detail::JobState>());
}

} // namespace

class TestHostCrashes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theFakeDriverRunsASessionInAHost() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QString());
        HostSessionClient client(hosts, 1);
        const RemoteRun ran = client.run(plan(), kFake, job(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        QCOMPARE(client.platform(), std::string(kFake));
        // The fake launch does nothing: x keeps its ramp.
        std::vector<int> x(16);
        ran.outcome.sources.at(QStringLiteral("x"))
            ->read(0, {reinterpret_cast<unsigned char*>(x.data()), 64});
        QCOMPARE(x[5], 5);
    }

    void aCrashWhileProbing() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clGetDeviceInfo:segv"));
        const QString message = stoppedMessage([&] { hosts.resolve(kFake); });
        QCOMPARE(message, QStringLiteral("The device host for `libclw_fake_icd.so` stopped "
                                         "while listing devices (SIGSEGV).") +
                              lastWords("clGetDeviceInfo", "segv"));
    }

    // Each driver is loaded by hosts of its own: the fake driver aborting while the loader loads
    // it leaves the system's drivers listed, resolved and running sessions.
    void aDriverThatCrashesWhileLoadingLeavesTheOthers() {
        QTemporaryDir folder;
        DeviceHosts hosts;
        QVERIFY(useFakeThatAbortsAtLoad(hosts, folder));
        const std::vector<ListingHost> listing = hosts.listingHosts();
        QVERIFY2(listing.size() >= 2, "the system's drivers and the fake one, a host each");
        const std::vector<ResolvedDevice> devices = hosts.devices();
        QVERIFY2(!devices.empty(), "no device of the system's drivers was listed");
        for (const ResolvedDevice& device : devices)
            QVERIFY(device.platform != kFake);
        const auto fake = std::find_if(listing.begin(), listing.end(),
                                       [](const ListingHost& h) { return h.driver == "clw_fake"; });
        QVERIFY(fake != listing.end());
        QTRY_VERIFY(fake->connection->isStopped());
        QCOMPARE(fake->connection->stoppedMessage().section(QStringLiteral("\nWhere"), 0, 0),
                 QStringLiteral("The device host for `libclw_fake_icd.so` stopped while "
                                "listing devices (SIGABRT).") +
                     lastWords("clIcdGetPlatformIDsKHR", "abort"));

        // The default device runs a session in its platform's host, which loads its driver only.
        const ResolvedDevice chosen = hosts.resolve({});
        QVERIFY(chosen.platform != kFake);
        HostSessionClient client(hosts, 1);
        RunPlan run = plan();
        run.deviceName = QString::fromStdString(chosen.device);
        const RemoteRun ran = client.run(run, chosen.device, job(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        QCOMPARE(client.platform(), chosen.platform);
        std::vector<int> x(16);
        ran.outcome.sources.at(QStringLiteral("x"))
            ->read(0, {reinterpret_cast<unsigned char*>(x.data()), 64});
        QCOMPARE(x[0], 1); // the kernel ran
        QCOMPARE(x[5], 5);
    }

    void aCrashWhileBuilding() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clBuildProgram:abort"));
        HostSessionClient client(hosts, 1);
        const QString message = stoppedMessage([&] {
            client.build(test::touchSession(), QDir::currentPath().toStdString(), kFake, {});
        });
        QCOMPARE(message, QStringLiteral("The device host for `CL Workbench Fake Platform` "
                                         "stopped while building `k.cl` (SIGABRT).") +
                              lastWords("clBuildProgram", "abort"));
    }

    void aCrashWhileUploading() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clEnqueueWriteBuffer:abort"));
        HostSessionClient client(hosts, 1);
        const QString message = stoppedMessage([&] { client.run(plan(), kFake, job(), {}, {}); });
        QCOMPARE(message, QStringLiteral("The device host for `CL Workbench Fake Platform` "
                                         "stopped while running `touch` (SIGABRT).") +
                              lastWords("clEnqueueWriteBuffer", "abort"));
    }

    void aCrashWhileLaunching() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clEnqueueNDRangeKernel:segv"));
        HostSessionClient client(hosts, 1);
        const QString message = stoppedMessage([&] { client.run(plan(), kFake, job(), {}, {}); });
        QCOMPARE(message, QStringLiteral("The device host for `CL Workbench Fake Platform` "
                                         "stopped while running `touch` (SIGSEGV).") +
                              lastWords("clEnqueueNDRangeKernel", "segv"));
    }

    void aCrashWhileReadingABuffer() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clEnqueueReadBuffer:exit"));
        HostSessionClient client(hosts, 1);
        const RemoteRun ran = client.run(plan(), kFake, job(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        unsigned char bytes[64];
        const QString message =
            stoppedMessage([&] { ran.outcome.sources.at(QStringLiteral("x"))->read(0, bytes); });
        QCOMPARE(message, QStringLiteral("The device host for `CL Workbench Fake Platform` "
                                         "stopped while reading a buffer for the inspector "
                                         "(exit status 3).") +
                              lastWords("clEnqueueReadBuffer", "exit"));
        // The source stays, and says the same on every later read.
        QCOMPARE(
            stoppedMessage([&] { ran.outcome.sources.at(QStringLiteral("x"))->read(0, bytes); }),
            message);
    }

    // Releasing buffers (after every run, for the run before's) is the reader's own moment of
    // bookkeeping: it is done at once even while the Buffer lane is stuck in a driver call.
    void aReleaseIsDoneWhileABufferReadHangs() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clEnqueueReadBuffer:hang"));
        HostSessionClient client(hosts, 1);
        RemoteRun ran = client.run(plan(), kFake, job(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        const std::shared_ptr<HostConnection> host = hosts.host(kFake);
        // x's contents now and before the run: two buffers lent.
        QCOMPARE(lentBy(*host), 2);
        std::thread reader([source = ran.outcome.sources.at(QStringLiteral("x"))] {
            unsigned char bytes[64];
            try {
                source->read(0, bytes); // hangs in the host until the host is stopped
            } catch (const HostStopped&) {
            }
        });
        const auto stopAndJoin = qScopeGuard([&] {
            host->stop(QStringLiteral("the test is over"));
            reader.join();
        });
        QTest::qWait(200);           // the read has reached the driver
        ran.outcome.initial.clear(); // a post: x's contents before the run are released
        HostConnection::Options limited;
        limited.limit = std::chrono::milliseconds(5000); // past it, the host is ended
        int lent = -1;
        const QString stopped = stoppedMessage([&] { lent = lentBy(*host, limited); });
        QCOMPARE(stopped, QStringLiteral("(no stop)")); // not waiting behind the read
        QCOMPARE(lent, 1);
        QVERIFY(!host->isStopped());
    }

    // A released buffer is freed by the Session lane's thread, not by the reader (a thread of
    // the pool, "host lane"): a driver that hangs there while freeing holds up no reading, and
    // the next run runs.
    void aReleasedBufferIsNotFreedByTheReader() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clReleaseMemObject@host lane:hang"));
        HostSessionClient client(hosts, 1);
        RemoteRun ran = client.run(plan(), kFake, job(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        const std::shared_ptr<HostConnection> host = hosts.host(kFake);
        const std::shared_ptr<BufferSource> before = ran.outcome.initial.at(QStringLiteral("x"));
        ran.outcome.sources.clear(); // a post: x's device buffer is released
        HostConnection::Options limited;
        limited.limit = std::chrono::milliseconds(5000); // past it, the host is ended
        int lent = -1;
        unsigned char bytes[4] = {};
        WatchdogLimits limits;
        limits.launch = std::chrono::milliseconds(5000);
        RemoteRun next;
        const QString stopped = stoppedMessage([&] {
            lent = lentBy(*host, limited);
            before->read(0, bytes);
            next = client.run(plan(), kFake, job(), {}, limits);
        });
        QCOMPARE(stopped, QStringLiteral("(no stop)"));
        QCOMPARE(lent, 1);
        QVERIFY2(next.outcome.errorWhere.isEmpty(), qPrintable(next.outcome.error));
        QCOMPARE(int(next.outcome.sources.size()), 1);
    }

    // Buffers let go together (a run's, when the next replaces it) reach the host as one release
    // once the batch ends; one still held elsewhere (shown in the inspector) stays lent.
    void buffersLetGoInABatchAreReleasedWhenItEnds() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QString());
        HostSessionClient client(hosts, 1);
        const std::shared_ptr<HostConnection> host = hosts.host(kFake);
        const auto lent = [&] { return lentBy(*host); };
        RemoteRun first = client.run(plan(), kFake, job(), {}, {});
        QVERIFY2(first.outcome.errorWhere.isEmpty(), qPrintable(first.outcome.error));
        const std::shared_ptr<BufferSource> shown = first.outcome.sources.at(QStringLiteral("x"));
        RemoteRun second = client.run(plan(), kFake, job(), {}, {});
        QCOMPARE(lent(), 4); // x now and before the run, for each run
        {
            const HostReleaseBatch batch;
            {
                const HostReleaseBatch inner; // only the outermost releases
                first.outcome = RunOutcome();
            }
            second.outcome.initial.clear();
            QCOMPARE(lent(), 4);
        }
        QCOMPARE(lent(), 2); // `shown`, and the second run's x now
        unsigned char bytes[4];
        shown->read(0, bytes); // still the host's
        QVERIFY(!host->isStopped());
    }

    // A buffer let go outside a batch is released on its own; a release whose handles cannot be
    // read (another install's host) fails by name and releases nothing, and the host reads on.
    void aReleaseOutsideABatchAndOneThatCannotBeRead() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QString());
        HostSessionClient client(hosts, 1);
        const std::shared_ptr<HostConnection> host = hosts.host(kFake);
        RemoteRun run = client.run(plan(), kFake, job(), {}, {});
        QVERIFY2(run.outcome.errorWhere.isEmpty(), qPrintable(run.outcome.error));
        QCOMPARE(lentBy(*host), 2);
        run.outcome.initial.clear();
        QCOMPARE(lentBy(*host), 1);
        QString refused;
        try { // field 1 as a varint, with no varint after it
            host->requestTyped("buffer.release", std::string("\x08", 1)).reply.get();
        } catch (const HostRequestFailed& failed) {
            refused = QString::fromStdString(failed.what());
        }
        QCOMPARE(refused,
                 QStringLiteral("buffer.release without its typed request (BufferRelease): "
                                "the workbench comes from another install than its "
                                "clworkbench-host; reinstall"));
        QCOMPARE(lentBy(*host), 1);
        QVERIFY(!host->isStopped());
    }

    // A host that ends while no request waits for it (here killed as the system's OOM killer
    // would) is told through the ended-unseen callback once, with how it ended; its buffers then
    // say why they cannot be read. A host ended by the workbench, or one that ends while a
    // request waits, is not told that way: the request's failure says it.
    void aHostThatEndsWhileIdleIsToldOnce() {
        DeviceHosts hosts;
        std::mutex mutex;
        QStringList told;
        hosts.setEndedUnseenCallback([&](const QString& message, bool listing) {
            std::lock_guard lock(mutex);
            told.append(listing ? QStringLiteral("(listing) ") + message : message);
        });
        const auto toldCount = [&] {
            std::lock_guard lock(mutex);
            return told.size();
        };
        useFakeDriver(hosts, QString());
        HostSessionClient client(hosts, 1);
        RemoteRun ran = client.run(plan(), kFake, job(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        const std::shared_ptr<BufferSource> kept = ran.outcome.sources.at(QStringLiteral("x"));
        QCOMPARE(kept->lostReason(), std::string());
        const std::vector<pid_t> running = test::childHostsOf(QString::fromLatin1(kFake));
        QCOMPARE(int(running.size()), 1);
        QCOMPARE(::kill(running.front(), SIGKILL), 0);
        QTRY_COMPARE_WITH_TIMEOUT(toldCount(), 1, 15000);
        const QString idle = QStringLiteral("The device host for `CL Workbench Fake Platform` "
                                            "stopped while idle (SIGKILL).");
        QCOMPARE(told.front(), idle);
        QCOMPARE(QString::fromStdString(kept->lostReason()), idle);
        unsigned char bytes[4];
        QCOMPARE(stoppedMessage([&] { kept->read(0, bytes); }), idle);

        // Stopped by the workbench: the stop's words go to the waiting request alone.
        ran = client.run(plan(), kFake, job(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        const std::shared_ptr<HostConnection> stopped = hosts.host(kFake);
        hosts.stop(kFake, QStringLiteral("a test stopped it"));
        QTRY_VERIFY_WITH_TIMEOUT(stopped->isStopped(), 15000);
        // Crashed during a run: the run's failure says it.
        useFakeDriver(hosts, QStringLiteral("clEnqueueNDRangeKernel:segv"));
        QCOMPARE(stoppedMessage([&] { client.run(plan(), kFake, job(), {}, {}); }),
                 QStringLiteral("The device host for `CL Workbench Fake Platform` stopped while "
                                "running `touch` (SIGSEGV).") +
                     lastWords("clEnqueueNDRangeKernel", "segv"));
        QTest::qWait(500); // time for a callback that should not come
        QCOMPARE(toldCount(), 1);
    }

    // A host that ends while two requests wait names both: which one the driver was in, the
    // workbench cannot tell (the first alone once blamed an editor's build for a run's crash).
    void aHostThatEndsNamesEveryRequestItHeld() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clEnqueueNDRangeKernel:hang"));
        HostSessionClient first(hosts, 1), second(hosts, 2);
        RunPlan poke = plan();
        engine::SourceFile& source = poke.session.sources.files.front();
        source.text = "__kernel void poke(__global int* x) { x[1] = 2; }";
        poke.session.launches.front().kernel = "poke";
        poke.session.launches.front().name = "poke";
        QString touchStopped, pokeStopped;
        std::thread touching([&] {
            touchStopped = stoppedMessage([&] { first.run(plan(), kFake, job(), {}, {}); });
        });
        QTest::qWait(500); // the first run hangs in its launch; the second waits behind it
        std::thread poking(
            [&] { pokeStopped = stoppedMessage([&] { second.run(poke, kFake, job(), {}, {}); }); });
        QTest::qWait(500);
        const std::vector<pid_t> running = test::childHostsOf(QString::fromLatin1(kFake));
        QCOMPARE(int(running.size()), 1);
        QCOMPARE(::kill(running.front(), SIGKILL), 0);
        touching.join();
        poking.join();
        const QString both = QStringLiteral("The device host for `CL Workbench Fake Platform` "
                                            "stopped while running `touch` and running `poke` "
                                            "(SIGKILL).") +
                             lastWords("clEnqueueNDRangeKernel", "hang");
        QCOMPARE(touchStopped, both);
        QCOMPARE(pokeStopped, both);
    }

    // The session's build and the editor's of the same file, both held when the host ends, are
    // named once.
    void theSessionsAndTheEditorsBuildOfAFileAreNamedOnce() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clBuildProgram:hang"));
        HostSessionClient client(hosts, 1);
        const engine::Session session = test::touchSession();
        QString sessionStopped, editorStopped;
        std::thread sessionBuild([&] {
            sessionStopped = stoppedMessage(
                [&] { client.build(session, QDir::currentPath().toStdString(), kFake, {}); });
        });
        QTest::qWait(1000); // for the host to start and the build to reach the driver
        const engine::SourceFile& file = session.sources.files.front();
        BuildInput input;
        input.sources.files = {
            {QString::fromStdString(file.name), QString::fromStdString(file.text)}};
        input.sources.mainFile = QString::fromStdString(file.name);
        input.devices = {QString::fromLatin1(kFake)};
        std::thread editorBuild(
            [&] { editorStopped = stoppedMessage([&] { buildInHosts(hosts, input, job()); }); });
        QTest::qWait(1000); // for the editor's build to reach the host
        const std::vector<pid_t> running = test::childHostsOf(QString::fromLatin1(kFake));
        QCOMPARE(int(running.size()), 1);
        QCOMPARE(::kill(running.front(), SIGKILL), 0);
        sessionBuild.join();
        editorBuild.join();
        // The driver says its words once for each build that reached it.
        const QString stopped = QStringLiteral("The device host for `CL Workbench Fake Platform` "
                                               "stopped while building `k.cl` for the session and "
                                               "the editor (SIGKILL).");
        const QString words = lastWords("clBuildProgram", "hang");
        const QString wordsTwice = words + words.mid(words.indexOf(QLatin1Char('\n')));
        QVERIFY2(sessionStopped == stopped + words || sessionStopped == stopped + wordsTwice,
                 qPrintable(sessionStopped));
        QCOMPARE(editorStopped, sessionStopped);
    }

    // PoCL writes a cache entry to a temporary file it renames when whole: a host killed while it
    // writes would leave that file in the person's PoCL cache for good (issue 61). The files the
    // killed host held go, and another program's beside them stay.
    void aHostKilledWhileWritingThePoclCacheLeavesNoTemporaryFile() {
        QTemporaryDir pocl;
        QVERIFY(pocl.isValid());
        const QString others = pocl.filePath(QStringLiteral("tempfile_others"));
        QFile other(others);
        QVERIFY(other.open(QIODevice::WriteOnly)); // open here, as another program's PoCL has it
        DeviceHosts hosts;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("OCL_ICD_VENDORS"), QStringLiteral(CLW_FAKE_ICD_VENDORS));
        environment.insert(QStringLiteral("CLW_FAKE_CL_FAULT"),
                           QStringLiteral("clBuildProgram:cachehang"));
        environment.insert(QStringLiteral("POCL_CACHE_DIR"), pocl.path());
        hosts.setEnvironment(environment);
        HostSessionClient client(hosts, 1);
        WatchdogLimits limits;
        limits.build = std::chrono::milliseconds(1500);
        const QString message =
            stoppedMessage([&] { client.run(plan(), kFake, job(), {}, limits); });
        QVERIFY2(message.contains(QStringLiteral("the watchdog ended it")), qPrintable(message));
        QTRY_COMPARE(QDir(pocl.path()).entryList(QDir::Files),
                     QStringList{QStringLiteral("tempfile_others")});
    }

    void aHangInTheDriverIsEndedByTheWatchdog() {
        DeviceHosts hosts;
        useFakeDriver(hosts, QStringLiteral("clEnqueueNDRangeKernel:hang"));
        HostSessionClient client(hosts, 1);
        WatchdogLimits limits;
        limits.launch = std::chrono::milliseconds(1000);
        QElapsedTimer clock;
        clock.start();
        const QString message =
            stoppedMessage([&] { client.run(plan(), kFake, job(), {}, limits); });
        QCOMPARE(message, QStringLiteral("The device host for `CL Workbench Fake Platform` was "
                                         "stopped while running `touch`: it ran past its limit "
                                         "of 1 s (the watchdog ended it).") +
                              lastWords("clEnqueueNDRangeKernel", "hang"));
        QVERIFY(clock.elapsed() < 15000);
        // With the fault gone, a new host runs the session.
        useFakeDriver(hosts, QString());
        const int started = hosts.started();
        const RemoteRun ran = client.run(plan(), kFake, job(), {}, limits);
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        QCOMPARE(hosts.started(), started + 1);
    }
};

QTEST_GUILESS_MAIN(TestHostCrashes)
#include "tst_hostcrashes.moc"
