// Session files (.clwb): a rich session survives saving and reading unchanged and saves to the
// same bytes twice in the documented layout, absent fields read as their documented defaults and
// unknown ones are ignored, and saving writes data files beside the session and never leaves half
// a session, an unreadable session or temporary files. tst_sessionfile_errors has the bad files.
#include "SessionSamples.h"

#include "clw/engine/session/NpyFile.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>

using namespace clw::engine;
using namespace clw::test;
namespace fs = std::filesystem;

class TestSessionFile : public QObject {
    Q_OBJECT

private slots:
    void roundTripsARichSession();
    void writesTheDocumentedLayout();
    void readsTheDocumentedExample();
    void absentFieldsTakeTheirDefaults();
    void ignoresUnknownFields();
    void watchdogLimits();
    void liveMode();
    void formatOnSave();
    void leavesOutAMainFileThatIsGone();
    void readsFromDisk();
    void writesDataFilesBeside();
    void refusesToSaveWhatWouldNotOpen();
    void failedRenameLeavesNothingBehind();
    void failedDataFileKeepsThePreviousSession();
    void unwritableFolderKeepsThePreviousSession();
    void writesToABareFileName();
    void bufferHelpers();
};

void TestSessionFile::roundTripsARichSession() {
    for (const Session& session : {richSession(), exampleSession(), Session{}}) {
        const std::string text = SessionFile::serialize(session);
        if (session.sources.files.empty()) {
            // A session with no source file does not read back: the reader asks for one.
            QVERIFY(parseError(QByteArray::fromStdString(text))
                        .contains(QLatin1String("sources.files: lists no files")));
            continue;
        }
        const SessionFile::ReadResult read = SessionFile::parse(text, "rich.clwb");
        QVERIFY(read.notes.empty());
        QVERIFY2(read.session == session, text.c_str());
        QCOMPARE(SessionFile::serialize(read.session), text);
        QCOMPARE(SessionFile::serialize(session), text); // deterministic
    }
    // Values JSON cannot spell come back too.
    const Session read = SessionFile::parse(SessionFile::serialize(richSession())).session;
    QCOMPARE(read.buffers[3].init.fill.start, -std::numeric_limits<double>::infinity());
    QCOMPARE(read.buffers[3].init.fill.step, std::numeric_limits<double>::infinity());
    QCOMPARE(read.buffers[1].init.fill.step, 0.1);
    QCOMPARE(read.buffers[2].init.fill.high, 1.0 / 3.0);
}

void TestSessionFile::writesTheDocumentedLayout() {
    const QByteArray text = exampleText();
    QVERIFY(text.startsWith("{\n  \"format\": \"clworkbench-session\",\n  \"version\": 1,\n"));
    QVERIFY(text.endsWith("}\n"));
    QVERIFY(!text.contains('\t'));
    // Top-level fields in the documented order.
    qsizetype last = -1;
    for (const char* key :
         {"\"format\"", "\"version\"", "\"title\"", "\"description\"", "\"sources\"", "\"options\"",
          "\"devices\"", "\"watchdog\"", "\"buffers\"", "\"launches\""}) {
        const qsizetype at = text.indexOf(QByteArray("\n  ") + key);
        QVERIFY2(at > last, key);
        last = at;
    }
    // Short lists and objects stay on one line, as the format's example has them.
    QVERIFY2(text.contains("\"shape\": [64, 48]"), text.constData());
    QVERIFY(text.contains("\"init\": { \"fill\": \"ramp\", \"start\": 0, \"step\": 1 }"));
    QVERIFY(text.contains("{ \"buffer\": \"a\" }"));
    QVERIFY(text.contains("{ \"null\": true }"));
    QVERIFY(text.contains("\"offset\": []"));
    QVERIFY(text.contains("\"watchdog\": { \"launchSeconds\": 10, \"buildSeconds\": 120 }"));
    // Unicode is written as itself.
    const QByteArray rich = QByteArray::fromStdString(SessionFile::serialize(richSession()));
    QVERIFY(rich.contains(QStringLiteral("\u65e5\u672c").toUtf8()));
    QVERIFY(rich.contains("\\\"fast\\\""));
    QVERIFY(rich.contains("\"start\": \"-inf\""));
    for (const QByteArray& line : rich.split('\n'))
        QVERIFY2(line.size() <= 100 || line.contains("\"text\"") || line.contains("\"title\"") ||
                     line.contains("\"description\""),
                 line.constData());
}

void TestSessionFile::readsTheDocumentedExample() {
    // CTest sets CLW_TEST_DATA to tests/data; the format's document is docs/session-format.md.
    QFile doc(qEnvironmentVariable("CLW_TEST_DATA") +
              QStringLiteral("/../../docs/session-format.md"));
    QVERIFY2(doc.open(QIODevice::ReadOnly), "docs/session-format.md: is CLW_TEST_DATA set?");
    const QByteArray markdown = doc.readAll();
    const qsizetype begin = markdown.indexOf("```json\n") + 8;
    const qsizetype end = markdown.indexOf("```", begin);
    QVERIFY(begin > 8 && end > begin);
    const Session read =
        SessionFile::parse(markdown.mid(begin, end - begin).toStdString(), "example.clwb").session;
    QVERIFY2(read == exampleSession(), SessionFile::serialize(read).c_str());
}

void TestSessionFile::absentFieldsTakeTheirDefaults() {
    const char* text = R"({ "format": "clworkbench-session", "version": 1,
        "sources": { "files": [ { "name": "k.cl", "text": "kernel void k() {}" } ] },
        "buffers": [ { "name": "x", "type": "int", "shape": [4] },
                     { "name": "y", "type": "int", "shape": [4], "init": { "fill": "constant" } },
                     { "name": "z", "type": "int", "init": { "fill": "random" },
                       "image": {} , "shape": [4, 4] } ],
        "launches": [ { "kernel": "k", "global": [8] } ] })";
    const SessionFile::ReadResult read = SessionFile::parse(text);
    const Session& session = read.session;
    QVERIFY(read.notes.empty());
    QCOMPARE(session.title, "");
    QCOMPARE(session.options, "");
    QVERIFY(session.devices.empty());
    QCOMPARE(session.watchdog.launchSeconds, 10.0);
    QCOMPARE(session.watchdog.buildSeconds, 120.0);
    QCOMPARE(session.sources.mainFile, ""); // the first file
    QCOMPARE(session.sources.main()->name, "k.cl");
    QVERIFY(session.sources.includeDirs.empty());
    const SessionBuffer& x = session.buffers[0];
    QCOMPARE(x.access, "read_write");
    QCOMPARE(x.output, true);
    QVERIFY(!x.image);
    QVERIFY(x.init == SessionInit{}); // zeros
    QCOMPARE(session.buffers[1].init.fill.kind, FillSpec::Kind::Constant);
    QCOMPARE(session.buffers[1].init.fill.constant, FillSpec{}.constant);
    QVERIFY(session.buffers[2].init.fill.seed == FillSpec{}.seed);
    QVERIFY(session.buffers[2].image == SessionBuffer::Image{});
    const SessionLaunch& launch = session.launches[0];
    QCOMPARE(launch.name, "k");
    QVERIFY(launch.arguments.empty());
    QVERIFY(launch.local.empty());
    QVERIFY(launch.offset.empty());
    QCOMPARE(launch.repeat, 1);
    // Writing it spells the defaults out; reading that gives the same session.
    QVERIFY(SessionFile::parse(SessionFile::serialize(session)).session == session);
}

void TestSessionFile::ignoresUnknownFields() {
    QByteArray text = exampleEdited(QStringLiteral("future"), QJsonObject{{"x", 1}});
    for (const char* path :
         {"sources/future", "buffers/0/future", "buffers/0/init/future", "buffers/3/image/future",
          "launches/0/future", "launches/0/arguments/0/future"}) {
        const QJsonObject root = QJsonDocument::fromJson(text).object();
        text = QJsonDocument(
                   edited(root, QString::fromLatin1(path).split(QLatin1Char('/')), QJsonArray{1, 2})
                       .toObject())
                   .toJson();
    }
    const SessionFile::ReadResult read = SessionFile::parse(text.toStdString());
    QVERIFY(read.session == exampleSession());
    QVERIFY(read.notes.empty());
}

void TestSessionFile::watchdogLimits() {
    // Read: seconds as the file gives them, a fraction too; one left out keeps its default.
    const QByteArray both = exampleEdited(
        QStringLiteral("watchdog"), QJsonObject{{"launchSeconds", 1}, {"buildSeconds", 30.5}});
    const Session read = SessionFile::parse(both.toStdString()).session;
    QCOMPARE(read.watchdog.launchSeconds, 1.0);
    QCOMPARE(read.watchdog.buildSeconds, 30.5);
    const Session launchOnly = SessionFile::parse(exampleEdited(QStringLiteral("watchdog"),
                                                                QJsonObject{{"launchSeconds", 0.5}})
                                                      .toStdString())
                                   .session;
    QCOMPARE(launchOnly.watchdog.launchSeconds, 0.5);
    QCOMPARE(launchOnly.watchdog.buildSeconds, SessionWatchdog::kDefaultBuildSeconds);
    // A file from before the field opens with the defaults.
    const Session old =
        SessionFile::parse(
            exampleEdited(QStringLiteral("watchdog"), QJsonValue::Undefined).toStdString())
            .session;
    QVERIFY(old.watchdog == SessionWatchdog{});
    QVERIFY(old == exampleSession());

    // Write: one line after the devices, whole seconds as whole numbers.
    Session session = exampleSession();
    session.watchdog = {1, 30.5};
    const std::string text = SessionFile::serialize(session);
    QVERIFY2(QByteArray::fromStdString(text).contains(
                 "  \"devices\": [],\n  \"watchdog\": { \"launchSeconds\": 1, \"buildSeconds\": "
                 "30.5 },\n  \"buffers\": ["),
             text.c_str());
    // Round trip, the limits' extremes too.
    QVERIFY(SessionFile::parse(text).session == session);
    for (const SessionWatchdog& limits :
         {SessionWatchdog{0.001, SessionWatchdog::kMaxSeconds}, SessionWatchdog{1.0 / 3.0, 7}}) {
        session.watchdog = limits;
        const Session back = SessionFile::parse(SessionFile::serialize(session)).session;
        QCOMPARE(back.watchdog.launchSeconds, limits.launchSeconds);
        QCOMPARE(back.watchdog.buildSeconds, limits.buildSeconds);
    }
}

void TestSessionFile::liveMode() {
    // Off unless the file says so; written only when on, so that other files stay as they were.
    QVERIFY(!exampleSession().live);
    QVERIFY(
        !QByteArray::fromStdString(SessionFile::serialize(exampleSession())).contains("\"live\""));
    Session session = exampleSession();
    session.live = true;
    const std::string text = SessionFile::serialize(session);
    QVERIFY2(QByteArray::fromStdString(text).contains("\"live\": true"), text.c_str());
    QVERIFY(SessionFile::parse(text).session == session);
    QVERIFY(
        SessionFile::parse(exampleEdited(QStringLiteral("live"), true).toStdString()).session.live);
    QVERIFY(!SessionFile::parse(exampleEdited(QStringLiteral("live"), false).toStdString())
                 .session.live);
}

void TestSessionFile::formatOnSave() {
    // As live mode: off unless the file says so, written only when on.
    QVERIFY(!exampleSession().formatOnSave);
    QVERIFY(!QByteArray::fromStdString(SessionFile::serialize(exampleSession()))
                 .contains("\"formatOnSave\""));
    Session session = exampleSession();
    session.formatOnSave = true;
    const std::string text = SessionFile::serialize(session);
    QVERIFY2(QByteArray::fromStdString(text).contains("\"formatOnSave\": true"), text.c_str());
    QVERIFY(SessionFile::parse(text).session == session);
    QVERIFY(!SessionFile::parse(exampleEdited(QStringLiteral("formatOnSave"), false).toStdString())
                 .session.formatOnSave);
}

void TestSessionFile::leavesOutAMainFileThatIsGone() {
    // A main file renamed since builds the first file (SourceSet::main); saved, it reads back as
    // no main file, which builds the same.
    Session session = exampleSession();
    session.sources.files.push_back({"other.cl", ""});
    session.sources.mainFile = "gone.cl";
    const Session read = SessionFile::parse(SessionFile::serialize(session)).session;
    QCOMPARE(read.sources.mainFile, "");
    QCOMPARE(read.sources.main()->name, session.sources.main()->name);
    session.sources.mainFile = "other.cl";
    QVERIFY(SessionFile::parse(SessionFile::serialize(session)).session == session);
}

void TestSessionFile::readsFromDisk() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const fs::path folder = dir.path().toStdString();
    try {
        SessionFile::read(folder / "missing.clwb");
        QFAIL("read a missing file");
    } catch (const SessionError& error) {
        const QString message = QString::fromStdString(error.what());
        QVERIFY2(message.startsWith(QLatin1String("cannot open ")) &&
                     message.contains(QLatin1String("missing.clwb")),
                 qPrintable(message));
    }
    try {
        SessionFile::read(folder);
        QFAIL("read a folder");
    } catch (const SessionError& error) {
        QVERIFY2(QString::fromStdString(error.what()).startsWith(QLatin1String("cannot open ")),
                 error.what());
    }
    {
        std::ofstream file(folder / "bad.clwb", std::ios::binary);
        file << exampleEdited(QStringLiteral("launches/0/arguments/2/buffer"),
                              QStringLiteral("nope"))
                    .toStdString();
    }
    try {
        SessionFile::read(folder / "bad.clwb");
        QFAIL("read a bad file");
    } catch (const SessionError& error) {
        QVERIFY2(QString::fromStdString(error.what())
                     .startsWith(QLatin1String("bad.clwb: launches[0].arguments[2].buffer: ")),
                 error.what());
    }
}

void TestSessionFile::writesDataFilesBeside() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const fs::path path = fs::path(dir.path().toStdString()) / "project" / "rich.clwb";
    const NpyArray ints =
        NpyArray::of<std::int32_t>(NpyType::Int32, std::vector<std::int32_t>(200, -7), {100, 2});
    const NpyArray floats = NpyArray::of<float>(NpyType::Float32, {1.5f, 2.5f});
    const std::map<std::string, NpyArray> data = {{"rich.data/data \u00e9.npy", ints},
                                                  {"deeper/still/f.npy", floats}};
    SessionFile::write(path, richSession(), data);

    QCOMPARE(readAll(path), QByteArray::fromStdString(SessionFile::serialize(richSession())));
    QVERIFY(SessionFile::read(path).session == richSession());
    QVERIFY(NpyFile::read(path.parent_path() / "rich.data/data \u00e9.npy") == ints);
    QVERIFY(NpyFile::read(path.parent_path() / "deeper/still/f.npy") == floats);
    QVERIFY2(temporaryFiles(dir.path()).isEmpty(),
             qPrintable(temporaryFiles(dir.path()).join(QLatin1Char(' '))));

    // Saving again replaces the files in place.
    Session changed = richSession();
    changed.title = "changed";
    SessionFile::write(path, changed, data);
    QVERIFY(SessionFile::read(path).session == changed);
    QVERIFY(temporaryFiles(dir.path()).isEmpty());

    // An array whose data does not fit its shape is not written, and the session neither.
    NpyArray broken = floats;
    broken.shape = {3};
    try {
        SessionFile::write(path, richSession(), {{"broken.npy", broken}});
        QFAIL("wrote a broken array");
    } catch (const SessionError& error) {
        QVERIFY2(QString::fromStdString(error.what()).contains(QLatin1String("broken.npy")),
                 error.what());
    }
    QVERIFY(SessionFile::read(path).session == changed);
}

void TestSessionFile::refusesToSaveWhatWouldNotOpen() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const fs::path path = fs::path(dir.path().toStdString()) / "good.clwb";
    SessionFile::write(path, exampleSession());
    const QByteArray before = readAll(path);

    Session bad = exampleSession();
    bad.launches[0].arguments[2].buffer = "renamed";
    try {
        SessionFile::write(path, bad,
                           {{"good.data/a.npy", NpyArray::of<float>(NpyType::Float32, {1.0f})}});
        QFAIL("saved a session that does not open");
    } catch (const SessionError& error) {
        const QString message = QString::fromStdString(error.what());
        QVERIFY2(message.contains(QLatin1String("would not open again")) &&
                     message.contains(QLatin1String("launches[0].arguments[2].buffer: ")),
                 qPrintable(message));
    }
    QCOMPARE(readAll(path), before);
    QVERIFY(!fs::exists(path.parent_path() / "good.data")); // nothing written
    Session noSources = exampleSession();
    noSources.sources.files.clear();
    QVERIFY_THROWS_EXCEPTION(SessionError, SessionFile::write(path, noSources));
    QCOMPARE(readAll(path), before);
}

void TestSessionFile::failedRenameLeavesNothingBehind() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A folder where the session file should go: the rename over it fails.
    const fs::path path = fs::path(dir.path().toStdString()) / "taken.clwb";
    fs::create_directories(path / "inside");
    try {
        SessionFile::write(path, exampleSession());
        QFAIL("wrote over a folder");
    } catch (const SessionError& error) {
        const QString message = QString::fromStdString(error.what());
        QVERIFY2(message.contains(QString::fromStdString(path.string())) &&
                     message.contains(QLatin1String("The previous session file is unchanged")),
                 qPrintable(message));
        // The OS's reason is in the message.
        QVERIFY2(message.contains(QLatin1String("cannot rename")), qPrintable(message));
    }
    QVERIFY(fs::is_directory(path / "inside"));
    QVERIFY2(temporaryFiles(dir.path()).isEmpty(),
             qPrintable(temporaryFiles(dir.path()).join(QLatin1Char(' '))));
}

void TestSessionFile::failedDataFileKeepsThePreviousSession() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const fs::path folder = dir.path().toStdString();
    const fs::path path = folder / "keep.clwb";
    SessionFile::write(path, exampleSession());
    const QByteArray before = readAll(path);

    const NpyArray floats = NpyArray::of<float>(NpyType::Float32, {1.0f});
    // A data file whose place is taken by a folder, and one whose parent folder is a file.
    fs::create_directories(folder / "keep.data" / "b.npy");
    { std::ofstream(folder / "plain") << "x"; }
    for (const char* relative : {"keep.data/b.npy", "plain/b.npy"}) {
        Session changed = richSession();
        try {
            SessionFile::write(path, changed, {{"a.npy", floats}, {relative, floats}});
            QFAIL("wrote a data file over a folder");
        } catch (const SessionError& error) {
            const QString message = QString::fromStdString(error.what());
            QVERIFY2(message.contains(QLatin1String("data file ") + QLatin1String(relative)),
                     qPrintable(message));
        }
        QCOMPARE(readAll(path), before);
        QVERIFY(SessionFile::read(path).session == exampleSession());
        QVERIFY(temporaryFiles(dir.path()).isEmpty());
    }
}

void TestSessionFile::unwritableFolderKeepsThePreviousSession() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const fs::path path = fs::path(dir.path().toStdString()) / "locked.clwb";
    SessionFile::write(path, exampleSession());
    const QByteArray before = readAll(path);
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::ExeOwner);
    // Permissions bind no one running as root (or on some file systems): then a folder in the
    // way stands for the unwritable place, as failedRenameLeavesNothingBehind does.
    const bool enforced = !QFile(dir.path() + QStringLiteral("/probe")).open(QIODevice::WriteOnly);
    if (enforced) {
        QVERIFY_THROWS_EXCEPTION(SessionError, SessionFile::write(path, richSession()));
        QVERIFY_THROWS_EXCEPTION(
            SessionError, SessionFile::write(path, richSession(),
                                             {{"locked.data/a.npy",
                                               NpyArray::of<float>(NpyType::Float32, {1.0f})}}));
    } else {
        QFile::remove(dir.path() + QStringLiteral("/probe"));
        qInfo("folder permissions are not enforced here; checked with a folder in the way");
        fs::create_directories(path.parent_path() / "in-the-way.clwb");
        QVERIFY_THROWS_EXCEPTION(
            SessionError,
            SessionFile::write(path.parent_path() / "in-the-way.clwb", richSession()));
    }
    QFile::setPermissions(dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QCOMPARE(readAll(path), before);
    QVERIFY(temporaryFiles(dir.path()).isEmpty());
}

void TestSessionFile::writesToABareFileName() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString previous = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    SessionFile::write("bare.clwb", exampleSession(),
                       {{"bare.data/a.npy", NpyArray::of<float>(NpyType::Float32, {2.0f})}});
    QDir::setCurrent(previous);
    QVERIFY(SessionFile::read(fs::path(dir.path().toStdString()) / "bare.clwb").session ==
            exampleSession());
    QVERIFY(QFile::exists(dir.path() + QStringLiteral("/bare.data/a.npy")));
}

void TestSessionFile::bufferHelpers() {
    Session session = richSession();
    QCOMPARE(session.buffers[0].elementCount(), std::uint64_t(17 * 5 * 3));
    QCOMPARE(session.buffers[1].elementCount(), std::uint64_t(1) << 20);
    SessionBuffer empty;
    empty.shape.clear();
    QCOMPARE(empty.elementCount(), std::uint64_t(0));
    SessionBuffer huge;
    huge.shape = {1ull << 32, 1ull << 32, 1ull << 32};
    QCOMPARE(huge.elementCount(), std::numeric_limits<std::uint64_t>::max());
    QVERIFY(session.findBuffer("picture") == &session.buffers[7]);
    QVERIFY(std::as_const(session).findBuffer("volume") == &session.buffers[8]);
    QVERIFY(session.findBuffer("nope") == nullptr);
}

QTEST_GUILESS_MAIN(TestSessionFile)
#include "tst_sessionfile.moc"
