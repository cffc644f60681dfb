// The engine's info tables against `clinfo --raw` on the test device (PoCL): every platform and
// device parameter clinfo prints must be in the tables, and its value must equal the engine's
// once both are normalised (flag names as sets, numbers as numbers); the ICD loader's CL_ICDL_*
// values must equal its [OCLICD/*] lines. Also: every row has a topic and a meaning, unsupported
// rows read as such, and the image formats per flags and type.
#include "clw/engine/device/DeviceFacts.h"
#include "clw/engine/device/DeviceImageFormats.h"
#include "clw/engine/device/IcdLoaderInfo.h"
#include "clw/engine/device/InfoDescription.h"
#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/DeviceInfo.h"
#include "clw/engine/runtime/ImageFormat.h"
#include "clw/engine/runtime/InfoValue.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/runtime/PlatformInfo.h"

#include "ClinfoRaw.h"
#include "TestDevice.h"

#include <QtTest>

using namespace clw::engine;
using namespace clw::test;

namespace {

// Empty when the engine's value equals clinfo's, else what differs.
QString compareValue(const InfoValue& value, const QString& clinfo) {
    const QString raw = QString::fromStdString(rawInfoValue(value));
    const QString formatted = QString::fromStdString(formatInfoValue(value));
    bool same = false;
    if (const int error = clinfoError(clinfo)) {
        // A driver that fails the query: the engine reads it unsupported with the same code, or,
        // where the size query said 0 bytes and clinfo failed only on reading them, empty.
        same = value.supported() ? formatted == QLatin1String("none") : value.error == error;
        return same ? QString()
                    : QStringLiteral("%1: clinfo says '%2', the engine '%3'")
                          .arg(QString::fromUtf8(value.param->name), clinfo, formatted);
    }
    switch (value.param->kind) {
    case InfoKind::UInt:
    case InfoKind::ULong:
    case InfoKind::Size:
    case InfoKind::Version: {
        bool ok = false;
        const qulonglong number = clinfo.toULongLong(&ok, 0); // "0x8086" or "2596"
        same = ok && number == std::get<std::uint64_t>(value.data);
        break;
    }
    case InfoKind::Bits:
        same = nameSet(clinfo) == nameSet(QString::fromStdString(flagNames(
                                      value.param->id, std::get<std::uint64_t>(value.data))));
        break;
    case InfoKind::Enum:
        same = clinfo == formatted;
        break;
    case InfoKind::Properties:
        same = nameSet(clinfo) == nameSet(formatted);
        break;
    case InfoKind::Bytes:
        if (value.param->id == CL_DEVICE_PCI_BUS_INFO_KHR) // clinfo: "PCI-E, 0000:00:06.0"
            same = clinfo.endsWith(QLatin1String(", ") + formatted);
        else
            same = hexDigits(clinfo) == hexDigits(raw);
        break;
    case InfoKind::UIntList: // numbers, or names of handle types
        same = clinfo.simplified() == raw.simplified() || nameSet(clinfo) == nameSet(formatted);
        break;
    case InfoKind::NameVersions:
        same = clinfo.toLower() == raw.toLower();
        break;
    default: // Text, Bool, lists
        same = clinfo.simplified() == raw.simplified();
        break;
    }
    return same ? QString()
                : QStringLiteral("%1: clinfo says '%2', the engine '%3' (%4)")
                      .arg(QString::fromUtf8(value.param->name), clinfo, raw, formatted);
}

// Parameters clinfo prints that are not device or platform parameters.
const QSet<QString> kNotInTables = {QStringLiteral("CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE")};

} // namespace

class TestClinfo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void engineValuesEqualClinfoRaw();
    void icdLoaderValuesEqualClinfoRaw();
    void everyRowHasATopicAndAMeaning();
    void unsupportedRowsReadAsUnsupported();
    void driverAnswersReadAsClinfoShowsThem();
    void imageFormatsPerFlagsAndType();
    void deviceWithoutImagesListsNoFormats();
};

void TestClinfo::engineValuesEqualClinfoRaw() {
    CLW_REQUIRE_DEVICE(device);
    const QString output = runClinfoRaw();
    QVERIFY2(!output.isEmpty(), "clinfo --raw did not run: install clinfo (scripts/setup)");
    const ClinfoRaw raw = parseClinfoRaw(output);

    // Find the test device in clinfo's listing: [<ICD suffix>/<index within its platform>].
    const Platform platform = device.platform();
    const std::vector<Platform> platforms = Platform::all();
    const auto platformIndex =
        std::find(platforms.begin(), platforms.end(), platform) - platforms.begin();
    QVERIFY(platformIndex < qsizetype(raw.platforms.size()));
    const std::vector<Device> siblings = platform.devices();
    const auto deviceIndex = std::find(siblings.begin(), siblings.end(), device) - siblings.begin();
    const QString prefix =
        QStringLiteral("[%1/%2]")
            .arg(QString::fromStdString(platform.info<CL_PLATFORM_ICD_SUFFIX_KHR>()))
            .arg(deviceIndex);
    QVERIFY2(raw.devices.contains(prefix), qPrintable(prefix + QStringLiteral(" not in clinfo")));

    QStringList mismatches;
    int compared = 0;
    auto compareAll = [&](const std::vector<InfoValue>& values,
                          const QMap<QString, QString>& seen) {
        QSet<QString> known;
        for (const InfoValue& value : values) {
            const QString name = QString::fromUtf8(value.param->name);
            known.insert(name);
            if (!seen.contains(name))
                continue;
            // A LUID that the device says is not valid holds whatever the driver left there.
            if (value.param->id == CL_DEVICE_LUID_KHR &&
                !device.tryInfo<CL_DEVICE_LUID_VALID_KHR>().value_or(false))
                continue;
            if (!value.supported() && clinfoError(seen.value(name)) == 0) {
                mismatches << name + QStringLiteral(": clinfo has a value, the engine none");
                continue;
            }
            ++compared;
            if (const QString difference = compareValue(value, seen.value(name));
                !difference.isEmpty())
                mismatches << difference;
        }
        for (auto it = seen.begin(); it != seen.end(); ++it)
            if (!known.contains(it.key()) && !kNotInTables.contains(it.key()))
                mismatches << it.key() +
                                  QStringLiteral(": clinfo knows it, the engine's table not");
    };
    compareAll(platform.allInfo(), raw.platforms[platformIndex]);
    compareAll(device.allInfo(), raw.devices[prefix]);
    for (const QString& mismatch : mismatches) // QtTest cuts a long message short
        qWarning("%s", qPrintable(mismatch));
    QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join(QLatin1Char('\n'))));
    QVERIFY2(compared >= 90, qPrintable(QString::number(compared))); // PoCL answers ~100 of them

    // clinfo's "(kernel)" multiple is the characterization's probe kernel.
    const QString kernelMultiple =
        raw.devices[prefix].value(QStringLiteral("CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE"));
    const DeviceFacts facts = DeviceFacts::read(device);
    QVERIFY2(facts.kernelPreferredWorkGroupMultiple, facts.probeError.c_str());
    QCOMPARE(QString::number(*facts.kernelPreferredWorkGroupMultiple), kernelMultiple);
}

void TestClinfo::icdLoaderValuesEqualClinfoRaw() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device) // the loader answers without one; its platforms are what clinfo lists
    const QString output = runClinfoRaw();
    QVERIFY2(!output.isEmpty(), "clinfo --raw did not run: install clinfo (scripts/setup)");
    const ClinfoRaw raw = parseClinfoRaw(output);
    const IcdLoaderInfo info = readIcdLoaderInfo();

    // clinfo prints the section exactly when the loader has the query (ocl-icd: Debian's).
    QCOMPARE(info.available, !raw.icdLoader.isEmpty());
    QCOMPARE(qsizetype(info.properties.size()), raw.icdLoader.size());
    QStringList names;
    for (const IcdLoaderProperty& property : info.properties) {
        const QString name = QString::fromStdString(property.name);
        names << name;
        QVERIFY2(property.supported(), qPrintable(name));
        QVERIFY2(raw.icdLoader.contains(name), qPrintable(name + QStringLiteral(" not in clinfo")));
        QCOMPARE(QString::fromStdString(property.value), raw.icdLoader.value(name));
        QCOMPARE(QString::fromStdString(info.value(property.id)), raw.icdLoader.value(name));
    }
    if (info.available) // clinfo's order; the four of ocl-icd 2.x
        QCOMPARE(names,
                 QStringList({QStringLiteral("CL_ICDL_NAME"), QStringLiteral("CL_ICDL_VENDOR"),
                              QStringLiteral("CL_ICDL_VERSION"),
                              QStringLiteral("CL_ICDL_OCL_VERSION")}));
}

void TestClinfo::everyRowHasATopicAndAMeaning() {
    for (const InfoParam& param : kDeviceInfoParams) {
        const InfoDescription* description = describeInfo(param.id);
        QVERIFY2(description, param.name);
        QVERIFY2(std::strlen(description->meaning) > 5, param.name);
        QVERIFY2(infoTopic(param.id) != "Other", param.name);
    }
    for (const InfoParam& param : kPlatformInfoParams) {
        QVERIFY2(describeInfo(param.id), param.name);
        QCOMPARE(infoTopic(param.id), std::string("Platform"));
    }
    QCOMPARE(infoTopics().front(), std::string("Platform"));
    QCOMPARE(infoTopics().back(), std::string("Other"));
    QCOMPARE(infoTopic(0x7fffffff), std::string("Other"));
    QVERIFY(describeInfo(0x7fffffff) == nullptr);
}

void TestClinfo::unsupportedRowsReadAsUnsupported() {
    CLW_REQUIRE_DEVICE(device);
    // Another vendor's query is unsupported, not an error: NVIDIA's on a device without
    // cl_nv_device_attribute_query (PoCL), AMD's on an NVIDIA device, which answers its own.
    const bool nvidia = device.hasExtension("cl_nv_device_attribute_query");
    const cl_uint foreign = nvidia ? CL_DEVICE_WAVEFRONT_WIDTH_AMD : CL_DEVICE_WARP_SIZE_NV;
    int seen = 0;
    for (const InfoValue& value : device.allInfo()) {
        if (value.param->id != foreign)
            continue;
        ++seen;
        QVERIFY(!value.supported());
        QCOMPARE(rawInfoValue(value), std::string("CL_INVALID_VALUE"));
        QCOMPARE(formatInfoValue(value), std::string("unsupported (CL_INVALID_VALUE)"));
    }
    QCOMPARE(seen, 1);
    if (nvidia) {
        QVERIFY(!device.tryInfo<CL_DEVICE_WAVEFRONT_WIDTH_AMD>());
        QCOMPARE(device.tryInfo<CL_DEVICE_WARP_SIZE_NV>(), std::optional<cl_uint>(32));
    } else {
        QVERIFY(!device.tryInfo<CL_DEVICE_WARP_SIZE_NV>());
    }
}

// Answers as NVIDIA's driver gives them, read through a query of those bytes: handle types by
// name, a property list of only its terminating 0 as none, a PCI address as lspci writes it.
void TestClinfo::driverAnswersReadAsClinfoShowsThem() {
    auto read = [](cl_uint id, std::vector<std::uint8_t> bytes) {
        const InfoParam* param = nullptr;
        for (const InfoParam& row : kDeviceInfoParams)
            if (row.id == id)
                param = &row;
        if (!param)
            qFatal("no row 0x%x", id);
        return formatInfoValue(
            readInfoValue(*param, [&](cl_uint, size_t size, void* out, size_t* needed) {
                if (needed)
                    *needed = bytes.size();
                if (out)
                    std::memcpy(out, bytes.data(), std::min(size, bytes.size()));
                return CL_SUCCESS;
            }));
    };
    auto uints = [](std::vector<cl_uint> values) {
        std::vector<std::uint8_t> bytes(values.size() * sizeof(cl_uint));
        std::memcpy(bytes.data(), values.data(), bytes.size());
        return bytes;
    };
    QCOMPARE(read(CL_DEVICE_EXTERNAL_MEMORY_IMPORT_HANDLE_TYPES_KHR, uints({0x2060})),
             std::string("CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR"));
    QCOMPARE(read(CL_DEVICE_SEMAPHORE_IMPORT_HANDLE_TYPES_KHR, uints({0x2055, 0x2058})),
             std::string("CL_SEMAPHORE_HANDLE_OPAQUE_FD_KHR, CL_SEMAPHORE_HANDLE_SYNC_FD_KHR"));
    QCOMPARE(read(CL_DEVICE_SEMAPHORE_TYPES_KHR, uints({1})),
             std::string("CL_SEMAPHORE_TYPE_BINARY_KHR"));
    QCOMPARE(read(CL_DEVICE_SEMAPHORE_EXPORT_HANDLE_TYPES_KHR, {}), std::string("none"));
    QCOMPARE(read(CL_DEVICE_PARTITION_PROPERTIES, std::vector<std::uint8_t>(sizeof(intptr_t), 0)),
             std::string("none"));
    std::vector<std::uint8_t> equally(2 * sizeof(intptr_t), 0);
    const intptr_t partition = CL_DEVICE_PARTITION_EQUALLY;
    std::memcpy(equally.data(), &partition, sizeof partition);
    QCOMPARE(read(CL_DEVICE_PARTITION_PROPERTIES, equally),
             std::string("CL_DEVICE_PARTITION_EQUALLY"));
    QCOMPARE(read(CL_DEVICE_PCI_BUS_INFO_KHR, uints({0, 0x65, 6, 1})), std::string("0000:65:06.1"));
}

void TestClinfo::imageFormatsPerFlagsAndType() {
    CLW_REQUIRE_DEVICE(device);
    const DeviceImageFormats formats = readImageFormats(device);
    QVERIFY(formats.imageSupport); // PoCL supports images
    const bool kernelReadWrite = CL_VERSION_MAJOR(device.numericVersion()) >= 2;
    QCOMPARE(formats.lists.size(), size_t(kernelReadWrite ? 24 : 18));
    bool sawRgbaFloat2d = false;
    const Context context(device);
    for (const ImageFormatList& list : formats.lists) {
        QVERIFY(!memObjectTypeName(list.imageType).empty());
        QVERIFY(memAccessFlagName(list.flags).rfind("CL_MEM_", 0) == 0);
        if (!list.supported())
            continue;
        // The same answer as the context's own query.
        QCOMPARE(list.formats.size(),
                 context.supportedImageFormats(list.flags, list.imageType).size());
        if (list.flags == CL_MEM_READ_ONLY && list.imageType == CL_MEM_OBJECT_IMAGE2D)
            for (const cl_image_format& format : list.formats)
                sawRgbaFloat2d |= imageFormatName(format) == "CL_RGBA / CL_FLOAT";
    }
    QVERIFY(sawRgbaFloat2d); // required of every device with images
}

void TestClinfo::deviceWithoutImagesListsNoFormats() {
    CLW_REQUIRE_DEVICE(device);
    ScopedClApi scoped;
    // The device says it has no images: no context is created, nothing is listed.
    scoped.api().clGetDeviceInfo = [](cl_device_id id, cl_device_info param, size_t size,
                                      void* value, size_t* sizeRet) -> cl_int {
        if (param == CL_DEVICE_IMAGE_SUPPORT) {
            if (value)
                *static_cast<cl_bool*>(value) = CL_FALSE;
            if (sizeRet)
                *sizeRet = sizeof(cl_bool);
            return CL_SUCCESS;
        }
        return ::clGetDeviceInfo(id, param, size, value, sizeRet);
    };
    scoped.api().clCreateContext = [](const cl_context_properties*, cl_uint, const cl_device_id*,
                                      void(CL_CALLBACK*)(const char*, const void*, size_t, void*),
                                      void*, cl_int* error) -> cl_context {
        if (error)
            *error = CL_OUT_OF_HOST_MEMORY;
        return nullptr;
    };
    const DeviceImageFormats formats = readImageFormats(device);
    QVERIFY(!formats.imageSupport);
    QVERIFY(formats.lists.empty());
}

QTEST_GUILESS_MAIN(TestClinfo)
#include "tst_clinfo.moc"
