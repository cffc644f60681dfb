// The OpenCL C lexer: every class of word gets its own style at the right place, block comments
// span lines, folding follows braces, and the theme follows the palette.
#include "editor/EditorTheme.h"
#include "editor/KernelEditor.h"
#include "editor/OpenClLexer.h"

#include <QApplication>
#include <QtTest>

using namespace clw::ui;

namespace {

const char kSample[] = R"(#include "common.h"
#define N 16
/* a block comment
   over two lines */
__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void blur(__global const float4* in, __write_only image2d_t out, __local float* scratch) {
    // a line comment
    const size_t i = get_global_id(0);
    int aligned = 3;
    float4 v = in[i] * 0.5f + (float4)(1.0e-3f);
    barrier(CLK_LOCAL_MEM_FENCE);
    write_imagef(out, (int2)(i, 0), v);
    char c = 'x';
}
)";

int styleAt(KernelEditor& editor, int position) {
    return int(editor.SendScintilla(QsciScintilla::SCI_GETSTYLEAT, position));
}

// The byte position of the n-th occurrence of `needle` (plus `offset`).
int positionOf(KernelEditor& editor, const char* needle, int occurrence = 1, int offset = 0) {
    const QByteArray text = editor.text().toUtf8();
    int at = -1;
    for (int n = 0; n < occurrence; ++n) {
        at = int(text.indexOf(needle, at + 1));
        if (at < 0)
            return -1;
    }
    return at + offset;
}

} // namespace

class TestOpenClLexer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stylesEachClassOfWord_data();
    void stylesEachClassOfWord();
    void blockCommentsSpanLinesAndReopenAfterEdits();
    void foldsBlocks();
    void themeFollowsThePalette();
};

void TestOpenClLexer::stylesEachClassOfWord_data() {
    QTest::addColumn<QByteArray>("needle");
    QTest::addColumn<int>("occurrence");
    QTest::addColumn<int>("style");
    const auto row = [](const char* name, const char* needle, int occurrence, int style) {
        QTest::newRow(name) << QByteArray(needle) << occurrence << style;
    };
    row("preprocessor include", "#include", 1, OpenClLexer::Preprocessor);
    row("include file name", "\"common.h\"", 1, OpenClLexer::String);
    row("preprocessor define", "#define", 1, OpenClLexer::Preprocessor);
    row("macro body number", "16\n", 1, OpenClLexer::Number);
    row("block comment", "a block", 1, OpenClLexer::Comment);
    row("block comment second line", "over two", 1, OpenClLexer::Comment);
    row("kernel keyword", "__kernel", 1, OpenClLexer::Keyword);
    row("attribute", "__attribute__", 1, OpenClLexer::Attribute);
    row("attribute name", "reqd_work_group_size", 1, OpenClLexer::Attribute);
    row("void type", "void", 1, OpenClLexer::Type);
    row("function name", "blur", 1, OpenClLexer::Identifier);
    row("global address space", "__global", 1, OpenClLexer::AddressSpace);
    row("const keyword", "const float4", 1, OpenClLexer::Keyword);
    row("vector type", "float4*", 1, OpenClLexer::VectorType);
    row("access qualifier", "__write_only", 1, OpenClLexer::AccessQualifier);
    row("image type", "image2d_t", 1, OpenClLexer::ImageType);
    row("local address space", "__local", 1, OpenClLexer::AddressSpace);
    row("scalar type", "float*", 1, OpenClLexer::Type);
    row("line comment", "// a line", 1, OpenClLexer::CommentLine);
    row("size_t", "size_t", 1, OpenClLexer::Type);
    row("work-item builtin", "get_global_id", 1, OpenClLexer::Builtin);
    row("number argument", "0);", 1, OpenClLexer::Number);
    row("attribute word outside an attribute", "aligned", 1, OpenClLexer::Identifier);
    row("float literal", "0.5f", 1, OpenClLexer::Number);
    row("exponent literal", "1.0e-3f", 1, OpenClLexer::Number);
    row("vector cast", "float4)(1", 1, OpenClLexer::VectorType);
    row("sync builtin", "barrier", 1, OpenClLexer::Builtin);
    row("builtin constant", "CLK_LOCAL_MEM_FENCE", 1, OpenClLexer::Constant);
    row("image builtin", "write_imagef", 1, OpenClLexer::Builtin);
    row("int2 vector type", "int2", 1, OpenClLexer::VectorType);
    row("character", "'x'", 1, OpenClLexer::Character);
    row("operator", "=", 1, OpenClLexer::Operator);
}

void TestOpenClLexer::stylesEachClassOfWord() {
    QFETCH(QByteArray, needle);
    QFETCH(int, occurrence);
    QFETCH(int, style);
    KernelEditor editor;
    editor.setText(QString::fromUtf8(kSample));
    editor.SendScintilla(QsciScintilla::SCI_COLOURISE, 0, -1);
    const int at = positionOf(editor, needle.constData(), occurrence);
    QVERIFY2(at >= 0, needle.constData());
    // The first and the last character of the token carry the style.
    const int last = at + int(needle.trimmed().size()) - 1;
    const bool whole = style != OpenClLexer::Comment && style != OpenClLexer::CommentLine &&
                       style != OpenClLexer::String && style != OpenClLexer::Character &&
                       style != OpenClLexer::Number;
    QCOMPARE(styleAt(editor, at), style);
    if (whole && !needle.contains('*') && !needle.contains(')') && !needle.contains(' '))
        QCOMPARE(styleAt(editor, last), style);
}

void TestOpenClLexer::blockCommentsSpanLinesAndReopenAfterEdits() {
    KernelEditor editor;
    editor.setText(QStringLiteral("int a;\nint b;\nint c;\n"));
    editor.SendScintilla(QsciScintilla::SCI_COLOURISE, 0, -1);
    const int b = positionOf(editor, "b;");
    QCOMPARE(styleAt(editor, b), int(OpenClLexer::Identifier));
    // Opening a comment on the first line turns the following lines into comment...
    editor.insertAt(QStringLiteral("/* "), 0, 0);
    editor.SendScintilla(QsciScintilla::SCI_COLOURISE, 0, -1);
    QCOMPARE(styleAt(editor, positionOf(editor, "b;")), int(OpenClLexer::Comment));
    QCOMPARE(styleAt(editor, positionOf(editor, "c;")), int(OpenClLexer::Comment));
    // ...and closing it on the second line gives the third back.
    editor.insertAt(QStringLiteral(" */"), 1, 6);
    editor.SendScintilla(QsciScintilla::SCI_COLOURISE, 0, -1);
    QCOMPARE(styleAt(editor, positionOf(editor, "b;")), int(OpenClLexer::Comment));
    QCOMPARE(styleAt(editor, positionOf(editor, "int c")), int(OpenClLexer::Type));
}

void TestOpenClLexer::foldsBlocks() {
    KernelEditor editor;
    editor.setText(QString::fromUtf8(kSample));
    editor.SendScintilla(QsciScintilla::SCI_COLOURISE, 0, -1);
    const auto level = [&](int line) {
        return int(editor.SendScintilla(QsciScintilla::SCI_GETFOLDLEVEL, line));
    };
    // Line 3 opens the two-line comment; line 6 opens the kernel's body.
    QVERIFY(level(2) & QsciScintilla::SC_FOLDLEVELHEADERFLAG);
    QVERIFY(level(5) & QsciScintilla::SC_FOLDLEVELHEADERFLAG);
    QCOMPARE(level(7) & QsciScintilla::SC_FOLDLEVELNUMBERMASK, QsciScintilla::SC_FOLDLEVELBASE + 1);
    QCOMPARE(level(14) & QsciScintilla::SC_FOLDLEVELNUMBERMASK, QsciScintilla::SC_FOLDLEVELBASE);
    // Folding the kernel hides its body.
    editor.SendScintilla(QsciScintilla::SCI_FOLDLINE, 5, QsciScintilla::SC_FOLDACTION_CONTRACT);
    QVERIFY(!editor.SendScintilla(QsciScintilla::SCI_GETLINEVISIBLE, 8));
}

void TestOpenClLexer::themeFollowsThePalette() {
    KernelEditor editor;
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    QCOMPARE(EditorTheme::forPalette(dark).name, QStringLiteral("dark"));
    QPalette light;
    light.setColor(QPalette::Window, QColor(0xf0, 0xf0, 0xf0));
    light.setColor(QPalette::WindowText, QColor(0x10, 0x10, 0x10));
    QCOMPARE(EditorTheme::forPalette(light).name, QStringLiteral("light"));

    const QPalette original = QApplication::palette();
    QApplication::setPalette(dark);
    QTRY_VERIFY(editor.theme().isDark());
    QCOMPARE(editor.openClLexer()->paper(OpenClLexer::Default), EditorTheme::dark().paper);
    QCOMPARE(editor.openClLexer()->color(OpenClLexer::Keyword),
             EditorTheme::dark().styles[OpenClLexer::Keyword]);
    QApplication::setPalette(light);
    QTRY_VERIFY(!editor.theme().isDark());
    QCOMPARE(editor.openClLexer()->paper(OpenClLexer::Default), EditorTheme::light().paper);
    QApplication::setPalette(original);
}

QTEST_MAIN(TestOpenClLexer)
#include "tst_openclexer.moc"
