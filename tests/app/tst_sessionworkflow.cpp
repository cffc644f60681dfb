// Sessions in the workbench (issue 9 point 1), offscreen and without a device: save and open
// round-trip a session unchanged with its sources in the editor; save as takes the data files
// along; malformed, truncated and newer-version files are refused and leave the open session as
// it was; autosave and recovery after a crash; the recent list.
#include "WorkbenchContext.h"
#include "bridge/DeviceHosts.h"
#include "editor/DiagnosticsPanel.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "launch/SessionController.h"
#include "session/RecentSessions.h"
#include "session/SessionWorkflow.h"

#include "clw/engine/session/NpyFile.h"
#include "clw/engine/session/SessionFile.h"

#include <QFile>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace clw;

namespace {

engine::Session richSession() {
    engine::Session session;
    session.title = "Scale";
    session.description = "data[i] *= factor";
    session.sources.files = {{"scale.cl", "#include \"common.h\"\n__kernel void scale(__global "
                                          "float *data, float factor) { data[get_global_id(0)] "
                                          "*= factor * ONE; }\n"},
                             {"common.h", "#define ONE 1.0f\n"}};
    session.sources.mainFile = "scale.cl";
    session.options = "-cl-fast-relaxed-math";
    engine::SessionBuffer data;
    data.name = "data";
    data.shape = {256};
    data.init.kind = engine::SessionInit::Kind::File;
    data.init.file = "scale.data/data.npy";
    session.buffers.push_back(data);
    engine::SessionLaunch launch;
    launch.kernel = "scale";
    launch.name = "scale";
    engine::SessionArgument buffer;
    buffer.kind = engine::SessionArgument::Kind::Buffer;
    buffer.buffer = "data";
    engine::SessionArgument factor;
    factor.kind = engine::SessionArgument::Kind::Scalar;
    factor.value = "2.5";
    launch.arguments = {buffer, factor};
    launch.global = {256};
    launch.local = {64};
    session.launches.push_back(launch);
    return session;
}

struct Fixture {
    app::WorkbenchContext context;
    QSettings& settings = context.settings();
    ui::EditorWorkspace editor{context.bridge(), context.hosts(), settings};
    app::SessionWorkflow workflow{context.session(), editor, settings, nullptr};
    QStringList questions;

    Fixture() {
        workflow.setQuestion([this](const QString& title, const QString& text,
                                    QMessageBox::StandardButtons buttons) {
            questions.append(title + QStringLiteral(": ") + text);
            if (buttons.testFlag(QMessageBox::Yes))
                return QMessageBox::Yes; // recover
            if (buttons.testFlag(QMessageBox::Discard))
                return QMessageBox::Discard;
            return QMessageBox::Ok;
        });
    }
    ui::SessionController& session() { return context.session(); }
};

void writeText(const QString& path, const QByteArray& text) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(text);
}

} // namespace

class TestSessionWorkflow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void roundTripsThroughSaveAndOpen();
    void editsGoIntoTheSession();
    void deviceChoiceTravelsWithTheSession();
    void saveAsTakesTheDataFiles();
    void badFilesOpenNothing_data();
    void badFilesOpenNothing();
    void autosaveIsRecoveredAfterACrash();
    void untitledAutosaveIsRecovered();

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }
    void writeRichSession(const QString& file);
};

void TestSessionWorkflow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("clworkbench-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_sessionworkflow"));
    QVERIFY(m_dir.isValid());
}

void TestSessionWorkflow::init() {
    QSettings().clear();
    const QString untitled =
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation))
            .filePath(QStringLiteral("untitled.clwb.autosave"));
    QFile::remove(untitled);
}

void TestSessionWorkflow::writeRichSession(const QString& file) {
    const std::vector<float> values(256, 1.5f);
    engine::SessionFile::write(
        file.toStdString(), richSession(),
        {{"scale.data/data.npy", engine::NpyArray::of(engine::NpyType::Float32, values)}});
}

void TestSessionWorkflow::roundTripsThroughSaveAndOpen() {
    Fixture f;
    const QString first = path(QStringLiteral("round/scale.clwb"));
    QVERIFY(QDir().mkpath(path(QStringLiteral("round"))));
    writeRichSession(first);
    const QByteArray written = [&] {
        QFile file(first);
        file.open(QIODevice::ReadOnly);
        return file.readAll();
    }();

    QVERIFY(f.workflow.open(first));
    QCOMPARE(f.session().session(), richSession());
    QCOMPARE(f.session().filePath(), first);
    QVERIFY(!f.session().isModified());
    // The sources are the editor's tabs, the options the build panel's.
    QCOMPARE(f.editor.tabs()->count(), 2);
    QCOMPARE(f.editor.tabs()->currentEditor()->text(),
             QString::fromStdString(richSession().sources.files[0].text));
    QCOMPARE(f.editor.diagnosticsPanel()->choices().options,
             QStringLiteral("-cl-fast-relaxed-math"));
    QVERIFY(app::RecentSessions(f.settings).paths().contains(first));

    // Saving unchanged writes the same bytes; opening that gives the same session.
    QVERIFY(f.workflow.save());
    QFile again(first);
    QVERIFY(again.open(QIODevice::ReadOnly));
    QCOMPARE(again.readAll(), written);
    QVERIFY(f.workflow.open(first));
    QCOMPARE(f.session().session(), richSession());
    QVERIFY(f.questions.isEmpty());
}

void TestSessionWorkflow::editsGoIntoTheSession() {
    Fixture f;
    const QString file = path(QStringLiteral("edits.clwb"));
    writeRichSession(file);
    QVERIFY(f.workflow.open(file));
    ui::KernelEditor* main = f.editor.tabs()->currentEditor();
    main->setText(main->text() + QStringLiteral("// edited\n"));
    QVERIFY(f.session().isModified());
    QVERIFY(f.session().session().sources.files[0].text.ends_with("// edited\n"));
    QVERIFY(f.workflow.displayName().endsWith(QLatin1Char('*')));
    f.editor.diagnosticsPanel()->optionsEdit()->setText(QStringLiteral("-DTWO=2"));
    Q_EMIT f.editor.diagnosticsPanel()->choicesChanged();
    QCOMPARE(f.session().session().options, std::string("-DTWO=2"));
    QVERIFY(f.workflow.save());
    QVERIFY(!f.session().isModified());
    const auto read = engine::SessionFile::read(file.toStdString());
    QVERIFY(read.session.sources.files[0].text.ends_with("// edited\n"));
    QCOMPARE(read.session.options, std::string("-DTWO=2"));
}

void TestSessionWorkflow::deviceChoiceTravelsWithTheSession() {
    Fixture f;
    const QString file = path(QStringLiteral("device.clwb"));
    writeRichSession(file);
    QVERIFY(f.workflow.open(file));
    // Chosen in the status bar: the session keeps it, as `clworkbench run` reads it.
    f.session().chooseDevice(QStringLiteral("pthread"), true);
    QVERIFY(f.session().isModified());
    QCOMPARE(f.session().session().devices, std::vector<std::string>{"pthread"});
    QVERIFY(f.workflow.save());
    // A remembered choice alone changes nothing in a session; opening one that names a device
    // chooses that device.
    f.session().chooseDevice(QString());
    QVERIFY(!f.session().isModified());
    QVERIFY(f.workflow.open(file));
    QCOMPARE(f.session().deviceName(), QStringLiteral("pthread"));
    QVERIFY(!f.session().isModified());
}

void TestSessionWorkflow::saveAsTakesTheDataFiles() {
    Fixture f;
    QVERIFY(QDir().mkpath(path(QStringLiteral("from"))));
    const QString from = path(QStringLiteral("from/scale.clwb"));
    writeRichSession(from);
    QVERIFY(f.workflow.open(from));
    const QString to = path(QStringLiteral("to/copy.clwb"));
    QVERIFY(QDir().mkpath(path(QStringLiteral("to"))));
    QVERIFY(f.workflow.saveAs(to));
    QCOMPARE(f.session().filePath(), to);
    const engine::NpyArray data =
        engine::NpyFile::read(path(QStringLiteral("to/scale.data/data.npy")).toStdString());
    QCOMPARE(data.count(), size_t(256));
    QCOMPARE(data.values<float>()[7], 1.5f);
    QCOMPARE(engine::SessionFile::read(to.toStdString()).session, richSession());
}

void TestSessionWorkflow::badFilesOpenNothing_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("complaint");
    const std::string good = engine::SessionFile::serialize(richSession());
    QTest::newRow("not json") << QByteArray("this is not a session") << QStringLiteral("JSON");
    QTest::newRow("truncated") << QByteArray::fromStdString(good.substr(0, good.size() / 2))
                               << QStringLiteral("JSON");
    std::string newer = good;
    newer.replace(newer.find("\"version\": 1"), 12, "\"version\": 99");
    QTest::newRow("newer version") << QByteArray::fromStdString(newer) << QStringLiteral("newer");
    std::string unknown = good;
    unknown.replace(unknown.find("\"buffer\": \"data\""), 16, "\"buffer\": \"nope\"");
    QTest::newRow("unknown buffer")
        << QByteArray::fromStdString(unknown) << QStringLiteral("launches[0].arguments[0].buffer");
}

void TestSessionWorkflow::badFilesOpenNothing() {
    QFETCH(QByteArray, text);
    QFETCH(QString, complaint);
    Fixture f;
    const QString good = path(QStringLiteral("good.clwb"));
    writeRichSession(good);
    QVERIFY(f.workflow.open(good));
    f.editor.tabs()->currentEditor()->append(QStringLiteral("// unsaved edit\n"));
    const engine::Session before = f.session().session();
    QVERIFY(f.session().isModified());

    const QString bad = path(QStringLiteral("bad.clwb"));
    writeText(bad, text);
    QSignalSpy problems(&f.workflow, &app::SessionWorkflow::problem);
    QVERIFY(!f.workflow.open(bad));
    // The person chose "discard" for the unsaved edit, yet nothing changed: the file did not
    // read, so the open session, its file and its tabs stay.
    QCOMPARE(problems.count(), 1);
    const QString message = problems.first().first().toString();
    QVERIFY2(message.contains(complaint), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("bad.clwb")), qPrintable(message));
    QCOMPARE(f.session().session(), before);
    QCOMPARE(f.session().filePath(), good);
    QVERIFY(f.editor.tabs()->currentEditor()->text().endsWith(QStringLiteral("// unsaved edit\n")));
}

void TestSessionWorkflow::autosaveIsRecoveredAfterACrash() {
    const QString file = path(QStringLiteral("crash.clwb"));
    writeRichSession(file);
    {
        Fixture f;
        QVERIFY(f.workflow.open(file));
        f.editor.tabs()->currentEditor()->append(QStringLiteral("// not saved yet\n"));
        QVERIFY(f.workflow.autosave());
        QCOMPARE(f.workflow.autosavePath(), file + QStringLiteral(".autosave"));
        QVERIFY(QFile::exists(file + QStringLiteral(".autosave")));
        // The workbench "crashes": nothing saved, the autosave stays.
    }
    QVERIFY(QFile::exists(file + QStringLiteral(".autosave")));
    QFile autosaved(file + QStringLiteral(".autosave"));
    QVERIFY(autosaved.open(QIODevice::ReadWrite));
    QVERIFY(autosaved.setFileTime(QDateTime::currentDateTime().addSecs(5),
                                  QFileDevice::FileModificationTime));
    autosaved.close();
    Fixture f;
    QVERIFY(f.workflow.open(file));
    QCOMPARE(f.questions.size(), 1);
    QVERIFY(f.questions.first().contains(QStringLiteral("Recover")));
    QVERIFY(f.session().session().sources.files[0].text.ends_with("// not saved yet\n"));
    QVERIFY(f.session().isModified());
    QCOMPARE(f.session().filePath(), file);
    QVERIFY(f.workflow.save());
    QVERIFY(!QFile::exists(file + QStringLiteral(".autosave")));
}

void TestSessionWorkflow::untitledAutosaveIsRecovered() {
    {
        Fixture f;
        f.workflow.newSession(QStringLiteral("__kernel void k(__global int *x) { x[0] = 42; }\n"),
                              QStringLiteral("k.cl"));
        f.editor.tabs()->currentEditor()->append(QStringLiteral("// typed\n"));
        QVERIFY(f.workflow.autosave());
    }
    Fixture f;
    QVERIFY(f.workflow.recoverUntitled());
    QVERIFY(f.session().filePath().isEmpty());
    QVERIFY(f.session().isModified());
    QVERIFY(f.session().session().sources.files[0].text.ends_with("// typed\n"));
}

QTEST_MAIN(TestSessionWorkflow)
#include "tst_sessionworkflow.moc"
