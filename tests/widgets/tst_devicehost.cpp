// The device host (issue 17) from the workbench's side: a session built and run in a
// clworkbench-host gives the same values as in-process, its buffers read back through the
// channel, an unchanged session's document is sent once, printf output comes back per launch
// with the work-item of each line, and a host that hangs, is stopped or crashes fails the waiting
// request with a message that says so, while a new host runs the next request.
#include "bridge/BufferSource.h"
#include "bridge/DeviceHosts.h"
#include "bridge/HostConnection.h"
#include "bridge/HostReleaseBatch.h"
#include "bridge/HostSessionClient.h"
#include "bridge/HostStopped.h"
#include "bridge/JobContext.h"

#include "clw/engine/session/SessionFile.h"

#include <QDir>
#include <QElapsedTimer>
#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <future>
#include <mutex>
#include <thread>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#endif

using namespace clw;
using namespace clw::ui;

namespace {

const char* kPoclChoice = "Portable Computing Language";

engine::Session sampleSession(const QString& name, QString* folder = nullptr) {
    const QDir samples(QDir(qEnvironmentVariable("CLW_TEST_DATA"))
                           .filePath(QStringLiteral("../../resources/samples")));
    if (folder)
        *folder = samples.absolutePath();
    return engine::SessionFile::read(samples.filePath(name).toStdString()).session;
}

// A session of one kernel over one int buffer `x` of `count` zeros.
engine::Session oneKernel(const std::string& source, const std::string& kernel, int count) {
    const std::string text = R"({"format": "clworkbench-session", "version": 1,
      "sources": {"main": "k.cl", "files": [{"name": "k.cl", "text": ")" +
                             source + R"("}], "includeDirs": []},
      "options": "", "devices": [],
      "buffers": [{"name": "x", "type": "int", "shape": [)" +
                             std::to_string(count) + R"(], "access": "read_write",
                   "init": {"fill": "zeros"}, "output": true}],
      "launches": [{"kernel": ")" +
                             kernel + R"(", "global": [)" + std::to_string(count) + R"(],
                    "arguments": [{"buffer": "x"}]}]})";
    return engine::SessionFile::parse(text).session;
}

// Ends process `pid` at once from outside, as the system or a person would, and returns how the
// workbench names that end ("" when it could not). SIGKILL: PoCL's LLVM handles SIGSEGV and
// SIGABRT sent from outside and carries on. Windows has no signals: TerminateProcess, whose exit
// status QProcess reports as a normal exit's.
QString endFromOutside(qint64 pid) {
#ifdef _WIN32
    const HANDLE process = OpenProcess(PROCESS_TERMINATE, FALSE, DWORD(pid));
    const bool ended = process && TerminateProcess(process, 9);
    if (process)
        CloseHandle(process);
    return ended ? QStringLiteral("exit status 9") : QString();
#else
    return ::kill(pid_t(pid), SIGKILL) == 0 ? QStringLiteral("SIGKILL") : QString();
#endif
}

RunPlan planFor(engine::Session session, const QString& folder = QDir::currentPath()) {
    RunPlan plan;
    plan.session = std::move(session);
    plan.folder = folder.toStdString();
    plan.deviceName = QString::fromLatin1(kPoclChoice);
    return plan;
}

JobContext aliveJob() {
    return JobContext(std::make_shared<detail::JobState>());
}

template <class T>
std::vector<T> readAll(BufferSource& source) {
    std::vector<T> values(source.size() / sizeof(T));
    source.read(0, {reinterpret_cast<unsigned char*>(values.data()), source.size()});
    return values;
}

const std::string kSpin = "__kernel void spin(__global int* x) { "
                          "while (*(volatile __global int*)x == 0) {} }";

} // namespace

class TestDeviceHost : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void choicesResolveInTheListingHost() {
        DeviceHosts hosts;
        const ResolvedDevice pocl = hosts.resolve(kPoclChoice);
        QCOMPARE(pocl.platform, std::string(kPoclChoice));
        QVERIFY(!pocl.device.empty());
        try {
            hosts.resolve("no such device anywhere");
            QFAIL("resolved a device that does not exist");
        } catch (const HostRequestFailed& error) {
            QCOMPARE(QString::fromStdString(error.what()),
                     QStringLiteral("No OpenCL device matches 'no such device anywhere': pick "
                                    "one in the status bar's device list."));
        }
    }

    // Oclgrind (issue 18): the listing host lists it beside the system's drivers, never as the
    // default; a session built and run in its platform's host reads back the right values.
    void oclgrindIsOneMoreDevice() {
        DeviceHosts hosts;
        const std::vector<ResolvedDevice> devices = hosts.devices();
        const auto oclgrind = std::find_if(devices.begin(), devices.end(), [](const auto& device) {
            return device.platform == "Oclgrind" && device.device == "Oclgrind Simulator";
        });
        QVERIFY2(oclgrind != devices.end(),
                 "Oclgrind is not listed: run scripts/setup (package oclgrind)");
        QVERIFY(std::any_of(devices.begin(), devices.end(),
                            [](const auto& device) { return device.platform == kPoclChoice; }));
        QCOMPARE(hosts.resolve("Oclgrind").platform, std::string("Oclgrind"));
        QVERIFY(hosts.resolve("").platform != "Oclgrind");

        HostSessionClient client(hosts, 1);
        QString folder;
        RunPlan plan = planFor(sampleSession(QStringLiteral("vector_add.clwb"), &folder), folder);
        plan.deviceName = QStringLiteral("Oclgrind Simulator");
        const RemoteRun ran = client.run(plan, "Oclgrind", aliveJob(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        QVERIFY(ran.outcome.build.has_value() && ran.outcome.build->ok);
        QCOMPARE(ran.outcome.records.size(), std::size_t(1));
        QVERIFY2(ran.outcome.records.front().ok, qPrintable(ran.outcome.records.front().error));
        const auto c = readAll<float>(*ran.outcome.sources.at(QStringLiteral("c")));
        QCOMPARE(c.size(), std::size_t(1024));
        for (int i = 0; i < 1024; ++i)
            QCOMPARE(c[size_t(i)], 3.0f * float(i));
    }

    void aSampleRunsInTheHostAndItsBuffersReadBack() {
        DeviceHosts hosts;
        HostSessionClient client(hosts, 1);
        QString folder;
        const RunPlan plan =
            planFor(sampleSession(QStringLiteral("vector_add.clwb"), &folder), folder);
        int progressCalls = 0;
        const RemoteRun ran = client.run(plan, kPoclChoice, aliveJob(),
                                         [&](const QString&, int, int) { ++progressCalls; }, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        QVERIFY(ran.outcome.build.has_value() && ran.outcome.build->ok);
        QVERIFY(ran.program.has_value());
        QCOMPARE(ran.program->kernels.size(), std::size_t(1));
        QCOMPARE(ran.program->kernels.front().name, std::string("vector_add"));
        QCOMPARE(ran.program->kernels.front().args.size(), std::size_t(3));
        QVERIFY(ran.program->limits.at("vector_add").maxWorkGroupSize() > 0);
        QVERIFY(progressCalls >= 2);
        QCOMPARE(ran.outcome.records.size(), std::size_t(1));
        const RunRecord& record = ran.outcome.records.front();
        QVERIFY2(record.ok, qPrintable(record.error));
        QCOMPARE(record.global, std::vector<std::uint64_t>{1024});
        QVERIFY(!record.kernelNs.empty() && record.kernelNs.front() > 0);
        QCOMPARE(record.launch.kernel, std::string("vector_add"));

        // c = a + b = 3i, read through the host; the initial contents of c are zeros.
        const auto c = readAll<float>(*ran.outcome.sources.at(QStringLiteral("c")));
        QCOMPARE(c.size(), std::size_t(1024));
        for (int i = 0; i < 1024; ++i)
            QCOMPARE(c[size_t(i)], 3.0f * float(i));
        const auto initial = readAll<float>(*ran.outcome.initial.at(QStringLiteral("c")));
        QCOMPARE(initial, std::vector<float>(1024, 0.0f));
        // A buffer has no type or shape of its own (the host leaves them out).
        QCOMPARE(ran.outcome.sources.at(QStringLiteral("c"))->naturalType(), std::string());
        QCOMPARE(ran.outcome.sources.at(QStringLiteral("c"))->naturalWidth(), std::uint64_t(0));
        QCOMPARE(ran.outcome.sources.at(QStringLiteral("c"))->naturalHeight(), std::uint64_t(0));

        // A write and a snapshot go through the host too.
        BufferSource& source = *ran.outcome.sources.at(QStringLiteral("c"));
        const std::shared_ptr<BufferSource> before = source.snapshot();
        const float seven = 7.0f;
        source.write(4 * sizeof(float),
                     {reinterpret_cast<const unsigned char*>(&seven), sizeof(float)});
        QCOMPARE(readAll<float>(source)[4], 7.0f);
        QCOMPARE(readAll<float>(*before)[4], 12.0f);
        QCOMPARE(before->description(), source.description());
        unsigned char past[8];
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, source.read(4092, past));
        // A second run needs no build.
        const auto sent = std::chrono::steady_clock::now();
        const RemoteRun again = client.run(plan, kPoclChoice, aliveJob(), {}, {});
        const auto roundTrip = std::chrono::steady_clock::now() - sent;
        QVERIFY(!again.outcome.build.has_value());
        QVERIFY(again.outcome.records.front().ok);
        // The host says how long the run itself took there: part of the round trip, which also
        // holds the request and the reply (clw_bench_launch's host_added).
        QVERIFY(again.hostRunTime > std::chrono::nanoseconds(0));
        QVERIFY2(again.hostRunTime < roundTrip,
                 qPrintable(QStringLiteral("%1 ns in the host, %2 ns in all")
                                .arg(again.hostRunTime.count())
                                .arg(std::chrono::nanoseconds(roundTrip).count())));
    }

    void anImageKeepsItsTypeAndShapeThroughTheHost() {
        DeviceHosts hosts;
        HostSessionClient client(hosts, 1);
        QString folder;
        const RunPlan plan =
            planFor(sampleSession(QStringLiteral("image_blur.clwb"), &folder), folder);
        const RemoteRun ran = client.run(plan, kPoclChoice, aliveJob(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        const BufferSource& blurred = *ran.outcome.sources.at(QStringLiteral("blurred"));
        QCOMPARE(blurred.naturalType(), std::string("float4"));
        QCOMPARE(blurred.naturalWidth(), std::uint64_t(64));
        QCOMPARE(blurred.naturalHeight(), std::uint64_t(48));
        QCOMPARE(blurred.size(), std::uint64_t(64 * 48 * 16));
        // Its initial contents have the same type and shape.
        const BufferSource& initial = *ran.outcome.initial.at(QStringLiteral("blurred"));
        QCOMPARE(initial.naturalType(), std::string("float4"));
        QCOMPARE(initial.naturalWidth(), std::uint64_t(64));
        QCOMPARE(initial.naturalHeight(), std::uint64_t(48));
        QCOMPARE(initial.size(), blurred.size());
    }

    void anUnchangedSessionIsSentOnceAndAChangedOneAgain() {
        DeviceHosts hosts;
        HostSessionClient client(hosts, 1);
        const auto store = [](int value) {
            return planFor(oneKernel(
                "__kernel void k(__global int* x) { x[0] = " + std::to_string(value) + "; }", "k",
                1));
        };
        const auto first = [](const RemoteRun& ran) {
            return readAll<int>(*ran.outcome.sources.at(QStringLiteral("x"))).front();
        };
        QCOMPARE(first(client.run(store(5), kPoclChoice, aliveJob(), {}, {})), 5);
        // The host keeps the document of revision 1: a request naming it alone runs it, one
        // naming another revision is told to send the document.
        const ResolvedDevice device = hosts.resolve(kPoclChoice);
        const std::shared_ptr<HostConnection> host = hosts.host(device.platform);
        const auto build = [&](std::uint64_t revision, const std::string& document) {
            clw::engine::wire::SessionRequest request;
            request.set_session(1);
            request.set_revision(revision);
            request.set_device(device.device);
            request.set_folder(QDir::currentPath().toStdString());
            if (!document.empty())
                request.set_document(document);
            return host->requestTyped("session.build", request.SerializeAsString()).reply.get();
        };
        QVERIFY(build(1, {}).body.at("summary").at("ok").get<bool>());
        try {
            build(2, {});
            QFAIL("a revision the host does not hold was built");
        } catch (const HostRequestFailed& error) {
            QCOMPARE(std::string(error.what()), std::string(kSessionDocumentNeeded));
        }
        // A changed session is sent again.
        QCOMPARE(first(client.run(store(6), kPoclChoice, aliveJob(), {}, {})), 6);
        // The host holding another document than the client believes: the client sends its
        // own when told, and its session runs.
        build(50, engine::SessionFile::serialize(store(7).session));
        QCOMPARE(first(client.run(store(6), kPoclChoice, aliveJob(), {}, {})), 6);
    }

    // Both sides read and write a run's typed request and reply through messages kept for the
    // next run (issue 17's 20 us): a run after a larger one with printf output comes back with
    // its own records and nothing of the last, both when the last was kept (3 launches) and when
    // it had more launches than are kept (70; more than 64 are let go).
    void aRunCarriesNothingOfTheRunBefore() {
        DeviceHosts hosts;
        HostSessionClient client(hosts, 1);
        const std::string printing =
            "__kernel void say(__global int* x) { if (get_global_id(0) == 0) "
            "printf(\\\"said\\\\n\\\"); x[get_global_id(0)] = 7; }";
        const std::string quiet = "__kernel void set(__global int* x) { x[get_global_id(0)] = 5; }";
        for (const int launches : {3, 70}) {
            engine::Session many = oneKernel(printing, "say", 8);
            many.launches.resize(std::size_t(launches), many.launches.front());
            const RemoteRun first = client.run(planFor(many), kPoclChoice, aliveJob(), {}, {});
            QVERIFY2(first.outcome.errorWhere.isEmpty(), qPrintable(first.outcome.error));
            QCOMPARE(first.outcome.records.size(), std::size_t(launches));
            QCOMPARE(first.outcome.records.back().output.trimmed(), QStringLiteral("said"));
            engine::Session one = oneKernel(quiet, "set", 4);
            one.buffers.front().name = "y";
            one.launches.front().arguments.front().buffer = "y";
            const RemoteRun ran = client.run(planFor(one), kPoclChoice, aliveJob(), {}, {});
            QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
            QCOMPARE(ran.outcome.records.size(), std::size_t(1));
            const RunRecord& record = ran.outcome.records.front();
            QVERIFY2(record.ok, qPrintable(record.error));
            QCOMPARE(record.launch.kernel, std::string("set"));
            QVERIFY(record.output.isEmpty());
            QVERIFY(record.warnings.isEmpty());
            QCOMPARE(record.global, std::vector<std::uint64_t>{4});
            QCOMPARE(ran.outcome.sources.size(), std::size_t(1));
            QCOMPARE(readAll<int>(*ran.outcome.sources.at(QStringLiteral("y"))),
                     std::vector<int>(4, 5));
        }
    }

    void printfComesBackWithItsLaunch() {
        DeviceHosts hosts;
        HostSessionClient client(hosts, 1);
        // One line per work-group of 4, from its first work-item.
        const std::string source =
            "__kernel void say(__global int* x) { if (get_local_id(0) == 0) "
            "printf(\\\"group %d\\\\n\\\", (int)get_group_id(0)); x[get_global_id(0)] = 1; }";
        engine::Session session = oneKernel(source, "say", 16);
        session.launches.front().local = {4};
        session.launches.push_back(session.launches.front());
        const RemoteRun ran = client.run(planFor(session), kPoclChoice, aliveJob(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        QCOMPARE(ran.outcome.records.size(), std::size_t(2));
        for (const RunRecord& record : ran.outcome.records) {
            QStringList lines = record.output.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            lines.sort();
            QCOMPARE(lines, (QStringList{QStringLiteral("group 0"), QStringLiteral("group 1"),
                                         QStringLiteral("group 2"), QStringLiteral("group 3")}));
            QCOMPARE(record.outputDropped, std::uint64_t(0));
            // Each line with the work-item that printed it: its group's first.
            const std::vector<OutputLine> printed = record.outputLines();
            QCOMPARE(printed.size(), std::size_t(4));
            for (const OutputLine& line : printed) {
                QVERIFY2(line.workItem, qPrintable(line.text));
                const std::uint64_t group = line.text.mid(6).toULongLong();
                QCOMPARE(*line.workItem, (engine::CheckIds{4 * group, 0, 0}));
            }
        }
    }

    void printfKeepsTheFirstAndLastMebibyteOfALaunch() {
        DeviceHosts hosts;
        HostSessionClient client(hosts, 1);
        // 8192 lines of 608 bytes, each framed with its work-item's id as the build tagged the
        // printf ("\001clw 17 0 0\002" before, "\003" after): 2 MiB of those bytes are kept.
        const std::string source = "__kernel void say(__global int* x) { printf(\\\"w%05d " +
                                   std::string(600, 'x') + "\\\\n\\\", (int)get_global_id(0)); }";
        const RemoteRun ran =
            client.run(planFor(oneKernel(source, "say", 8192)), kPoclChoice, aliveJob(), {}, {});
        QVERIFY2(ran.outcome.errorWhere.isEmpty(), qPrintable(ran.outcome.error));
        const RunRecord& record = ran.outcome.records.front();
        constexpr std::uint64_t kept = 2u << 20;
        std::uint64_t printed = 0;
        for (int i = 0; i < 8192; ++i)
            printed += 608 + std::string("\001clw " + std::to_string(i) + " 0 0\002\003").size();
        QCOMPARE(record.outputDropped, printed - kept);
        const QString note = QStringLiteral("[... %1 bytes left out ...]\n").arg(printed - kept);
        QCOMPARE(record.output.count(note), qsizetype(1));
        const QString row = QString(600, QLatin1Char('x'));
        QVERIFY(record.output.startsWith(QLatin1Char('w')));
        QVERIFY(record.output.endsWith(row + QLatin1Char('\n')));
        // Every whole line kept names the work-item that printed it. The tail's first line is
        // cut where its last MiB begins, which may be right after the line's work-item frame:
        // its text then looks whole without it.
        static const QRegularExpression whole(QStringLiteral("^w(\\d{5}) x{600}$"));
        int wholeLines = 0;
        bool cut = false;
        for (const OutputLine& line : record.outputLines()) {
            const bool tailsFirst = cut;
            cut = line.text.startsWith(QStringLiteral("[... "));
            const QRegularExpressionMatch match = whole.match(line.text);
            if (!match.hasMatch() || tailsFirst)
                continue;
            ++wholeLines;
            QVERIFY2(line.workItem, qPrintable(line.text.left(8)));
            QCOMPARE(*line.workItem, (engine::CheckIds{match.captured(1).toULongLong(), 0, 0}));
        }
        QVERIFY2(wholeLines > 3000, qPrintable(QString::number(wholeLines)));
        // The next launch's output starts afresh.
        const RemoteRun next =
            client.run(planFor(oneKernel("__kernel void k(__global int* x) { x[0] = 1; }", "k", 1)),
                       kPoclChoice, aliveJob(), {}, {});
        QCOMPARE(next.outcome.records.front().output, QString());
    }

    // A run says the phase its watchdog counts from the start ("launch" when the workbench knows
    // the host holds the program): the host then sends no progress for the run's first step (one
    // message less a run); a phase the run goes into, or one that was not said, is sent at once.
    // Later steps of a phase may send progress too, at most every 50 ms (a slow machine's).
    void theHostSaysOnlyThePhasesTheWorkbenchDoesNotCount() {
        DeviceHosts hosts;
        const ResolvedDevice device = hosts.resolve(kPoclChoice);
        const std::shared_ptr<HostConnection> host = hosts.host(device.platform);
        const engine::Session session =
            oneKernel("__kernel void k(__global int* x) { x[0] = 1; }", "k", 1);
        // Each event of a run as "phase: step".
        const auto eventsOfRun = [&](const std::string& phase) {
            auto events = std::make_shared<QStringList>();
            auto mutex = std::make_shared<std::mutex>();
            HostRequestOptions options;
            options.onEvent = [events, mutex](const nlohmann::json& event) {
                std::lock_guard lock(*mutex);
                events->append(QString::fromStdString(event.at("phase").get<std::string>() + ": " +
                                                      event.at("what").get<std::string>()));
            };
            clw::engine::wire::SessionRequest request;
            request.set_session(3);
            request.set_revision(1);
            request.set_document(engine::SessionFile::serialize(session));
            request.set_device(device.device);
            request.set_folder(QDir::currentPath().toStdString());
            request.set_launch_index(-1);
            request.set_times(1);
            request.set_launch(true);
            request.set_store(true);
            request.set_phase(phase);
            const engine::HostMessage reply =
                host->requestTyped("session.run", request.SerializeAsString(), options).reply.get();
            if (reply.body.contains("error")) // present only when the run failed
                throw std::runtime_error(reply.body.at("error").get<std::string>());
            std::lock_guard lock(*mutex);
            return *events;
        };
        const QString firstStep = QStringLiteral("launch: Creating buffers");
        // Not built yet: the build's phase first, then the launch's, though "launch" was said.
        const QStringList building = eventsOfRun("launch");
        QCOMPARE(building.value(0), QStringLiteral("build: Building"));
        QCOMPARE(building.value(1), firstStep);
        // Built: the launch's phase is not said again.
        const QStringList built = eventsOfRun("launch");
        QVERIFY2(!built.contains(firstStep), qPrintable(built.join(QLatin1Char(','))));
        // No phase said: the first step says it.
        QCOMPARE(eventsOfRun("").value(0), firstStep);
    }

    void theWatchdogEndsAnEndlessKernelAndANewHostRunsTheNext() {
        DeviceHosts hosts;
        HostSessionClient client(hosts, 1);
        WatchdogLimits limits;
        limits.launch = std::chrono::milliseconds(1500);
        QElapsedTimer clock;
        clock.start();
        try {
            client.run(planFor(oneKernel(kSpin, "spin", 1)), kPoclChoice, aliveJob(), {}, limits);
            QFAIL("an endless kernel came back");
        } catch (const HostStopped& error) {
            const QString message = QString::fromStdString(error.what());
            QVERIFY2(message.startsWith(QStringLiteral(
                         "The device host for `Portable Computing Language` was stopped while "
                         "running `spin`: it ran past its limit of 1.5 s")),
                     qPrintable(message));
        }
        QVERIFY2(clock.elapsed() < 20000, qPrintable(QString::number(clock.elapsed())));
        const int started = hosts.started();
        // The fixed kernel runs in a new host.
        const RemoteRun fixed = client.run(
            planFor(oneKernel("__kernel void spin(__global int* x) { x[0] = 5; }", "spin", 1)),
            kPoclChoice, aliveJob(), {}, limits);
        QVERIFY2(fixed.outcome.errorWhere.isEmpty(), qPrintable(fixed.outcome.error));
        QCOMPARE(hosts.started(), started + 1);
        QCOMPARE(readAll<int>(*fixed.outcome.sources.at(QStringLiteral("x"))).front(), 5);
    }

    void stopEndsAHungKernelAtOnce() {
        DeviceHosts hosts;
        HostSessionClient client(hosts, 1);
        std::exception_ptr failure;
        std::thread runner([&] {
            try {
                client.run(planFor(oneKernel(kSpin, "spin", 1)), kPoclChoice, aliveJob(), {}, {});
            } catch (...) {
                failure = std::current_exception();
            }
        });
        // Wait until the host runs the kernel: the platform is known once resolved.
        QTRY_VERIFY_WITH_TIMEOUT(!client.platform().empty(), 30000);
        QTest::qWait(1500);
        // The run holds the Session lane's thread; the other lanes still answer meanwhile.
        const std::shared_ptr<HostConnection> host = hosts.host(client.platform());
        std::future<engine::HostMessage> ping = std::async(std::launch::async, [host] {
            return host->request("ping", {{"mark", 41}}).reply.get();
        });
        if (ping.wait_for(std::chrono::seconds(5)) != std::future_status::ready) {
            client.stop(QStringLiteral("the test ends"));
            runner.join();
            QFAIL("a ping waited behind the run");
        }
        QCOMPARE(ping.get().body.value("mark", 0), 41);
        QElapsedTimer clock;
        clock.start();
        client.stop(QStringLiteral("Stop was pressed"));
        runner.join();
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(failure);
        try {
            std::rethrow_exception(failure);
        } catch (const HostStopped& error) {
            QCOMPARE(QString::fromStdString(error.what()),
                     QStringLiteral("The device host for `Portable Computing Language` was "
                                    "stopped while running `spin`: Stop was pressed."));
        }
    }

    // Callers on several threads at once, each reading the channel while the others wait
    // (HostReplyReader), some asking before they wait and some while the host answers others:
    // every reply reaches the caller that asked, polling or not.
    void everyReplyReachesItsCallerAmongManyThreads_data() {
        QTest::addColumn<int>("spinUs");
        QTest::newRow("sleeping") << 0;
        QTest::newRow("polling") << 200;
    }
    void everyReplyReachesItsCallerAmongManyThreads() {
        QFETCH(int, spinUs);
        HostConnection::Launch launch;
        launch.program = DeviceHosts::defaultProgram();
        launch.arguments = {QStringLiteral("--platform"), QString::fromLatin1(kPoclChoice)};
        launch.label = QString::fromLatin1(kPoclChoice);
        launch.spin = std::chrono::microseconds(spinUs);
        HostConnection host(launch);
        constexpr int kThreads = 4;
        constexpr int kCalls = 250;
        std::atomic<int> answered{0};
        std::atomic<int> wrong{0};
        std::vector<std::thread> callers;
        for (int t = 0; t < kThreads; ++t) {
            callers.emplace_back([&, t] {
                for (int i = 0; i < kCalls; ++i) {
                    const int mark = t * kCalls + i;
                    HostCall call = host.request(i % 50 == 7 ? "hello" : "ping", {{"mark", mark}});
                    if (i % 40 == 3) // answered before anyone waits: the reader thread takes it
                        std::this_thread::sleep_for(std::chrono::milliseconds(20));
                    const engine::HostMessage reply = call.reply.get();
                    const bool right =
                        reply.id == call.id &&
                        (reply.body.contains("devices") || reply.body.value("mark", -1) == mark);
                    (right ? answered : wrong)++;
                    if (i % 25 == 0) // a post's reply is read by whoever reads, and dropped
                        host.postTyped("buffer.release", {});
                }
            });
        }
        for (std::thread& caller : callers)
            caller.join();
        QCOMPARE(wrong.load(), 0);
        QCOMPARE(answered.load(), kThreads * kCalls);
        QVERIFY(!host.isStopped());
    }

    // Runs that follow each other closely, each letting the one before go as the workbench's
    // history does, while another thread pings: the host's Session lane's thread and its pool
    // hand the channel's reading back and forth at every run (HostServer), and every run comes
    // back. A run left unread at a hand-over waits until the watchdog ends the host.
    void runsInQuickSuccessionAllComeBack() {
        DeviceHosts hosts;
        HostSessionClient client(hosts, 1);
        const RunPlan plan = planFor(
            oneKernel("__kernel void set(__global int* x) { x[get_global_id(0)] = 3; }", "set", 4));
        WatchdogLimits limits;
        limits.launch = std::chrono::milliseconds(5000);
        RemoteRun last = client.run(plan, kPoclChoice, aliveJob(), {}, limits);
        const std::shared_ptr<HostConnection> host =
            hosts.host(hosts.resolve(kPoclChoice).platform);
        std::atomic<bool> done{false};
        std::atomic<int> pings{0};
        std::thread pinger([&] {
            try {
                while (!done.load()) {
                    host->request("ping", {}).reply.get();
                    ++pings;
                }
            } catch (const HostStopped&) {
            }
        });
        const auto joinPinger = qScopeGuard([&] {
            done.store(true);
            pinger.join();
        });
        int ran = 0;
        for (; ran < 1000; ++ran) {
            RemoteRun next = client.run(plan, kPoclChoice, aliveJob(), {}, limits);
            if (!next.outcome.errorWhere.isEmpty())
                break;
            const HostReleaseBatch batch;
            last = std::move(next);
        }
        QCOMPARE(ran, 1000);
        QCOMPARE(readAll<int>(*last.outcome.sources.at(QStringLiteral("x"))),
                 std::vector<int>(4, 3));
        QVERIFY(pings.load() > 0);
        QVERIFY(!host->isStopped());
    }

    void aCrashSaysHowTheHostEndedAndItsLastWords() {
        DeviceHosts hosts;
        const std::shared_ptr<HostConnection> host = hosts.host(kPoclChoice);
        const engine::HostMessage hello = host->request("hello", {}).reply.get();
        QCOMPARE(hello.body.at("protocol").get<int>(), engine::HostMessage::kProtocolVersion);
        QCOMPARE(hello.body.at("platform").get<std::string>(), std::string(kPoclChoice));
        const qint64 pid = hello.body.at("pid");
        // An unknown verb fails by name, and the host lives on.
        try {
            host->request("shout", {}).reply.get();
            QFAIL("an unknown verb was answered");
        } catch (const HostRequestFailed& error) {
            QVERIFY(QString::fromStdString(error.what()).contains(QStringLiteral("\"shout\"")));
        }
        HostSessionClient client(hosts, 2);
        std::exception_ptr failure;
        std::thread runner([&] {
            try {
                client.run(planFor(oneKernel(kSpin, "spin", 1)), kPoclChoice, aliveJob(), {}, {});
            } catch (...) {
                failure = std::current_exception();
            }
        });
        QTest::qWait(2000);
        // A crash inside the driver is the fake driver's test (widgets.hostcrashes).
        const QString how = endFromOutside(pid);
        QVERIFY(!how.isEmpty());
        runner.join();
        QVERIFY(failure);
        try {
            std::rethrow_exception(failure);
        } catch (const HostStopped& error) {
            QCOMPARE(QString::fromStdString(error.what()),
                     QStringLiteral("The device host for `Portable Computing Language` stopped "
                                    "while running `spin` (%1).")
                         .arg(how));
        }
        QVERIFY(host->isStopped());
        // A request to a stopped host fails at once with the same words.
        QVERIFY_THROWS_EXCEPTION(HostStopped, host->request("hello", {}).reply.get());
    }
};

QTEST_GUILESS_MAIN(TestDeviceHost)
#include "tst_devicehost.moc"
