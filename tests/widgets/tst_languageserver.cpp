// LanguageServer reads a long message (at least kReadOnThreadBytes) off the GUI thread without
// Qt's global thread pool. Qt's raster engine hands the pieces of a tall fill to that pool and
// waits for them, so a parse queued there would hold the GUI's paints; and while the pool's
// threads are busy with something else, a parse queued there would not run at all. Here every
// thread of the global pool is held, and a server's long notification must still arrive.
#include "editor/language/LanguageServer.h"

#include "FakeLanguageServer.h"

#include <QScopeGuard>
#include <QSemaphore>
#include <QThreadPool>
#include <QtTest>

using namespace clw::ui;

class TestLanguageServer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aLongMessageIsReadWhileTheGlobalPoolIsBusy() {
        QTemporaryDir scripts;
        // After initialize, one notification longer than kReadOnThreadBytes.
        const QString program = clw::test::writeFakeLanguageServer(
            scripts, QStringLiteral("long-clangd"),
            "        send({\"jsonrpc\": \"2.0\", \"method\": \"clw/long\",\n"
            "              \"params\": {\"text\": \"x\" * 200000}})\n");
        QVERIFY(!program.isEmpty());

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
        server.start(program, {}, nlohmann::json::object(), nlohmann::json::object());
        QTRY_COMPARE_WITH_TIMEOUT(received, qsizetype(200000), 20000);
        QVERIFY(200000 >= LanguageServer::kReadOnThreadBytes); // it was read on a worker thread
    }
};

QTEST_GUILESS_MAIN(TestLanguageServer)
#include "tst_languageserver.moc"
