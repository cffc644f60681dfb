// The buffer inspector's paged table model under QAbstractItemModelTester: a window of a large
// device buffer read page by page on workers, stale pages dropped by the generation counter,
// vectors, structs, 2D shapes and the hex view as columns, edits written to the device, read
// errors reported, and images seen as packed pixel rows.
#include "bridge/DeviceBufferSource.h"
#include "bridge/EngineBridge.h"
#include "bridge/HostBufferSource.h"
#include "bridge/ImageSource.h"
#include "bridge/InitialContentsSource.h"
#include "models/BufferTableModel.h"

#include "clw/engine/inspect/ScalarValue.h"

#include "TestDevice.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QtTest>

#include <cstring>
#include <future>
#include <numeric>

using namespace clw;
using namespace clw::ui;

namespace {

engine::ElementFormat formatOf(const char* type) {
    engine::ElementFormat format;
    format.type = type;
    return format;
}

// Host bytes whose reads wait at a gate until the test opens it: reads in flight on demand.
class GatedSource : public HostBufferSource {
public:
    using HostBufferSource::HostBufferSource;
    void read(std::uint64_t offset, std::span<unsigned char> out) const override {
        m_gate.wait();
        HostBufferSource::read(offset, out);
    }
    void open() { m_open.set_value(); }

private:
    std::promise<void> m_open;
    std::shared_future<void> m_gate = m_open.get_future().share();
};

class FailingSource : public HostBufferSource {
public:
    using HostBufferSource::HostBufferSource;
    void read(std::uint64_t, std::span<unsigned char>) const override {
        throw std::runtime_error("the device is gone");
    }
};

std::vector<unsigned char> floatRamp(size_t count) {
    std::vector<float> values(count);
    std::iota(values.begin(), values.end(), 0.0f);
    std::vector<unsigned char> bytes(count * sizeof(float));
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

QString cell(const BufferTableModel& model, int row, int column) {
    return model.data(model.index(row, column)).toString();
}

} // namespace

class TestBufferTableModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pagesAWindowOfALargeBuffer();
    void stalePagesAreDropped();
    void vectorsStructsShapesAndHex();
    void editsAreWrittenToTheDevice();
    void readErrorsAreReported();
    void imagesArePackedPixelRows();
    void initialContentsHaveTheShapeOfTheirImage();
};

void TestBufferTableModel::pagesAWindowOfALargeBuffer() {
    CLW_REQUIRE_DEVICE(device);
    const engine::Context context(device);
    const engine::CommandQueue queue(context, device);
    constexpr size_t kCount = 16 * 1024 * 1024; // 64 MiB of floats
    const engine::Buffer buffer(context, CL_MEM_READ_WRITE, kCount * sizeof(float));
    const auto bytes = floatRamp(kCount);
    queue.write(buffer, 0, bytes.size(), bytes.data());

    EngineBridge bridge;
    BufferTableModel model(bridge);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto source = std::make_shared<DeviceBufferSource>(buffer, queue, bytes.size());
    QCOMPARE(model.setSource(source, formatOf("float")), QString());
    QCOMPARE(model.elementCount(), quint64(kCount));
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("float"));
    model.setWindow(0, 40);
    QCOMPARE(model.rowCount(), 40);
    QTRY_VERIFY(model.isWindowLoaded());
    QCOMPARE(cell(model, 7, 0), QStringLiteral("7"));
    QCOMPARE(cell(model, 7, 1), QStringLiteral("0x1c"));
    QCOMPARE(cell(model, 7, 2), QStringLiteral("7"));

    // Scrolling through the buffer asks for pages without waiting; only the last window stays.
    for (quint64 first = 0; first < kCount; first += kCount / 64)
        model.setWindow(first, 40);
    model.setWindow(kCount, 40); // clamped: the last 40 elements
    QCOMPARE(model.firstElement(), quint64(kCount - 40));
    QTRY_VERIFY(model.isWindowLoaded());
    QTRY_COMPARE(model.readsInFlight(), 0);
    QCOMPARE(cell(model, 39, 2), QString::number(double(float(kCount - 1)), 'g', 9));
    QVERIFY2(model.pagesHeld() <= 3, "only the window's pages and its margins stay");
    QVERIFY(model.bytesHeld() <= 3 * PageCache::kTargetPageBytes);
    // The window grows and shrinks with the view.
    model.setWindow(1000, 100);
    QCOMPARE(model.rowCount(), 100);
    QTRY_VERIFY(model.isWindowLoaded());
    QCOMPARE(cell(model, 99, 2), QStringLiteral("1099"));
    model.setWindow(1000, 10);
    QCOMPARE(model.rowCount(), 10);
}

void TestBufferTableModel::stalePagesAreDropped() {
    EngineBridge bridge;
    BufferTableModel model(bridge);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto gated = std::make_shared<GatedSource>(floatRamp(4096));
    QCOMPARE(model.setSource(gated, formatOf("float")), QString());
    model.setWindow(0, 20);
    QCOMPARE(model.readsInFlight(), 1);
    const quint64 before = model.generation();
    // The format changes while the float read waits: its page must never show as uint.
    QCOMPARE(model.setFormat(formatOf("uint")), QString());
    QVERIFY(model.generation() > before);
    QCOMPARE(cell(model, 1, 2), QStringLiteral("…"));
    gated->open();
    QTRY_VERIFY(model.isWindowLoaded());
    QCOMPARE(cell(model, 1, 2), QStringLiteral("1065353216")); // 1.0f's bits, read afresh
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), QStringLiteral("uint"));
    // A bad format keeps the previous one and says why.
    QVERIFY(model.setFormat(formatOf("flot")).contains(QStringLiteral("unknown type")));
    QCOMPARE(model.format().type, std::string("uint"));
}

void TestBufferTableModel::vectorsStructsShapesAndHex() {
    EngineBridge bridge;
    BufferTableModel model(bridge);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto source = std::make_shared<HostBufferSource>(floatRamp(64));
    model.setWindow(0, 100);
    QCOMPARE(model.setSource(source, formatOf("float4")), QString());
    QCOMPARE(model.rowCount(), 16);
    QCOMPARE(model.columnCount(), 6);
    QCOMPARE(model.headerData(5, Qt::Horizontal).toString(), QStringLiteral("w"));
    QTRY_VERIFY(model.isWindowLoaded());
    QCOMPARE(cell(model, 2, 4), QStringLiteral("10"));
    QCOMPARE(cell(model, 2, 1), QStringLiteral("0x20"));

    QCOMPARE(model.setFormat(formatOf("struct { float3 pos; uint id; }")), QString());
    QCOMPARE(model.rowCount(), 8); // 32-byte elements
    QCOMPARE(model.headerData(5, Qt::Horizontal).toString(), QStringLiteral("id"));
    QTRY_VERIFY(model.isWindowLoaded());
    QCOMPARE(cell(model, 1, 3), QStringLiteral("9"));          // pos.y of element 1: float 9
    QCOMPARE(cell(model, 1, 5), QStringLiteral("1094713344")); // id: float 12's bits

    engine::ElementFormat grid = formatOf("float");
    grid.shape.dimensions = 2;
    grid.shape.width = 3;
    grid.shape.rowPitch = 16; // 3 floats a row, one float of padding
    QCOMPARE(model.setFormat(grid), QString());
    QCOMPARE(model.rowCount(), 16 * 3);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("x, y"));
    QVERIFY(model.headerData(1, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("[y, x] of the numpy array")));
    QTRY_VERIFY(model.isWindowLoaded());
    QCOMPARE(cell(model, 4, 1), QStringLiteral("1, 1"));
    QCOMPARE(cell(model, 4, 3), QStringLiteral("5")); // row 1 starts at float 4
    QCOMPARE(cell(model, 4, 2), QStringLiteral("0x14"));

    grid.shape.rowPitch = 8;
    QVERIFY(model.setFormat(grid).contains(QStringLiteral("row pitch")));
    QCOMPARE(model.setFormat(formatOf("hex")), QString());
    QCOMPARE(model.columnCount(), 2 + 16 + 1);
    QTRY_VERIFY(model.isWindowLoaded());
    QCOMPARE(cell(model, 0, 2 + 7), QStringLiteral("3f")); // 1.0f = 0000803f
    QCOMPARE(model.headerData(18, Qt::Horizontal).toString(), QStringLiteral("Text"));
    QCOMPARE(cell(model, 0, 18).size(), 16);
}

void TestBufferTableModel::editsAreWrittenToTheDevice() {
    CLW_REQUIRE_DEVICE(device);
    const engine::Context context(device);
    const engine::CommandQueue queue(context, device);
    const auto bytes = floatRamp(1024);
    const engine::Buffer buffer(context, CL_MEM_READ_WRITE, bytes.size());
    queue.write(buffer, 0, bytes.size(), bytes.data());
    EngineBridge bridge;
    BufferTableModel model(bridge);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSource(std::make_shared<DeviceBufferSource>(buffer, queue, bytes.size()),
                    formatOf("float2"));
    model.setWindow(100, 20);
    QTRY_VERIFY(model.isWindowLoaded());
    QVERIFY(model.flags(model.index(3, 3)) & Qt::ItemIsEditable);
    QVERIFY(!(model.flags(model.index(3, 0)) & Qt::ItemIsEditable));

    QSignalSpy written(&model, &BufferTableModel::valueWritten);
    QSignalSpy errors(&model, &BufferTableModel::errorOccurred);
    QVERIFY(model.setData(model.index(3, 3), QStringLiteral("-2.5")));
    QTRY_COMPARE(written.count(), 1);
    QCOMPARE(written.first().first().toULongLong(), quint64(103));
    QCOMPARE(cell(model, 3, 3), QStringLiteral("-2.5"));
    float back[2] = {};
    queue.read(buffer, 103 * 8, 8, back);
    QCOMPARE(back[0], 206.0f);
    QCOMPARE(back[1], -2.5f);

    QVERIFY(!model.setData(model.index(4, 2), QStringLiteral("abc")));
    QCOMPARE(errors.count(), 1);
    QVERIFY(errors.first().first().toString().contains(QStringLiteral("'abc' is not a number")));
    queue.read(buffer, 104 * 8, 8, back);
    QCOMPARE(back[0], 208.0f); // unchanged
}

void TestBufferTableModel::readErrorsAreReported() {
    EngineBridge bridge;
    BufferTableModel model(bridge);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy errors(&model, &BufferTableModel::errorOccurred);
    model.setWindow(0, 10);
    model.setSource(std::make_shared<FailingSource>(floatRamp(1 << 20)), formatOf("float"));
    QTRY_COMPARE(errors.count(), 1);
    QVERIFY(errors.first().first().toString().contains(QStringLiteral("the device is gone")));
    QCOMPARE(cell(model, 0, 2), QStringLiteral("…"));
    QTRY_COMPARE(model.readsInFlight(), 0);
    QTest::qWait(20);
    QCOMPARE(errors.count(), 1); // once, not once per page
}

void TestBufferTableModel::imagesArePackedPixelRows() {
    CLW_REQUIRE_DEVICE(device);
    const engine::Context context(device);
    const engine::CommandQueue queue(context, device);
    const cl_image_format rgba{CL_RGBA, CL_FLOAT};
    const engine::Image image = engine::Image::create2D(context, CL_MEM_READ_WRITE, rgba, 5, 3);
    const auto pixels = floatRamp(5 * 3 * 4);
    queue.writeImage(image, {0, 0, 0}, {5, 3, 1}, pixels.data());
    const auto source = ImageSource::open(image, queue);
    QCOMPARE(source->naturalType(), std::string("float4"));
    QCOMPARE(source->naturalWidth(), std::uint64_t(5));
    QCOMPARE(source->naturalHeight(), std::uint64_t(3));
    QCOMPARE(source->size(), std::uint64_t(pixels.size()));
    std::vector<unsigned char> part(24);
    source->read(72, part); // crosses from row 1 into row 2
    QCOMPARE(std::memcmp(part.data(), pixels.data() + 72, 24), 0);
    const float seven = 7.5f;
    source->write(80 * 2, std::span(reinterpret_cast<const unsigned char*>(&seven), 4));
    float back[4];
    queue.readImage(image, {0, 2, 0}, {1, 1, 1}, back);
    QCOMPARE(back[0], 7.5f);
    QCOMPARE(back[1], 41.0f); // the rest of the row kept
    QCOMPARE(ImageSource::typeOf({CL_R, CL_UNORM_INT8}), std::string("uchar"));
    QCOMPARE(ImageSource::typeOf({CL_RGBA, CL_HALF_FLOAT}), std::string("half4"));
    QCOMPARE(ImageSource::typeOf({CL_RGB, CL_UNORM_SHORT_565}), std::string("hex 2"));
}

void TestBufferTableModel::initialContentsHaveTheShapeOfTheirImage() {
    // Shape and type come from the session alone: no resources are read for them.
    engine::SessionBuffer image;
    image.name = "picture";
    image.elementType = "float4";
    image.shape = {5, 3};
    image.image = engine::SessionBuffer::Image{};
    const InitialContentsSource picture(nullptr, image, 5 * 3 * 16);
    QCOMPARE(picture.naturalType(), std::string("float4"));
    QCOMPARE(picture.naturalWidth(), std::uint64_t(5));
    QCOMPARE(picture.naturalHeight(), std::uint64_t(3));
    image.shape = {7};
    image.image->type = "image1d_t";
    const InitialContentsSource line(nullptr, image, 7 * 16);
    QCOMPARE(line.naturalWidth(), std::uint64_t(7));
    QCOMPARE(line.naturalHeight(), std::uint64_t(1));
    image.image.reset(); // a buffer: its bytes say nothing of a type or shape
    const InitialContentsSource buffer(nullptr, image, 7 * 16);
    QCOMPARE(buffer.naturalType(), std::string());
    QCOMPARE(buffer.naturalWidth(), std::uint64_t(0));
    QCOMPARE(buffer.naturalHeight(), std::uint64_t(0));
}

QTEST_GUILESS_MAIN(TestBufferTableModel)
#include "tst_buffertablemodel.moc"
