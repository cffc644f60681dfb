// Session files that must not open: not JSON, cut short anywhere, of another format or a newer
// version, a missing or mistyped field, an unknown enum, a bad or duplicate name, a size that
// makes no sense, an argument naming no buffer. Each is refused with one message naming the file
// and the field as a path ("launches[0].arguments[2].buffer") and saying what to do.
#include "SessionSamples.h"

#include <QtTest>

using namespace clw::engine;
using namespace clw::test;

class TestSessionFileErrors : public QObject {
    Q_OBJECT

private slots:
    void refusesBadFiles_data();
    void refusesBadFiles();
    void refusesEveryTruncation();
    void refusesANewerVersion();
};

void TestSessionFileErrors::refusesBadFiles_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("field"); // the path the message names, "" for none
    QTest::addColumn<QString>("what");  // a part of the message saying what is wrong

    auto raw = [](const char* tag, const QByteArray& text, const char* field, const char* what) {
        QTest::newRow(tag) << text << QString::fromLatin1(field) << QString::fromUtf8(what);
    };
    auto edit = [](const char* tag, const char* path, const QJsonValue& value, const char* field,
                   const char* what) {
        QTest::newRow(tag) << exampleEdited(QString::fromLatin1(path), value)
                           << QString::fromLatin1(field) << QString::fromUtf8(what);
    };
    const QJsonValue remove(QJsonValue::Undefined);

    raw("not json", "hello", "", "not valid JSON at byte 1");
    raw("empty", "", "", "not valid JSON at byte");
    raw("trailing garbage", exampleText() + "}", "", "not valid JSON at byte");
    raw("invalid utf-8", "{\"format\": \"\xff\"}", "", "not valid JSON");
    raw("top-level array", "[1, 2]", "", "not a CL Workbench session");
    // Inputs of tests/fuzz/regressions: nlohmann's own exception escaped; the reader's stack
    // overflowed.
    raw("number past a double", "{\"format\": 1e999}", "", "a number too large to read");
    raw("nested too deep", "{\"x\": " + QByteArray(300, '[') + QByteArray(300, ']') + "}", "",
        "values nested more than 256 deep");
    edit("struct field name", "launches/0/arguments/0",
         QJsonObject{{QStringLiteral("value"), QJsonObject{{QStringLiteral("a["), 1}}}},
         "launches[0].arguments[0].value",
         "has a field named \"a[\": a field's name is a C identifier");
    edit("format missing", "format", remove, "format", "required field is missing");
    edit("format wrong", "format", QStringLiteral("clworkbench-cache"), "format",
         "not a CL Workbench session");
    edit("format type", "format", 1, "format", "must be a string");
    edit("version missing", "version", remove, "version", "required field is missing");
    edit("version string", "version", QStringLiteral("1"), "version", "whole number");
    edit("version fraction", "version", 1.5, "version", "whole number");
    edit("version zero", "version", 0, "version", "does not exist");
    edit("version negative", "version", -3, "version", "does not exist");
    edit("version newer", "version", 2, "version", "made by a newer CL Workbench");
    edit("title type", "title", 3, "title", "must be a string");
    edit("options type", "options", QJsonArray{}, "options", "must be a string");
    edit("devices type", "devices", QStringLiteral("PoCL"), "devices", "must be an array");
    edit("devices element", "devices", QJsonArray{1}, "devices[0]", "must be a string");

    edit("watchdog type", "watchdog", 10, "watchdog", "must be an object");
    edit("launch limit zero", "watchdog/launchSeconds", 0, "watchdog.launchSeconds",
         "must be above 0 (it is 0); write how many seconds a launch may run before the "
         "watchdog ends it, such as 10");
    edit("launch limit negative", "watchdog/launchSeconds", -1.5, "watchdog.launchSeconds",
         "must be above 0 (it is -1.5)");
    edit("launch limit text", "watchdog/launchSeconds", QStringLiteral("10"),
         "watchdog.launchSeconds",
         "must be a number above 0 (it is string \"10\"); write how many seconds a launch");
    edit("launch limit infinite", "watchdog/launchSeconds", QStringLiteral("inf"),
         "watchdog.launchSeconds", "must be a number above 0");
    edit("launch limit null", "watchdog/launchSeconds", QJsonValue::Null, "watchdog.launchSeconds",
         "must be a number above 0");
    edit("launch limit huge", "watchdog/launchSeconds", 1e9, "watchdog.launchSeconds",
         "must be at most 86400");
    edit("build limit zero", "watchdog/buildSeconds", 0, "watchdog.buildSeconds",
         "must be above 0 (it is 0); write how many seconds a build may take before the "
         "watchdog ends it, such as 120");
    edit("build limit array", "watchdog/buildSeconds", QJsonArray{120}, "watchdog.buildSeconds",
         "must be a number above 0 (it is an array)");

    edit("sources missing", "sources", remove, "sources", "required field is missing");
    edit("sources type", "sources", QJsonArray{}, "sources", "must be an object");
    edit("files missing", "sources/files", remove, "sources.files", "required field is missing");
    edit("files empty", "sources/files", QJsonArray{}, "sources.files", "lists no files");
    edit("file name missing", "sources/files/0/name", remove, "sources.files[0].name",
         "required field is missing");
    edit("file name empty", "sources/files/0/name", QString(), "sources.files[0].name", "is empty");
    edit("file text missing", "sources/files/0/text", remove, "sources.files[0].text",
         "required field is missing");
    edit("file text type", "sources/files/0/text", QJsonValue::Null, "sources.files[0].text",
         "must be a string");
    edit("file duplicate", "sources/files/1", QJsonObject{{"name", "vector_add.cl"}, {"text", ""}},
         "sources.files[1].name", "already taken by sources.files[0]");
    edit("main unknown", "sources/main", QStringLiteral("other.cl"), "sources.main",
         "not among sources.files");
    edit("main type", "sources/main", 0, "sources.main", "must be a string");
    edit("include dirs type", "sources/includeDirs", QJsonArray{true}, "sources.includeDirs[0]",
         "must be a string");

    edit("buffers type", "buffers", QJsonObject{}, "buffers", "must be an array");
    edit("buffer type", "buffers/1", QStringLiteral("b"), "buffers[1]", "must be an object");
    edit("buffer name missing", "buffers/1/name", remove, "buffers[1].name",
         "required field is missing");
    edit("buffer name space", "buffers/1/name", QStringLiteral("b c"), "buffers[1].name",
         "not a valid buffer name");
    edit("buffer name digit", "buffers/1/name", QStringLiteral("1b"), "buffers[1].name",
         "not a valid buffer name");
    edit("buffer name empty", "buffers/1/name", QString(), "buffers[1].name",
         "not a valid buffer name");
    edit("buffer name slash", "buffers/1/name", QStringLiteral("../b"), "buffers[1].name",
         "not a valid buffer name");
    edit("buffer duplicate", "buffers/2/name", QStringLiteral("a"), "buffers[2].name",
         "already taken by buffers[0]");
    edit("element type missing", "buffers/0/type", remove, "buffers[0].type",
         "required field is missing");
    edit("element type type", "buffers/0/type", 4, "buffers[0].type", "must be a string");
    edit("shape missing", "buffers/0/shape", remove, "buffers[0].shape",
         "required field is missing");
    edit("shape type", "buffers/0/shape", 1024, "buffers[0].shape", "must be an array");
    edit("shape empty", "buffers/0/shape", QJsonArray{}, "buffers[0].shape", "has 0 sizes");
    edit("shape four", "buffers/0/shape", QJsonArray{1, 2, 3, 4}, "buffers[0].shape",
         "has 4 sizes");
    edit("shape zero", "buffers/0/shape", QJsonArray{4, 0}, "buffers[0].shape[1]", "at least 1");
    edit("shape negative", "buffers/0/shape", QJsonArray{-4}, "buffers[0].shape[0]",
         "must not be negative");
    edit("shape fraction", "buffers/0/shape", QJsonArray{1.5}, "buffers[0].shape[0]",
         "whole number");
    edit("shape text", "buffers/0/shape", QJsonArray{QStringLiteral("4")}, "buffers[0].shape[0]",
         "whole number");
    edit("shape overflow", "buffers/0/shape", QJsonArray{4294967296.0, 4294967296.0, 4294967296.0},
         "buffers[0].shape", "more elements than");
    edit("access unknown", "buffers/0/access", QStringLiteral("readonly"), "buffers[0].access",
         "not an access");
    edit("output type", "buffers/0/output", QStringLiteral("yes"), "buffers[0].output",
         "must be true or false");
    edit("init type", "buffers/0/init", QStringLiteral("zeros"), "buffers[0].init",
         "must be an object");
    edit("init empty", "buffers/0/init", QJsonObject{}, "buffers[0].init", "neither");
    edit("init both", "buffers/0/init", QJsonObject{{"fill", "zeros"}, {"file", "a.npy"}},
         "buffers[0].init", "both");
    edit("fill unknown", "buffers/0/init/fill", QStringLiteral("sparkle"), "buffers[0].init.fill",
         "not a fill");
    edit("fill type", "buffers/0/init/fill", 0, "buffers[0].init.fill", "must be a string");
    edit("ramp start", "buffers/0/init/start", QStringLiteral("x"), "buffers[0].init.start",
         "must be a number");
    edit("constant value", "buffers/0/init",
         QJsonObject{{"fill", "constant"}, {"value", QJsonArray{1}}}, "buffers[0].init.value",
         "must be a string");
    edit("random seed", "buffers/3/init/seed", -1, "buffers[3].init.seed", "must not be negative");
    edit("random range", "buffers/3/init/low", 300, "buffers[3].init.high", "below");
    edit("file empty", "buffers/1/init/file", QString(), "buffers[1].init.file", "is empty");
    edit("file type", "buffers/1/init/file", 1, "buffers[1].init.file", "must be a string");
    edit("image type", "buffers/3/image", true, "buffers[3].image", "must be an object");
    edit("image type unknown", "buffers/3/image/type", QStringLiteral("image2d_array_t"),
         "buffers[3].image.type", "not an image type");
    edit("image dimensions", "buffers/3/image/type", QStringLiteral("image3d_t"),
         "buffers[3].image.type", "needs a shape of 3 sizes");
    edit("image channel order", "buffers/3/image/channelOrder", 4, "buffers[3].image.channelOrder",
         "must be a string");

    edit("launches type", "launches", QStringLiteral("add"), "launches", "must be an array");
    edit("launch type", "launches/0", 1, "launches[0]", "must be an object");
    edit("kernel missing", "launches/0/kernel", remove, "launches[0].kernel",
         "required field is missing");
    edit("kernel empty", "launches/0/kernel", QString(), "launches[0].kernel", "is empty");
    edit("kernel type", "launches/0/kernel", 7, "launches[0].kernel", "must be a string");
    edit("launch name type", "launches/0/name", 7, "launches[0].name", "must be a string");
    edit("arguments type", "launches/0/arguments", QJsonObject{}, "launches[0].arguments",
         "must be an array");
    edit("argument type", "launches/0/arguments/0", QStringLiteral("a"), "launches[0].arguments[0]",
         "must be an object");
    edit("argument unknown buffer", "launches/0/arguments/2/buffer", QStringLiteral("d"),
         "launches[0].arguments[2].buffer", "no buffer is named \"d\"");
    edit("argument buffer type", "launches/0/arguments/2/buffer", 2,
         "launches[0].arguments[2].buffer", "must be a string");
    edit("argument none", "launches/0/arguments/1", QJsonObject{}, "launches[0].arguments[1]",
         "says none of");
    edit("argument only unknown", "launches/0/arguments/1", QJsonObject{{"buffr", "b"}},
         "launches[0].arguments[1]", "says none of");
    edit("argument several", "launches/0/arguments/1", QJsonObject{{"buffer", "b"}, {"value", "1"}},
         "launches[0].arguments[1]", "has 2 of");
    edit("argument value type", "launches/0/arguments/3/value", true,
         "launches[0].arguments[3].value", "must be a string");
    edit("struct field type", "launches/0/arguments/3/value",
         QJsonObject{{"scale", 1}, {"on", true}}, "launches[0].arguments[3].value.on",
         "is not a field's value");
    edit("struct array mixed", "launches/0/arguments/3/value",
         QJsonObject{{"cells", QJsonArray{QJsonObject{{"id", 1}}, 2}}},
         "launches[0].arguments[3].value.cells[1]", "mixes fields and values in one array");
    edit("struct empty", "launches/0/arguments/3/value", QJsonObject{},
         "launches[0].arguments[3].value", "gives no fields");
    edit("argument local negative", "launches/0/arguments/4/local", -256,
         "launches[0].arguments[4].local", "must not be negative");
    edit("argument local text", "launches/0/arguments/4/local", QStringLiteral("256"),
         "launches[0].arguments[4].local", "whole number");
    edit("argument sampler type", "launches/0/arguments/5/sampler", 0,
         "launches[0].arguments[5].sampler", "must be a string");
    edit("argument null false", "launches/0/arguments/6/null", false,
         "launches[0].arguments[6].null", "is false");
    edit("global missing", "launches/0/global", remove, "launches[0].global",
         "required field is missing");
    edit("global empty", "launches/0/global", QJsonArray{}, "launches[0].global", "has 0 sizes");
    edit("global four", "launches/0/global", QJsonArray{1, 1, 1, 1}, "launches[0].global",
         "has 4 sizes");
    edit("global zero", "launches/0/global", QJsonArray{0}, "launches[0].global[0]", "at least 1");
    edit("local dimensions", "launches/0/local", QJsonArray{64, 1}, "launches[0].local",
         "has 2 sizes but global has 1");
    edit("local zero", "launches/0/local", QJsonArray{0}, "launches[0].local[0]", "at least 1");
    edit("local type", "launches/0/local", 64, "launches[0].local", "must be an array");
    edit("offset dimensions", "launches/0/offset", QJsonArray{0, 0}, "launches[0].offset",
         "has 2 sizes but global has 1");
    edit("repeat zero", "launches/0/repeat", 0, "launches[0].repeat", "from 1 to");
    edit("repeat negative", "launches/0/repeat", -2, "launches[0].repeat", "from 1 to");
    edit("repeat fraction", "launches/0/repeat", 2.5, "launches[0].repeat", "from 1 to");
    edit("repeat huge", "launches/0/repeat", 1e12, "launches[0].repeat", "from 1 to");
    edit("repeat text", "launches/0/repeat", QStringLiteral("2"), "launches[0].repeat",
         "whole number");
}

void TestSessionFileErrors::refusesBadFiles() {
    QFETCH(QByteArray, text);
    QFETCH(QString, field);
    QFETCH(QString, what);
    const QString message = parseError(text);
    QVERIFY2(!message.isEmpty(), text.constData());
    QVERIFY2(message.startsWith(QLatin1String("broken.clwb: ")), qPrintable(message));
    if (!field.isEmpty())
        QVERIFY2(message.startsWith(QLatin1String("broken.clwb: ") + field + QLatin1String(": ")),
                 qPrintable(message));
    QVERIFY2(message.contains(what), qPrintable(message));
}

void TestSessionFileErrors::refusesEveryTruncation() {
    for (const Session& session : {richSession(), exampleSession()}) {
        const QByteArray text = QByteArray::fromStdString(SessionFile::serialize(session));
        // Up to the closing brace: the complete text less its trailing newline is valid.
        for (qsizetype length = 0; length < text.size() - 1; ++length) {
            const QString message = parseError(text.left(length), "cut.clwb");
            QVERIFY2(message.startsWith(QLatin1String("cut.clwb: not valid JSON at byte ")),
                     qPrintable(QString::number(length) + QLatin1String(": ") + message));
        }
    }
}

void TestSessionFileErrors::refusesANewerVersion() {
    QCOMPARE(parseError(exampleEdited(QStringLiteral("version"), 7), "future.clwb"),
             QStringLiteral("future.clwb: version: made by a newer CL Workbench (format version "
                            "7; this one reads up to 1): update CL Workbench to open it"));
    // Refused before anything else: a newer file's fields may mean something else.
    QJsonObject newer{{"format", "clworkbench-session"}, {"version", 2}, {"sources", 1}};
    QVERIFY(parseError(QJsonDocument(newer).toJson()).contains(QLatin1String("newer")));
}

QTEST_GUILESS_MAIN(TestSessionFileErrors)
#include "tst_sessionfile_errors.moc"
