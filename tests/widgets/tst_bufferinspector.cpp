// The buffer inspector panel offscreen on PoCL buffers and images: formats remembered per buffer,
// the windowed table and its scrolling, NaN / Inf colours, edits, statistics with histogram and
// plot, the 2D view with pixel pick, diffs against the previous contents with next / previous,
// fills, imports that fail cleanly, and .npy files opened as buffers.
#include "bridge/DeviceBufferSource.h"
#include "bridge/EngineBridge.h"
#include "bridge/ImageSource.h"
#include "inspector/AnalysisPanel.h"
#include "inspector/BufferCellDelegate.h"
#include "inspector/BufferFileActions.h"
#include "inspector/BufferInspector.h"
#include "inspector/BufferTableView.h"
#include "inspector/DiffPanel.h"
#include "inspector/FormatBar.h"
#include "inspector/HeatMapPanel.h"
#include "inspector/HeatMapView.h"
#include "inspector/HistogramView.h"
#include "inspector/LinePlotView.h"
#include "inspector/StatisticsTable.h"
#include "models/AnalysisRunner.h"
#include "models/BufferTableModel.h"

#include "clw/engine/session/NpyFile.h"

#include "TestDevice.h"

#include <QComboBox>
#include <QLineEdit>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <numeric>

using namespace clw;
using namespace clw::ui;

namespace {

struct Fixture {
    explicit Fixture(const engine::Device& device)
        : context(device)
        , queue(context, device) {}
    std::shared_ptr<DeviceBufferSource> buffer(const std::vector<float>& values) {
        engine::Buffer b(context, CL_MEM_READ_WRITE, values.size() * 4);
        queue.write(b, 0, values.size() * 4, values.data());
        return std::make_shared<DeviceBufferSource>(b, queue, values.size() * 4);
    }
    std::vector<float> contents(const DeviceBufferSource& source) {
        std::vector<float> values(source.size() / 4);
        queue.read(source.buffer(), 0, source.size(), values.data());
        return values;
    }
    engine::Context context;
    engine::CommandQueue queue;
};

std::vector<float> grid(int width, int height) {
    std::vector<float> v(size_t(width * height));
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            v[size_t(y * width + x)] = float(x + 100 * y);
    return v;
}

engine::ElementFormat format2D(const char* type, std::uint64_t width) {
    engine::ElementFormat format;
    format.type = type;
    format.shape.dimensions = 2;
    format.shape.width = width;
    return format;
}

QString cell(const BufferTableModel& model, int row, int column) {
    return model.data(model.index(row, column)).toString();
}

} // namespace

class TestBufferInspector : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { m_settingsDir.reset(new QTemporaryDir); }
    void showsFormatsAndRemembersThem();
    void scrollsAWindowOverTheWholeBuffer();
    void highlightsAndEdits();
    void statisticsHistogramPlotAndHeatMap();
    void diffsAgainstPreviousContents();
    void fillsImportsAndOpensFiles();
    void showsImages();

private:
    QSettings settings() const {
        return QSettings(m_settingsDir->filePath(QStringLiteral("settings.ini")),
                         QSettings::IniFormat);
    }
    std::unique_ptr<QTemporaryDir> m_settingsDir;
};

void TestBufferInspector::showsFormatsAndRemembersThem() {
    CLW_REQUIRE_DEVICE(device);
    Fixture fx(device);
    EngineBridge bridge;
    QSettings store = settings();
    auto source = fx.buffer(grid(8, 4));
    {
        BufferInspector inspector(bridge, &store);
        inspector.resize(1000, 600);
        inspector.show();
        inspector.addBuffer(QStringLiteral("out"), source);
        QCOMPARE(inspector.currentBuffer(), QStringLiteral("out"));
        QCOMPARE(inspector.model()->format().type, std::string("float"));
        QTRY_VERIFY(inspector.model()->isWindowLoaded());
        QCOMPARE(cell(*inspector.model(), 9, 2), QStringLiteral("101"));
        // A bad type keeps the table as it was and says why under the format line.
        inspector.formatBar()->typeBox()->setEditText(QStringLiteral("flaot2"));
        Q_EMIT inspector.formatBar()->typeBox()->lineEdit()->editingFinished();
        QVERIFY(
            inspector.formatBar()->errorText().contains(QStringLiteral("unknown type 'flaot2'")));
        QCOMPARE(inspector.model()->format().type, std::string("float"));
        inspector.formatBar()->setFormat(format2D("float2", 4));
        Q_EMIT inspector.formatBar()->formatRequested(inspector.formatBar()->format());
        QCOMPARE(inspector.formatBar()->errorText(), QString());
        QCOMPARE(inspector.model()->headerData(1, Qt::Horizontal).toString(),
                 QStringLiteral("x, y"));
        QTRY_VERIFY(inspector.model()->isWindowLoaded());
        QCOMPARE(cell(*inspector.model(), 5, 1), QStringLiteral("1, 1"));
        QCOMPARE(cell(*inspector.model(), 5, 3), QStringLiteral("102"));
    }
    // A new inspector (a new run) shows the buffer of that name as it was last shown.
    BufferInspector again(bridge, &store);
    again.addBuffer(QStringLiteral("out"), source);
    QCOMPARE(again.model()->format(), format2D("float2", 4));
    // A damaged saved format is ignored, not trusted.
    store.setValue(QStringLiteral("bufferInspector/formats/other"), QStringLiteral("clw-format 9"));
    again.addBuffer(QStringLiteral("other"), source);
    QCOMPARE(again.model()->format().type, std::string("float"));
    QCOMPARE(again.bufferNames(), (QStringList{QStringLiteral("other"), QStringLiteral("out")}));
    again.removeBuffer(QStringLiteral("other"));
    QCOMPARE(again.currentBuffer(), QStringLiteral("out"));
}

void TestBufferInspector::scrollsAWindowOverTheWholeBuffer() {
    CLW_REQUIRE_DEVICE(device);
    Fixture fx(device);
    EngineBridge bridge;
    std::vector<float> values(1 << 22); // 4M floats: far more rows than any view shows
    std::iota(values.begin(), values.end(), 0.0f);
    BufferInspector inspector(bridge, nullptr);
    inspector.resize(900, 500);
    inspector.show();
    QVERIFY(QTest::qWaitForWindowExposed(&inspector));
    inspector.addBuffer(QStringLiteral("big"), fx.buffer(values));
    BufferTableView* view = inspector.tableView();
    BufferTableModel* model = inspector.model();
    QVERIFY(model->rowCount() <= view->visibleRows() + 1);
    QCOMPARE(view->scrollBar()->maximum(), int(values.size()) - view->visibleRows());
    QTest::keyClick(view->table(), Qt::Key_End, Qt::ControlModifier);
    QTRY_VERIFY(model->isWindowLoaded());
    QCOMPARE(model->elementAt(model->rowCount() - 1), quint64(values.size() - 1));
    QCOMPARE(cell(*model, model->rowCount() - 1, 2), QStringLiteral("4194303"));
    QTest::keyClick(view->table(), Qt::Key_Home, Qt::ControlModifier);
    QCOMPARE(model->firstElement(), quint64(0));
    QTest::keyClick(view->table(), Qt::Key_PageDown);
    QCOMPARE(model->firstElement(), quint64(view->visibleRows()));
    view->scrollToElement(3'000'000);
    QTRY_VERIFY(model->isWindowLoaded());
    QCOMPARE(view->currentElement(), std::optional<quint64>(3'000'000));
    QCOMPARE(view->table()->currentIndex().data().toString(), QStringLiteral("3000000"));
    QVERIFY(model->pagesHeld() <= 4);
}

void TestBufferInspector::highlightsAndEdits() {
    CLW_REQUIRE_DEVICE(device);
    Fixture fx(device);
    EngineBridge bridge;
    std::vector<float> values = {1.0f, NAN, INFINITY, 1e-42f, 5.0f};
    auto source = fx.buffer(values);
    BufferInspector inspector(bridge, nullptr);
    inspector.show();
    inspector.addBuffer(QStringLiteral("v"), source);
    BufferTableModel* model = inspector.model();
    QTRY_VERIFY(model->isWindowLoaded());
    BufferCellDelegate delegate;
    const auto background = [&](int row) {
        QStyleOptionViewItem option;
        struct Access : BufferCellDelegate {
            using BufferCellDelegate::initStyleOption;
        };
        static_cast<Access&>(delegate).initStyleOption(&option, model->index(row, 2));
        return option.backgroundBrush.color();
    };
    QCOMPARE(background(1), BufferCellDelegate::nanColor());
    QCOMPARE(background(2), BufferCellDelegate::infinityColor());
    QCOMPARE(background(3), BufferCellDelegate::denormalColor());
    QVERIFY(background(0) != BufferCellDelegate::nanColor());
    QCOMPARE(cell(*model, 1, 2), QStringLiteral("nan"));

    QVERIFY(model->setData(model->index(4, 2), QStringLiteral("-7.25")));
    QTRY_COMPARE(fx.contents(*source)[4], -7.25f);
    QTRY_VERIFY(inspector.statusText().contains(QStringLiteral("Element 4 written")));
    QVERIFY(!model->setData(model->index(0, 2), QStringLiteral("one")));
    QVERIFY(inspector.statusText().contains(QStringLiteral("'one' is not a number")));
    QCOMPARE(fx.contents(*source)[0], 1.0f);
}

void TestBufferInspector::statisticsHistogramPlotAndHeatMap() {
    CLW_REQUIRE_DEVICE(device);
    Fixture fx(device);
    EngineBridge bridge;
    auto values = grid(64, 32);
    values[70] = NAN;
    BufferInspector inspector(bridge, nullptr);
    inspector.resize(1200, 700);
    inspector.show();
    QVERIFY(QTest::qWaitForWindowExposed(&inspector));
    inspector.addBuffer(QStringLiteral("image"), fx.buffer(values), format2D("float", 64));
    // Small buffers are analysed at once, off the GUI thread.
    AnalysisPanel* analysis = inspector.analysis();
    QTRY_COMPARE(analysis->statistics()->rowCount(), 1);
    QTRY_COMPARE(analysis->statistics()->item(0, StatisticsTable::NaNs)->text(),
                 QStringLiteral("1"));
    QCOMPARE(analysis->statistics()->item(0, StatisticsTable::Max)->text(), QStringLiteral("3163"));
    // The charts are drawn when their tab is shown, not out of sight.
    QCOMPARE(analysis->tabs()->currentWidget(), analysis->statistics());
    QCOMPARE(analysis->histogram()->pointCount(), 0);
    QCOMPARE(analysis->plot()->pointCount(), 0);
    analysis->tabs()->setCurrentWidget(analysis->histogram());
    QVERIFY(analysis->histogram()->pointCount() > 0);
    QCOMPARE(analysis->plot()->pointCount(), 0);
    analysis->tabs()->setCurrentWidget(analysis->plot());
    QVERIFY(analysis->plot()->pointCount() > 0);
    analysis->tabs()->setCurrentWidget(analysis->statistics());
    // Statistics of a selection: rows 1 and 2 of the window.
    QTableView* table = inspector.tableView()->table();
    table->selectionModel()->select(
        QItemSelection(inspector.model()->index(1, 2), inspector.model()->index(2, 2)),
        QItemSelectionModel::ClearAndSelect);
    analysis->scopeBox()->setCurrentIndex(1);
    analysis->compute();
    QTRY_VERIFY(!analysis->runner().isRunning());
    QCOMPARE(analysis->statistics()->item(0, StatisticsTable::Count)->text(), QStringLiteral("2"));
    QCOMPARE(analysis->statistics()->item(0, StatisticsTable::Min)->text(), QStringLiteral("1"));

    HeatMapPanel* heat = inspector.heatMap();
    QTRY_VERIFY(!heat->view()->image().isNull());
    QCOMPARE(heat->view()->image().size(), QSize(64, 32));
    QCOMPARE(heat->view()->image().pixel(6, 1), Colormap::noValueColor()); // the NaN
    QCOMPARE(heat->view()->image().pixel(0, 0), Colormap(Colormap::Viridis).table()[0]);
    // Pick: the exact value under the cursor, read from the device.
    HeatMapView* view = heat->view();
    view->fit();
    const QPointF at(view->width() / 2.0 + 0.5 * view->zoom() * 0, view->height() / 2.0);
    std::uint64_t x = 0;
    std::uint64_t y = 0;
    QVERIFY(view->elementAt(at, x, y));
    QTest::mouseMove(view, at.toPoint());
    QTRY_VERIFY(heat->pickText().contains(QStringLiteral("value=%1").arg(x + 100 * y)));
    // Zoom about the cursor keeps the element under it.
    const double before = view->zoom();
    view->setZoom(before * 4, at);
    std::uint64_t x2 = 0;
    std::uint64_t y2 = 0;
    QVERIFY(view->elementAt(at, x2, y2));
    QCOMPARE(x2, x);
    QCOMPARE(y2, y);
}

void TestBufferInspector::diffsAgainstPreviousContents() {
    CLW_REQUIRE_DEVICE(device);
    Fixture fx(device);
    EngineBridge bridge;
    auto values = grid(100, 10);
    auto source = fx.buffer(values);
    BufferInspector inspector(bridge, nullptr);
    inspector.show();
    inspector.addBuffer(QStringLiteral("out"), source);
    inspector.addBuffer(QStringLiteral("other"), fx.buffer(values));
    inspector.showBuffer(QStringLiteral("out"));
    QSignalSpy taken(&inspector, &BufferInspector::snapshotTaken);
    inspector.takeSnapshot(QStringLiteral("out"));
    QTRY_COMPARE(taken.count(), 1);
    // "A launch" changes three elements.
    values[10] = -1;
    values[500] = 0.5f;
    values[501] = 2000;
    fx.queue.write(source->buffer(), 0, values.size() * 4, values.data());
    inspector.refresh(QStringLiteral("out"));
    DiffPanel* diff = inspector.diff();
    QCOMPARE(diff->referenceBox()->itemText(0), QStringLiteral("Previous contents of out"));
    QCOMPARE(diff->referenceBox()->itemText(1), QStringLiteral("other"));
    diff->compare();
    QTRY_VERIFY(diff->result() != nullptr);
    QCOMPARE(diff->result()->changed(), std::uint64_t(3));
    QVERIFY(diff->summary().startsWith(QStringLiteral("3 of 1000 elements differ")));
    QVERIFY(inspector.model()
                ->data(inspector.model()->index(10, 2), BufferTableModel::ChangedRole)
                .toBool());
    Q_EMIT diff->navigate(true);
    QCOMPARE(inspector.tableView()->currentElement(), std::optional<quint64>(10));
    Q_EMIT diff->navigate(true);
    QCOMPARE(inspector.tableView()->currentElement(), std::optional<quint64>(500));
    Q_EMIT diff->navigate(true);
    Q_EMIT diff->navigate(true);
    QCOMPARE(inspector.tableView()->currentElement(), std::optional<quint64>(501));
    QVERIFY(inspector.statusText().contains(QStringLiteral("No difference after")));
    Q_EMIT diff->navigate(false);
    QCOMPARE(inspector.tableView()->currentElement(), std::optional<quint64>(500));
    // With a tolerance of 600, only the change of 501 (by 1499) counts.
    diff->absoluteTolerance()->setText(QStringLiteral("600"));
    diff->compare();
    QTRY_VERIFY(diff->result() != nullptr);
    QCOMPARE(diff->result()->changed(), std::uint64_t(1));
}

void TestBufferInspector::fillsImportsAndOpensFiles() {
    CLW_REQUIRE_DEVICE(device);
    Fixture fx(device);
    EngineBridge bridge;
    QTemporaryDir dir;
    auto source = fx.buffer(grid(16, 4));
    BufferInspector inspector(bridge, nullptr);
    inspector.show();
    inspector.addBuffer(QStringLiteral("b"), source);
    BufferFileActions* actions = inspector.actions();
    const BufferFileActions::Target target{QStringLiteral("b"), source, inspector.model()->layout(),
                                           inspector.model()->shape()};
    engine::FillSpec ramp;
    ramp.kind = engine::FillSpec::Kind::Ramp;
    ramp.start = 5;
    QSignalSpy finished(actions, &BufferFileActions::finished);
    QSignalSpy failed(actions, &BufferFileActions::failed);
    actions->fill(target, ramp, 0, 64);
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(fx.contents(*source)[63], 68.0f);
    QTRY_COMPARE(cell(*inspector.model(), 1, 2), QStringLiteral("6")); // the table read it again

    // A CSV of the wrong length: an error in the status line, and nothing written.
    const QString csv = dir.filePath(QStringLiteral("short.csv"));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("1\n2\n3\n");
    file.close();
    actions->importFile(target, csv);
    QTRY_COMPARE(failed.count(), 1);
    QVERIFY(inspector.statusText().contains(QStringLiteral("has 3 rows")));
    QCOMPARE(fx.contents(*source)[0], 5.0f);

    // Export and open the file again as a new buffer: an (h, w, 4) array opens as float4 2D.
    engine::NpyArray rgba;
    rgba.type = engine::NpyType::Float32;
    rgba.shape = {4, 2, 4};
    rgba.data.resize(4 * 2 * 4 * 4);
    const std::string npy = dir.filePath(QStringLiteral("rgba.npy")).toStdString();
    engine::NpyFile::write(npy, rgba);
    QSignalSpy shown(&inspector, &BufferInspector::bufferShown);
    actions->openFile(QString::fromStdString(npy));
    QTRY_COMPARE(shown.count(), 1);
    QCOMPARE(inspector.currentBuffer(), QStringLiteral("rgba.npy"));
    QCOMPARE(inspector.model()->format().type, std::string("float4"));
    QCOMPARE(inspector.model()->shape().width, std::uint64_t(2));
    QCOMPARE(inspector.model()->shape().height, std::uint64_t(4));
    actions->exportFile(target, dir.filePath(QStringLiteral("b.csv")));
    QTRY_COMPARE(finished.count(), 3);
    QVERIFY(
        inspector.statusText().contains(QStringLiteral("wrote 64 elements (float) to 'b.csv'")));
}

void TestBufferInspector::showsImages() {
    CLW_REQUIRE_DEVICE(device);
    Fixture fx(device);
    EngineBridge bridge;
    const engine::Image image =
        engine::Image::create2D(fx.context, CL_MEM_READ_WRITE, {CL_RGBA, CL_UNORM_INT8}, 16, 8);
    std::vector<unsigned char> pixels(16 * 8 * 4);
    for (size_t i = 0; i < pixels.size(); ++i)
        pixels[i] = static_cast<unsigned char>(i);
    fx.queue.writeImage(image, {0, 0, 0}, {16, 8, 1}, pixels.data());
    BufferInspector inspector(bridge, nullptr);
    inspector.resize(1000, 600);
    inspector.show();
    inspector.addBuffer(QStringLiteral("img"), ImageSource::open(image, fx.queue));
    QCOMPARE(inspector.model()->format().type, std::string("uchar4"));
    QCOMPARE(inspector.model()->shape().width, std::uint64_t(16));
    QCOMPARE(inspector.model()->elementCount(), quint64(128));
    inspector.tableView()->scrollToElement(17);
    QTRY_VERIFY(inspector.model()->isWindowLoaded());
    const int row = int(17 - inspector.model()->firstElement());
    QCOMPARE(cell(*inspector.model(), row, 1), QStringLiteral("1, 1"));
    QCOMPARE(cell(*inspector.model(), row, 3 + 2), QStringLiteral("70")); // pixel (1, 1), blue
    QTRY_VERIFY(!inspector.heatMap()->view()->image().isNull());
    QCOMPARE(inspector.heatMap()->view()->data().channels, 4); // shown as RGBA
}

QTEST_MAIN(TestBufferInspector)
#include "tst_bufferinspector.moc"
