// infoValueJson on answers no test device gives (NVIDIA's handle and semaphore types, a PCI
// address, a UUID, flags and enumerators without a name, 64-bit values past 2^53 and 2^63),
// read through a fake query of those bytes; and that the numbers stay exact through the JSON
// text `clworkbench devices --json` writes.
#include "bridge/InfoValueJson.h"

#include "clw/engine/runtime/DeviceInfo.h"
#include "clw/engine/runtime/PlatformInfo.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cstring>
#include <limits>

namespace engine = clw::engine;
using clw::ui::exactUnsigned;
using clw::ui::infoValueJson;

namespace {

const engine::InfoParam& row(cl_uint id) {
    for (const engine::InfoParam& param : engine::kDeviceInfoParams)
        if (param.id == id)
            return param;
    for (const engine::InfoParam& param : engine::kPlatformInfoParams)
        if (param.id == id)
            return param;
    qFatal("no row 0x%x", id);
}

// The parameter read from these bytes, as a driver would answer it.
engine::InfoValue read(cl_uint id, std::vector<std::uint8_t> bytes) {
    return engine::readInfoValue(row(id), [&](cl_uint, size_t size, void* out, size_t* needed) {
        if (needed)
            *needed = bytes.size();
        if (out)
            std::memcpy(out, bytes.data(), std::min(size, bytes.size()));
        return CL_SUCCESS;
    });
}

template <class T>
std::vector<std::uint8_t> bytesOf(std::vector<T> values) {
    std::vector<std::uint8_t> bytes(values.size() * sizeof(T));
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

// The value as `devices --json` writes it and a reader parses it back.
QJsonValue throughText(const QJsonValue& value) {
    const QByteArray text = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
    return QJsonDocument::fromJson(text).array().first();
}

} // namespace

class TestInfoValueJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void numbersStayExact();
    void handleAndSemaphoreTypesByName();
    void flagsAndEnumerators();
    void versionsBytesAndHandles();
    void unsupportedIsNull();
};

void TestInfoValueJson::numbersStayExact() {
    const std::uint64_t past53 = (std::uint64_t(1) << 53) + 1; // no double holds it
    const std::uint64_t int64Max = std::uint64_t(std::numeric_limits<qint64>::max());
    for (std::uint64_t value : {std::uint64_t(0), std::uint64_t(4096), past53, int64Max}) {
        const QJsonValue json =
            throughText(infoValueJson(read(CL_DEVICE_GLOBAL_MEM_SIZE, bytesOf<cl_ulong>({value}))));
        QVERIFY(json.isDouble());
        QCOMPARE(json.toInteger(), qint64(value));
    }
    QCOMPARE(QJsonDocument(QJsonArray{exactUnsigned(past53)}).toJson(QJsonDocument::Compact),
             QByteArray("[9007199254740993]"));
    // Above 2^63 - 1 only text is exact.
    const QJsonValue max = throughText(infoValueJson(read(
        CL_DEVICE_GLOBAL_MEM_SIZE, bytesOf<cl_ulong>({std::numeric_limits<cl_ulong>::max()}))));
    QCOMPARE(max.toString(), QStringLiteral("18446744073709551615"));
    QCOMPARE(exactUnsigned(int64Max + 1).toString(), QStringLiteral("9223372036854775808"));
    // Sizes and lists of sizes.
    QCOMPARE(infoValueJson(read(CL_DEVICE_MAX_WORK_ITEM_SIZES, bytesOf<size_t>({1024, 64, 1}))),
             QJsonValue(QJsonArray{1024, 64, 1}));
}

void TestInfoValueJson::handleAndSemaphoreTypesByName() {
    QCOMPARE(infoValueJson(read(CL_DEVICE_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR,
                                bytesOf<cl_uint>({0x2060, 0x2067}))),
             QJsonValue(QJsonArray{QStringLiteral("CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR"),
                                   QStringLiteral("CL_EXTERNAL_MEMORY_HANDLE_DMA_BUF_KHR")}));
    QCOMPARE(infoValueJson(read(CL_DEVICE_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR,
                                bytesOf<cl_uint>({0x2055, 0x2058}))),
             QJsonValue(QJsonArray{QStringLiteral("CL_SEMAPHORE_HANDLE_OPAQUE_FD_KHR"),
                                   QStringLiteral("CL_SEMAPHORE_HANDLE_SYNC_FD_KHR")}));
    QCOMPARE(infoValueJson(read(CL_DEVICE_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, {})),
             QJsonValue(QJsonArray{}));
    // A type newer than our table stays a number beside the names.
    QCOMPARE(infoValueJson(read(CL_DEVICE_SEMAPHORE_TYPES_KHR, bytesOf<cl_uint>({1, 0x7777}))),
             QJsonValue(QJsonArray{QStringLiteral("CL_SEMAPHORE_TYPE_BINARY_KHR"), 0x7777}));
    QCOMPARE(infoValueJson(read(CL_PLATFORM_SEMAPHORE_TYPES_KHR, bytesOf<cl_uint>({1}))),
             QJsonValue(QJsonArray{QStringLiteral("CL_SEMAPHORE_TYPE_BINARY_KHR")}));
    QCOMPARE(infoValueJson(read(CL_PLATFORM_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR,
                                bytesOf<cl_uint>({0x2060}))),
             QJsonValue(QJsonArray{QStringLiteral("CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR")}));
    // A partition list of only its terminator is empty; one with a count keeps the number.
    QCOMPARE(infoValueJson(read(CL_DEVICE_PARTITION_PROPERTIES, bytesOf<intptr_t>({0}))),
             QJsonValue(QJsonArray{}));
    QCOMPARE(infoValueJson(read(CL_DEVICE_PARTITION_TYPE,
                                bytesOf<intptr_t>({CL_DEVICE_PARTITION_EQUALLY, 4, 0}))),
             QJsonValue(QJsonArray{QStringLiteral("CL_DEVICE_PARTITION_EQUALLY"), 4}));
}

void TestInfoValueJson::flagsAndEnumerators() {
    QCOMPARE(infoValueJson(read(CL_DEVICE_TYPE, bytesOf<cl_ulong>({CL_DEVICE_TYPE_GPU}))),
             QJsonValue(QJsonArray{QStringLiteral("CL_DEVICE_TYPE_GPU")}));
    QCOMPARE(infoValueJson(read(CL_DEVICE_EXECUTION_CAPABILITIES,
                                bytesOf<cl_ulong>({CL_EXEC_KERNEL | 0x100}))),
             QJsonValue(QJsonArray{QStringLiteral("CL_EXEC_KERNEL"), QStringLiteral("0x100")}));
    QCOMPARE(infoValueJson(read(CL_DEVICE_SVM_CAPABILITIES, bytesOf<cl_ulong>({0}))),
             QJsonValue(QJsonArray{}));
    QCOMPARE(infoValueJson(
                 read(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, bytesOf<cl_uint>({CL_READ_WRITE_CACHE}))),
             QJsonValue(QStringLiteral("CL_READ_WRITE_CACHE")));
    QCOMPARE(infoValueJson(read(CL_DEVICE_LOCAL_MEM_TYPE, bytesOf<cl_uint>({9}))), QJsonValue(9));
    QCOMPARE(infoValueJson(read(CL_DEVICE_AVAILABLE, bytesOf<cl_bool>({CL_TRUE}))),
             QJsonValue(true));
}

void TestInfoValueJson::versionsBytesAndHandles() {
    QCOMPARE(infoValueJson(
                 read(CL_DEVICE_NUMERIC_VERSION, bytesOf<cl_version>({CL_MAKE_VERSION(3, 0, 12)}))),
             QJsonValue(QJsonObject{{QStringLiteral("major"), 3},
                                    {QStringLiteral("minor"), 0},
                                    {QStringLiteral("patch"), 12}}));
    cl_name_version extension{CL_MAKE_VERSION(1, 0, 0), "cl_khr_semaphore"};
    QCOMPARE(infoValueJson(
                 read(CL_DEVICE_EXTENSIONS_WITH_VERSION, bytesOf<cl_name_version>({extension}))),
             QJsonValue(QJsonArray{QJsonObject{
                 {QStringLiteral("name"), QStringLiteral("cl_khr_semaphore")},
                 {QStringLiteral("version"), QJsonObject{{QStringLiteral("major"), 1},
                                                         {QStringLiteral("minor"), 0},
                                                         {QStringLiteral("patch"), 0}}}}}));
    QCOMPARE(infoValueJson(read(CL_DEVICE_PCI_BUS_INFO_KHR, bytesOf<cl_uint>({0, 0x65, 6, 1}))),
             QJsonValue(QJsonObject{{QStringLiteral("domain"), 0},
                                    {QStringLiteral("bus"), 0x65},
                                    {QStringLiteral("device"), 6},
                                    {QStringLiteral("function"), 1}}));
    std::vector<std::uint8_t> uuid(16);
    for (size_t i = 0; i < uuid.size(); ++i)
        uuid[i] = std::uint8_t(0xa0 + i);
    QCOMPARE(infoValueJson(read(CL_DEVICE_UUID_KHR, uuid)),
             QJsonValue(QStringLiteral("a0a1a2a3a4a5a6a7a8a9aaabacadaeaf")));
    QCOMPARE(infoValueJson(read(CL_DEVICE_PARENT_DEVICE, bytesOf<std::uintptr_t>({0}))),
             QJsonValue(QJsonValue::Null));
    QCOMPARE(infoValueJson(read(CL_DEVICE_PLATFORM, bytesOf<std::uintptr_t>({0x5a5a0}))),
             QJsonValue(QStringLiteral("0x5a5a0")));
    QCOMPARE(infoValueJson(read(CL_DEVICE_NAME, {'G', 'P', 'U', 0})),
             QJsonValue(QStringLiteral("GPU")));
}

void TestInfoValueJson::unsupportedIsNull() {
    const engine::InfoValue value =
        engine::readInfoValue(row(CL_DEVICE_SEMAPHORE_TYPES_KHR),
                              [](cl_uint, size_t, void*, size_t*) { return CL_INVALID_VALUE; });
    QVERIFY(!value.supported());
    QVERIFY(infoValueJson(value).isNull());
}

QTEST_GUILESS_MAIN(TestInfoValueJson)
#include "tst_infovaluejson.moc"
