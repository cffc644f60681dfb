// printf per work-item (issue 19): the rewrite that tags each printf call of a program's source
// with the work-item's global id (PrintfTagger), read as tokens and never adding a line, and the
// parse that cuts a captured output into lines, each with its work-item (PrintedLines). On the
// test device: the printf sample run through SessionRunner with the rewrite gives lines whose
// work-item is the one each line names in its own text, in OpenCL C 1.2 and 3.0, and a build
// error after a tagged call stays on the person's line.
#include "TestDevice.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/build/Diagnostic.h"
#include "clw/engine/debug/PrintedLines.h"
#include "clw/engine/debug/PrintfTagger.h"
#include "clw/engine/session/SessionFile.h"
#include "clw/engine/session/SessionRunner.h"

#include <QRegularExpression>
#include <QtTest>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#ifdef _WIN32
#include <io.h>
#define dup _dup
#define dup2 _dup2
#define close _close
#define fileno _fileno
#else
#include <unistd.h>
#endif

namespace engine = clw::engine;
using engine::CheckIds;
using engine::PrintedLine;

namespace {

// What the rewrite puts before a format and after it.
const std::string kOpen = R"("\001clw %u %u %u\002")";
const std::string kEnd = R"("\003", (uint)get_global_id(0), (uint)get_global_id(1), )"
                         R"((uint)get_global_id(2))";

std::string tagged(const std::string& source) {
    return engine::tagPrintfCalls(source).source;
}

std::size_t lineCount(const std::string& text) {
    return std::size_t(std::count(text.begin(), text.end(), '\n'));
}

// The tagged text with the rewrite's insertions taken out again: the person's text, when the
// rewrite only inserted.
std::string untagged(std::string text) {
    for (const std::string& inserted : {kOpen, kEnd})
        for (std::size_t at; (at = text.find(inserted)) != std::string::npos;)
            text.erase(at, inserted.size());
    return text;
}

PrintedLine line(std::optional<CheckIds> workItem, std::string text) {
    return {workItem, std::move(text)};
}

std::string frame(std::uint64_t x, std::uint64_t y, std::uint64_t z, const std::string& text) {
    return "\001clw " + std::to_string(x) + " " + std::to_string(y) + " " + std::to_string(z) +
           "\002" + text + "\003";
}

QByteArray describe(const std::vector<PrintedLine>& lines) {
    QByteArray text;
    for (const PrintedLine& printed : lines) {
        if (printed.workItem)
            text += "[" + QByteArray::number(qulonglong((*printed.workItem)[0])) + "," +
                    QByteArray::number(qulonglong((*printed.workItem)[1])) + "," +
                    QByteArray::number(qulonglong((*printed.workItem)[2])) + "] ";
        else
            text += "[-] ";
        text += QByteArray::fromStdString(printed.text) + "\n";
    }
    return text;
}

// What this process writes to its standard output while `work` runs: PoCL prints what kernels
// print there. A temporary file takes it, not a pipe, so that no amount blocks the writer.
class StdoutCapture {
public:
    StdoutCapture()
        : m_file(std::tmpfile()) {
        std::fflush(stdout);
        m_saved = ::dup(1);
        ::dup2(::fileno(m_file), 1);
    }
    ~StdoutCapture() {
        restore();
        std::fclose(m_file);
    }
    StdoutCapture(const StdoutCapture&) = delete;
    StdoutCapture& operator=(const StdoutCapture&) = delete;

    std::string take() {
        restore();
        std::string text;
        std::rewind(m_file);
        char chunk[4096];
        for (std::size_t got; (got = std::fread(chunk, 1, sizeof chunk, m_file)) > 0;)
            text.append(chunk, got);
        return text;
    }

private:
    void restore() {
        if (m_saved < 0)
            return;
        std::fflush(stdout);
        ::dup2(m_saved, 1);
        ::close(m_saved);
        m_saved = -1;
    }

    std::FILE* m_file;
    int m_saved = -1;
};

engine::Session printfSample() {
    return engine::SessionFile::read(std::string(CLW_SAMPLES_DIR) + "/printf_groups.clwb").session;
}

} // namespace

class TestPrintfTags : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aCallIsTaggedOnItsLine() {
        const std::string source = "__kernel void k(int x) {\n    printf(\"x = %d\\n\", x);\n}\n";
        const engine::PrintfTagging tagging = engine::tagPrintfCalls(source);
        QCOMPARE(tagging.tagged, 1);
        QCOMPARE(tagging.untagged, 0);
        QCOMPARE(tagging.source, "__kernel void k(int x) {\n    printf(" + kOpen + "\"x = %d\\n\"" +
                                     kEnd + ", x);\n}\n");
    }

    void aCallWithNoArgumentsButTheFormat() {
        QCOMPARE(tagged("printf(\"hi\\n\");"), "printf(" + kOpen + "\"hi\\n\"" + kEnd + ");");
        // Blanks and comments between the name, the parenthesis and the format stay.
        QCOMPARE(tagged("printf /* a */ ( \"hi\" );"),
                 "printf /* a */ ( " + kOpen + "\"hi\"" + kEnd + " );");
    }

    void commentsStringsAndOtherNamesAreLeftAlone_data() {
        QTest::addColumn<QString>("source");
        const auto row = [](const char* name, const char* source) {
            QTest::newRow(name) << QString::fromUtf8(source);
        };
        row("line comment", "// printf(\"x\");\nint a;\n");
        row("block comment", "/* printf(\"x\");\n printf(\"y\"); */ int a;\n");
        row("string", "constant char* s = \"printf(\\\"x\\\")\";\n");
        row("character", "char c = '\"'; int printf_count = 0;\n");
        row("identifiers", "my_printf(\"x\"); printf_x(\"y\"); myprintf (\"z\");\n");
        row("members", "s.printf(\"x\"); p->printf(\"y\");\n");
        row("directive", "#define LOG(x) printf(\"%d\\n\", x)\nint a;\n");
        row("continued directive", "#define LOG(x) \\\n    printf(\"%d\\n\", x)\nint a;\n");
        row("no call", "int printf(constant char* restrict format, ...);\n");
        row("attribute", "void f(constant char* f, ...) __attribute__((format(printf, 1, 2)));");
        row("no printf", "__kernel void k(__global int* a) { a[0] = 1; }\n");
    }

    void commentsStringsAndOtherNamesAreLeftAlone() {
        QFETCH(QString, source);
        const engine::PrintfTagging tagging = engine::tagPrintfCalls(source.toStdString());
        QCOMPARE(tagging.tagged, 0);
        QCOMPARE(QString::fromStdString(tagging.source), source);
    }

    void aCallAfterACharacterQuoteOrADirectiveIsTagged() {
        QCOMPARE(tagged("char c = '\"'; printf(\"a\");"),
                 "char c = '\"'; printf(" + kOpen + "\"a\"" + kEnd + ");");
        QCOMPARE(tagged("#define N 4\nprintf(\"a\");"),
                 "#define N 4\nprintf(" + kOpen + "\"a\"" + kEnd + ");");
        QCOMPARE(tagged("/* printf(\"x\") */ printf(\"a\"); // printf(\"y\")"),
                 "/* printf(\"x\") */ printf(" + kOpen + "\"a\"" + kEnd + "); // printf(\"y\")");
    }

    void twoCallsOnOneLine() {
        const std::string source = "if (a) printf(\"a %d\", a); else printf(\"b\\n\");\n";
        const engine::PrintfTagging tagging = engine::tagPrintfCalls(source);
        QCOMPARE(tagging.tagged, 2);
        QCOMPARE(tagging.source, "if (a) printf(" + kOpen + "\"a %d\"" + kEnd +
                                     ", a); else printf(" + kOpen + "\"b\\n\"" + kEnd + ");\n");
        QCOMPARE(lineCount(tagging.source), std::size_t(1));
    }

    void aCallOverSeveralLinesKeepsEveryLine() {
        // Adjacent literals over lines, a comment between them, the arguments on lines of their
        // own: the tag goes before the first literal and the ids after the last, on their lines.
        const std::string source = "__kernel void k(int a, int b) {\n"
                                   "    printf(\"a = %d, \"   // a\n"
                                   "           \"b = %d\\n\",\n"
                                   "           a,\n"
                                   "           b);\n"
                                   "}\n";
        const engine::PrintfTagging tagging = engine::tagPrintfCalls(source);
        QCOMPARE(tagging.tagged, 1);
        QCOMPARE(lineCount(tagging.source), lineCount(source));
        QCOMPARE(untagged(tagging.source), source);
        std::istringstream lines(tagging.source);
        std::vector<std::string> byLine;
        for (std::string text; std::getline(lines, text);)
            byLine.push_back(text);
        QCOMPARE(byLine[1], "    printf(" + kOpen + "\"a = %d, \"   // a");
        QCOMPARE(byLine[2], "           \"b = %d\\n\"" + kEnd + ",");
        QCOMPARE(byLine[3], std::string("           a,"));
    }

    void aFormatThatIsNoLiteralIsLeftUntagged() {
        const std::string source = "#define FMT \"%d\\n\"\n"
                                   "printf(FMT, 1); printf(\"%d\" FMT, 2); printf(\"ok\");\n";
        const engine::PrintfTagging tagging = engine::tagPrintfCalls(source);
        QCOMPARE(tagging.untagged, 2);
        QCOMPARE(tagging.tagged, 1);
        QCOMPARE(tagging.source, "#define FMT \"%d\\n\"\n"
                                 "printf(FMT, 1); printf(\"%d\" FMT, 2); printf(" +
                                     kOpen + "\"ok\"" + kEnd + ");\n");
    }

    void aNestedCallIsTaggedToo() {
        QCOMPARE(tagged("printf(\"%d\", printf(\"x\"));"), "printf(" + kOpen + "\"%d\"" + kEnd +
                                                               ", printf(" + kOpen + "\"x\"" +
                                                               kEnd + "));");
    }

    void theMainFileOfASetIsTagged() {
        engine::SourceSet sources;
        sources.files = {{"common.h", "void f() { printf(\"h\"); }\n"},
                         {"main.cl", "__kernel void k() { printf(\"m\"); }\n"}};
        sources.mainFile = "main.cl";
        QCOMPARE(engine::tagPrintfCalls(sources).tagged, 1);
        QCOMPARE(sources.files[0].text, std::string("void f() { printf(\"h\"); }\n"));
        QCOMPARE(sources.files[1].text,
                 "__kernel void k() { printf(" + kOpen + "\"m\"" + kEnd + "); }\n");
    }

    void linesOfOneFrame() {
        const auto lines = engine::splitPrintedLines(frame(3, 1, 0, "a\nb\n"));
        QCOMPARE(lines, (std::vector<PrintedLine>{line(CheckIds{3, 1, 0}, "a"),
                                                  line(CheckIds{3, 1, 0}, "b")}));
    }

    void untaggedTextHasNoWorkItem() {
        const auto lines =
            engine::splitPrintedLines("driver says hi\n" + frame(7, 0, 0, "x\n") + "and bye");
        QCOMPARE(lines, (std::vector<PrintedLine>{line(std::nullopt, "driver says hi"),
                                                  line(CheckIds{7, 0, 0}, "x"),
                                                  line(std::nullopt, "and bye")}));
        QCOMPARE(engine::splitPrintedLines(""), std::vector<PrintedLine>{});
        QCOMPARE(engine::splitPrintedLines("plain\n"),
                 std::vector<PrintedLine>{line(std::nullopt, "plain")});
    }

    void oneWorkItemsPiecesMakeOneLineAndAnothersStartsANewOne() {
        // "%d " in a loop then "\n", as one work-item prints a row; another work-item's printf
        // in the middle of a line starts a line of its own.
        const std::string text = frame(1, 0, 0, "1 ") + frame(1, 0, 0, "2 ") +
                                 frame(2, 0, 0, "other") + frame(1, 0, 0, "3") +
                                 frame(1, 0, 0, "\n") + frame(5, 0, 0, "\n") +
                                 frame(4, 2, 1, "last");
        QCOMPARE(engine::splitPrintedLines(text),
                 (std::vector<PrintedLine>{
                     line(CheckIds{1, 0, 0}, "1 2 "), line(CheckIds{2, 0, 0}, "other"),
                     line(CheckIds{1, 0, 0}, "3"), line(CheckIds{5, 0, 0}, ""),
                     line(CheckIds{4, 2, 1}, "last")}));
    }

    void aMiddleNewlineGivesLinesOfTheSameWorkItem() {
        const std::string text = frame(9, 0, 0, "head\nmiddle\ntail") + frame(9, 0, 0, " end\n");
        QCOMPARE(engine::splitPrintedLines(text),
                 (std::vector<PrintedLine>{line(CheckIds{9, 0, 0}, "head"),
                                           line(CheckIds{9, 0, 0}, "middle"),
                                           line(CheckIds{9, 0, 0}, "tail end")}));
    }

    void aFrameCutOffOrMalformed() {
        // A bounded capture drops the middle: a frame without its end ends at the next frame; a
        // tail that starts inside a frame loses its frame's bytes.
        const std::string text = "\001clw 3 0 0\002cut\n[... 99 bytes left out ...]\n" +
                                 std::string("x\003") + frame(4, 0, 0, "whole\n") + "\001clw 12\n" +
                                 "\001clw a b c\002z\n";
        QCOMPARE(engine::splitPrintedLines(text),
                 (std::vector<PrintedLine>{
                     line(CheckIds{3, 0, 0}, "cut"),
                     line(CheckIds{3, 0, 0}, "[... 99 bytes left out ...]"),
                     line(CheckIds{3, 0, 0}, "x"), line(CheckIds{4, 0, 0}, "whole"),
                     line(std::nullopt, "clw 12"), line(std::nullopt, "clw a b cz")}));
    }

    void largeIds() {
        QCOMPARE(engine::splitPrintedLines(frame(4294967295u, 65535, 7, "big")),
                 std::vector<PrintedLine>{line(CheckIds{4294967295u, 65535, 7}, "big")});
    }

    // The sample prints one line per work-group from its first work-item, naming that
    // work-item's global id in its text: each line's tag must be that id.
    void theSampleRunsTaggedOnTheDevice_data() {
        QTest::addColumn<QString>("standard");
        QTest::newRow("default") << QString();
        QTest::newRow("OpenCL C 1.2") << QStringLiteral("-cl-std=CL1.2");
        QTest::newRow("OpenCL C 3.0") << QStringLiteral("-cl-std=CL3.0");
    }

    void theSampleRunsTaggedOnTheDevice() {
        QFETCH(QString, standard);
        CLW_REQUIRE_DEVICE(device);
        engine::Session session = printfSample();
        session.options = standard.toStdString();
        const engine::PrintfTagging tagging = engine::tagPrintfCalls(session.sources);
        QCOMPARE(tagging.tagged, 1);
        engine::BuildService builds;
        StdoutCapture capture;
        const engine::SessionRun run =
            engine::SessionRunner(session, CLW_SAMPLES_DIR, &builds).run(device);
        const std::string printed = capture.take();
        QVERIFY(run.built);
        QCOMPARE(run.launches.size(), std::size_t(1));
        QVERIFY2(run.launches.front().result.ok, run.launches.front().result.error.c_str());
        const std::vector<PrintedLine> lines = engine::splitPrintedLines(printed);
        QCOMPARE(lines.size(), std::size_t(4));
        static const QRegularExpression said(
            QStringLiteral("^work-group (\\d) of 4: work-items (\\d+) to (\\d+)$"));
        std::vector<std::uint64_t> firsts;
        for (const PrintedLine& printedLine : lines) {
            const QRegularExpressionMatch match =
                said.match(QString::fromStdString(printedLine.text));
            QVERIFY2(match.hasMatch(), describe(lines).constData());
            QVERIFY2(printedLine.workItem.has_value(), describe(lines).constData());
            const std::uint64_t first = match.captured(2).toULongLong();
            QCOMPARE(*printedLine.workItem, (CheckIds{first, 0, 0}));
            firsts.push_back(first);
        }
        std::sort(firsts.begin(), firsts.end());
        QCOMPARE(firsts, (std::vector<std::uint64_t>{0, 16, 32, 48}));
    }

    // No line is added: a build error after a tagged call is reported on the person's line.
    void aBuildErrorStaysOnItsLine() {
        CLW_REQUIRE_DEVICE(device);
        engine::SourceSet sources = engine::SourceSet::single("__kernel void k(int a) {\n"
                                                              "    printf(\"a %d\\n\",\n"
                                                              "           a);\n"
                                                              "    int b = undeclared_name;\n"
                                                              "}\n");
        QCOMPARE(engine::tagPrintfCalls(sources).tagged, 1);
        engine::BuildService builds;
        engine::BuildRequest request;
        request.context = engine::Context(device);
        request.devices = {device};
        request.sources = sources;
        const engine::BuildOutcome outcome = builds.build(request);
        const engine::DeviceBuildOutcome* built = outcome.forDevice(device);
        QVERIFY(built);
        QVERIFY(!built->ok);
        const auto error = std::find_if(
            built->diagnostics.begin(), built->diagnostics.end(),
            [](const engine::Diagnostic& d) { return d.severity == engine::Severity::Error; });
        QVERIFY2(error != built->diagnostics.end(), built->log.c_str());
        QCOMPARE(error->line, 4);
        QVERIFY2(error->message.find("undeclared_name") != std::string::npos,
                 error->message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestPrintfTags)
#include "tst_printftags.moc"
