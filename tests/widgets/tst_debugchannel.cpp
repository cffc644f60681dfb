// The visual debugger's channel (widgets/debug/DebugChannel): the workbench's end that the Oclgrind
// plugin's debugger connects to. Lines that arrive in pieces come whole, a line that is not JSON
// is dropped, a second debugger is refused, a last line before the debugger goes is still read,
// and the socket is the user's alone and gone after close().
#include "debug/DebugChannel.h"

#include <QDir>
#include <QFileInfo>
#include <QLocalSocket>
#include <QSignalSpy>
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
    QString problem;
    const QString name = channel.listen(problem);
    QVERIFY2(!name.isEmpty(), qPrintable(problem));
#ifndef Q_OS_WIN
    QCOMPARE(QFileInfo(QFileInfo(name).absolutePath()).permissions() & kOthers, 0);
    QVERIFY(QFileInfo::exists(name));
    QCOMPARE(QFile::permissions(name) & kOthers, 0);
#endif
    QSignalSpy received(&channel, &DebugChannel::received);

    QLocalSocket debugger;
    debugger.connectToServer(name);
    QVERIFY2(debugger.waitForConnected(10000), qPrintable(debugger.errorString()));
    QTRY_VERIFY(channel.isConnected());

    debugger.write("{\"event\":\"paused\",\"line\":7}\n{\"event\":");
    debugger.flush();
    QTRY_COMPARE(received.size(), 1);
    QCOMPARE(received.at(0).at(0).value<nlohmann::json>(),
             nlohmann::json({{"event", "paused"}, {"line", 7}}));
    debugger.write("\"locals\",\"values\":[1,2]}\nnot json\n{\"event\":\"ended\"}\n");
    debugger.flush();
    QTRY_COMPARE(received.size(), 3);
    QCOMPARE(received.at(1).at(0).value<nlohmann::json>(),
             nlohmann::json({{"event", "locals"}, {"values", {1, 2}}}));
    QCOMPARE(received.at(2).at(0).value<nlohmann::json>(), nlohmann::json({{"event", "ended"}}));

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
    QString problem;
    const QString name = channel.listen(problem);
    QVERIFY2(!name.isEmpty(), qPrintable(problem));
    QSignalSpy received(&channel, &DebugChannel::received);
    QLocalSocket first;
    first.connectToServer(name);
    QVERIFY(first.waitForConnected(10000));
    QTRY_VERIFY(channel.isConnected());

    QLocalSocket second;
    second.connectToServer(name);
    second.waitForConnected(10000);
    second.write("{\"event\":\"intruder\"}\n");
    second.flush();
    QTRY_COMPARE(second.state(), QLocalSocket::UnconnectedState);

    first.write("{\"event\":\"paused\"}\n");
    first.flush();
    QTRY_COMPARE(received.size(), 1);
    QCOMPARE(received.at(0).at(0).value<nlohmann::json>(), nlohmann::json({{"event", "paused"}}));
    QVERIFY(channel.isConnected());
}

void DebugChannelTest::lastLineBeforeTheDebuggerGoesIsRead() {
    DebugChannel channel;
    QString problem;
    const QString name = channel.listen(problem);
    QVERIFY2(!name.isEmpty(), qPrintable(problem));
    QSignalSpy received(&channel, &DebugChannel::received);
    {
        QLocalSocket debugger;
        debugger.connectToServer(name);
        QVERIFY(debugger.waitForConnected(10000));
        debugger.write("{\"event\":\"ended\"}\n");
        QVERIFY(debugger.flush());
        debugger.disconnectFromServer(); // gone, maybe before the channel took the connection
    }
    QTRY_COMPARE(received.size(), 1);
    QCOMPARE(received.at(0).at(0).value<nlohmann::json>(), nlohmann::json({{"event", "ended"}}));
    QTRY_VERIFY(!channel.isConnected());
    channel.send({{"command", "step"}}); // nobody to send to: nothing happens
    QVERIFY(!channel.isConnected());
}

QTEST_MAIN(DebugChannelTest)
#include "tst_debugchannel.moc"
