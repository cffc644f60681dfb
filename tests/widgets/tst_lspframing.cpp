// The language service's pieces that need no clangd: the protocol's framing (whole, split,
// several messages at once, and broken streams refused with a reason), the answers read into
// values, and the compile command made from a session's options and device.
#include "editor/language/LanguageFlags.h"
#include "editor/language/LspFraming.h"
#include "editor/language/LspValues.h"

#include "JsonToString.h"

#include <QtTest>

using namespace clw::ui;

class TestLspFraming : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTripWholeAndSplit();
    void severalMessagesInOneRead();
    void brokenStreamsAreRefused_data();
    void brokenStreamsAreRefused();
    void readsAnswers();
    void commandFollowsOptionsAndDevice();
    void answersOfAnyShapeAreRead();
    void tokenDeltasApply();
};

void TestLspFraming::roundTripWholeAndSplit() {
    const nlohmann::json message = {{"jsonrpc", "2.0"}, {"id", 7}, {"result", {{"text", "é\n"}}}};
    const QByteArray framed = LspFraming::frame(message);
    QVERIFY(framed.startsWith("Content-Length: "));
    LspFraming framing;
    // One byte at a time: nothing until the last byte, then the message.
    for (qsizetype i = 0; i + 1 < framed.size(); ++i) {
        const LspFraming::Feed feed = framing.feed(framed.mid(i, 1));
        QVERIFY(feed.messages.empty());
        QVERIFY(feed.error.isEmpty());
    }
    const LspFraming::Feed feed = framing.feed(framed.right(1));
    QCOMPARE(feed.messages.size(), std::size_t(1));
    QCOMPARE(feed.messages[0], message);
}

void TestLspFraming::severalMessagesInOneRead() {
    LspFraming framing;
    const QByteArray bytes = LspFraming::frame({{"id", 1}}) + LspFraming::frame({{"id", 2}}) +
                             LspFraming::frame({{"id", 3}}).left(10);
    LspFraming::Feed feed = framing.feed(bytes);
    QCOMPARE(feed.messages.size(), std::size_t(2));
    QCOMPARE(feed.messages[1]["id"].get<int>(), 2);
    feed = framing.feed(LspFraming::frame({{"id", 3}}).mid(10));
    QCOMPARE(feed.messages.size(), std::size_t(1));
    QCOMPARE(feed.messages[0]["id"].get<int>(), 3);
    // Other headers are allowed.
    feed = framing.feed("Content-Type: application/vscode-jsonrpc\r\nContent-Length: 2\r\n\r\n{}");
    QCOMPARE(feed.messages.size(), std::size_t(1));
}

void TestLspFraming::brokenStreamsAreRefused_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("error");
    QTest::newRow("no length") << QByteArray("X-Other: 1\r\n\r\n{}")
                               << QStringLiteral("a message without Content-Length");
    QTest::newRow("bad length") << QByteArray("Content-Length: twelve\r\n\r\n{}")
                                << QStringLiteral("a bad Content-Length: twelve");
    QTest::newRow("huge length") << QByteArray("Content-Length: 99999999999\r\n\r\n")
                                 << QStringLiteral("a bad Content-Length: 99999999999");
    QTest::newRow("not json") << QByteArray("Content-Length: 5\r\n\r\nhello")
                              << QStringLiteral("a message that is not a JSON object");
    QTest::newRow("not an object") << QByteArray("Content-Length: 3\r\n\r\n[1]")
                                   << QStringLiteral("a message that is not a JSON object");
    QTest::newRow("no colon") << QByteArray("garbage\r\n\r\n")
                              << QStringLiteral("a malformed header line: garbage");
    QTest::newRow("endless header")
        << QByteArray(5000, 'a') << QStringLiteral("a message header longer than 4 KiB");
}

void TestLspFraming::brokenStreamsAreRefused() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, error);
    LspFraming framing;
    const LspFraming::Feed feed = framing.feed(bytes);
    QVERIFY(feed.messages.empty());
    QCOMPARE(feed.error, error);
    // A broken stream stays broken: a good message after it is not trusted.
    QVERIFY(framing.feed(LspFraming::frame({{"id", 1}})).messages.empty());
    framing.reset();
    QCOMPARE(framing.feed(LspFraming::frame({{"id", 1}})).messages.size(), std::size_t(1));
}

void TestLspFraming::readsAnswers() {
    const QList<CompletionEntry> items = LspValues::completion(nlohmann::json::parse(R"json({
        "isIncomplete": false,
        "items": [{"label": "\u2022get_global_id(uint dimindx)", "kind": 3, "detail": "size_t",
                   "textEdit": {"newText": "get_global_id", "range": {}}},
                  {"label": " first", "kind": 5, "detail": "float", "insertText": "first"}]})json"));
    QCOMPARE(items.size(), 2);
    QCOMPARE(items[0].label, QStringLiteral("get_global_id(uint dimindx)"));
    QCOMPARE(items[0].insertText, QStringLiteral("get_global_id"));
    QCOMPARE(items[1].insertText, QStringLiteral("first"));
    QCOMPARE(items[1].kind, 5);

    // Relative semantic tokens: (line, start) deltas become absolute places.
    const QList<SemanticToken> tokens =
        LspValues::semanticTokens({{"data", {1, 4, 3, 2, 0, 0, 6, 5, 19, 0, 2, 1, 7, 12, 0}}});
    QCOMPARE(tokens.size(), 3);
    QCOMPARE(tokens[1].line, 1);
    QCOMPARE(tokens[1].character, 10);
    QCOMPARE(tokens[1].type, 19);
    QCOMPARE(tokens[2].line, 3);
    QCOMPARE(tokens[2].character, 1);

    const QList<LspLocation> places = LspValues::locations(nlohmann::json::parse(
        R"json([{"uri": "file:///tmp/a%20b/types.h", "range": {"start": {"line": 5, "character": 2},
                                                        "end": {"line": 5, "character": 9}}}])json"));
    QCOMPARE(places.size(), 1);
    QCOMPARE(places[0].path, QStringLiteral("/tmp/a b/types.h"));
    QCOMPARE(places[0].range.start.character, 2);
    QCOMPARE(LspValues::uriOf(QStringLiteral("/tmp/a b/k.cl")),
             QStringLiteral("file:///tmp/a%20b/k.cl"));

    const SignatureHelp help = LspValues::signatureHelp(nlohmann::json::parse(
        R"json({"activeSignature": 1, "activeParameter": 1,
            "signatures": [{"label": "f(int a)", "parameters": [{"label": [2, 7]}]},
                           {"label": "f(float a, float b)",
                            "parameters": [{"label": "float a"}, {"label": "float b"}]}]})json"));
    QCOMPARE(help.activeSignature, 1);
    QCOMPARE(help.signatures[1].parameters[1], (QPair<int, int>(11, 18)));
    QCOMPARE(LspValues::hover({{"contents", {{"kind", "plaintext"}, {"value", "param a\n"}}}}),
             QStringLiteral("param a"));
}

void TestLspFraming::commandFollowsOptionsAndDevice() {
    LanguageDevice pocl{
        QStringLiteral("OpenCL C 1.2 PoCL"),
        {QStringLiteral("cl_khr_fp64"), QStringLiteral("cl_khr_global_int32_base_atomics")}};
    QStringList command =
        LanguageFlags::command(QStringLiteral("/k/blur.cl"),
                               QStringLiteral("-DDATA_TYPE=float -I inc -cl-fast-relaxed-math"),
                               {QStringLiteral("/k")}, pocl);
    QCOMPARE(command.first(), QStringLiteral("clang"));
    QCOMPARE(command.last(), QStringLiteral("/k/blur.cl"));
    for (const char* argument :
         {"-xcl", "-cl-std=CL1.2", "-DDATA_TYPE=float", "-Iinc", "-I/k", "-cl-fast-relaxed-math"})
        QVERIFY2(command.contains(QString::fromLatin1(argument)), argument);
    const QString extensions = command[command.indexOf(QStringLiteral("-Xclang")) + 1];
    QVERIFY(extensions.startsWith(QLatin1String("-cl-ext=")));
    QVERIFY(extensions.contains(QLatin1String("+cl_khr_fp64")));
    QVERIFY(extensions.contains(QLatin1String("-cl_khr_fp16")));

    // The session's -cl-std wins; without one an OpenCL C 1.1 device reads as 1.1.
    command = LanguageFlags::command(QStringLiteral("/k/a.cl"), QStringLiteral("-cl-std=CL3.0"), {},
                                     pocl);
    QVERIFY(command.contains(QStringLiteral("-cl-std=CL3.0")));
    QCOMPARE(LanguageFlags::defaultStandard({QStringLiteral("OpenCL C 1.1 old"), {}}),
             QStringLiteral("CL1.1"));
    QCOMPARE(LanguageFlags::defaultStandard({QStringLiteral("OpenCL C 3.0 "), {}}),
             QStringLiteral("CL1.2"));
    // No device known: no extension is switched off.
    command = LanguageFlags::command(QStringLiteral("/k/a.cl"), {}, {}, {});
    QVERIFY(!command.contains(QStringLiteral("-Xclang")));
}

void TestLspFraming::answersOfAnyShapeAreRead() {
    // A server that answers with the wrong shapes gives empty values, never an exception.
    const nlohmann::json odd[] = {nullptr,
                                  3,
                                  "text",
                                  nlohmann::json::array({1, nullptr, "x"}),
                                  {{"items", 5},
                                   {"signatures", {1, {{"parameters", 2}}}},
                                   {"contents", {{"value", 7}}},
                                   {"diagnostics", {1, "x"}},
                                   {"data", {1, 2}},
                                   {"edits", "no"}}};
    for (const nlohmann::json& value : odd) {
        QVERIFY(LspValues::completion(value).isEmpty());
        QCOMPARE(LspValues::signatureHelp(value).signatures.size(),
                 value.is_object() ? 1 : 0); // the one object, without a label
        QVERIFY(LspValues::hover(value).isEmpty());
        QVERIFY(LspValues::locations(value).isEmpty());
        QVERIFY(LspValues::diagnostics(value).isEmpty());
        QVERIFY(LspValues::symbols(value).isEmpty());
        QVERIFY(LspValues::semanticTokens(value).isEmpty());
        QVERIFY(LspValues::member(value, "x").is_null());
    }
    QCOMPARE(LspValues::symbols(nlohmann::json::array({{{"name", "k"}, {"kind", 12}}})).size(), 1);
}

void TestLspFraming::tokenDeltasApply() {
    std::vector<int> data;
    QString resultId;
    QVERIFY(LspValues::updateTokens({{"resultId", "1"}, {"data", {0, 0, 3, 1, 0, 1, 2, 4, 2, 0}}},
                                    data, &resultId));
    QCOMPARE(resultId, QStringLiteral("1"));
    // clangd's delta: replace the second token (numbers 5-9) by two.
    QVERIFY(LspValues::updateTokens(
        {{"resultId", "2"},
         {"edits", {{{"start", 5}, {"deleteCount", 5}, {"data", {1, 0, 1, 3, 0, 0, 4, 2, 3, 0}}}}}},
        data, &resultId));
    QCOMPARE(resultId, QStringLiteral("2"));
    QCOMPARE(data, (std::vector<int>{0, 0, 3, 1, 0, 1, 0, 1, 3, 0, 0, 4, 2, 3, 0}));
    const QList<SemanticToken> tokens = LspValues::decodeTokens(data);
    QCOMPARE(tokens.size(), 3);
    QCOMPARE(tokens[2].line, 1);
    QCOMPARE(tokens[2].character, 4);
    // An edit past the end, or of the wrong shape, leaves the numbers as they were.
    for (const nlohmann::json& bad :
         {nlohmann::json{{"edits", {{{"start", 14}, {"deleteCount", 5}}}}},
          nlohmann::json{{"edits", {{{"start", "x"}}}}}, nlohmann::json{{"edits", {3}}}}) {
        QVERIFY(!LspValues::updateTokens(bad, data, &resultId));
        QCOMPARE(data.size(), std::size_t(15));
    }
}

QTEST_MAIN(TestLspFraming)
#include "tst_lspframing.moc"
