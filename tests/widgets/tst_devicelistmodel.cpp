// DeviceListModel and DevicePropertiesModel over real snapshots (PoCL) and over snapshots with a
// failing platform, under QAbstractItemModelTester.
#include "bridge/DeviceProbe.h"
#include "models/DeviceListModel.h"
#include "models/DevicePropertiesModel.h"

#include "clw/engine/ClApi.h"
#include "clw/engine/DeviceInfo.h"
#include "clw/engine/InfoDescription.h"
#include "clw/engine/InfoValue.h"
#include "clw/engine/Platform.h"

#include "TestDevice.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace clw::ui;
namespace engine = clw::engine;

namespace {

QModelIndex findDeviceRow(const DeviceListModel& model, const QString& name) {
    for (int p = 0; p < model.rowCount(); ++p) {
        const QModelIndex platform = model.index(p, 0);
        for (int d = 0; d < model.rowCount(platform); ++d) {
            const QModelIndex device = model.index(d, 0, platform);
            if (model.data(device).toString() == name)
                return device;
        }
    }
    return {};
}

DeviceEntry fakeDevice(const QString& name) {
    DeviceEntry device;
    device.name = name;
    device.typeName = QStringLiteral("GPU");
    device.version = QStringLiteral("OpenCL 3.0");
    device.maxComputeUnits = 8;
    device.globalMemBytes = 2ull << 30;
    device.isDefault = true;
    device.properties = {{QStringLiteral("CL_DEVICE_NAME"), name, true},
                         {QStringLiteral("CL_DEVICE_UUID_KHR"),
                          QStringLiteral("unsupported (CL_INVALID_VALUE)"), false}};
    return device;
}

} // namespace

class TestDeviceListModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void realSnapshotMatchesTheEngine();
    void failedPlatformShowsItsError();
    void probeRecordsAFailingDeviceQuery();
    void propertiesModelListsEveryInfoRow();
};

void TestDeviceListModel::realSnapshotMatchesTheEngine() {
    CLW_REQUIRE_DEVICE(device);
    DeviceListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(takeDeviceSnapshot());

    const std::vector<engine::Platform> platforms = engine::Platform::all();
    QCOMPARE(model.rowCount(), int(platforms.size()));
    for (int p = 0; p < int(platforms.size()); ++p) {
        const QModelIndex platform = model.index(p, 0);
        QCOMPARE(model.data(platform).toString(), QString::fromStdString(platforms[p].name()));
        QVERIFY(model.data(platform, DeviceListModel::ErrorRole).toString().isEmpty());
        QCOMPARE(model.rowCount(platform), int(platforms[p].devices().size()));
    }
    QCOMPARE(model.snapshot().deviceCount(), int(engine::allDevices().size()));

    const QModelIndex row = findDeviceRow(model, QString::fromStdString(device.name()));
    QVERIFY2(row.isValid(), "the test device is not in the model");
    const DeviceEntry* entry = model.deviceAt(row);
    QVERIFY(entry);
    QCOMPARE(model.data(row.siblingAtColumn(DeviceListModel::ComputeUnitsColumn)).toUInt(),
             device.info<CL_DEVICE_MAX_COMPUTE_UNITS>());
    QCOMPARE(model.data(row.siblingAtColumn(DeviceListModel::TypeColumn)).toString(),
             QString::fromStdString(device.typeName()));
    QCOMPARE(entry->globalMemBytes, device.info<CL_DEVICE_GLOBAL_MEM_SIZE>());
    QCOMPARE(model.data(model.parent(row)).toString(),
             QString::fromStdString(device.platform().name()));
    QVERIFY(model.data(model.parent(row), DeviceListModel::IsPlatformRole).toBool());

    const QModelIndex byDefault = model.defaultDeviceIndex();
    QVERIFY(byDefault.isValid());
    QCOMPARE(model.data(byDefault).toString(),
             QString::fromStdString(engine::defaultDevice()->name()));

    model.setSnapshot({}); // a reset to nothing is fine too
    QCOMPARE(model.rowCount(), 0);
}

void TestDeviceListModel::failedPlatformShowsItsError() {
    DeviceSnapshot snapshot;
    PlatformEntry broken;
    broken.name = QStringLiteral("Broken ICD");
    broken.error = QStringLiteral("clGetDeviceIDs failed with CL_OUT_OF_HOST_MEMORY (-6)");
    PlatformEntry working;
    working.name = QStringLiteral("Working ICD");
    working.devices = {fakeDevice(QStringLiteral("Fake GPU"))};
    snapshot.platforms = {broken, working};

    DeviceListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(snapshot);

    QCOMPARE(model.rowCount(), 2);
    const QModelIndex failed = model.index(0, 0);
    QCOMPARE(model.data(failed).toString(), QStringLiteral("Broken ICD"));
    QCOMPARE(model.data(failed, DeviceListModel::ErrorRole).toString(), broken.error);
    QVERIFY(model.data(failed.siblingAtColumn(DeviceListModel::TypeColumn))
                .toString()
                .contains(QStringLiteral("CL_OUT_OF_HOST_MEMORY")));
    QCOMPARE(model.data(failed, Qt::ToolTipRole).toString(), broken.error);
    QCOMPARE(model.rowCount(failed), 0);

    const QModelIndex ok = model.index(1, 0);
    QVERIFY(model.data(ok, DeviceListModel::ErrorRole).toString().isEmpty());
    QCOMPARE(model.rowCount(ok), 1);
    const QModelIndex gpu = model.index(0, 0, ok);
    QCOMPARE(model.data(gpu).toString(), QStringLiteral("Fake GPU"));
    QCOMPARE(model.data(gpu.siblingAtColumn(DeviceListModel::GlobalMemoryColumn)).toString(),
             QStringLiteral("2 GiB"));
    QCOMPARE(model.defaultDeviceIndex(), gpu);
    QVERIFY(!model.deviceAt(ok));
    QCOMPARE(model.deviceAt(gpu)->name, QStringLiteral("Fake GPU"));
}

void TestDeviceListModel::probeRecordsAFailingDeviceQuery() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device) // the probe below must fail on every platform, this one included
    const int platformCount = int(engine::Platform::all().size());
    DeviceSnapshot snapshot;
    {
        engine::ScopedClApi scoped;
        // A driver failing half-way: it reports a device, then fails with an error.
        scoped.api().clGetDeviceIDs = [](cl_platform_id, cl_device_type, cl_uint, cl_device_id*,
                                         cl_uint* count) -> cl_int {
            if (count)
                *count = 1;
            return CL_OUT_OF_HOST_MEMORY;
        };
        snapshot = takeDeviceSnapshot();
    }
    QVERIFY(snapshot.error.isEmpty());
    QCOMPARE(int(snapshot.platforms.size()), platformCount);
    for (const PlatformEntry& platform : snapshot.platforms) {
        QVERIFY(platform.failed());
        QVERIFY2(platform.error.contains(QStringLiteral("CL_OUT_OF_HOST_MEMORY")),
                 qPrintable(platform.error));
        QVERIFY(platform.error.contains(QStringLiteral("clGetDeviceIDs")));
        QVERIFY(!platform.name.isEmpty());
        QVERIFY(platform.devices.isEmpty());
    }
    DeviceListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(snapshot);
    QCOMPARE(model.rowCount(), platformCount);
    QCOMPARE(model.data(model.index(0, 0), DeviceListModel::ErrorRole).toString(),
             snapshot.platforms[0].error);

    // A driver that fails outright, leaving the count at 0, fails the platform the same way.
    {
        engine::ScopedClApi scoped;
        scoped.api().clGetDeviceIDs = [](cl_platform_id, cl_device_type, cl_uint, cl_device_id*,
                                         cl_uint*) -> cl_int { return CL_INVALID_PLATFORM; };
        snapshot = takeDeviceSnapshot();
    }
    QCOMPARE(int(snapshot.platforms.size()), platformCount);
    for (const PlatformEntry& platform : snapshot.platforms)
        QVERIFY2(platform.error.contains(QStringLiteral("CL_INVALID_PLATFORM")),
                 qPrintable(platform.error));

    // When the platforms themselves cannot be listed, the snapshot says why.
    {
        engine::ScopedClApi scoped;
        scoped.api().clGetPlatformIDs = [](cl_uint, cl_platform_id*, cl_uint*) -> cl_int {
            return CL_OUT_OF_HOST_MEMORY;
        };
        snapshot = takeDeviceSnapshot();
    }
    QVERIFY(snapshot.platforms.isEmpty());
    QVERIFY2(snapshot.error.contains(QStringLiteral("clGetPlatformIDs")),
             qPrintable(snapshot.error));

    // With the real API back, the same probe lists the devices again.
    QCOMPARE(takeDeviceSnapshot().deviceCount(), int(engine::allDevices().size()));
}

void TestDeviceListModel::propertiesModelListsEveryInfoRow() {
    CLW_REQUIRE_DEVICE(device);
    const DeviceSnapshot snapshot = takeDeviceSnapshot();
    const DeviceEntry* entry = nullptr;
    for (const PlatformEntry& platform : snapshot.platforms)
        for (const DeviceEntry& candidate : platform.devices)
            if (candidate.name == QString::fromStdString(device.name()))
                entry = &candidate;
    QVERIFY(entry);

    DevicePropertiesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProperties(entry->properties);
    // Every info row, then the image formats, grouped under topics.
    QCOMPARE(model.propertyCount(), int(entry->properties.size()));
    QVERIFY(model.propertyCount() > int(std::size(engine::kDeviceInfoParams)));
    QCOMPARE(model.columnCount(), 2);
    QCOMPARE(model.rowCount(), model.topicCount());
    int children = 0;
    for (int topic = 0; topic < model.rowCount(); ++topic) {
        const QModelIndex index = model.index(topic, 0);
        QVERIFY(model.data(index, DevicePropertiesModel::IsTopicRole).toBool());
        QVERIFY(!model.propertyAt(index));
        children += model.rowCount(index);
    }
    QCOMPARE(children, model.propertyCount());

    for (const engine::InfoValue& value : device.allInfo()) {
        const QString name = QString::fromUtf8(value.param->name);
        const QModelIndex index = model.indexOf(name);
        QVERIFY2(index.isValid(), qPrintable(name));
        QCOMPARE(model.data(index.parent()).toString(),
                 QString::fromStdString(engine::infoTopic(value.param->id)));
        QCOMPARE(model.data(index, DevicePropertiesModel::SupportedRole).toBool(),
                 value.supported());
        if (value.param->id == CL_DEVICE_MAX_COMPUTE_UNITS) {
            QCOMPARE(model.data(index.siblingAtColumn(1)).toString(),
                     QString::fromStdString(engine::formatInfoValue(value)));
            QCOMPARE(model.data(index, DevicePropertiesModel::RawValueRole).toString(),
                     QString::number(device.info<CL_DEVICE_MAX_COMPUTE_UNITS>()));
        }
        if (value.param->id == CL_DEVICE_GLOBAL_MEM_SIZE) {
            // Human units shown, the exact byte count on hover.
            QVERIFY(model.data(index.siblingAtColumn(1)).toString().contains(QStringLiteral("iB")));
            QVERIFY(model.data(index, Qt::ToolTipRole)
                        .toString()
                        .contains(QString::number(device.info<CL_DEVICE_GLOBAL_MEM_SIZE>())));
        }
    }
    QCOMPARE(entry->property(QStringLiteral("CL_DEVICE_NAME")),
             QString::fromStdString(device.name()));

    model.setProperties({});
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.propertyCount(), 0);
}

QTEST_GUILESS_MAIN(TestDeviceListModel)
#include "tst_devicelistmodel.moc"
