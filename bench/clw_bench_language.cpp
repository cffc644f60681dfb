// clw_bench_language (issue: clangd behind the kernel editor): the editor's language service
// against the real clangd, driven offscreen in the real EditorWorkspace, on a 3,000-line kernel
// file with two headers and a -D option:
// - clangd's start (the first file opened) to its first answer (the file's diagnostics);
// - completion: from the keystroke that asks to QScintilla's list on screen, p50 and p95 of
//   kSamples places, and beside it the floor: the same request sent straight to clangd through
//   the service (no editor), at the same places, so that the editor's own share is visible;
// - diagnostics: from the last keystroke of a typo to its squiggle;
// - the longest GUI stall while 200 characters are typed with the service on (a 1 ms timer, as
//   clw_bench_ui measures it).
#include "BenchOptions.h"
#include "BenchReport.h"
#include "ProfilingApplication.h"
#include "StallMeter.h"
#include "Typist.h"
#include "WaitFor.h"

#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"
#include "editor/language/EditorLanguageClient.h"
#include "editor/language/LanguageService.h"
#include "editor/language/LanguageSupport.h"
#include "models/BuildSettingsStore.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace clw;
using clw::bench::StallMeter;
using clw::bench::waitFor;

namespace {

constexpr int kKernels = 60;
constexpr int kLinesPerKernel = 48;
constexpr int kTimeoutMs = 60000;

QString typesHeader() {
    QString text = QStringLiteral("// bench_types.h: the particles' types\n");
    for (int i = 0; i < 20; ++i)
        text +=
            QStringLiteral("typedef struct {\n    float x, y, z;\n    float mass;\n    int id;\n"
                           "} Body%1;\ntypedef __global Body%1* Body%1Ptr;\n")
                .arg(i);
    return text;
}

QString mathHeader() {
    QString text = QStringLiteral("// bench_math.h: helpers\n#define SOFTENING 0.001f\n");
    for (int i = 0; i < 100; ++i)
        text += QStringLiteral("inline DATA_TYPE helper_%1(DATA_TYPE a, DATA_TYPE b) {\n"
                               "    return mad(a, b, (DATA_TYPE)%1) + SOFTENING;\n}\n")
                    .arg(i);
    return text;
}

// kKernels kernels of kLinesPerKernel lines: about 3,000 lines.
QString kernelFile() {
    QString text = QStringLiteral("#include \"bench_types.h\"\n#include \"bench_math.h\"\n");
    for (int k = 0; k < kKernels; ++k) {
        text += QStringLiteral("__kernel void step_%1(__global const DATA_TYPE* in, "
                               "__global DATA_TYPE* out, Body%2Ptr bodies) {\n"
                               "    size_t i = get_global_id(0);\n    DATA_TYPE acc = 0;\n")
                    .arg(k)
                    .arg(k % 20);
        for (int line = 0; line < kLinesPerKernel - 5; ++line)
            text += QStringLiteral("    acc += helper_%1(in[i], bodies[i].mass) * %2.0f;\n")
                        .arg((k + line) % 100)
                        .arg(line);
        text += QStringLiteral("    out[i] = acc;\n}\n");
    }
    return text;
}

bool write(const QString& path, const QString& text) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text.toUtf8()) > 0;
}

double percentile(std::vector<double> values, double fraction) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t index =
        std::min(values.size() - 1, std::size_t(fraction * double(values.size() - 1) + 0.5));
    return values[index];
}

// The line (0-based) of a kernel's middle, where the samples type.
int sampleLine(int kernel) {
    return 2 + kernel * kLinesPerKernel + kLinesPerKernel / 2;
}

} // namespace

int main(int argc, char** argv) {
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    const bench::BenchOptions options = bench::parseBenchOptions(
        argc, argv,
        "clw_bench_language: the editor's language service (clangd) on a 3,000-line kernel with "
        "two headers: start to first answer (goal < 2 s), completion p95 (< 100 ms), "
        "diagnostics after the last keystroke (< 500 ms), GUI stalls while typing (<= 16 ms).");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    bench::ProfilingApplication app(argc, argv);
    if (ui::LanguageService::findProgram().isEmpty()) {
        std::fprintf(stderr, "clangd not found: run scripts/setup\n");
        return 1;
    }
    const int samples = options.quick ? 8 : 30;

    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    ui::DeviceHosts hosts;
    ui::EngineBridge bridge(1);
    ui::EditorWorkspace workspace(bridge, hosts, settings);
    // The language service alone: no device builds while typing (clw_bench_ui measures those).
    workspace.findChild<QAction*>(QStringLiteral("liveBuildAction"))->setChecked(false);
    workspace.resize(780, 580);
    workspace.show();
    const QString kernelPath = dir.filePath(QStringLiteral("nbody.cl"));
    if (!write(dir.filePath(QStringLiteral("bench_types.h")), typesHeader()) ||
        !write(dir.filePath(QStringLiteral("bench_math.h")), mathHeader()) ||
        !write(kernelPath, kernelFile())) {
        std::fprintf(stderr, "cannot write the kernel files\n");
        return 1;
    }
    ui::LanguageSupport& language = *workspace.language();
    ui::LanguageService& service = language.service();
    // The build options remembered for the kernel's folder, as the workspace reads them.
    ui::BuildSettingsStore(settings).save(kernelPath, {QStringLiteral("-DDATA_TYPE=float"), {}});

    // 1. Start to first answer: the file opens, clangd starts, reads it and its headers.
    QElapsedTimer clock;
    clock.start();
    ui::KernelEditor* editor = workspace.tabs()->openFile(kernelPath);
    ui::EditorLanguageClient* client = editor ? language.clientFor(editor) : nullptr;
    if (!client) {
        std::fprintf(stderr, "the kernel did not open with the language service\n");
        return 1;
    }
    double initializedMs = -1;
    QObject::connect(&service, &ui::LanguageService::started,
                     [&] { initializedMs = clock.nsecsElapsed() / 1e6; });
    int diagnosticsShown = 0;
    double lastDiagnosticsMs = 0;
    QObject::connect(client, &ui::EditorLanguageClient::diagnosticsShown, [&](int) {
        ++diagnosticsShown;
        lastDiagnosticsMs = clock.nsecsElapsed() / 1e6;
    });
    if (!waitFor([&] { return diagnosticsShown > 0; }, kTimeoutMs)) {
        std::fprintf(stderr, "clangd did not answer within %d s\n", kTimeoutMs / 1000);
        return 1;
    }
    const double firstAnswerMs = lastDiagnosticsMs;
    if (!editor->serviceDiagnostics().isEmpty())
        std::fprintf(stderr, "the generated kernel has %d problems, first: %s\n",
                     int(editor->serviceDiagnostics().size()),
                     qPrintable(editor->serviceDiagnostics().first().message));
    std::printf("%d lines; clangd initialized after %.0f ms, first diagnostics after %.0f ms\n",
                editor->lines(), initializedMs, firstAnswerMs);

    // 2. Completion at `samples` places: a new line in a kernel's middle, "get_gl" typed at
    // once; from the last keystroke to the list on screen. Then the floor: the same request
    // straight to clangd at the same place and text.
    int listsShown = 0;
    double listMs = 0;
    QObject::connect(client, &ui::EditorLanguageClient::completionShown, [&](int) {
        ++listsShown;
        listMs = clock.nsecsElapsed() / 1e6;
    });
    std::vector<double> completion;
    std::vector<double> floor;
    editor->setFocus();
    for (int sample = 0; sample < samples; ++sample) {
        const int line = sampleLine((sample * 7) % kKernels);
        editor->setCursorPosition(line, int(editor->text(line).size()) - 1);
        QTest::keyClick(editor->viewport(), Qt::Key_Return);
        // The file read again after the new line, as a person pauses before a word.
        waitFor([&] { return false; }, 400);
        const int before = listsShown;
        QTest::keyClicks(editor->viewport(), QStringLiteral("get_g"));
        QTest::keyClick(editor->viewport(), 'l');
        const double askedMs = clock.nsecsElapsed() / 1e6;
        const auto listed = [&] {
            return listsShown > before && client->shownEntries().size() >= 3 &&
                   client->shownEntries().first().insertText.startsWith(QLatin1String("get_gl"));
        };
        if (!waitFor(listed, kTimeoutMs)) {
            std::fprintf(stderr, "no completion list at line %d\n", line + 2);
            return 1;
        }
        completion.push_back(listMs - askedMs);
        QTest::keyClick(editor->viewport(), Qt::Key_Escape);

        // The floor, at the same place of the same text.
        bool answered = false;
        QElapsedTimer direct;
        direct.start();
        double directMs = 0;
        const int column = int(editor->text(line + 1).toUtf8().size()) - 1;
        service.request(client->path(), QStringLiteral("textDocument/completion"),
                        {{"position", {{"line", line + 1}, {"character", column}}}}, kTimeoutMs,
                        [&](int, const nlohmann::json&, const QString&) {
                            directMs = direct.nsecsElapsed() / 1e6;
                            answered = true;
                        });
        if (!waitFor([&] { return answered; }, kTimeoutMs))
            return 1;
        floor.push_back(directMs);
        // Back to the original text.
        editor->SendScintilla(QsciScintillaBase::SCI_GOTOLINE, line + 1);
        editor->SendScintilla(QsciScintillaBase::SCI_LINEDELETE);
    }

    // 3. Diagnostics: a typo typed in a burst; from its last keystroke to its squiggle, then the
    // line taken out again and the squiggle gone.
    std::vector<double> diagnostics;
    for (int sample = 0; sample < std::max(4, samples / 3); ++sample) {
        const int line = sampleLine((sample * 11 + 3) % kKernels);
        waitFor([&] { return false; }, 300);
        editor->setCursorPosition(line, int(editor->text(line).size()) - 1);
        QTest::keyClick(editor->viewport(), Qt::Key_Return);
        QTest::keyClicks(editor->viewport(), QStringLiteral("acc += undefined_rate"));
        QTest::keyClick(editor->viewport(), ';');
        const double lastKeyMs = clock.nsecsElapsed() / 1e6;
        QTest::keyClick(editor->viewport(), Qt::Key_Escape);
        const auto squiggled = [&] {
            for (const ui::BuildDiagnostic& problem : editor->serviceDiagnostics())
                if (problem.line == line + 2 &&
                    problem.message.contains(QLatin1String("undefined_rate")))
                    return true;
            return false;
        };
        if (!waitFor(squiggled, kTimeoutMs)) {
            std::fprintf(stderr, "no squiggle for the typo at line %d\n", line + 2);
            return 1;
        }
        diagnostics.push_back(lastDiagnosticsMs - lastKeyMs);
        editor->SendScintilla(QsciScintillaBase::SCI_GOTOLINE, line + 1);
        editor->SendScintilla(QsciScintillaBase::SCI_LINEDELETE);
        if (!waitFor([&] { return editor->serviceDiagnostics().isEmpty(); }, kTimeoutMs))
            return 1;
    }

    // 4. Typing 200 characters of code into a kernel, 30-60 ms apart with a pause after every
    // 40: completion lists, signature help and diagnostics come and go meanwhile.
    const int line = sampleLine(kKernels / 2);
    editor->setCursorPosition(line, int(editor->text(line).size()) - 1);
    QTest::keyClick(editor->viewport(), Qt::Key_Return);
    bench::Typist typist(editor->viewport(),
                         QStringLiteral("acc += helper_7(in[i], acc) * mad(acc, 2.0f, 1.0f); "),
                         200);
    StallMeter meter;
    meter.start();
    app.startRecording();
    typist.start();
    waitFor([&] { return typist.done(); }, 120000);
    waitFor([&] { return false; }, 1000); // the answers to the last keys arrive
    meter.stop();
    app.stopRecording();
    std::printf("the longest GUI work while typing: %.1f ms, %s\n", app.slowestMs(),
                qPrintable(app.slowest()));

    const double completionP50 = percentile(completion, 0.5);
    const double completionP95 = percentile(completion, 0.95);
    const double floorP95 = percentile(floor, 0.95);
    const double diagnosticsP50 = percentile(diagnostics, 0.5);
    const double diagnosticsMax = percentile(diagnostics, 1.0);
    bench::printFigure("kernel_lines", editor->lines(), "lines");
    bench::printFigure("start_to_initialized_ms", initializedMs, "ms");
    bench::printFigure("start_to_first_answer_ms", firstAnswerMs, "ms");
    bench::printFigure("completion_p50_ms", completionP50, "ms");
    bench::printFigure("completion_p95_ms", completionP95, "ms");
    bench::printFigure("completion_floor_p50_ms", percentile(floor, 0.5), "ms");
    bench::printFigure("completion_floor_p95_ms", floorP95, "ms");
    bench::printFigure("completion_p95_over_floor", floorP95 > 0 ? completionP95 / floorP95 : 0,
                       "x");
    bench::printFigure("diagnostics_p50_ms", diagnosticsP50, "ms");
    bench::printFigure("diagnostics_max_ms", diagnosticsMax, "ms");
    bench::printFigure("stalls_over_16ms_typing", meter.overGoal(), "stalls");
    bench::printFigure("longest_gui_work_typing_ms", meter.longestBusyMs(), "ms");
    bench::printFigure("longest_stall_typing_ms", meter.longestMs(), "ms");
    bench::printGoal("start_to_first_answer_ms", firstAnswerMs, "<", 2000);
    bench::printGoal("completion_p95_ms", completionP95, "<", 100);
    bench::printGoal("diagnostics_max_ms", diagnosticsMax, "<", 500);
    bench::printGoal("no_stall_over_16ms", meter.longestMs(), "<=", bench::kFrameMs);
    return 0;
}
