// The visual debugger's channel (widgets/debug/DebugChannel): the workbench's end that the Oclgrind
// plugin's debugger connects to. Lines that arrive in pieces come whole, a line that is not JSON
// is dropped, a second debugger is refused, a last line before the debugger goes is still read,
// and the socket is the user's alone and gone after close().
#include "debug/DebugChannel.h"

#include "JsonToString.h"

#include <QDir>
#include <QFileInfo>
#include <QLocalSocket>
#include <QtTest>

using clw::ui::DebugChannel;

namespace {

constexpr QFileDevice::Permissions kOthers = QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                             QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                             QFileDevice::WriteOther | QFileDevice::ExeOther;

// Reads from `socket` until it has `size` bytes or 10 s pass.
QByteArray readBytes(QLocalSocket& socket, qsizetype size) {
    QByteArray bytes;
    QElapsedTimer clock;
    clock.start();
    while (bytes.size() < size && clock.elapsed() < 10000) {
        if (socket.bytesAvailable() == 0)
            socket.waitForReadyRead(100);
        bytes += socket.readAll();
    }
    return bytes;
}

// Listens on a new channel: its name, empty (with the problem printed) when it failed.
QString listenOn(DebugChannel& channel) {
    QString problem;
    const QString name = channel.listen(problem);
    if (name.isEmpty())
        qWarning("the channel did not listen: %s", qPrintable(problem));
    return name;
}

bool connectDebugger(QLocalSocket& debugger, const QString& name) {
    debugger.connectToServer(name);
    return debugger.waitForConnected(10000);
}

// Writes `text` now, not at the event loop's next turn.
void writeNow(QLocalSocket& debugger, const char* text) {
    debugger.write(text);
    debugger.flush();
}

// What a channel received, in order, as a QSignalSpy records it (on the emitting thread), but
// kept as JSON values: a QSignalSpy's QVariant of one does not compile for Windows
// (JsonToString.h says why).
class Received {
public:
    explicit Received(DebugChannel& channel) {
        QObject::connect(
            &channel, &DebugChannel::received, &m_context,
            [this](const nlohmann::json& message) { m_messages.push_back(message); },
            Qt::DirectConnection);
    }
    int size() const { return int(m_messages.size()); }
    const nlohmann::json& at(int index) const { return m_messages.at(std::size_t(index)); }

private:
    QObject m_context;
    std::vector<nlohmann::json> m_messages;
};

} // namespace

class DebugChannelTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void linesBothWays();
    void secondDebuggerIsRefused();
    void lastLineBeforeTheDebuggerGoesIsRead();
};

void DebugChannelTest::linesBothWays() {
    DebugChannel channel;
    const QString name = listenOn(channel);
    QVERIFY(!name.isEmpty());
#ifndef Q_OS_WIN
    QCOMPARE(QFileInfo(QFileInfo(name).absolutePath()).permissions() & kOthers, 0);
    QVERIFY(QFileInfo::exists(name));
    QCOMPARE(QFile::permissions(name) & kOthers, 0);
#endif
    Received received(channel);

    QLocalSocket debugger;
    QVERIFY2(connectDebugger(debugger, name), qPrintable(debugger.errorString()));
    QTRY_VERIFY(channel.isConnected());

    writeNow(debugger, "{\"event\":\"paused\",\"line\":7}\n{\"event\":");
    QTRY_COMPARE(received.size(), 1);
    QCOMPARE(received.at(0), nlohmann::json({{"event", "paused"}, {"line", 7}}));
    writeNow(debugger, "\"locals\",\"values\":[1,2]}\nnot json\n{\"event\":\"ended\"}\n");
    QTRY_COMPARE(received.size(), 3);
    QCOMPARE(received.at(1), nlohmann::json({{"event", "locals"}, {"values", {1, 2}}}));
    QCOMPARE(received.at(2), nlohmann::json({{"event", "ended"}}));

    channel.send({{"command", "step"}});
    channel.send({{"command", "follow"}, {"workItem", {3, 0, 0}}});
    const QByteArray expected =
        "{\"command\":\"step\"}\n{\"command\":\"follow\",\"workItem\":[3,0,0]}\n";
    QCOMPARE(readBytes(debugger, expected.size()), expected);

    channel.close();
    QVERIFY(!channel.isConnected());
#ifndef Q_OS_WIN
    QVERIFY(!QFileInfo::exists(name));
    QVERIFY(!QFileInfo::exists(QFileInfo(name).absolutePath()));
#endif
    QTRY_COMPARE(debugger.state(), QLocalSocket::UnconnectedState);
}

void DebugChannelTest::secondDebuggerIsRefused() {
    DebugChannel channel;
    const QString name = listenOn(channel);
    QVERIFY(!name.isEmpty());
    Received received(channel);
    QLocalSocket first;
    QVERIFY(connectDebugger(first, name));
    QTRY_VERIFY(channel.isConnected());

    QLocalSocket second;
    connectDebugger(second, name); // connected, then dropped by the channel
    writeNow(second, "{\"event\":\"intruder\"}\n");
    QTRY_COMPARE(second.state(), QLocalSocket::UnconnectedState);

    writeNow(first, "{\"event\":\"paused\"}\n");
    QTRY_COMPARE(received.size(), 1);
    QCOMPARE(received.at(0), nlohmann::json({{"event", "paused"}}));
    QVERIFY(channel.isConnected());
}

void DebugChannelTest::lastLineBeforeTheDebuggerGoesIsRead() {
    DebugChannel channel;
    const QString name = listenOn(channel);
    QVERIFY(!name.isEmpty());
    Received received(channel);
    {
        QLocalSocket debugger;
        QVERIFY(connectDebugger(debugger, name));
        debugger.write("{\"event\":\"ended\"}\n");
        QVERIFY(debugger.flush());
        debugger.disconnectFromServer(); // gone, maybe before the channel took the connection
    }
    QTRY_COMPARE(received.size(), 1);
    QCOMPARE(received.at(0), nlohmann::json({{"event", "ended"}}));
    QTRY_VERIFY(!channel.isConnected());
    channel.send({{"command", "step"}}); // nobody to send to: nothing happens
    QVERIFY(!channel.isConnected());
}

QTEST_MAIN(DebugChannelTest)
#include "tst_debugchannel.moc"
