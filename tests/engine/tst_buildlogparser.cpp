// Build-log diagnostics: fixture logs in every driver's format (tests/data/buildlogs), a log
// PoCL produces right now, and the rules every format shares: exact locations, notes, and no
// line of a log ever lost.
#include "TestDevice.h"

#include "clw/engine/build/BuildLogParser.h"
#include "clw/engine/runtime/Program.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace clw::engine;

namespace {

// One expected diagnostic; for Text, message is the verbatim line.
struct Expect {
    Severity severity;
    std::string file;
    int line;
    int column;
    std::string message;
    size_t notes;
};

Expect text(const std::string& line) {
    return {Severity::Text, "", 0, 0, line, 0};
}

QByteArray readFixture(const char* name) {
    const QString dir = qEnvironmentVariable("CLW_TEST_DATA");
    QFile file(dir + QStringLiteral("/buildlogs/") + QString::fromLatin1(name));
    if (dir.isEmpty() || !file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

#define CLW_FIXTURE(var, name)                                                                     \
    const QByteArray var##Bytes = readFixture(name);                                               \
    QVERIFY2(!var##Bytes.isEmpty(), "fixture missing: is CLW_TEST_DATA set (CTest sets it)?");     \
    const std::string var = var##Bytes.toStdString()

std::vector<std::string> nonBlankLines(const std::string& text) {
    std::vector<std::string> lines;
    for (const QByteArray& line : QByteArray::fromStdString(text).split('\n')) {
        const QByteArray cut = line.endsWith('\r') ? line.chopped(1) : line;
        if (!cut.trimmed().isEmpty())
            lines.push_back(cut.toStdString());
    }
    return lines;
}

// Every non-blank line of the log is in the text of one diagnostic, in log order.
void verifyNothingDropped(const std::string& log, const std::vector<Diagnostic>& diagnostics) {
    std::string all;
    for (const Diagnostic& d : diagnostics)
        all += d.text + '\n';
    QCOMPARE(nonBlankLines(all), nonBlankLines(log));
}

void verifyDiagnostics(const std::vector<Diagnostic>& got, const std::vector<Expect>& want) {
    for (size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
        const QByteArray where = "diagnostic " + QByteArray::number(qulonglong(i)) + ": " +
                                 QByteArray::fromStdString(got[i].text.substr(0, 80));
        QVERIFY2(got[i].severity == want[i].severity, where.constData());
        QCOMPARE(got[i].file, want[i].file);
        QCOMPARE(got[i].line, want[i].line);
        QCOMPARE(got[i].column, want[i].column);
        QCOMPARE(got[i].message, want[i].message);
        QCOMPARE(got[i].notes.size(), want[i].notes);
    }
    QCOMPARE(got.size(), want.size());
}

// Parses the log and checks it against want and the no-line-lost rule; the log with "\r\n"
// line ends must give the same result.
void verifyLog(const std::string& log, const std::vector<Expect>& want) {
    const auto diagnostics = parseBuildLog(log);
    verifyDiagnostics(diagnostics, want);
    if (QTest::currentTestFailed())
        return;
    verifyNothingDropped(log, diagnostics);
    if (QTest::currentTestFailed())
        return;
    std::string crlf;
    for (char c : log)
        crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    const auto fromCrlf = parseBuildLog(crlf);
    QCOMPARE(fromCrlf.size(), diagnostics.size());
    for (size_t i = 0; i < diagnostics.size(); ++i) {
        QCOMPARE(fromCrlf[i].text, diagnostics[i].text);
        QCOMPARE(fromCrlf[i].message, diagnostics[i].message);
        QCOMPARE(fromCrlf[i].column, diagnostics[i].column);
        QCOMPARE(fromCrlf[i].notes, diagnostics[i].notes);
    }
}

const char* const kTwoErrors = "kernel void twoErrors(global int* out) {\n"
                               "    int i = get_global_id(0);\n"
                               "    undeclared = i;\n" // line 3, column 5
                               "    out[i] = i;\n"
                               "    out[i] += 1;\n"
                               "    out[i] *= 2\n" // line 6: the ';' is missing at column 16
                               "}\n";

const Severity E = Severity::Error;
const Severity W = Severity::Warning;
const Severity N = Severity::Note;
const Severity R = Severity::Remark;

} // namespace

class TestBuildLogParser : public QObject {
    Q_OBJECT
private slots:
    void pocl_liveBuildGivesExactLocations() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const BuildResult result = Program::fromSource(context, kTwoErrors).build();
        QVERIFY(!result.ok());
        QCOMPARE(result.devices.size(), size_t(1));
        const std::string& log = result.devices[0].log;
        QVERIFY2(!log.empty(), "the driver gave no build log");
        // PoCL names a temporary file; the mapper puts the person's name back.
        const auto diagnostics =
            parseBuildLog(log, [](const std::string&) { return std::string("twoErrors.cl"); });
        std::vector<Diagnostic> errors;
        for (const Diagnostic& d : diagnostics)
            if (d.severity == Severity::Error)
                errors.push_back(d);
        QCOMPARE(errors.size(), size_t(2));
        QCOMPARE(errors[0].file, std::string("twoErrors.cl"));
        QCOMPARE(errors[0].line, 3);
        QCOMPARE(errors[0].column, 5);
        QVERIFY(errors[0].message.find("undeclared") != std::string::npos);
        QCOMPARE(errors[1].line, 6);
        QCOMPARE(errors[1].column, 16);
        QVERIFY(errors[1].message.find("';'") != std::string::npos);
        verifyNothingDropped(log, diagnostics);
    }

    void pocl_fixture() {
        // Captured from PoCL 3.1, which puts the severity first and prints no excerpt.
        CLW_FIXTURE(log, "pocl_two_errors.log");
        const std::string file = "/root/.cache/pocl/kcache/tempfile_yFx4IT.cl";
        verifyLog(log, {
                           {E, file, 3, 5, "use of undeclared identifier 'undeclared'", 0},
                           {E, file, 6, 16, "expected ';' after expression", 0},
                           text("Device pthread-skylake-avx512-AMD EPYC failed to build the "
                                "program"),
                       });
    }

    // PoCL names where an error inside a macro expansion is spelled only in "<Spelling=...>"
    // after the location (the message otherwise lost its place): it becomes a note of the error.
    void pocl_macroSpellingBecomesANote() {
        const std::string file = "/home/user/.cache/pocl/kcache/tempfile_N6TPsh.cl";
        verifyLog(
            "error: " + file + ":5:14 <Spelling=" + file +
                ":1:25>: use of undeclared identifier 'undeclared_factor'\n"
                "Device pthread failed to build the program\n",
            {
                {E, file, 5, 14, "use of undeclared identifier 'undeclared_factor'", 1},
                {N, file, 1, 25,
                 "spelled here, in the definition of the macro expanded at " + file + ":5:14", 0},
                text("Device pthread failed to build the program"),
            });
        // A -D option is spelled in clang's "<command line>" buffer, never mapped to a file.
        const auto fromOption = parseBuildLog(
            "error: " + file + ":2:11 <Spelling=<command line>:6:11>: expected identifier or '('",
            [](const std::string&) { return std::string("dclash.cl"); });
        verifyDiagnostics(fromOption,
                          {
                              {E, "dclash.cl", 2, 11, "expected identifier or '('", 1},
                              {N, "<command line>", 6, 11,
                               "spelled here, in the definition of the macro expanded at "
                               "dclash.cl:2:11",
                               0},
                          });
    }

    void nvidia_kernelFileWithExcerpts() {
        CLW_FIXTURE(log, "nvidia.log");
        const std::string k = "<kernel>";
        verifyLog(log, {
                           {E, k, 3, 5, "use of undeclared identifier 'undeclared'", 0},
                           {E, k, 6, 16, "expected ';' after expression", 0},
                           {W, k, 9, 9, "unused variable 'tmp'", 0},
                           {E, k, 12, 5, "no matching function for call to 'helper'", 1},
                           {N, k, 1, 6,
                            "candidate function not viable: requires single argument 'x', but 2 "
                            "arguments were provided",
                            0},
                           text("3 errors generated."),
                       });
        const auto diagnostics = parseBuildLog(log);
        // The excerpt, caret and fix-it lines belong to the error above them.
        QCOMPARE(diagnostics[1].text, std::string("<kernel>:6:16: error: expected ';' after "
                                                  "expression\n    out[i] *= 2\n"
                                                  "               ^\n               ;"));
        QCOMPARE(diagnostics[3].notes[0],
                 std::string("<kernel>:1:6: note: candidate function not viable: requires "
                             "single argument 'x', but 2 arguments were provided"));
    }

    void nvidia_legacyEmptyFileName() {
        CLW_FIXTURE(log, "nvidia_legacy.log");
        verifyLog(log,
                  {
                      {E, "", 3, 5, "use of undeclared identifier 'undeclared'", 1},
                      {N, "", 4, 25, "instantiated from:", 0},
                      {W, "", 9, 16, "unknown attribute 'vec_type_MAYBE_VECTOR_UINT' ignored", 1},
                      {N, "<scratch space>", 52, 1, "instantiated from:", 0},
                  });
        const auto diagnostics = parseBuildLog(log);
        QCOMPARE(diagnostics[0].notes[0], std::string(":4:25: note: instantiated from:"));
        // NVIDIA's nameless main source can be mapped too.
        const auto mapped = parseBuildLog(log, [](const std::string& file) {
            return file.empty() ? std::string("main.cl") : file;
        });
        QCOMPARE(mapped[0].file, std::string("main.cl"));
        QCOMPARE(mapped[3].file, std::string("<scratch space>"));
    }

    void nvidia_ptxas() {
        CLW_FIXTURE(log, "nvidia_ptxas.log");
        verifyLog(log, {
                           {R, "", 0, 0, "0 bytes gmem", 0},
                           {R, "", 0, 0, "Compiling entry function 'big' for 'sm_52'", 0},
                           {E, "", 0, 0,
                            "Entry function 'big' uses too much shared data (0x10000 bytes, "
                            "0xc000 max)",
                            0},
                           {W, "/tmp/tmpxft_00002a3c_00000000-5_kernel.ptx", 42, 0,
                            "Double is not supported. Demoting to float", 0},
                           {E, "", 0, 0, "Ptx assembly aborted due to errors", 0},
                       });
    }

    void amd_legacyEdgCaretGivesColumn() {
        CLW_FIXTURE(log, "amd_legacy.log");
        const std::string f = "/tmp/OCL2828T1.cl";
        verifyLog(
            log,
            {
                {E, f, 3, 5, "identifier \"undeclared\" is undefined", 0},
                {E, f, 7, 1, "expected a \";\"", 0},
                {W, f, 9, 9, "variable \"tmp\" was declared but never referenced", 0},
                {E, f, 11, 25,
                 "a value of type \"__global int *\" cannot be used to initialize an entity of "
                 "type \"__global float *\"",
                 0},
                {E, "C:\\Users\\someone\\AppData\\Local\\Temp\\opencl\\engines\\kernels.cl", 14, 12,
                 "cannot open source file \"missing.h\"", 0},
                text("4 errors detected in the compilation of \"/tmp/OCL2828T1.cl\"."),
                text("Frontend phase failed compilation."),
                {E, "", 0, 0, "Clang front-end compilation failed!", 0},
            });
    }

    void intel_legacyFramingStaysText() {
        CLW_FIXTURE(log, "intel_legacy.log");
        verifyLog(log, {
                           text("Compilation started"),
                           {E, "1", 3, 5, "use of undeclared identifier 'undeclared'", 0},
                           {E, "1", 6, 16, "expected ';' after expression", 0},
                           {W, "1", 9, 9, "unused variable 'tmp'", 0},
                           text("Compilation failed"),
                           text("Compilation started"),
                           text("Compilation done"),
                           text("Linking started"),
                           text("Linking done"),
                           text("Device build started"),
                           text("Device build done"),
                           text("Kernel <fill> was successfully vectorized (16)"),
                           text("Done."),
                           text("fcl build 1 succeeded."),
                           text("bcl build succeeded."),
                       });
    }

    void oclgrind_runtimeMessagesStayText() {
        CLW_FIXTURE(log, "oclgrind.log");
        verifyLog(log,
                  {
                      {W, "input.cl", 3, 15,
                       "implicit conversion from 'long' to 'int' changes value from "
                       "1099511627776 to 0",
                       0},
                      text("1 warning generated."),
                      text("Invalid read of size 4 at global memory address 0x1000000000040"),
                      text("\tKernel: vecadd"),
                      text("\tEntity: Global(16,0,0) Local(0,0,0) Group(16,0,0)"),
                      text("\t  %5 = load i32, i32 addrspace(1)* %arrayidx, align 4, !dbg !22"),
                      text("\tAt line 5 (column 12) of input.cl:"),
                      text("\t  c[i] = a[i] + b[i];"),
                      text("Oclgrind - OpenCL runtime error detected"),
                      text("\tFunction: clEnqueueNDRangeKernel"),
                      text("\tError:    CL_INVALID_WORK_GROUP_SIZE"),
                      text("\tDimension 0: global_work_size (17) is not divisible by "
                           "local_work_size (4)"),
                  });
    }

    void clang_notesAndIncludes() {
        CLW_FIXTURE(log, "clang_with_notes_and_includes.log");
        const std::string m = "/tmp/comgr-1a2b3c/input/main.cl";
        verifyLog(log,
                  {
                      {E, "/home/me/project/include/math_helpers.h", 7, 16,
                       "use of undeclared identifier 'missing_thing'", 2},
                      {E, m, 5, 6, "conflicting types for 'f'", 1},
                      {N, m, 4, 6, "previous declaration is here", 0},
                      {W, m, 9, 15, "shift count >= width of type [-Wshift-count-overflow]", 0},
                      {E, m, 12, 5, "use of undeclared identifier 'amd_bfe'", 1},
                      {N, m, 3, 21, "expanded from macro 'BYTE'", 0},
                      {E, "C:\\Users\\me\\AppData\\Local\\Temp\\\\OCL20648T1.cl", 3, 13,
                       "access qualifier can only be used for pipe and image type", 0},
                      {R, m, 20, 1, "loop not unrolled [-Rpass-missed=loop-unroll]", 0},
                      {E, "", 0, 0, "too many errors emitted, stopping now [-ferror-limit=]", 0},
                      text("1 warning and 5 errors generated."),
                      {E, "", 0, 0, "Clang front-end compilation failed!", 0},
                      text("Unrelated tool chatter that fits no format"),
                  });
        // The temporary path maps back to the person's name, in notes as well.
        const auto mapped = parseBuildLog(log, [&](const std::string& file) {
            return file == m ? std::string("main.cl") : file;
        });
        QCOMPARE(mapped[0].notes, (std::vector<std::string>{
                                      "In file included from main.cl:2",
                                      "In file included from /home/me/project/include/common.h:4",
                                  }));
        QCOMPARE(mapped[1].file, std::string("main.cl"));
        QCOMPARE(mapped[1].notes[0],
                 std::string("main.cl:4:6: note: previous declaration is here"));
        QVERIFY(mapped[0].text.starts_with("In file included from /tmp/comgr-1a2b3c"));
    }

    void singleLines_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<int>("severity");
        QTest::addColumn<QByteArray>("file");
        QTest::addColumn<int>("lineNumber");
        QTest::addColumn<int>("column");
        QTest::addColumn<QByteArray>("message");
        auto row = [](const char* name, const char* line, Severity s, const char* file, int l,
                      int c, const char* message) {
            QTest::newRow(name) << QByteArray(line) << int(s) << QByteArray(file) << l << c
                                << QByteArray(message);
        };
        row("fatal error is an error", "<source>:1:10: fatal error: 'x.h' file not found", E,
            "<source>", 1, 10, "'x.h' file not found");
        row("stdin", "<stdin>:2:3: warning: w", W, "<stdin>", 2, 3, "w");
        row("no column", "input.cl:7: error: e", E, "input.cl", 7, 0, "e");
        row("windows drive", "D:\\k\\a.cl:4:2: error: e", E, "D:\\k\\a.cl", 4, 2, "e");
        row("colon in message", "a.cl:1:2: error: expected ':' here: really", E, "a.cl", 1, 2,
            "expected ':' here: really");
        row("pocl warning", "warning: /tmp/t.cl:8:1: unused", W, "/tmp/t.cl", 8, 1, "unused");
        row("pocl invalid loc", "error: <invalid loc>: bad option", E, "", 0, 0, "bad option");
        row("no location", "error: unknown argument: '-foo'", E, "", 0, 0,
            "unknown argument: '-foo'");
        row("edg error number", "\"k.cl\", line 2: error #20: identifier \"y\" is undefined", E,
            "k.cl", 2, 0, "identifier \"y\" is undefined");
        row("capitalised is text", "Error: CL_BUILD_PROGRAM_FAILURE", Severity::Text, "", 0, 0,
            "Error: CL_BUILD_PROGRAM_FAILURE");
        row("summary is text", "2 errors generated.", Severity::Text, "", 0, 0,
            "2 errors generated.");
        row("number without severity", "a.cl:1:2: something else", Severity::Text, "", 0, 0,
            "a.cl:1:2: something else");
    }

    void singleLines() {
        QFETCH(QByteArray, line);
        QFETCH(int, severity);
        QFETCH(QByteArray, file);
        QFETCH(int, lineNumber);
        QFETCH(int, column);
        QFETCH(QByteArray, message);
        const auto diagnostics = parseBuildLog(line.toStdString());
        QCOMPARE(diagnostics.size(), size_t(1));
        QCOMPARE(int(diagnostics[0].severity), severity);
        QCOMPARE(diagnostics[0].file, file.toStdString());
        QCOMPARE(diagnostics[0].line, lineNumber);
        QCOMPARE(diagnostics[0].column, column);
        QCOMPARE(diagnostics[0].message, message.toStdString());
        QCOMPARE(diagnostics[0].text, line.toStdString());
    }

    void noteWithoutErrorStandsAlone() {
        const auto diagnostics = parseBuildLog("a.cl:1:1: note: alone\n2 errors generated.\n"
                                               "a.cl:2:1: note: after text\n");
        QCOMPARE(diagnostics.size(), size_t(3));
        QVERIFY(diagnostics[0].severity == Severity::Note);
        QVERIFY(diagnostics[2].severity == Severity::Note);
    }

    void danglingIncludeLinesStayText() {
        const auto diagnostics = parseBuildLog("In file included from a.cl:3:\nCompilation failed");
        QCOMPARE(diagnostics.size(), size_t(2));
        QVERIFY(diagnostics[0].severity == Severity::Text);
        QCOMPARE(diagnostics[0].text, std::string("In file included from a.cl:3:"));
    }

    void trailingNulIsIgnored() {
        const std::string log("a.cl:1:2: error: e\n\0", 20);
        const auto diagnostics = parseBuildLog(log);
        QCOMPARE(diagnostics.size(), size_t(1));
        QCOMPARE(diagnostics[0].message, std::string("e"));
    }

    void emptyLogHasNoDiagnostics() { QVERIFY(parseBuildLog("").empty()); }

    void formatDiagnostic_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QByteArray>("formatted");
        QTest::newRow("full") << QByteArray("\"k.cl\", line 3: error: x\n  y;\n  ^")
                              << QByteArray("k.cl:3:3: error: x");
        QTest::newRow("fatal") << QByteArray("a.cl:1:2: fatal error: f")
                               << QByteArray("a.cl:1:2: error: f");
        QTest::newRow("no column")
            << QByteArray("a.cl:4: warning: w") << QByteArray("a.cl:4: warning: w");
        QTest::newRow("no location") << QByteArray("error: e") << QByteArray("error: e");
        QTest::newRow("remark") << QByteArray("ptxas info    : Used 8 registers")
                                << QByteArray("remark: Used 8 registers");
        QTest::newRow("text") << QByteArray("Compilation failed")
                              << QByteArray("Compilation failed");
    }

    void formatDiagnostic() {
        QFETCH(QByteArray, line);
        QFETCH(QByteArray, formatted);
        const auto diagnostics = parseBuildLog(line.toStdString());
        QCOMPARE(diagnostics.size(), size_t(1));
        QCOMPARE(clw::engine::formatDiagnostic(diagnostics[0]), formatted.toStdString());
    }
};

QTEST_GUILESS_MAIN(TestBuildLogParser)
#include "tst_buildlogparser.moc"
