// The language service behind the kernel editor, against the real clangd: completion of
// built-ins and of a struct's fields through a header's typedef, hover that resolves a -D type
// (and follows a change of the option), signature help, go to definition into a header and back,
// find references, the outline, semantic highlighting, errors as one types before any device
// build, clangd killed mid-session, a file the service refuses, clangd missing, and clang-format.
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "editor/BuildController.h"
#include "editor/DiagnosticsPanel.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "editor/language/DocumentOutline.h"
#include "editor/language/EditorLanguageClient.h"
#include "editor/language/LanguageServer.h"
#include "editor/language/LanguageService.h"
#include "editor/language/LanguageSupport.h"
#include "editor/language/ReferencesPanel.h"

#include "FakeLanguageServer.h"

#include <QAction>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace clw::ui;

namespace {

constexpr int kServiceTimeoutMs = 30000;

const char kHeader[] = "// Types of the kernel.\n"
                       "typedef struct {\n"
                       "    float first;\n"
                       "    float second;\n"
                       "} Pair;\n"
                       "typedef __global Pair* PairPtr;\n";

const char kKernel[] = "#include \"types.h\"\n"
                       "#define SCALE 2.0f\n"
                       "__kernel void add(__global const DATA_TYPE* a, __global DATA_TYPE* out,\n"
                       "                  PairPtr pairs) {\n"
                       "    size_t i = get_global_id(0);\n"
                       "    out[i] = a[i] * SCALE + pairs[i].first;\n"
                       "    \n"
                       "}\n";
constexpr int kFreeLine = 7; // the empty line in the body, where the tests type

struct Bench {
    QTemporaryDir dir;
    QSettings settings{dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat};
    DeviceHosts hosts;
    EngineBridge bridge{1};
    EditorWorkspace workspace{bridge, hosts, settings};
    KernelEditor* kernel = nullptr;

    Bench() {
        // No device builds: what the tests see comes from the language service alone.
        workspace.findChild<QAction*>(QStringLiteral("liveBuildAction"))->setChecked(false);
        workspace.resize(1000, 700);
        workspace.show(); // laid out, so that a click lands on the text
    }
    QString write(const QString& name, const QByteArray& bytes) {
        QFile file(dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly))
            return {};
        file.write(bytes);
        return file.fileName();
    }
    void setOptions(const QString& options) {
        auto* edit =
            workspace.diagnosticsPanel()->findChild<QLineEdit*>(QStringLiteral("buildOptions"));
        edit->setText(options);
        Q_EMIT edit->editingFinished();
    }
    // Opens the kernel and its header (the header first, so the kernel is the current tab).
    KernelEditor* open(const QString& options = QStringLiteral("-DDATA_TYPE=float")) {
        write(QStringLiteral("types.h"), kHeader);
        kernel = workspace.tabs()->openFile(write(QStringLiteral("kernel.cl"), kKernel));
        setOptions(options);
        return kernel;
    }
    EditorLanguageClient* client(KernelEditor* editor) const {
        return workspace.language()->clientFor(editor);
    }
    // Waits until clangd has read the file (its diagnostics arrived).
    bool ready(KernelEditor* editor) {
        EditorLanguageClient* languageClient = client(editor);
        if (!languageClient)
            return false;
        QSignalSpy shown(languageClient, &EditorLanguageClient::diagnosticsShown);
        return shown.wait(kServiceTimeoutMs) || !editor->serviceDiagnostics().isEmpty() ||
               shown.count() > 0;
    }
};

int positionOf(KernelEditor& editor, int line, int column) {
    return int(editor.SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, line - 1)) + column - 1;
}

int positionOf(KernelEditor& editor, const char* text) {
    return int(editor.text().toUtf8().indexOf(text));
}

void typeAt(KernelEditor& editor, int line, const QString& text) {
    editor.setFocus();
    editor.SendScintilla(QsciScintilla::SCI_GOTOPOS,
                         editor.SendScintilla(QsciScintilla::SCI_GETLINEENDPOSITION, line - 1));
    QTest::keyClicks(&editor, text);
}

QStringList insertTexts(const QList<CompletionEntry>& entries) {
    QStringList texts;
    for (const CompletionEntry& entry : entries)
        texts.append(entry.insertText);
    return texts;
}

QString hoverAt(KernelEditor& editor, EditorLanguageClient& client, int position) {
    QSignalSpy shown(&client, &EditorLanguageClient::hoverShown);
    Q_EMIT editor.SCN_DWELLSTART(position, 10, 10);
    if (!shown.wait(kServiceTimeoutMs))
        return {};
    return shown.last().at(0).toString();
}

} // namespace

class TestLanguageService : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void completesBuiltins();
    void completesFieldThroughHeaderTypedef();
    void hoverResolvesDefineAndFollowsOptions();
    void signatureHelpShowsOverloads();
    void definitionJumpsIntoHeaderAndBack();
    void referencesAndOutline();
    void semanticHighlighting();
    void errorSquiggleBeforeAnyBuild();
    void sameErrorFromBuildShownOnce();
    void killedServerRestartsAndCompletes();
    void refusesNulAndInvalidUtf8();
    void missingClangdFallsBack();
    void hungServerNeverBlocksTyping();
    void formatsWithClangFormat();
};

void TestLanguageService::initTestCase() {
    QVERIFY2(!LanguageService::findProgram().isEmpty(),
             "clangd not found: run scripts/setup (Debian: clangd)");
}

void TestLanguageService::completesBuiltins() {
    Bench bench;
    KernelEditor* editor = bench.open();
    QVERIFY(editor);
    QVERIFY(bench.ready(editor));
    EditorLanguageClient* client = bench.client(editor);
    QVERIFY(client->isActive());
    QVERIFY(editor->isLanguageServiceActive());
    QSignalSpy shown(client, &EditorLanguageClient::completionShown);
    typeAt(*editor, kFreeLine, QStringLiteral("get_gl"));
    QVERIFY(shown.wait(kServiceTimeoutMs));
    QVERIFY(editor->SendScintilla(QsciScintilla::SCI_AUTOCACTIVE));
    const QStringList texts = insertTexts(client->shownEntries());
    for (const char* name : {"get_global_id", "get_global_size", "get_global_offset"})
        QVERIFY2(texts.contains(QString::fromLatin1(name)), qPrintable(texts.join(u' ')));
    for (const QString& text : texts)
        QVERIFY2(text.startsWith(QLatin1String("get_gl")), qPrintable(text));
    // The list shows each item's signature and type; choosing one inserts only the name.
    const QString chosen = client->shownEntries().first().insertText;
    QTest::keyClick(editor, Qt::Key_Return);
    QCOMPARE(editor->text(kFreeLine - 1), QStringLiteral("    %1\n").arg(chosen));
}

void TestLanguageService::completesFieldThroughHeaderTypedef() {
    Bench bench;
    KernelEditor* editor = bench.open();
    QVERIFY(bench.ready(editor));
    EditorLanguageClient* client = bench.client(editor);
    QSignalSpy shown(client, &EditorLanguageClient::completionShown);
    typeAt(*editor, kFreeLine, QStringLiteral("pairs->"));
    QVERIFY(shown.wait(kServiceTimeoutMs));
    const QList<CompletionEntry> entries = client->shownEntries();
    QCOMPARE(insertTexts(entries),
             QStringList({QStringLiteral("first"), QStringLiteral("second")}));
    QCOMPARE(entries[0].kind, 5); // a field
    QCOMPARE(entries[0].detail, QStringLiteral("float"));
}

void TestLanguageService::hoverResolvesDefineAndFollowsOptions() {
    Bench bench;
    KernelEditor* editor = bench.open();
    QVERIFY(bench.ready(editor));
    EditorLanguageClient* client = bench.client(editor);
    const int parameter = positionOf(*editor, "a, __global");
    QString hover = hoverAt(*editor, *client, parameter);
    QVERIFY2(hover.contains(QLatin1String("const __global float *")), qPrintable(hover));
    const int macro = positionOf(*editor, "DATA_TYPE* a");
    hover = hoverAt(*editor, *client, macro + 2);
    QVERIFY2(hover.contains(QLatin1String("#define DATA_TYPE float")), qPrintable(hover));

    // The session's option changes: what hover shows follows it.
    QSignalSpy read(client, &EditorLanguageClient::diagnosticsShown);
    bench.setOptions(QStringLiteral("-DDATA_TYPE=int"));
    QTRY_VERIFY_WITH_TIMEOUT(
        hoverAt(*editor, *client, parameter).contains(QLatin1String("const __global int *")),
        kServiceTimeoutMs);
}

void TestLanguageService::signatureHelpShowsOverloads() {
    Bench bench;
    KernelEditor* editor = bench.open();
    QVERIFY(bench.ready(editor));
    EditorLanguageClient* client = bench.client(editor);
    QSignalSpy shown(client, &EditorLanguageClient::signatureShown);
    typeAt(*editor, kFreeLine, QStringLiteral("float m = mad("));
    QVERIFY(shown.wait(kServiceTimeoutMs));
    const QString tip = shown.last().at(0).toString();
    QVERIFY2(tip.contains(QLatin1String("mad(")) && tip.contains(QLatin1String("float a")),
             qPrintable(tip));
    QVERIFY2(tip.split(u'\n').size() >= 3, qPrintable(tip)); // the overloads, not one
    QVERIFY(editor->SendScintilla(QsciScintilla::SCI_CALLTIPACTIVE));
}

void TestLanguageService::definitionJumpsIntoHeaderAndBack() {
    Bench bench;
    KernelEditor* editor = bench.open();
    QVERIFY(bench.ready(editor));
    EditorTabs* tabs = bench.workspace.tabs();
    QCOMPARE(tabs->count(), 1);
    // Ctrl+click on "PairPtr": the header opens in a tab, at the typedef (line 6).
    const int at = positionOf(*editor, "PairPtr pairs") + 3;
    const QPoint point(int(editor->SendScintilla(QsciScintilla::SCI_POINTXFROMPOSITION, 0, at)) + 2,
                       int(editor->SendScintilla(QsciScintilla::SCI_POINTYFROMPOSITION, 0, at)) +
                           4);
    QTest::mouseClick(editor->viewport(), Qt::LeftButton, Qt::ControlModifier, point);
    QTRY_COMPARE_WITH_TIMEOUT(tabs->count(), 2, kServiceTimeoutMs);
    KernelEditor* header = tabs->currentEditor();
    QVERIFY(header != editor);
    QVERIFY(tabs->filePath(header).endsWith(QLatin1String("types.h")));
    int line = 0, index = 0;
    header->getCursorPosition(&line, &index);
    QCOMPARE(line + 1, 6);
    QCOMPARE(header->text(line).mid(index, 7), QStringLiteral("PairPtr"));

    // F2 on "Pair" there goes to the struct (line 5), Alt+Left back twice to the kernel.
    header->setCursorPosition(5, 17);
    bench.workspace.findChild<QAction*>(QStringLiteral("goToDefinitionAction"))->trigger();
    QTRY_VERIFY_WITH_TIMEOUT((header->getCursorPosition(&line, &index), line == 4),
                             kServiceTimeoutMs);
    QAction* back = bench.workspace.findChild<QAction*>(QStringLiteral("goBackAction"));
    back->trigger();
    header->getCursorPosition(&line, &index);
    QCOMPARE(line, 5);
    back->trigger();
    QCOMPARE(tabs->currentEditor(), editor);
    editor->getCursorPosition(&line, &index);
    QCOMPARE(line + 1, 4);
}

void TestLanguageService::referencesAndOutline() {
    Bench bench;
    KernelEditor* editor = bench.open();
    QVERIFY(bench.ready(editor));
    QSignalSpy found(&bench.workspace, &EditorWorkspace::referencesShown);
    editor->SendScintilla(QsciScintilla::SCI_GOTOPOS, positionOf(*editor, "out,"));
    bench.workspace.findChild<QAction*>(QStringLiteral("findReferencesAction"))->trigger();
    QVERIFY(found.wait(kServiceTimeoutMs));
    QCOMPARE(found.last().at(0).toInt(), 2); // the parameter and its one use
    QCOMPARE(bench.workspace.referencesPanel()->count(), 2);

    DocumentOutline* outline = bench.workspace.outline();
    QTRY_VERIFY_WITH_TIMEOUT(outline->count() > 1, kServiceTimeoutMs);
    QCOMPARE(outline->itemText(1), QStringLiteral("add  (kernel)"));
    QCOMPARE(outline->itemData(1).toInt(), 3);
}

void TestLanguageService::semanticHighlighting() {
    Bench bench;
    KernelEditor* editor = bench.open();
    EditorLanguageClient* client = bench.client(editor);
    QSignalSpy tokens(client, &EditorLanguageClient::semanticTokensShown);
    QVERIFY(tokens.wait(kServiceTimeoutMs));
    const auto indicatorAt = [editor](int position, int indicator) {
        return editor->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT, indicator, position) != 0;
    };
    QVERIFY(indicatorAt(positionOf(*editor, "SCALE +"), KernelEditor::kMacroIndicator));
    QVERIFY(indicatorAt(positionOf(*editor, "pairs[i]"), KernelEditor::kParameterIndicator));
    QVERIFY(indicatorAt(positionOf(*editor, "PairPtr pairs"), KernelEditor::kTypeIndicator));
    QVERIFY(!indicatorAt(positionOf(*editor, "size_t i") + 7, KernelEditor::kParameterIndicator));

    // Typed: the new line's macro and parameter get their colours (from clangd's delta).
    typeAt(*editor, kFreeLine, QStringLiteral("out[i] += SCALE;"));
    const int typed = positionOf(*editor, "out[i] += SCALE;");
    QTRY_VERIFY_WITH_TIMEOUT(indicatorAt(typed + 10, KernelEditor::kMacroIndicator),
                             kServiceTimeoutMs);
    QVERIFY(indicatorAt(typed, KernelEditor::kParameterIndicator));
    QVERIFY(!indicatorAt(typed + 4, KernelEditor::kMacroIndicator));
}

void TestLanguageService::errorSquiggleBeforeAnyBuild() {
    Bench bench;
    KernelEditor* editor = bench.open();
    QVERIFY(bench.ready(editor));
    QVERIFY(editor->serviceDiagnostics().isEmpty());
    QSignalSpy built(bench.workspace.builds(), &BuildController::buildStarted);
    typeAt(*editor, kFreeLine, QStringLiteral("out[i] += offst;"));
    QTRY_VERIFY_WITH_TIMEOUT(!editor->serviceDiagnostics().isEmpty(), kServiceTimeoutMs);
    const BuildDiagnostic problem = editor->serviceDiagnostics().first();
    QCOMPARE(problem.line, kFreeLine);
    QCOMPARE(problem.severity, DiagnosticSeverity::Error);
    QVERIFY2(problem.message.contains(QLatin1String("offst")), qPrintable(problem.message));
    const int at = positionOf(*editor, "offst;");
    QVERIFY(editor->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT,
                                  KernelEditor::kServiceErrorIndicator, at));
    QVERIFY(!editor->SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT,
                                   KernelEditor::kErrorIndicator, at));
    QVERIFY(editor->markersAtLine(kFreeLine - 1) & (1 << KernelEditor::kServiceErrorMarker));
    QCOMPARE(built.count(), 0); // no device build was asked for

    // Fixed: the squiggle goes.
    editor->SendScintilla(QsciScintilla::SCI_SETTARGETRANGE, at, at + 5);
    editor->SendScintilla(QsciScintilla::SCI_REPLACETARGET, 4, "1.0f");
    QTRY_VERIFY_WITH_TIMEOUT(editor->serviceDiagnostics().isEmpty(), kServiceTimeoutMs);
    QVERIFY(!(editor->markersAtLine(kFreeLine - 1) & (1 << KernelEditor::kServiceErrorMarker)));
}

void TestLanguageService::sameErrorFromBuildShownOnce() {
    KernelEditor editor;
    editor.setText(QStringLiteral("__kernel void k() {\n    int x = y;\n}\n"));
    BuildDiagnostic service;
    service.line = 2;
    service.column = 13;
    service.severity = DiagnosticSeverity::Error;
    service.message = QStringLiteral("Use of undeclared identifier 'y'");
    editor.setServiceDiagnostics({service});
    QCOMPARE(editor.shownServiceDiagnostics().size(), 1);
    BuildDiagnostic built = service;
    built.message = QStringLiteral("use of undeclared identifier 'y'");
    editor.setDiagnostics({built});
    QCOMPARE(editor.shownServiceDiagnostics().size(), 0);
    // Worded otherwise by another compiler version, at the same place: still one.
    built.message = QStringLiteral("use of undeclared identifier 'y'; did you mean 'x'?");
    editor.setDiagnostics({built});
    QCOMPARE(editor.shownServiceDiagnostics().size(), 0);
    // Another problem on the line (another column and words) is shown.
    built.column = 5;
    built.message = QStringLiteral("unused variable 'x'");
    editor.setDiagnostics({built});
    QCOMPARE(editor.shownServiceDiagnostics().size(), 1);
    built = service;
    editor.setDiagnostics({built});
    const int at = positionOf(editor, 2, 13);
    QVERIFY(editor.SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT, KernelEditor::kErrorIndicator,
                                 at));
    QVERIFY(!editor.SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT,
                                  KernelEditor::kServiceErrorIndicator, at));
    QVERIFY(!(editor.markersAtLine(1) & (1 << KernelEditor::kServiceErrorMarker)));
}

void TestLanguageService::killedServerRestartsAndCompletes() {
    Bench bench;
    KernelEditor* editor = bench.open();
    QVERIFY(bench.ready(editor));
    LanguageService& service = bench.workspace.language()->service();
    const qint64 first = service.server()->processId();
    // What the status bar showed as each message came: a build's result that ends later (the
    // editor's check) may replace the message by the time the restart is seen.
    QStringList statusShown;
    connect(bench.workspace.language(), &LanguageSupport::message, &bench.workspace,
            [&] { statusShown << bench.workspace.statusLabel()->text(); });
    QSignalSpy started(&service, &LanguageService::started);
    service.killServer();
    QVERIFY(started.wait(kServiceTimeoutMs));
    QVERIFY(service.server()->processId() != first);
    QVERIFY2(statusShown.filter(QLatin1String("The language service (clangd) stopped")).size() == 1,
             qPrintable(statusShown.join(QLatin1Char('\n'))));
    EditorLanguageClient* client = bench.client(editor);
    QSignalSpy shown(client, &EditorLanguageClient::completionShown);
    typeAt(*editor, kFreeLine, QStringLiteral("get_lo"));
    QVERIFY(shown.wait(kServiceTimeoutMs));
    QVERIFY(insertTexts(client->shownEntries()).contains(QStringLiteral("get_local_id")));
}

void TestLanguageService::refusesNulAndInvalidUtf8() {
    Bench bench;
    KernelEditor* good = bench.open();
    QVERIFY(bench.ready(good));
    QByteArray bytes = "__kernel void bad(__global float* x) {\n    x[0] = 1.0f; // \xff\xfe\n}\n";
    bytes.append('\0');
    bytes.append("\n");
    KernelEditor* bad =
        bench.workspace.tabs()->openFile(bench.write(QStringLiteral("bad.cl"), bytes));
    QVERIFY(bad);
    QTRY_VERIFY(bench.workspace.statusLabel()->text().contains(QLatin1String("skips bad.cl")));
    QVERIFY2(bench.workspace.statusLabel()->text().contains(QLatin1String("not UTF-8")),
             qPrintable(bench.workspace.statusLabel()->text()));
    QVERIFY(!bench.workspace.language()->service().hasDocument(
        bench.workspace.language()->pathOf(bad)));
    QVERIFY(!bad->isLanguageServiceActive()); // the built-in list completes there
    // Typing goes on in the refused file, and the service still serves the other one.
    typeAt(*bad, 2, QStringLiteral(" x[1] = 2.0f;"));
    QVERIFY(bad->text(1).contains(QLatin1String("x[1] = 2.0f;")));
    bench.workspace.tabs()->setCurrentWidget(good);
    EditorLanguageClient* client = bench.client(good);
    QSignalSpy shown(client, &EditorLanguageClient::completionShown);
    typeAt(*good, kFreeLine, QStringLiteral("get_gr"));
    QVERIFY(shown.wait(kServiceTimeoutMs));
    QVERIFY(insertTexts(client->shownEntries()).contains(QStringLiteral("get_group_id")));

    // A NUL in UTF-8 text is refused too, and the editor keeps the whole file.
    KernelEditor* nul = bench.workspace.tabs()->openFile(
        bench.write(QStringLiteral("nul.cl"), QByteArray("__kernel void z() {}\n// a\0b\n", 28)));
    QVERIFY(nul);
    QCOMPARE(nul->fullText().toUtf8(), QByteArray("__kernel void z() {}\n// a\0b\n", 28));
    QTRY_VERIFY(bench.workspace.statusLabel()->text().contains(
        QLatin1String("skips nul.cl: the file holds a NUL character (line 2, column 5)")));
    QVERIFY(!nul->isLanguageServiceActive());
}

void TestLanguageService::missingClangdFallsBack() {
    qputenv("CLW_CLANGD", "/nonexistent/clangd");
    Bench bench;
    qunsetenv("CLW_CLANGD");
    QSignalSpy said(bench.workspace.language(), &LanguageSupport::message);
    KernelEditor* editor = bench.open();
    QVERIFY(editor);
    bench.workspace.tabs()->newFile(QStringLiteral("// more\n"), QStringLiteral("more.cl"));
    // Said once, in the status bar, whatever the number of files.
    QTRY_COMPARE(said.count(), 1);
    QCOMPARE(said.first().at(0).toString(),
             QStringLiteral("clangd not found at /nonexistent/clangd (CLW_CLANGD): install "
                            "clangd for completion and types"));
    QVERIFY(!editor->isLanguageServiceActive());
    QCOMPARE(editor->autoCompletionSource(), QsciScintilla::AcsAPIs);
    QVERIFY(!bench.workspace.language()->service().isRunning());
}

// A server that answers "initialize" and then nothing: each request runs out its time, typing
// goes on meanwhile, and after three in a row the service ends it and starts another.
void TestLanguageService::hungServerNeverBlocksTyping() {
    QTemporaryDir scripts;
    const QString server =
        clw::test::writeFakeLanguageServer(scripts, QStringLiteral("hung-clangd"));
    QVERIFY(!server.isEmpty());
    qputenv("CLW_CLANGD", server.toUtf8());
    Bench bench;
    qunsetenv("CLW_CLANGD");
    KernelEditor* editor = bench.open();
    LanguageService& service = bench.workspace.language()->service();
    QTRY_VERIFY_WITH_TIMEOUT(service.isRunning(), kServiceTimeoutMs);
    const qint64 first = service.server()->processId();
    QSignalSpy timedOut(service.server(), &LanguageServer::requestTimedOut);
    QSignalSpy started(&service, &LanguageService::started);
    // Each key is in the text at once, whatever the server does not answer.
    editor->setFocus();
    editor->SendScintilla(
        QsciScintilla::SCI_GOTOPOS,
        editor->SendScintilla(QsciScintilla::SCI_GETLINEENDPOSITION, kFreeLine - 1));
    for (const QChar c : QStringLiteral("get_global_id")) {
        QElapsedTimer key;
        key.start();
        QTest::keyClick(editor, c.toLatin1());
        QVERIFY(key.elapsed() < 100);
    }
    QVERIFY(editor->text(kFreeLine - 1).contains(QLatin1String("get_global_id")));
    // The asks (completion as one types, the outline) run out their time; after three in a row the
    // server is ended and a new one started.
    QTRY_VERIFY_WITH_TIMEOUT(timedOut.count() >= LanguageService::kHangTimeouts &&
                                 started.count() >= 1,
                             kServiceTimeoutMs);
    QVERIFY(service.server()->processId() != first);
    QVERIFY2(bench.workspace.statusLabel()->text().contains(QLatin1String("stopped")),
             qPrintable(bench.workspace.statusLabel()->text()));
}

void TestLanguageService::formatsWithClangFormat() {
    Bench bench;
    KernelEditor* editor = bench.workspace.tabs()->openFile(
        bench.write(QStringLiteral("ugly.cl"), "__kernel void k(__global float*x){x[0]=1.0f;}\n"));
    QVERIFY(editor);
    bench.workspace.formatCurrent();
    QTRY_VERIFY_WITH_TIMEOUT(editor->text() !=
                                 QStringLiteral("__kernel void k(__global float*x){x[0]=1.0f;}\n"),
                             kServiceTimeoutMs);
    QCOMPARE(editor->text(),
             QStringLiteral("__kernel void k(__global float *x) { x[0] = 1.0f; }\n"));
    editor->undo(); // one step
    QCOMPARE(editor->text(), QStringLiteral("__kernel void k(__global float*x){x[0]=1.0f;}\n"));

    // Format on save: the file on disk is the formatted text.
    bench.workspace.formatOnSaveAction()->setChecked(true);
    QVERIFY(bench.workspace.saveCurrent());
    const auto onDisk = [&bench] {
        QFile file(bench.dir.filePath(QStringLiteral("ugly.cl")));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    };
    QTRY_COMPARE_WITH_TIMEOUT(onDisk(),
                              QByteArray("__kernel void k(__global float *x) { x[0] = 1.0f; }\n"),
                              kServiceTimeoutMs);
}

QTEST_MAIN(TestLanguageService)
#include "tst_languageservice.moc"
