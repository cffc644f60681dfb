// DeviceSnapshotJson: what the listing device host reads is what the workbench shows. A real
// snapshot of PoCL (characterization included) and a made-up one with every field set away from
// its default go through CBOR, as the host protocol sends them, and come back equal field by
// field; typed property values keep integer against double; a missing field is refused.
#include "bridge/DeviceProbe.h"
#include "bridge/DeviceSnapshotJson.h"

#include "TestDevice.h"

#include <QCborValue>
#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include <limits>

using namespace clw::ui;

namespace {

DeviceSnapshot throughCbor(const DeviceSnapshot& snapshot) {
    const std::vector<std::uint8_t> bytes = nlohmann::json::to_cbor(nlohmann::json(snapshot));
    return nlohmann::json::from_cbor(bytes).get<DeviceSnapshot>();
}

// QJsonValue's == takes 5 and 5.0 for equal; the CBOR form tells them apart.
bool sameTyped(const QJsonValue& a, const QJsonValue& b) {
    return QCborValue::fromJsonValue(a) == QCborValue::fromJsonValue(b) &&
           a.isDouble() == b.isDouble();
}

void compareProperties(const QList<DeviceProperty>& got, const QList<DeviceProperty>& sent) {
    QCOMPARE(got.size(), sent.size());
    for (qsizetype i = 0; i < sent.size(); ++i) {
        const DeviceProperty& a = got[i];
        const DeviceProperty& b = sent[i];
        QCOMPARE(a.name, b.name);
        QCOMPARE(a.value, b.value);
        QCOMPARE(a.supported, b.supported);
        QCOMPARE(a.topic, b.topic);
        QCOMPARE(a.description, b.description);
        QCOMPARE(a.raw, b.raw);
        QVERIFY2(sameTyped(a.typed, b.typed), qPrintable(b.name));
        QCOMPARE(a.unit, b.unit);
        QVERIFY(a == b);
    }
}

void compareRuntime(const RuntimeEntry& a, const RuntimeEntry& b) {
    QCOMPARE(a.probed, b.probed);
    QCOMPARE(a.icdLoaderAvailable, b.icdLoaderAvailable);
    QCOMPARE(a.icdLoader.size(), b.icdLoader.size());
    for (qsizetype i = 0; i < b.icdLoader.size(); ++i) {
        QCOMPARE(a.icdLoader[i].name, b.icdLoader[i].name);
        QCOMPARE(a.icdLoader[i].label, b.icdLoader[i].label);
        QCOMPARE(a.icdLoader[i].value, b.icdLoader[i].value);
        QCOMPARE(a.icdLoader[i].supported, b.icdLoader[i].supported);
        QCOMPARE(a.icdLoader[i].error, b.icdLoader[i].error);
    }
    QCOMPARE(a.nullPlatform.size(), b.nullPlatform.size());
    for (qsizetype i = 0; i < b.nullPlatform.size(); ++i) {
        const NullPlatformRow& x = a.nullPlatform[i];
        const NullPlatformRow& y = b.nullPlatform[i];
        QCOMPARE(x.call, y.call);
        QCOMPARE(x.text, y.text);
        QCOMPARE(x.succeeded, y.succeeded);
        QCOMPARE(x.attempted, y.attempted);
        QCOMPARE(x.code, y.code);
        QCOMPARE(x.codeName, y.codeName);
        QCOMPARE(x.function, y.function);
        QCOMPARE(x.platformName, y.platformName);
        QCOMPARE(x.platformSuffix, y.platformSuffix);
        QCOMPARE(x.deviceNames, y.deviceNames);
    }
    QCOMPARE(a.listingError, b.listingError);
    QVERIFY(a == b);
}

void compareDevice(const DeviceEntry& a, const DeviceEntry& b) {
    QCOMPARE(a.name, b.name);
    QCOMPARE(a.vendor, b.vendor);
    QCOMPARE(a.typeName, b.typeName);
    QCOMPARE(a.typeBits, b.typeBits);
    QCOMPARE(a.version, b.version);
    QCOMPARE(a.driverVersion, b.driverVersion);
    QCOMPARE(a.openclCVersion, b.openclCVersion);
    QCOMPARE(a.profile, b.profile);
    QCOMPARE(a.maxComputeUnits, b.maxComputeUnits);
    QCOMPARE(a.maxClockFrequencyMHz, b.maxClockFrequencyMHz);
    QCOMPARE(a.globalMemBytes, b.globalMemBytes);
    QCOMPARE(a.localMemBytes, b.localMemBytes);
    QCOMPARE(a.maxMemAllocBytes, b.maxMemAllocBytes);
    QCOMPARE(a.maxWorkGroupSize, b.maxWorkGroupSize);
    QCOMPARE(a.maxWorkItemSizes, b.maxWorkItemSizes);
    QCOMPARE(a.extensions, b.extensions);
    compareProperties(a.properties, b.properties);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(a.characterization.size(), b.characterization.size());
    for (qsizetype i = 0; i < b.characterization.size(); ++i) {
        QCOMPARE(a.characterization[i].key, b.characterization[i].key);
        QCOMPARE(a.characterization[i].label, b.characterization[i].label);
        QCOMPARE(a.characterization[i].value, b.characterization[i].value);
        QCOMPARE(a.characterization[i].note, b.characterization[i].note);
    }
    QCOMPARE(a.characterizationError, b.characterizationError);
    QCOMPARE(a.isDefault, b.isDefault);
    QCOMPARE(a.platformName, b.platformName);
    QCOMPARE(a.platformIndex, b.platformIndex);
    QCOMPARE(a.deviceIndex, b.deviceIndex);
    QVERIFY(a == b);
}

void compareSnapshots(const DeviceSnapshot& a, const DeviceSnapshot& b) {
    compareRuntime(a.runtime, b.runtime);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(a.platforms.size(), b.platforms.size());
    for (qsizetype p = 0; p < b.platforms.size(); ++p) {
        const PlatformEntry& x = a.platforms[p];
        const PlatformEntry& y = b.platforms[p];
        QCOMPARE(x.name, y.name);
        QCOMPARE(x.vendor, y.vendor);
        QCOMPARE(x.version, y.version);
        QCOMPARE(x.profile, y.profile);
        QCOMPARE(x.extensions, y.extensions);
        compareProperties(x.properties, y.properties);
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(x.devices.size(), y.devices.size());
        for (qsizetype d = 0; d < y.devices.size(); ++d) {
            compareDevice(x.devices[d], y.devices[d]);
            if (QTest::currentTestFailed())
                return;
        }
        QCOMPARE(x.error, y.error);
    }
    QCOMPARE(a.error, b.error);
    QVERIFY(a == b);
}

DeviceProperty madeUpProperty(const QString& name, const QJsonValue& typed) {
    return {name,
            QStringLiteral("value of ") + name,
            false,
            QStringLiteral("Topic"),
            QStringLiteral("What it means"),
            QStringLiteral("raw ") + name,
            typed,
            QStringLiteral("bytes")};
}

// Every field away from its default, so that a field the JSON leaves out cannot come back equal.
DeviceSnapshot madeUpSnapshot() {
    DeviceSnapshot snapshot;
    snapshot.error = QStringLiteral("listing failed halfway");
    RuntimeEntry& runtime = snapshot.runtime;
    runtime.probed = true;
    runtime.icdLoaderAvailable = true;
    runtime.icdLoader = {{QStringLiteral("CL_ICDL_NAME"), QStringLiteral("ICD loader Name"),
                          QStringLiteral("OpenCL ICD Loader"), false,
                          QStringLiteral("CL_INVALID_VALUE")}};
    NullPlatformRow call;
    call.call = QStringLiteral("clCreateContextFromType(NULL, CL_DEVICE_TYPE_GPU)");
    call.text = QStringLiteral("No devices found in platform");
    call.succeeded = true;
    call.attempted = false;
    call.code = -1;
    call.codeName = QStringLiteral("CL_DEVICE_NOT_FOUND");
    call.function = QStringLiteral("clCreateContextFromType");
    call.platformName = QStringLiteral("Made-up platform");
    call.platformSuffix = QStringLiteral("mup");
    call.deviceNames = {QStringLiteral("one"), QStringLiteral("two")};
    runtime.nullPlatform = {call};
    runtime.listingError = QStringLiteral("a platform failed");

    PlatformEntry platform;
    platform.name = QStringLiteral("Made-up platform");
    platform.vendor = QStringLiteral("Nobody");
    platform.version = QStringLiteral("OpenCL 3.0 made up");
    platform.profile = QStringLiteral("EMBEDDED_PROFILE");
    platform.extensions = {QStringLiteral("cl_khr_icd")};
    platform.properties = {madeUpProperty(QStringLiteral("CL_PLATFORM_NAME"), QJsonValue())};
    platform.error = QStringLiteral("CL_OUT_OF_HOST_MEMORY in clGetDeviceIDs");

    DeviceEntry device;
    device.name = QStringLiteral("Made-up device");
    device.vendor = QStringLiteral("Nobody");
    device.typeName = QStringLiteral("CPU|Accelerator");
    device.typeBits = (std::uint64_t(1) << 40) | 3;
    device.version = QStringLiteral("OpenCL 3.0");
    device.driverVersion = QStringLiteral("7.0");
    device.openclCVersion = QStringLiteral("OpenCL C 3.0");
    device.profile = QStringLiteral("FULL_PROFILE");
    device.maxComputeUnits = 4'000'000'000u;
    device.maxClockFrequencyMHz = 2100;
    device.globalMemBytes = std::numeric_limits<std::uint64_t>::max();
    device.localMemBytes = 65536;
    device.maxMemAllocBytes = std::uint64_t(1) << 62;
    device.maxWorkGroupSize = 1024;
    device.maxWorkItemSizes = {1024, 1024, std::numeric_limits<std::uint64_t>::max()};
    device.extensions = {QStringLiteral("cl_khr_fp64"), QStringLiteral("cl_khr_fp16")};
    device.properties = {
        madeUpProperty(QStringLiteral("integer"), QJsonValue(std::numeric_limits<qint64>::max())),
        madeUpProperty(QStringLiteral("negative"), QJsonValue(qint64(-7))),
        madeUpProperty(QStringLiteral("double"), QJsonValue(0.5)),
        madeUpProperty(QStringLiteral("whole double"), QJsonValue(2.0)),
        madeUpProperty(QStringLiteral("bool"), QJsonValue(true)),
        madeUpProperty(QStringLiteral("string"), QJsonValue(QStringLiteral("0x3f"))),
        madeUpProperty(QStringLiteral("null"), QJsonValue(QJsonValue::Null)),
        madeUpProperty(QStringLiteral("list"),
                       QJsonArray{QStringLiteral("CL_FP_DENORM"), qint64(3), 1.25}),
        madeUpProperty(QStringLiteral("object"),
                       QJsonObject{{QStringLiteral("major"), qint64(3)},
                                   {QStringLiteral("nested"), QJsonArray{QJsonObject{}}}})};
    device.characterization = {{QStringLiteral("simd_group_size"),
                                QStringLiteral("SIMD group size"), QStringLiteral("32"),
                                QStringLiteral("a guess")}};
    device.characterizationError = QStringLiteral("no context");
    device.isDefault = true;
    device.platformName = platform.name;
    device.platformIndex = 3;
    device.deviceIndex = 5;
    platform.devices = {device};
    snapshot.platforms = {platform};
    return snapshot;
}

} // namespace

class TestDeviceSnapshotJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aRealSnapshotComesBackEqual() {
        CLW_REQUIRE_DEVICE(device);
        const DeviceSnapshot snapshot = takeDeviceSnapshot({}, /*characterize=*/true);
        // What the test stands on: the runtime, every device's properties, a characterization.
        QVERIFY(snapshot.runtime.probed);
        QVERIFY(!snapshot.runtime.nullPlatform.isEmpty());
        const QList<DeviceEntry> devices = snapshot.allDevices();
        const auto tested =
            std::find_if(devices.begin(), devices.end(), [&](const DeviceEntry& entry) {
                return entry.name == QString::fromStdString(device.name());
            });
        QVERIFY(tested != devices.end());
        QVERIFY(tested->characterization.size() > 10);
        QVERIFY(std::any_of(tested->properties.begin(), tested->properties.end(),
                            [](const DeviceProperty& row) { return row.typed.isDouble(); }));
        compareSnapshots(throughCbor(snapshot), snapshot);
    }

    void everyFieldTravels() {
        const DeviceSnapshot snapshot = madeUpSnapshot();
        const DeviceSnapshot back = throughCbor(snapshot);
        compareSnapshots(back, snapshot);
        // The largest integers keep every digit; a fraction stays a double. (QJsonValue itself
        // keeps a whole double as an integer: 2.0 travels as what it holds.)
        const QList<DeviceProperty>& rows = back.platforms[0].devices[0].properties;
        QCOMPARE(rows[0].typed.toInteger(), std::numeric_limits<qint64>::max());
        QVERIFY(QCborValue::fromJsonValue(rows[0].typed).isInteger());
        QVERIFY(QCborValue::fromJsonValue(rows[1].typed).isInteger());
        QVERIFY(QCborValue::fromJsonValue(rows[2].typed).isDouble());
        QCOMPARE(rows[2].typed.toDouble(), 0.5);
        // And a change anywhere shows: the comparison is no formality.
        DeviceSnapshot changed = back;
        changed.platforms[0].devices[0].properties[8].typed =
            QJsonObject{{QStringLiteral("major"), qint64(4)}};
        QVERIFY(!(changed == snapshot));
    }

    void aMissingFieldIsRefused() {
        nlohmann::json json = madeUpSnapshot();
        json["platforms"][0]["devices"][0].erase("deviceIndex");
        QVERIFY_THROWS_EXCEPTION(nlohmann::json::out_of_range, json.get<DeviceSnapshot>());
        json = madeUpSnapshot();
        json["platforms"] = "not a list";
        QVERIFY_THROWS_EXCEPTION(std::runtime_error, json.get<DeviceSnapshot>());
    }
};

QTEST_GUILESS_MAIN(TestDeviceSnapshotJson)
#include "tst_devicesnapshotjson.moc"
