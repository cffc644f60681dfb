// KernelEditor and its find bar without a device: diagnostics drawn as squiggles, markers and
// annotations at exact byte columns; comment toggling; go to line; find / replace with regular
// expressions.
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "editor/BuildController.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/FindBar.h"
#include "editor/KernelEditor.h"

#include <QAction>
#include <QCheckBox>
#include <QLineEdit>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace clw::ui;

namespace {

const char kKernel[] = "__kernel void k(__global float* d) {\n"
                       "    float v = d[0] * factr;\n"
                       "    d[0] = v + 1.0f;\n"
                       "}\n";

bool indicatorAt(KernelEditor& editor, int indicator, int position) {
    return editor.SendScintilla(QsciScintilla::SCI_INDICATORVALUEAT, indicator, position) != 0;
}

// [start, end) of every run of an indicator.
QList<QPair<int, int>> runs(KernelEditor& editor, int indicator) {
    QList<QPair<int, int>> result;
    const int length = int(editor.SendScintilla(QsciScintilla::SCI_GETLENGTH));
    int position = 0;
    while (position < length) {
        const int end =
            int(editor.SendScintilla(QsciScintilla::SCI_INDICATOREND, indicator, position));
        if (indicatorAt(editor, indicator, position))
            result.append({position, end});
        if (end <= position)
            break;
        position = end;
    }
    return result;
}

BuildDiagnostic diagnostic(DiagnosticSeverity severity, int line, int column, const char* message) {
    BuildDiagnostic d;
    d.device = QStringLiteral("test device");
    d.file = QStringLiteral("k.cl");
    d.line = line;
    d.column = column;
    d.severity = severity;
    d.message = QString::fromLatin1(message);
    return d;
}

} // namespace

class TestKernelEditor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void drawsDiagnosticsAtTheirColumns();
    void togglesComments();
    void goesToLine();
    void findsAndReplacesWithRegularExpressions();
    void workspaceActionsReachEveryTab();
};

void TestKernelEditor::drawsDiagnosticsAtTheirColumns() {
    KernelEditor editor;
    editor.setText(QString::fromLatin1(kKernel));
    // Line 2, column 22 is "factr"; line 3 without a column marks the line's text.
    editor.setDiagnostics(
        {diagnostic(DiagnosticSeverity::Error, 2, 22, "use of undeclared identifier 'factr'"),
         diagnostic(DiagnosticSeverity::Warning, 3, 0, "something odd")});
    const int line2 = int(editor.positionFromLineIndex(1, 0));
    QCOMPARE(runs(editor, KernelEditor::kErrorIndicator),
             (QList<QPair<int, int>>{{line2 + 21, line2 + 26}}));
    const int line3 = int(editor.positionFromLineIndex(2, 0));
    QCOMPARE(runs(editor, KernelEditor::kWarningIndicator),
             (QList<QPair<int, int>>{{line3 + 4, line3 + 20}}));
    QCOMPARE(editor.markersAtLine(1), 1 << KernelEditor::kErrorMarker);
    QCOMPARE(editor.markersAtLine(2), 1 << KernelEditor::kWarningMarker);
    QCOMPARE(editor.markersAtLine(0), 0);
    QVERIFY(editor.annotation(1).contains(QStringLiteral("undeclared identifier 'factr'")));
    QVERIFY(editor.annotation(2).startsWith(QStringLiteral("warning: something odd")));
    QVERIFY(editor.diagnosticAt(line2 + 23));
    QVERIFY(!editor.diagnosticAt(line2 + 2));

    // A note (where a macro was defined) marks its line without a squiggle.
    editor.setDiagnostics(
        {diagnostic(DiagnosticSeverity::Error, 2, 22, "use of undeclared identifier 'factr'"),
         diagnostic(DiagnosticSeverity::Note, 1, 10,
                    "expanded from macro 'SCALE' (for the error at k.cl:2)")});
    QCOMPARE(editor.markersAtLine(0), 1 << KernelEditor::kNoteMarker);
    QVERIFY(editor.annotation(0).startsWith(QStringLiteral("note: expanded from macro 'SCALE'")));
    QCOMPARE(runs(editor, KernelEditor::kErrorIndicator).size(), 1);
    QVERIFY(runs(editor, KernelEditor::kWarningIndicator).isEmpty());

    // A column past the end of the line still marks something visible on that line.
    editor.setDiagnostics({diagnostic(DiagnosticSeverity::Error, 1, 200, "expected ';'")});
    const auto endRuns = runs(editor, KernelEditor::kErrorIndicator);
    QCOMPARE(endRuns.size(), 1);
    QVERIFY(endRuns[0].second <= line2 - 1 && endRuns[0].second > endRuns[0].first);

    editor.clearDiagnostics();
    QVERIFY(runs(editor, KernelEditor::kErrorIndicator).isEmpty());
    QVERIFY(runs(editor, KernelEditor::kWarningIndicator).isEmpty());
    QCOMPARE(editor.markersAtLine(1), 0);
    QVERIFY(editor.annotation(1).isEmpty());
}

void TestKernelEditor::togglesComments() {
    KernelEditor editor;
    editor.setText(QStringLiteral("int a;\n    int b;\n\n    int c;\n"));
    editor.setSelection(0, 0, 3, 5);
    editor.toggleComment();
    QCOMPARE(editor.text(), QStringLiteral("// int a;\n//     int b;\n\n//     int c;\n"));
    editor.setSelection(0, 0, 3, 5);
    editor.toggleComment();
    QCOMPARE(editor.text(), QStringLiteral("int a;\n    int b;\n\n    int c;\n"));
    // Indented lines alone are commented at their common indentation; one undo step reverts.
    editor.setSelection(1, 0, 3, 2);
    editor.toggleComment();
    QCOMPARE(editor.text(), QStringLiteral("int a;\n    // int b;\n\n    // int c;\n"));
    editor.undo();
    QCOMPARE(editor.text(), QStringLiteral("int a;\n    int b;\n\n    int c;\n"));
    // Without a selection, the caret's line.
    editor.setCursorPosition(1, 2);
    editor.toggleComment();
    QCOMPARE(editor.text(1), QStringLiteral("    // int b;\n"));
}

void TestKernelEditor::goesToLine() {
    KernelEditor editor;
    QString text;
    for (int i = 1; i <= 200; ++i)
        text += QStringLiteral("int line%1 = %1;\n").arg(i);
    editor.setText(text);
    editor.resize(400, 200);
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    editor.goToLine(150, 5);
    int line = 0, index = 0;
    editor.getCursorPosition(&line, &index);
    QCOMPARE(line, 149);
    QCOMPARE(index, 4);
    QVERIFY(editor.firstVisibleLine() <= 149 &&
            editor.firstVisibleLine() + editor.SendScintilla(QsciScintilla::SCI_LINESONSCREEN) >
                149);
    editor.goToLine(1000); // clamped to the last line
    editor.getCursorPosition(&line, &index);
    QCOMPARE(line, editor.lines() - 1);
}

void TestKernelEditor::findsAndReplacesWithRegularExpressions() {
    KernelEditor editor;
    editor.setText(QStringLiteral("float a0 = x[0];\nfloat a1 = x[1];\nint b2 = x[2];\n"));
    FindBar bar;
    bar.setEditor(&editor);
    bar.openFind();
    bar.regexBox()->setChecked(true);
    bar.findEdit()->setText(QStringLiteral("x\\[(\\d)\\]"));
    QCOMPARE(bar.matchCount(), 3);
    QVERIFY(bar.findNext());
    QCOMPARE(editor.selectedText(), QStringLiteral("x[0]"));
    QVERIFY(bar.findNext());
    QCOMPARE(editor.selectedText(), QStringLiteral("x[1]"));
    QVERIFY(bar.findPrevious());
    QCOMPARE(editor.selectedText(), QStringLiteral("x[0]"));

    bar.replaceEdit()->setText(QStringLiteral("y[\\1 + 1]"));
    QCOMPARE(bar.replaceAll(), 3);
    QCOMPARE(editor.text(),
             QStringLiteral("float a0 = y[0 + 1];\nfloat a1 = y[1 + 1];\nint b2 = y[2 + 1];\n"));
    editor.undo(); // one step
    QCOMPARE(editor.text(), QStringLiteral("float a0 = x[0];\nfloat a1 = x[1];\nint b2 = x[2];\n"));

    // Plain text, whole words and case.
    bar.regexBox()->setChecked(false);
    bar.wordBox()->setChecked(true);
    bar.findEdit()->setText(QStringLiteral("a0"));
    QCOMPARE(bar.matchCount(), 1);
    bar.wordBox()->setChecked(false);
    bar.caseBox()->setChecked(true);
    bar.findEdit()->setText(QStringLiteral("FLOAT"));
    QCOMPARE(bar.matchCount(), 0);
    QVERIFY(!bar.findNext());
    // A malformed expression says so instead of finding nothing.
    bar.regexBox()->setChecked(true);
    bar.findEdit()->setText(QStringLiteral("x[("));
    QCOMPARE(bar.matchCount(), -1);
    QVERIFY(bar.statusText().startsWith(QStringLiteral("Invalid expression")));
}

void TestKernelEditor::workspaceActionsReachEveryTab() {
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("editor/liveBuild"), false); // no build in this test
    DeviceHosts hosts;
    EngineBridge bridge(1);
    EditorWorkspace workspace(bridge, hosts, settings);
    QVERIFY(!workspace.builds()->liveEnabled());
    KernelEditor* first = workspace.tabs()->newFile(QStringLiteral("int a;\n"));
    KernelEditor* second = workspace.tabs()->newFile(QStringLiteral("int b;\n"));
    const auto action = [&](const char* name) {
        QAction* found = workspace.findChild<QAction*>(QString::fromLatin1(name));
        if (!found)
            qWarning("no action %s", name);
        return found;
    };
    const auto zoom = [](KernelEditor* editor) {
        return int(editor->SendScintilla(QsciScintilla::SCI_GETZOOM));
    };
    action("zoomInAction")->trigger();
    action("zoomInAction")->trigger();
    QCOMPARE(zoom(first), 2);
    QCOMPARE(zoom(second), 2);
    KernelEditor* third = workspace.tabs()->newFile(QStringLiteral("int c;\n"));
    QCOMPARE(zoom(third), 2); // a new tab takes the zoom
    action("zoomOutAction")->trigger();
    QCOMPARE(zoom(first), 1);
    action("resetZoomAction")->trigger();
    QCOMPARE(zoom(third), 0);

    action("toggleCommentAction")->trigger();
    QCOMPARE(third->text(), QStringLiteral("// int c;\n"));
    workspace.show();
    action("findAction")->trigger();
    QVERIFY(workspace.findBar()->isVisible());
    QCOMPARE(workspace.findBar()->editor(), third);
    QCOMPARE(action("buildAction")->shortcut(), QKeySequence(QStringLiteral("Ctrl+B")));
    action("liveBuildAction")->setChecked(true);
    QVERIFY(workspace.builds()->liveEnabled());
    QCOMPARE(settings.value(QStringLiteral("editor/liveBuild")).toBool(), true);
}

QTEST_MAIN(TestKernelEditor)
#include "tst_kerneleditor.moc"
