// LanguageServer reads a long message (at least kReadOnThreadBytes) off the GUI thread without
// Qt's global thread pool. Qt's raster engine hands the pieces of a tall fill to that pool and
// waits for them, so a parse queued there would hold the GUI's paints; and while the pool's
// threads are busy with something else, a parse queued there would not run at all. Here every
// thread of the global pool is held, and a server's long notification must still arrive.
#include "editor/language/LanguageServer.h"

#include <QFile>
#include <QScopeGuard>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QThreadPool>
#include <QtTest>

using namespace clw::ui;

namespace {

// Answers "initialize", then sends one long notification and waits for the end of its input.
const char kLongServer[] = R"py(#!/usr/bin/env python3
import json, sys
def send(message):
    body = json.dumps(message).encode()
    sys.stdout.buffer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    sys.stdout.buffer.flush()
while True:
    length = 0
    while True:
        line = sys.stdin.buffer.readline()
        if not line:
            sys.exit(0)
        if line.strip() == b"":
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    message = json.loads(sys.stdin.buffer.read(length))
    if message.get("method") == "initialize":
        send({"jsonrpc": "2.0", "id": message["id"], "result": {"capabilities": {}}})
        send({"jsonrpc": "2.0", "method": "clw/long", "params": {"text": "x" * 200000}})
)py";

} // namespace

class TestLanguageServer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aLongMessageIsReadWhileTheGlobalPoolIsBusy() {
        QTemporaryDir scripts;
        QFile script(scripts.filePath(QStringLiteral("long-clangd")));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(kLongServer);
        script.close();
        script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);

        // Every thread of the global pool waits until the end of the test.
        QThreadPool* global = QThreadPool::globalInstance();
        const int threads = global->maxThreadCount();
        QSemaphore started;
        QSemaphore release;
        for (int i = 0; i < threads; ++i)
            global->start([&] {
                started.release();
                release.acquire();
            });
        // Let go of them however the test ends, or the pool would keep the process from ending.
        const auto letGo = qScopeGuard([&] {
            release.release(threads);
            global->waitForDone();
        });
        QVERIFY(started.tryAcquire(threads, 10000));

        LanguageServer server;
        qsizetype received = -1;
        server.setNotificationHandler([&](const QString& method, const nlohmann::json& params) {
            if (method == QLatin1String("clw/long"))
                received = qsizetype(params.at("text").get<std::string>().size());
        });
        server.start(script.fileName(), {}, nlohmann::json::object(), nlohmann::json::object());
        QTRY_COMPARE_WITH_TIMEOUT(received, qsizetype(200000), 20000);
        QVERIFY(200000 >= LanguageServer::kReadOnThreadBytes); // it was read on a worker thread
    }
};

QTEST_GUILESS_MAIN(TestLanguageServer)
#include "tst_languageserver.moc"
