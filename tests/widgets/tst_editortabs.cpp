// File tabs: open / save / save as / revert with modified markers, reload when the file changed on
// disk (silently when the tab is clean, after asking when it has edits), our own saves not taken
// for outside changes, and the sources a build gets named as `#include` spells them.
#include "editor/EditorTabs.h"
#include "editor/KernelEditor.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace clw::ui;

namespace {

void writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

class TestEditorTabs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void opensSavesAndMarksModified();
    void reloadsACleanTabWhenTheFileChanges();
    void asksBeforeReloadingOverEdits();
    void ownSavesAreNotOutsideChanges();
    void namesSourcesAsIncludesSpellThem();
    void reportsWhatFails();
    void keepsBytesThatAreNotUtf8();
};

void TestEditorTabs::opensSavesAndMarksModified() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("k.cl"));
    writeFile(path, "__kernel void k() {}\n");
    EditorTabs tabs;
    KernelEditor* editor = tabs.openFile(path);
    QVERIFY(editor);
    QCOMPARE(tabs.openFile(path), editor); // the same file is one tab
    QCOMPARE(tabs.count(), 1);
    QCOMPARE(tabs.tabText(0), QStringLiteral("k.cl"));
    editor->append(QStringLiteral("// edit\n"));
    QCOMPARE(tabs.tabText(0), QStringLiteral("k.cl*"));
    QVERIFY(tabs.save(editor));
    QCOMPARE(tabs.tabText(0), QStringLiteral("k.cl"));
    QCOMPARE(readFile(path), QByteArray("__kernel void k() {}\n// edit\n"));

    editor->append(QStringLiteral("// more\n"));
    QVERIFY(tabs.revert(editor));
    QCOMPARE(editor->text(), QStringLiteral("__kernel void k() {}\n// edit\n"));
    QCOMPARE(tabs.tabText(0), QStringLiteral("k.cl"));

    KernelEditor* untitled = tabs.newFile(QStringLiteral("int x;\n"));
    QVERIFY(tabs.tabText(1).startsWith(QStringLiteral("untitled-")));
    QVERIFY(!tabs.save(untitled)); // no file yet: the workspace asks for one
    const QString copy = dir.filePath(QStringLiteral("sub/copy.cl"));
    QDir().mkpath(dir.filePath(QStringLiteral("sub")));
    QVERIFY(tabs.saveAs(untitled, copy));
    QCOMPARE(tabs.tabText(1), QStringLiteral("copy.cl"));
    QCOMPARE(tabs.filePath(untitled), copy);
    QCOMPARE(readFile(copy), QByteArray("int x;\n"));

    // Closing a tab with edits asks; Cancel keeps it, Discard closes it.
    untitled->append(QStringLiteral("int y;\n"));
    int asked = 0;
    QMessageBox::StandardButton answer = QMessageBox::Cancel;
    tabs.setQuestion([&](const QString&, const QString&, QMessageBox::StandardButtons) {
        ++asked;
        return answer;
    });
    QVERIFY(!tabs.closeEditor(untitled));
    QCOMPARE(tabs.count(), 2);
    answer = QMessageBox::Discard;
    QVERIFY(tabs.closeEditor(untitled));
    QCOMPARE(tabs.count(), 1);
    QCOMPARE(asked, 2);
}

void TestEditorTabs::reloadsACleanTabWhenTheFileChanges() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("k.cl"));
    writeFile(path, "int before;\n");
    EditorTabs tabs;
    int asked = 0;
    tabs.setQuestion([&](const QString&, const QString&, QMessageBox::StandardButtons) {
        ++asked;
        return QMessageBox::No;
    });
    KernelEditor* editor = tabs.openFile(path);
    QSignalSpy reloaded(&tabs, &EditorTabs::reloaded);
    writeFile(path, "int after;\n");
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 1, 5000);
    QCOMPARE(editor->text(), QStringLiteral("int after;\n"));
    QVERIFY(!editor->isModified());
    QCOMPARE(asked, 0);

    // A writer that replaces the file (write a temporary, rename over) is followed as well.
    const QString temporary = dir.filePath(QStringLiteral("k.cl.tmp"));
    writeFile(temporary, "int replaced;\n");
    QVERIFY(QFile::remove(path));
    QVERIFY(QFile::rename(temporary, path));
    QTRY_COMPARE_WITH_TIMEOUT(editor->text(), QStringLiteral("int replaced;\n"), 5000);
    writeFile(path, "int again;\n");
    QTRY_COMPARE_WITH_TIMEOUT(editor->text(), QStringLiteral("int again;\n"), 5000);
}

void TestEditorTabs::asksBeforeReloadingOverEdits() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("k.cl"));
    writeFile(path, "int before;\n");
    EditorTabs tabs;
    QStringList questions;
    QMessageBox::StandardButton answer = QMessageBox::No;
    tabs.setQuestion([&](const QString&, const QString& text, QMessageBox::StandardButtons) {
        questions << text;
        return answer;
    });
    KernelEditor* editor = tabs.openFile(path);
    editor->append(QStringLiteral("int mine;\n"));
    writeFile(path, "int theirs;\n");
    QTRY_COMPARE_WITH_TIMEOUT(questions.size(), 1, 5000);
    QVERIFY(questions[0].contains(QStringLiteral("unsaved edits")));
    QCOMPARE(editor->text(), QStringLiteral("int before;\nint mine;\n")); // "No": edits kept
    QVERIFY(editor->isModified());

    answer = QMessageBox::Yes;
    QSignalSpy reloaded(&tabs, &EditorTabs::reloaded);
    writeFile(path, "int theirs, again;\n");
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 1, 5000);
    QCOMPARE(questions.size(), 2);
    QCOMPARE(editor->text(), QStringLiteral("int theirs, again;\n"));
    QVERIFY(!editor->isModified());
}

void TestEditorTabs::ownSavesAreNotOutsideChanges() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("k.cl"));
    writeFile(path, "int a;\n");
    EditorTabs tabs;
    int asked = 0;
    tabs.setQuestion([&](const QString&, const QString&, QMessageBox::StandardButtons) {
        ++asked;
        return QMessageBox::Yes;
    });
    KernelEditor* editor = tabs.openFile(path);
    QSignalSpy reloaded(&tabs, &EditorTabs::reloaded);
    QSignalSpy saved(&tabs, &EditorTabs::saved);
    editor->append(QStringLiteral("int b;\n"));
    QVERIFY(tabs.save(editor));
    editor->append(QStringLiteral("int c;\n")); // typing right after saving
    QTest::qWait(300);
    QCOMPARE(saved.count(), 1);
    QCOMPARE(reloaded.count(), 0);
    QCOMPARE(asked, 0);
    QCOMPARE(editor->text(), QStringLiteral("int a;\nint b;\nint c;\n"));
    // Outside changes are still seen after our save.
    QVERIFY(tabs.save(editor));
    writeFile(path, "int outside;\n");
    QTRY_COMPARE_WITH_TIMEOUT(reloaded.count(), 1, 5000);
}

void TestEditorTabs::namesSourcesAsIncludesSpellThem() {
    QTemporaryDir dir;
    const auto at = [&](const char* name) { return dir.filePath(QString::fromLatin1(name)); };
    writeFile(at("proj/k.cl"), "#include \"common.h\"\n#include \"inc/util.h\"\n");
    writeFile(at("proj/common.h"), "#define A 1\n");
    writeFile(at("proj/inc/util.h"), "#define B 2\n");
    writeFile(at("other/elsewhere.h"), "#define C 3\n");
    EditorTabs tabs;
    KernelEditor* kernel = tabs.openFile(at("proj/k.cl"));
    KernelEditor* common = tabs.openFile(at("proj/common.h"));
    KernelEditor* util = tabs.openFile(at("proj/inc/util.h"));
    KernelEditor* elsewhere = tabs.openFile(at("other/elsewhere.h"));
    KernelEditor* untitled =
        tabs.newFile(QStringLiteral("#define D 4\n"), QStringLiteral("scratch.h"));
    common->setText(QStringLiteral("#define A 42 // unsaved\n"));
    QVERIFY(tabs.isHeader(common));
    QVERIFY(!tabs.isHeader(kernel));

    const BuildSources sources = tabs.sources(kernel);
    QCOMPARE(sources.mainFile, QStringLiteral("k.cl"));
    QStringList names;
    for (const BuildSourceFile& file : sources.files)
        names << file.name;
    QCOMPARE(names, (QStringList{QStringLiteral("k.cl"), QStringLiteral("common.h"),
                                 QStringLiteral("inc/util.h"), QStringLiteral("elsewhere.h"),
                                 QStringLiteral("scratch.h")}));
    QCOMPARE(sources.files[1].text, QStringLiteral("#define A 42 // unsaved\n")); // the open text
    QCOMPARE(sources.includeDirs, QStringList{QFileInfo(at("proj/k.cl")).absolutePath()});
    QCOMPARE(tabs.editorForSource(QStringLiteral("inc/util.h"), kernel), util);
    QCOMPARE(tabs.editorForSource(QStringLiteral("elsewhere.h"), kernel), elsewhere);
    QCOMPARE(tabs.editorForSource(QStringLiteral("scratch.h"), kernel), untitled);
    QCOMPARE(tabs.editorForSource(QStringLiteral("missing.h"), kernel), nullptr);
}

void TestEditorTabs::reportsWhatFails() {
    QTemporaryDir dir;
    EditorTabs tabs;
    QSignalSpy problems(&tabs, &EditorTabs::problem);
    QVERIFY(!tabs.openFile(dir.filePath(QStringLiteral("missing.cl"))));
    QCOMPARE(problems.count(), 1);
    QVERIFY(problems[0][0].toString().contains(QStringLiteral("missing.cl")));
    KernelEditor* editor = tabs.newFile(QStringLiteral("int x;\n"));
    QVERIFY(!tabs.saveAs(editor, dir.filePath(QStringLiteral("no/such/folder/k.cl"))));
    QCOMPARE(problems.count(), 2);
    QVERIFY(problems[1][0].toString().contains(QStringLiteral("still in the editor")));
    QCOMPARE(editor->text(), QStringLiteral("int x;\n"));
    QVERIFY(editor->isModified() || tabs.filePath(editor).isEmpty());
}

void TestEditorTabs::keepsBytesThatAreNotUtf8() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("latin.cl"));
    // Line 2 holds a Latin-1 e-acute (0xe9) and a lone continuation byte (0x80).
    const QByteArray original("__kernel void k() {}\n// caf\xe9 \x80\n");
    writeFile(path, original);
    EditorTabs tabs;
    QSignalSpy problems(&tabs, &EditorTabs::problem);
    KernelEditor* editor = tabs.openFile(path);
    QVERIFY(editor);
    QCOMPARE(problems.count(), 1);
    const QString warning = problems.front().at(0).toString();
    QVERIFY2(warning.contains(QStringLiteral("latin.cl is not valid UTF-8 (line 2, column 7")),
             qPrintable(warning));
    QCOMPARE(editor->text(), QString::fromLatin1(original)); // every byte shown
    // Saved unchanged; a character typed since, beyond Latin-1, is kept as UTF-8.
    QVERIFY(tabs.save(editor));
    QCOMPARE(readFile(path), original);
    editor->append(QStringLiteral("// \u03bb\n"));
    QVERIFY(tabs.save(editor));
    QCOMPARE(readFile(path), original + QByteArray("// \xce\xbb\n"));

    // Valid UTF-8 opens as such, without a word.
    const QString utf8 = dir.filePath(QStringLiteral("utf8.cl"));
    writeFile(utf8, "// \xce\xbb \xef\xbf\xbd\n");
    problems.clear();
    KernelEditor* plain = tabs.openFile(utf8);
    QVERIFY(plain);
    QCOMPARE(problems.count(), 0);
    QCOMPARE(plain->text(), QStringLiteral("// \u03bb \ufffd\n"));
}

QTEST_MAIN(TestEditorTabs)
#include "tst_editortabs.moc"
