// DeviceListModel and DevicePropertiesModel over real snapshots (PoCL) and over snapshots with a
// failing platform, under QAbstractItemModelTester; the OpenCL runtime row (ICD loader, NULL
// platform behavior) above the platforms, also with a loader that has no query and refuses NULL.
#include "bridge/DeviceProbe.h"
#include "bridge/RuntimeProbe.h"
#include "models/DeviceListModel.h"
#include "models/DevicePropertiesModel.h"

#include "clw/engine/device/IcdLoaderInfo.h"
#include "clw/engine/device/InfoDescription.h"
#include "clw/engine/device/NullPlatformBehavior.h"
#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/DeviceInfo.h"
#include "clw/engine/runtime/InfoValue.h"
#include "clw/engine/runtime/Platform.h"

#include "TestDevice.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace clw::ui;
namespace engine = clw::engine;

namespace {

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
    void runtimeRowShowsLoaderAndNullPlatform();
    void runtimeRowThroughTheSeam();
};

void TestDeviceListModel::realSnapshotMatchesTheEngine() {
    CLW_REQUIRE_DEVICE(device);
    DeviceListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(takeDeviceSnapshot());

    // The runtime row, then one row per platform.
    const std::vector<engine::Platform> platforms = engine::Platform::all();
    QCOMPARE(model.rowCount(), 1 + int(platforms.size()));
    QCOMPARE(model.runtimeIndex(), model.index(0, 0));
    for (int p = 0; p < int(platforms.size()); ++p) {
        const QModelIndex platform = model.index(p + 1, 0);
        QCOMPARE(model.platformIndex(p), platform);
        QCOMPARE(model.platformAt(platform), &model.snapshot().platforms[p]);
        QCOMPARE(model.data(platform).toString(), QString::fromStdString(platforms[p].name()));
        QVERIFY(model.data(platform, DeviceListModel::ErrorRole).toString().isEmpty());
        QCOMPARE(model.rowCount(platform), int(platforms[p].devices().size()));
    }
    QCOMPARE(model.snapshot().deviceCount(), int(engine::allDevices().size()));

    const QModelIndex row = model.deviceIndex(QString::fromStdString(device.name()));
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
    broken.error = QStringLiteral("listing the devices of Broken ICD failed "
                                  "(CL_OUT_OF_HOST_MEMORY, -6, from clGetDeviceIDs)");
    PlatformEntry working;
    working.name = QStringLiteral("Working ICD");
    working.devices = {fakeDevice(QStringLiteral("Fake GPU"))};
    snapshot.platforms = {broken, working};

    DeviceListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(snapshot);

    // A snapshot that did not read the runtime has no runtime row.
    QCOMPARE(model.rowCount(), 2);
    QVERIFY(!model.runtimeIndex().isValid());
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
    QCOMPARE(model.rowCount(), 1 + platformCount);
    QCOMPARE(model.data(model.platformIndex(0), DeviceListModel::ErrorRole).toString(),
             snapshot.platforms[0].error);
    // The same failure answers clGetDeviceIDs(NULL, ...): the runtime row names its code.
    QVERIFY(snapshot.runtime.probed);
    QCOMPARE(snapshot.runtime.nullPlatform.value(1).codeName,
             QStringLiteral("CL_OUT_OF_HOST_MEMORY"));
    QVERIFY(snapshot.runtime.nullPlatform.value(1).text.contains(
        QStringLiteral("CL_OUT_OF_HOST_MEMORY")));

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
    // The runtime is still read, and says why it could not tell which platform was picked.
    QVERIFY(snapshot.runtime.probed);
    QVERIFY2(snapshot.runtime.listingError.contains(QStringLiteral("CL_OUT_OF_HOST_MEMORY")),
             qPrintable(snapshot.runtime.listingError));
    model.setSnapshot(snapshot);
    QCOMPARE(model.rowCount(), 1);
    QVERIFY(model.runtimeAt(model.index(0, 0)));

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

void TestDeviceListModel::runtimeRowShowsLoaderAndNullPlatform() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device) // the NULL platform's devices are the loader's choice, checked below
    DeviceListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(takeDeviceSnapshot(/*cancelled=*/{}, /*characterize=*/false));
    const QModelIndex runtime = model.runtimeIndex();
    QVERIFY(runtime.isValid());
    QCOMPARE(model.data(runtime).toString(), QStringLiteral("OpenCL runtime"));
    QVERIFY(model.data(runtime, DeviceListModel::IsRuntimeRole).toBool());
    QVERIFY(!model.data(runtime, DeviceListModel::IsPlatformRole).toBool());
    QCOMPARE(model.rowCount(runtime), 0);
    QVERIFY(!model.deviceAt(runtime) && !model.platformAt(runtime));
    QVERIFY(!model.runtimeAt(model.platformIndex(0)));

    // The loader's name and version (Debian's ocl-icd), from the engine's query.
    const RuntimeEntry* entry = model.runtimeAt(runtime);
    QVERIFY(entry);
    const engine::IcdLoaderInfo loader = engine::readIcdLoaderInfo();
    QCOMPARE(entry->icdLoaderAvailable, loader.available);
    const QString version =
        model.data(runtime.siblingAtColumn(DeviceListModel::VersionColumn)).toString();
    QVERIFY2(version.contains(QString::fromStdString(loader.value(engine::kIcdlName))),
             qPrintable(version));

    // Its properties: the loader's rows, then one row per NULL-platform call.
    DevicePropertiesModel properties;
    QAbstractItemModelTester propertiesTester(
        &properties, QAbstractItemModelTester::FailureReportingMode::QtTest);
    properties.setProperties(entry->properties());
    QCOMPARE(properties.topicCount(), 2);
    QCOMPARE(properties.data(properties.index(0, 0)).toString(), QStringLiteral("ICD loader"));
    QCOMPARE(properties.data(properties.index(1, 0)).toString(),
             QStringLiteral("NULL platform behavior"));
    QCOMPARE(properties.rowCount(properties.index(1, 0)), int(entry->nullPlatform.size()));
    // Each context the loader made, or refused, for the NULL platform, as the loader answers the
    // same call made here: Debian's loader (ocl-icd) picks its first platform, so
    // CL_DEVICE_TYPE_ALL succeeds and PoCL's GPU type fails (CL_DEVICE_NOT_FOUND); the Khronos
    // loader that CUDA ships picks none (CL_INVALID_PLATFORM). A failure is dimmed and has its
    // code.
    const engine::NullPlatformBehavior behavior = engine::probeNullPlatformBehavior();
    int contexts = 0;
    for (const engine::NullPlatformOutcome& outcome : behavior.outcomes) {
        if (outcome.call != engine::NullPlatformCall::ContextFromType)
            continue;
        ++contexts;
        cl_int code = CL_SUCCESS;
        if (cl_context made =
                ::clCreateContextFromType(nullptr, outcome.deviceType, nullptr, nullptr, &code))
            ::clReleaseContext(made);
        const QModelIndex row = properties.indexOf(QString::fromStdString(outcome.label));
        QVERIFY2(row.isValid(), outcome.label.c_str());
        QCOMPARE(properties.data(row, DevicePropertiesModel::SupportedRole).toBool(),
                 code == CL_SUCCESS);
        QCOMPARE(properties.data(row, DevicePropertiesModel::RawValueRole).toString(),
                 QString::fromStdString(engine::errorName(code)));
    }
    QCOMPARE(contexts, 6); // DEFAULT, CPU, GPU, ACCELERATOR, CUSTOM, ALL
    const engine::NullPlatformOutcome& allTypes = behavior.outcomes.back();
    QCOMPARE(allTypes.deviceType, cl_device_type(CL_DEVICE_TYPE_ALL));
    const QModelIndex all =
        properties.indexOf(QStringLiteral("clCreateContextFromType(NULL, CL_DEVICE_TYPE_ALL)"));
    QVERIFY(all.isValid());
    const QString value = properties.data(all.siblingAtColumn(1)).toString();
    if (allTypes.succeeded())
        QVERIFY2(value.startsWith(QStringLiteral("Success (")) &&
                     value.contains(QString::fromStdString(allTypes.deviceNames.front())),
                 qPrintable(value));
    else
        QCOMPARE(value, QString::fromStdString(allTypes.text()));
    if (loader.available) {
        const QModelIndex name = properties.indexOf(QStringLiteral("CL_ICDL_NAME"));
        QCOMPARE(properties.data(name.siblingAtColumn(1)).toString(),
                 QString::fromStdString(loader.value(engine::kIcdlName)));
        QVERIFY(properties.data(name, Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("ICD loader Name")));
    }
}

void TestDeviceListModel::runtimeRowThroughTheSeam() {
    RuntimeEntry entry;
    {
        engine::ScopedClApi scoped;
        scoped.api().clGetICDLoaderInfoOCLICD = nullptr; // a loader without ocl-icd's query
        scoped.api().clGetPlatformInfo = [](cl_platform_id id, cl_platform_info param, size_t size,
                                            void* value, size_t* sizeRet) {
            return id ? ::clGetPlatformInfo(id, param, size, value, sizeRet) : CL_INVALID_PLATFORM;
        };
        scoped.api().clCreateContextFromType =
            [](const cl_context_properties*, cl_device_type,
               void(CL_CALLBACK*)(const char*, const void*, size_t, void*), void*,
               cl_int* error) -> cl_context {
            if (error)
                *error = CL_OUT_OF_RESOURCES;
            return nullptr;
        };
        QVERIFY_THROWS_NO_EXCEPTION(entry = readRuntimeEntry());
    }
    QVERIFY(entry.probed);
    QVERIFY(!entry.icdLoaderAvailable);
    QCOMPARE(entry.summary(), QStringLiteral("not supported by this ICD loader"));
    DevicePropertiesModel properties;
    properties.setProperties(entry.properties());
    const QModelIndex loader = properties.indexOf(QStringLiteral("clGetICDLoaderInfoOCLICD"));
    QVERIFY(loader.isValid());
    QCOMPARE(properties.data(loader.siblingAtColumn(1)).toString(),
             QStringLiteral("not supported by this ICD loader"));
    QCOMPARE(properties.data(loader.parent()).toString(), QStringLiteral("ICD loader"));
    // Each refused call shows the code's name, in the value and as the raw value.
    const QModelIndex name =
        properties.indexOf(QStringLiteral("clGetPlatformInfo(NULL, CL_PLATFORM_NAME, ...)"));
    QCOMPARE(properties.data(name.siblingAtColumn(1)).toString(),
             QStringLiteral("No platform (CL_INVALID_PLATFORM)"));
    const QModelIndex cpu =
        properties.indexOf(QStringLiteral("clCreateContextFromType(NULL, CL_DEVICE_TYPE_CPU)"));
    QVERIFY(properties.data(cpu.siblingAtColumn(1))
                .toString()
                .contains(QStringLiteral("CL_OUT_OF_RESOURCES")));
    QCOMPARE(properties.data(cpu, DevicePropertiesModel::RawValueRole).toString(),
             QStringLiteral("CL_OUT_OF_RESOURCES"));

    DeviceSnapshot snapshot;
    snapshot.runtime = entry;
    DeviceListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setSnapshot(snapshot);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, DeviceListModel::VersionColumn)).toString(),
             QStringLiteral("not supported by this ICD loader"));
}

QTEST_GUILESS_MAIN(TestDeviceListModel)
#include "tst_devicelistmodel.moc"
