// A real screenshot under Xvfb (xcb platform, run through xvfb-run by CTest): the editor after a
// PoCL build of a kernel with two errors. The picture is kept as build/.../artifacts/editor.png,
// and its pixels are checked: the error colour lies under the misspelt words (the squiggles) and
// in the marker margin, and not under the words that are right.
#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "editor/BuildController.h"
#include "editor/DiagnosticsPanel.h"
#include "editor/EditorTabs.h"
#include "editor/EditorWorkspace.h"
#include "editor/KernelEditor.h"

#include "TestDevice.h"

#include <QDir>
#include <QGuiApplication>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QSplitter>
#include <QTemporaryDir>
#include <QtTest>

using namespace clw;
using namespace clw::ui;

namespace {

const char kTwoErrors[] = "// Two errors the compiler will point at.\n"
                          "__kernel void scale(__global float* data, float factor) {\n"
                          "    size_t i = get_global_id(0);\n"
                          "    float v = data[i] * factr;\n"
                          "    data[i] = v + undefined_offset;\n"
                          "}\n";

bool near(QColor a, QColor b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
               std::abs(a.blue() - b.blue()) <
           60;
}

// Pixels of `colour` in a rectangle of the picture.
int count(const QImage& image, const QRect& rect, QColor colour) {
    int n = 0;
    const QRect inside = rect.intersected(image.rect());
    for (int y = inside.top(); y <= inside.bottom(); ++y)
        for (int x = inside.left(); x <= inside.right(); ++x)
            n += near(image.pixelColor(x, y), colour);
    return n;
}

} // namespace

class TestEditorScreenshot : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rendersDiagnostics();
};

void TestEditorScreenshot::rendersDiagnostics() {
    QVERIFY2(QGuiApplication::platformName() == QLatin1String("xcb"),
             "run under Xvfb with QT_QPA_PLATFORM=xcb (ctest -R widgets.editorscreenshot)");
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device); // required, not otherwise needed here
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    DeviceHosts hosts;
    EngineBridge bridge(2);

    QSplitter window(Qt::Vertical);
    auto* workspace = new EditorWorkspace(bridge, hosts, settings, &window);
    window.addWidget(workspace);
    window.addWidget(workspace->diagnosticsPanel());
    window.setSizes({420, 220});
    window.resize(1000, 640);
    KernelEditor* editor =
        workspace->tabs()->newFile(QString::fromLatin1(kTwoErrors), QStringLiteral("scale.cl"));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy finished(workspace->builds(), &BuildController::buildFinished);
    workspace->buildNow();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 120000);
    QCOMPARE(workspace->builds()->lastReport().errorCount(), 2);
    editor->setCursorPosition(0, 0);
    QTest::qWait(300); // let the X server show the repaint

    QScreen* screen = window.screen();
    QVERIFY(screen);
    const QImage shot = screen->grabWindow(window.winId()).toImage();
    QVERIFY(!shot.isNull());
    const QString artifacts = QStringLiteral(CLW_ARTIFACTS_DIR);
    QVERIFY(QDir().mkpath(artifacts));
    const QString path = artifacts + QStringLiteral("/editor.png");
    QVERIFY2(shot.save(path), qPrintable(path));
    qInfo().noquote() << "screenshot:" << path;

    // Where a byte range of the text is, in the picture's coordinates.
    const qreal ratio = shot.devicePixelRatio();
    const auto rectOf = [&](int line, int column, int length) {
        const long position =
            editor->SendScintilla(QsciScintilla::SCI_POSITIONFROMLINE, line - 1) + column - 1;
        const int x0 =
            int(editor->SendScintilla(QsciScintilla::SCI_POINTXFROMPOSITION, 0, position));
        const int x1 =
            int(editor->SendScintilla(QsciScintilla::SCI_POINTXFROMPOSITION, 0, position + length));
        const int y =
            int(editor->SendScintilla(QsciScintilla::SCI_POINTYFROMPOSITION, 0, position));
        const int height = int(editor->SendScintilla(QsciScintilla::SCI_TEXTHEIGHT, line - 1));
        const QPoint topLeft = editor->viewport()->mapTo(&window, QPoint(x0, y));
        // The squiggle sits in the lower part of the line, under the glyphs.
        return QRectF(topLeft.x() * ratio, (topLeft.y() + height / 2.0) * ratio, (x1 - x0) * ratio,
                      (height / 2.0 + 1) * ratio)
            .toAlignedRect();
    };
    const QColor error = editor->theme().error;
    const QRect factr = rectOf(4, 25, 5);
    const QRect offset = rectOf(5, 19, 16);
    const QRect data = rectOf(4, 15, 4); // "data": no error there
    QVERIFY2(count(shot, factr, error) >= 4, "no squiggle under 'factr'");
    QVERIFY2(count(shot, offset, error) >= 8, "no squiggle under 'undefined_offset'");
    QCOMPARE(count(shot, data, error), 0);
    // The error markers in the symbol margin, on lines 4 and 5.
    const int marginLeft = editor->marginWidth(0);
    const QPoint marginTopLeft = editor->mapTo(&window, QPoint(marginLeft, 0));
    const QRect marker(int(marginTopLeft.x() * ratio), factr.top() - factr.height(),
                       int(editor->marginWidth(KernelEditor::kSymbolMargin) * ratio),
                       factr.height() * 2);
    QVERIFY2(count(shot, marker, error) >= 10, "no error marker in the margin");
}

QTEST_MAIN(TestEditorScreenshot)
#include "tst_editorscreenshot.moc"
