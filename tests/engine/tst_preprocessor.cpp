// The OpenCL C preprocessor the source signature parser runs first: macros, conditionals,
// includes from the set and from disk, build options, predefined macros, line structure.
#include "clw/engine/launch/Preprocessor.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sstream>

using namespace clw::engine;

namespace {

// The words of the text with runs of whitespace as one space, so tests compare tokens only.
std::string squashed(const std::string& text) {
    std::istringstream words(text);
    std::string out;
    for (std::string word; words >> word;)
        out += (out.empty() ? "" : " ") + word;
    return out;
}

PreprocessedSource run(const std::string& source, const std::string& options = {}) {
    return preprocess(SourceSet::single(source), PreprocessorOptions::fromBuildOptions(options));
}

std::string text(const std::string& source, const std::string& options = {}) {
    return squashed(run(source, options).text);
}

std::string joined(const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& line : lines)
        out += line + "\n";
    return out;
}

bool hasWarning(const PreprocessedSource& result, const std::string& part) {
    for (const std::string& warning : result.warnings)
        if (warning.find(part) != std::string::npos)
            return true;
    return false;
}

void writeFile(const QString& path, const std::string& content) {
    std::ofstream(path.toStdString(), std::ios::binary) << content;
}

} // namespace

class TestPreprocessor : public QObject {
    Q_OBJECT
private slots:
    void objectLikeMacros() {
        QCOMPARE(text("#define N 16\n#define M (N * 2)\nint a[M];"),
                 std::string("int a[(16 * 2)];"));
        QCOMPARE(text("#define EMPTY\nEMPTY int EMPTY x;"), std::string("int x;"));
        // An identifier that merely contains a macro's name is left alone.
        QCOMPARE(text("#define N 4\nint NN = N;"), std::string("int NN = 4;"));
    }

    void functionLikeMacros() {
        QCOMPARE(text("#define SQ(x) ((x) * (x))\nSQ(a + 1)"), std::string("((a + 1) * (a + 1))"));
        // Nested calls, parentheses and commas inside arguments.
        QCOMPARE(text("#define MAX(a, b) ((a) > (b) ? (a) : (b))\n#define F(x) g(x, 1)\n"
                      "MAX(F(y), MAX(2, 3))"),
                 std::string("((g(y, 1)) > (((2) > (3) ? (2) : (3))) ? (g(y, 1)) : (((2) > (3) ? "
                             "(2) : (3))))"));
        // A function-like macro's name without '(' is not a call.
        QCOMPARE(text("#define f(x) x\nint f;"), std::string("int f;"));
        // Zero-argument and empty-argument calls.
        QCOMPARE(text("#define Z() zero\n#define ID(x) [x]\nZ() ID()"), std::string("zero []"));
        // A macro whose expansion ends in another macro's name called with what follows.
        QCOMPARE(text("#define g(x) x + 1\n#define h g\nh(2)"), std::string("2 + 1"));
    }

    void noReExpansionOfTheMacroBeingExpanded() {
        QCOMPARE(text("#define foo foo + 1\nfoo"), std::string("foo + 1"));
        QCOMPARE(text("#define f(x) f(x) * 2\nf(f(3))"), std::string("f(f(3) * 2) * 2"));
        QCOMPARE(text("#define a b\n#define b a\na b"), std::string("a b"));
    }

    void stringizePasteAndVariadics() {
        QCOMPARE(text("#define S(x) #x\nS(a  +  \"q\")"), std::string("\"a + \\\"q\\\"\""));
        QCOMPARE(text("#define VEC(t, n) t##n\nVEC(float, 4) v;"), std::string("float4 v;"));
        QCOMPARE(text("#define CAT(a, b) a##b\n#define N 2\nCAT(x, N)"), std::string("xN"));
        QCOMPARE(text("#define CALL(f, ...) f(__VA_ARGS__)\nCALL(g, 1, (2, 3), 4)"),
                 std::string("g(1, (2, 3), 4)"));
    }

    void conditionals() {
        const std::string source = R"(#define A 3
#if A > 2 && defined(A) && !defined B
yes1
#else
no1
#endif
#if (A * 2 + 1) % 4 == 3 ? 0 : 1
no2
#elif defined A
yes2
#else
no3
#endif
#ifdef B
no4
#elif A == 3
yes3
#endif
#ifndef B
#if 0
#if 1
no5
#endif
#bogus directive in a skipped branch
#else
yes4
#endif
#endif
#if 0 && 1 / 0
no6
#endif
#if 0x10 == 16 && 010 == 8 && 'A' == 65 && -1 < 0 && (1 << 4) == 16 && ~0 == -1
yes5
#endif
#undef A
#ifdef A
no7
#endif
)";
        QCOMPARE(text(source), std::string("yes1 yes2 yes3 yes4 yes5"));
    }

    void malformedConditionsWarn() {
        const auto result = run("#if 1 +\nx\n#endif\n#if 1 / 0\ny\n#endif\n#if 1\nz\n");
        QCOMPARE(squashed(result.text), std::string("z"));
        QVERIFY(hasWarning(result, "kernel.cl:1:"));
        QVERIFY(hasWarning(result, "division by zero"));
        QVERIFY(hasWarning(result, "#if without #endif"));
    }

    void includesFromTheSet() {
        SourceSet set;
        set.mainFile = "kernels/main.cl";
        set.files = {
            {"kernels/main.cl", "#include \"types.h\"\n#include <common.h>\nmain REAL\n"},
            {"kernels/types.h", "#pragma once\n#define REAL float\ntypes\n#include \"types.h\"\n"},
            {"common.h", "common\n"}};
        const PreprocessedSource result = preprocess(set);
        QVERIFY2(result.warnings.empty(), joined(result.warnings).c_str());
        // The second include of types.h stops at its #pragma once.
        QCOMPARE(squashed(result.text),
                 std::string("#line 1 \"kernels/types.h\" types #line 2 \"kernels/main.cl\" "
                             "#line 1 \"common.h\" common #line 3 \"kernels/main.cl\" main float"));
        QCOMPARE(result.includedFiles, (std::vector<std::string>{"kernels/types.h", "common.h"}));
    }

    void includesFromDirectories() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("sub")));
        writeFile(dir.filePath(QStringLiteral("outer.h")), "#include \"sub/inner.h\"\nouter\n");
        writeFile(dir.filePath(QStringLiteral("sub/inner.h")), "#include \"leaf.h\"\ninner\n");
        writeFile(dir.filePath(QStringLiteral("sub/leaf.h")), "#define LEAF leaf\n");
        const std::string source = "#include \"outer.h\"\nLEAF\n";
        // -I from the build options...
        const auto viaOption = run(source, "-I " + dir.path().toStdString());
        QVERIFY2(viaOption.warnings.empty(), joined(viaOption.warnings).c_str());
        QCOMPARE(viaOption.includedFiles.size(), size_t(3));
        const std::string words = squashed(viaOption.text);
        QVERIFY2(words.find(" inner ") < words.find(" outer ") &&
                     words.ends_with("\"kernel.cl\" leaf"),
                 words.c_str());
        // ...and the set's own include directories.
        SourceSet set = SourceSet::single(source);
        set.includeDirs.push_back(dir.path().toStdString());
        QCOMPARE(squashed(preprocess(set).text), words);
    }

    void unresolvedIncludeIsSkippedWithAWarning() {
        const auto result = run("#include \"missing.h\"\nafter\n#error stop \"here\"\n");
        QCOMPARE(squashed(result.text), std::string("after"));
        QVERIFY(hasWarning(result, "kernel.cl:1: #include \"missing.h\" not found"));
        QVERIFY(hasWarning(result, "kernel.cl:3: #error stop \"here\""));
    }

    void predefinedMacros() {
        const std::string source = "__OPENCL_VERSION__ __OPENCL_C_VERSION__ CL_VERSION_1_0 "
                                   "CL_VERSION_1_2 CL_VERSION_2_0 CL_VERSION_3_0 "
                                   "__ENDIAN_LITTLE__ __IMAGE_SUPPORT__ __LINE__";
        QCOMPARE(text(source), std::string("300 300 100 120 200 300 1 1 1"));
        QCOMPARE(text("__OPENCL_C_VERSION__", "-cl-std=CL1.2"), std::string("120"));
        QCOMPARE(text("__OPENCL_C_VERSION__", "-cl-std=CL2.0 -w"), std::string("200"));
        QCOMPARE(text("#ifdef __FAST_RELAXED_MATH__\nfast\n#endif", "-cl-fast-relaxed-math"),
                 std::string("fast"));
    }

    void buildOptions() {
        const auto options = PreprocessorOptions::fromBuildOptions(
            "-DA -D B=2 -DMSG=\"hello world\" -D 'F(x)=x+1' -I/inc -I \"/my dir\" -UA "
            "-cl-std=CL2.0 -cl-mad-enable -DB=3");
        const std::vector<std::pair<std::string, std::string>> defines = {
            {"A", "1"}, {"MSG", "hello world"}, {"F(x)", "x+1"}, {"B", "3"}};
        QCOMPARE(options.defines, defines);
        QCOMPARE(options.undefines, std::vector<std::string>{"A"});
        QCOMPARE(options.includeDirs, (std::vector<std::string>{"/inc", "/my dir"}));
        QCOMPARE(options.openclCVersion, 200);
        QCOMPARE(text("A B MSG F(1)", "-DA -D B=2 -DMSG=\"hello world\" -D 'F(x)=x+1' -UA"),
                 std::string("A 2 hello world 1+1"));
    }

    void lineStructureIsKept() {
        const std::string source = "#define CALL(a, b) a + b\n"
                                   "line2 /* a comment\n"
                                   "spanning */ line3 \\\n"
                                   "continued\n"
                                   "CALL(1,\n"
                                   "     2) line6\n"
                                   "#if 0\n"
                                   "skipped\n"
                                   "#endif\n"
                                   "line10\n";
        const std::string out = run(source).text;
        std::vector<std::string> lines;
        std::istringstream stream(out);
        for (std::string line; std::getline(stream, line);)
            lines.push_back(squashed(line));
        QCOMPARE(lines.size(), size_t(10));
        // A comment is one space, so line 2 goes on through the continuation of line 3; the
        // lines it swallowed follow it empty.
        QCOMPARE(lines[1], std::string("line2 line3 continued"));
        QCOMPARE(lines[2], std::string());
        QCOMPARE(lines[3], std::string());
        QCOMPARE(squashed(lines[4] + " " + lines[5]), std::string("1 + 2 line6"));
        QCOMPARE(lines[9], std::string("line10"));
    }
};

QTEST_GUILESS_MAIN(TestPreprocessor)
#include "tst_preprocessor.moc"
