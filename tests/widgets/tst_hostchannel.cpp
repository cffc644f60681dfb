// The device host's end of the channel (issue 17): a host given a message of a newer protocol
// version, or one whose header is not the protocol's envelope, refuses it with an event and its
// stderr, and answers the next request; a post (a request numbered 0) gets no answer; a stream that
// is not the protocol at all ends the host with status 2 and says why, rather than crashing it.
// Where the system shares memory, host and workbench count their writes in it (HostDoorbell).
#include "bridge/HostSocket.h"

#include "clw/engine/protocol/HostDoorbell.h"
#include "clw/engine/protocol/HostFrame.h"

#include "HostEnvelope.pb.h"
#include "HostRun.pb.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QtTest>

using namespace clw::engine;

namespace {

QString hostProgram() {
    return QDir(QCoreApplication::applicationDirPath())
        .filePath(QStringLiteral("clworkbench-host"));
}

QByteArray bytesOf(const std::vector<unsigned char>& frame) {
    return QByteArray(reinterpret_cast<const char*>(frame.data()), qsizetype(frame.size()));
}

// A frame whose header is `header` (any bytes), no bulk.
QByteArray frameWithHeader(const std::string& header) {
    QByteArray frame("CLWH");
    for (int i = 0; i < 4; ++i)
        frame.append(char(header.size() >> (8 * i)));
    frame.append(QByteArray(8, '\0'));
    frame.append(header.data(), qsizetype(header.size()));
    return frame;
}

// Reads messages from the host until one satisfies `wanted` or 30 s pass.
std::optional<HostMessage> readUntil(QProcess& host, HostFrameReader& reader,
                                     const std::function<bool(const HostMessage&)>& wanted) {
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 30000) {
        while (std::optional<HostMessage> message = reader.next())
            if (wanted(*message))
                return message;
        if (!host.waitForReadyRead(1000) && host.state() != QProcess::Running)
            return std::nullopt;
        const QByteArray bytes = host.readAllStandardOutput();
        reader.feed(
            {reinterpret_cast<const unsigned char*>(bytes.constData()), std::size_t(bytes.size())});
    }
    return std::nullopt;
}

// A session whose one work-item runs 200 million dependent multiply-adds: a quarter of a second
// or so on a CPU, longer than the test's window of polling on any.
std::string slowSessionDocument() {
    return R"({"format": "clworkbench-session", "version": 1,
      "sources": {"main": "slow.cl", "files": [{"name": "slow.cl", "text":
        "__kernel void slow(__global float* data) {\n float x = data[0];\n for (int i = 0; i < 200000000; ++i)\n  x = x * 1.0000001f + 1e-7f;\n data[0] = x;\n}\n"}],
        "includeDirs": []}, "options": "", "devices": [],
      "buffers": [{"name": "data", "type": "float", "shape": [1], "access": "read_write",
                   "init": {"fill": "zeros"}}],
      "launches": [{"kernel": "slow", "global": [1], "arguments": [{"buffer": "data"}]}]})";
}

// A session of one launch of an empty kernel: a run of a few hundred microseconds.
std::string quickSessionDocument() {
    return R"({"format": "clworkbench-session", "version": 1,
      "sources": {"main": "empty.cl", "files": [{"name": "empty.cl", "text":
        "__kernel void empty(__global float* data) { }\n"}], "includeDirs": []},
      "options": "", "devices": [],
      "buffers": [{"name": "data", "type": "float", "shape": [16], "access": "read_write",
                   "init": {"fill": "zeros"}}],
      "launches": [{"kernel": "empty", "global": [16], "arguments": [{"buffer": "data"}]}]})";
}

// The cores a thread of `pid` may use, as /proc says them ("0-15"); the process's main thread's
// where `named` is empty, else the first-started thread of that name (the host's session thread:
// the threads a driver starts from it take its name).
QByteArray allowedCores(qint64 pid, const QByteArray& named = {}) {
    const QString tasks = QStringLiteral("/proc/%1/task").arg(pid);
    QString thread = QString::number(pid);
    if (!named.isEmpty()) {
        qint64 first = -1;
        for (const QString& task : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile comm(tasks + QLatin1Char('/') + task + QStringLiteral("/comm"));
            if (comm.open(QIODevice::ReadOnly) && comm.readAll().trimmed() == named &&
                (first < 0 || task.toLongLong() < first))
                first = task.toLongLong();
        }
        if (first < 0)
            return {};
        thread = QString::number(first);
    }
    QFile status(tasks + QLatin1Char('/') + thread + QStringLiteral("/status"));
    if (!status.open(QIODevice::ReadOnly))
        return {};
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("Cpus_allowed_list:"))
            return line.mid(int(sizeof "Cpus_allowed_list:") - 1).trimmed();
    return {};
}

// Starts a host on PoCL whose threads poll for `windowMs` before they sleep; false if it did not
// start.
bool startPollingPoclHost(QProcess& host, int windowMs) {
    host.start(hostProgram(),
               {QStringLiteral("--platform"), QStringLiteral("Portable Computing Language"),
                QStringLiteral("--spin-us"), QString::number(windowMs * 1000)});
    return host.waitForStarted();
}

// A request to run `document` once, with its launches: session 1, revision 1.
clw::engine::wire::SessionRequest runOnce(const std::string& document) {
    clw::engine::wire::SessionRequest run;
    run.set_session(1);
    run.set_folder(".");
    run.set_revision(1);
    run.set_document(document);
    run.set_times(1);
    run.set_launch(true);
    return run;
}

// How many of the host's lane threads (HostServer: one of them reads the channel) are running or
// ready to run: in state R in /proc, where a thread that polls is and one that sleeps is not. The
// session thread is left out: the threads a driver starts from it are named after it.
int pollingLaneThreads(qint64 pid) {
    int running = 0;
    const QString tasks = QStringLiteral("/proc/%1/task").arg(pid);
    for (const QString& task : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile stat(tasks + QLatin1Char('/') + task + QStringLiteral("/stat"));
        if (!stat.open(QIODevice::ReadOnly))
            continue; // the thread ended
        const QByteArray line = stat.readAll();
        const qsizetype name = line.indexOf('(') + 1;
        const qsizetype state = line.lastIndexOf(')') + 2;
        if (line.mid(name, state - 2 - name) == "host lane" && state < line.size() &&
            line[state] == 'R')
            ++running;
    }
    return running;
}

} // namespace

class TestHostChannel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void badMessagesAreRefusedAndTheHostAnswersOn() {
        QProcess host;
        host.start(hostProgram(),
                   {QStringLiteral("--platform"), QStringLiteral("Portable Computing Language")});
        QVERIFY2(host.waitForStarted(), qPrintable(host.errorString()));
        HostFrameReader reader;

        wire::HostEnvelope newer;
        newer.set_version(HostMessage::kProtocolVersion + 1);
        newer.set_id(1);
        newer.set_verb("hello");
        host.write(frameWithHeader(newer.SerializeAsString()));
        host.write(frameWithHeader(std::string(12, '\xff')));
        host.write(bytesOf(HostFrame::encode(HostMessage::request(7, "hello"))));

        std::vector<std::string> refusals;
        const auto reply = readUntil(host, reader, [&](const HostMessage& message) {
            if (message.kind == HostMessage::Kind::Event && message.verb == "refused")
                refusals.push_back(message.body.at("message"));
            return message.kind == HostMessage::Kind::Reply;
        });
        QVERIFY(reply.has_value());
        QCOMPARE(reply->id, std::uint64_t(7));
        QCOMPARE(reply->body.at("platform").get<std::string>(),
                 std::string("Portable Computing Language"));
        QCOMPARE(refusals.size(), std::size_t(2));
        QVERIFY(QString::fromStdString(refusals[0])
                    .contains(QStringLiteral("protocol version %1; this side speaks version %2")
                                  .arg(HostMessage::kProtocolVersion + 1)
                                  .arg(HostMessage::kProtocolVersion)));
        QVERIFY(QString::fromStdString(refusals[1])
                    .contains(QStringLiteral("not the protocol's envelope")));

        // An unknown verb is a failure by name; the host lives on.
        host.write(bytesOf(HostFrame::encode(HostMessage::request(8, "shout"))));
        const auto failure = readUntil(host, reader, [](const HostMessage& message) {
            return message.kind == HostMessage::Kind::Failure;
        });
        QVERIFY(failure.has_value());
        QVERIFY(
            QString::fromStdString(failure->failureText()).contains(QStringLiteral("\"shout\"")));

        // A post (id 0) gets no answer, not even when it fails: the ping after it on the same lane
        // is the first message back. The failure is said on stderr.
        host.write(bytesOf(HostFrame::encode(HostMessage::request(0, "ping", {{"n", 1}}))));
        host.write(bytesOf(HostFrame::encode(HostMessage::request(0, "shout"))));
        host.write(bytesOf(HostFrame::encode(HostMessage::request(9, "ping", {{"n", 2}}))));
        std::vector<std::uint64_t> answered;
        const auto ping = readUntil(host, reader, [&](const HostMessage& message) {
            answered.push_back(message.id);
            return message.kind == HostMessage::Kind::Reply;
        });
        QVERIFY(ping.has_value());
        QCOMPARE(answered, std::vector<std::uint64_t>{9});
        QCOMPARE(ping->body.at("n").get<int>(), 2);

        // Bytes that are not the protocol: the host says so and ends with status 2.
        host.write("GET / HTTP/1.1\r\nHost: nowhere\r\n\r\n");
        QVERIFY(host.waitForFinished(30000));
        QCOMPARE(host.exitStatus(), QProcess::NormalExit);
        QCOMPARE(host.exitCode(), 2);
        const QString errors = QString::fromUtf8(host.readAllStandardError());
        QVERIFY2(errors.contains(QStringLiteral("refused a message: not a device-host message")),
                 qPrintable(errors));
        QVERIFY2(errors.contains(QStringLiteral("clworkbench-host: shout failed: this device host "
                                                "does not know the request \"shout\"")),
                 qPrintable(errors));
    }

    void closingTheChannelEndsTheHost() {
        QProcess host;
        host.start(hostProgram(), {});
        QVERIFY(host.waitForStarted());
        host.closeWriteChannel();
        QVERIFY(host.waitForFinished(30000));
        QCOMPARE(host.exitStatus(), QProcess::NormalExit);
        QCOMPARE(host.exitCode(), 0);
    }

    // The workbench's socket shares a doorbell with the host it starts: each frame either side
    // writes is one ring that the other sees, and a host polling for requests in its spin window
    // (which watches the doorbell) answers every one of them.
    void bothSidesRingTheDoorbellTheyShare() {
        clw::ui::HostSocket socket(true);
        const HostDoorbell* doorbell = socket.doorbell();
#ifdef Q_OS_WIN
        QVERIFY(doorbell == nullptr); // Windows' pipes share none: callers do not poll them
        return;
#endif
        QVERIFY(doorbell != nullptr);
        QProcess host;
        host.setProgram(hostProgram());
        host.setArguments({QStringLiteral("--platform"),
                           QStringLiteral("Portable Computing Language"),
                           QStringLiteral("--spin-us"), QStringLiteral("200")});
        socket.attach(host);
        QVERIFY(host.arguments().contains(QStringLiteral("--doorbell-fd")));
        host.start();
        socket.releaseHostEnd();
        QVERIFY2(host.waitForStarted(), qPrintable(host.errorString()));

        constexpr std::uint64_t kPings = 40;
        HostFrameReader reader;
        std::vector<unsigned char> chunk(1 << 16);
        std::uint64_t frames = 0;
        for (std::uint64_t id = 1; id <= kPings; ++id) {
            QVERIFY(socket.write(HostFrame::encode(HostMessage::request(id, "ping"))));
            QCOMPARE(doorbell->rings(HostDoorbell::Direction::ToHost), id);
            // A frame's empty bulk is no write: it rings nothing, which a host polling the
            // doorbell would take for bytes to read.
            QVERIFY(socket.write({}));
            QCOMPARE(doorbell->rings(HostDoorbell::Direction::ToHost), id);
            std::optional<HostMessage> reply;
            while (!reply) {
                const std::size_t got = socket.read(chunk);
                QVERIFY2(got > 0, "the host ended");
                reader.feed(std::span(chunk).first(got));
                while (std::optional<HostMessage> message = reader.next()) {
                    ++frames;
                    if (message->kind == HostMessage::Kind::Reply && message->id == id)
                        reply = std::move(message);
                }
            }
        }
        // Every frame the host wrote rang once (the last may ring just after it was read here).
        QTRY_COMPARE(doorbell->rings(HostDoorbell::Direction::ToWorkbench), frames);
        QVERIFY(frames >= kPings);
        socket.closeWrite();
        QVERIFY(host.waitForFinished(30000));
        QCOMPARE(host.exitCode(), 0);
        QVERIFY(!host.readAllStandardError().contains("doorbell"));
    }

    // Shared memory the host cannot map is said on stderr, and the host ends: the workbench
    // writes its requests there, and a host that polled its socket instead would never hear them.
    void sharedMemoryThatCannotBeMappedEndsTheHost() {
        QProcess host;
        host.start(hostProgram(),
                   {QStringLiteral("--platform"), QStringLiteral("Portable Computing Language"),
                    QStringLiteral("--spin-us"), QStringLiteral("200"),
                    QStringLiteral("--doorbell-fd"), QStringLiteral("999")});
        QVERIFY2(host.waitForStarted(), qPrintable(host.errorString()));
        QVERIFY(host.waitForFinished(30000));
        QCOMPARE(host.exitStatus(), QProcess::NormalExit);
        QCOMPARE(host.exitCode(), 1);
        const QString errors = QString::fromUtf8(host.readAllStandardError());
#ifdef Q_OS_WIN
        const QString expected = QStringLiteral("the workbench shares no memory on Windows");
#else
        const QString expected = QStringLiteral("could not see the memory the workbench shares "
                                                "(--doorbell-fd): Bad file descriptor");
#endif
        QVERIFY2(errors.contains(expected), qPrintable(errors));
    }

    // A reader sleeps through a run, whose device may want every core, and wakes once the reply
    // is out, for the request that follows a reply closely: during a run that outlasts the
    // window no lane thread polls, and right after its reply one does. That one read during the
    // run and has handed the reading back to the Session lane's thread (HostServer); it polls to
    // take the reading again at the next run without a wake-up. Without the reply's wake-up it
    // would sleep until the next request.
    void theReaderSleepsThroughARunAndPollsAfterItsReply() {
        constexpr int kWindowMs = 120;
        QProcess host;
        QVERIFY2(startPollingPoclHost(host, kWindowMs), qPrintable(host.errorString()));
        HostFrameReader reader;
        host.write(bytesOf(HostFrame::encode(HostMessage::request(1, "hello"))));
        QVERIFY(
            readUntil(host, reader, [](const HostMessage& message) { return message.id == 1; }));
        QTest::qWait(3 * kWindowMs); // every window over: the host's threads sleep
#ifdef Q_OS_LINUX // elsewhere no /proc tells a thread's state: the reply alone is checked
        QCOMPARE(pollingLaneThreads(host.processId()), 0);
#endif

        HostMessage request = HostMessage::request(2, "session.run");
        request.typed = runOnce(slowSessionDocument()).SerializeAsString();
        QElapsedTimer clock;
        clock.start();
        host.write(bytesOf(HostFrame::encode(request)));
        // Well inside the reader's window, but the run has begun: the reader sleeps through it.
        QTest::qWait(kWindowMs / 2);
#ifdef Q_OS_LINUX
        const int duringRun = pollingLaneThreads(host.processId());
#endif
        const auto reply = readUntil(host, reader, [](const HostMessage& message) {
            return message.id == 2 && message.kind != HostMessage::Kind::Event; // not progress
        });
        const qint64 took = clock.elapsed();
        // Right after the reply one lane thread polls. Looked at for half the window, not once:
        // the host wakes its reader just after it writes the reply, and on a busy machine the
        // reply can be read here before that (without the wake-up, no lane polls at all).
        int running = 0;
        [[maybe_unused]] const bool oneRuns = QTest::qWaitFor(
            [&] {
                running = pollingLaneThreads(host.processId());
                return running == 1;
            },
            kWindowMs / 2);
        QVERIFY(reply.has_value());
        QCOMPARE(reply->kind, HostMessage::Kind::Reply);
        clw::engine::wire::RunReply ran;
        QVERIFY(ran.ParseFromString(reply->typed));
        QCOMPARE(ran.records_size(), 1);
        QVERIFY2(ran.records(0).ok(), ran.records(0).error().c_str());
        QVERIFY2(took > kWindowMs,
                 qPrintable(QStringLiteral("the run took %1 ms, not longer than the reader's "
                                           "window: this test needs a slower kernel")
                                .arg(took)));
#ifdef Q_OS_LINUX
        QCOMPARE(duringRun, 0);
        QCOMPARE(running, 1);
#else
        Q_UNUSED(running);
#endif

        host.closeWriteChannel();
        QVERIFY(host.waitForFinished(30000));
        QCOMPARE(host.exitCode(), 0);
    }

#ifdef Q_OS_LINUX // where /proc says a thread's cores; HostCoreHold's own test covers the rest
    // Runs on a CPU device in quick succession stay on one core (HostCoreHold): after a run's
    // reply the session thread may use the core it ran on alone, until the spin window passes
    // without another run; then it may use every core again.
    void theSessionThreadHoldsItsCoreBetweenQuickRunsOnACpuDevice() {
        constexpr int kWindowMs = 400;
        QProcess host;
        QVERIFY2(startPollingPoclHost(host, kWindowMs), qPrintable(host.errorString()));
        HostFrameReader reader;
        const QByteArray every = allowedCores(host.processId());
        QVERIFY(!every.isEmpty());
        const bool manyCores = every.contains(',') || every.contains('-');

        for (std::uint64_t id = 1; id <= 2; ++id) { // the first builds; both run
            HostMessage request = HostMessage::request(id, "session.run");
            request.typed = runOnce(quickSessionDocument()).SerializeAsString();
            host.write(bytesOf(HostFrame::encode(request)));
            const auto reply = readUntil(host, reader, [id](const HostMessage& message) {
                return message.id == id && message.kind != HostMessage::Kind::Event;
            });
            QVERIFY(reply.has_value());
            QCOMPARE(reply->kind, HostMessage::Kind::Reply);
        }
        // Within the window: one core (the thread holds it just after it wrote the reply).
        QByteArray held;
        // On one core nothing is held and the wait runs out; what `held` is, is checked below.
        [[maybe_unused]] const bool changed = QTest::qWaitFor(
            [&] {
                held = allowedCores(host.processId(), "host session");
                return held != every;
            },
            kWindowMs / 2);
        if (manyCores) {
            QVERIFY2(!held.contains(',') && !held.contains('-') && !held.isEmpty(),
                     held.constData());
        } else {
            QCOMPARE(held, every); // one core to use: nothing to hold
        }
        QTest::qWait(3 * kWindowMs); // the window over: the core let go
        QCOMPARE(allowedCores(host.processId(), "host session"), every);
        // The driver's threads (PoCL's, one per core) were not left on the held core.
        const QString tasks = QStringLiteral("/proc/%1/task").arg(host.processId());
        for (const QString& task : QDir(tasks).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile status(tasks + QLatin1Char('/') + task + QStringLiteral("/status"));
            if (status.open(QIODevice::ReadOnly) && manyCores)
                QVERIFY2(!status.readAll().contains("Cpus_allowed_list:\t" + held + '\n'),
                         qPrintable(QStringLiteral("thread %1 kept the held core").arg(task)));
        }

        host.closeWriteChannel();
        QVERIFY(host.waitForFinished(30000));
        QCOMPARE(host.exitCode(), 0);
    }
#endif

    void unknownArgumentsAreRefused() {
        QProcess host;
        host.start(hostProgram(), {QStringLiteral("--listen"), QStringLiteral("0.0.0.0:80")});
        QVERIFY(host.waitForFinished(30000));
        QCOMPARE(host.exitCode(), 2);
        QVERIFY(QString::fromUtf8(host.readAllStandardError())
                    .contains(QStringLiteral("unknown argument '--listen'")));
    }
};

QTEST_GUILESS_MAIN(TestHostChannel)
#include "tst_hostchannel.moc"
