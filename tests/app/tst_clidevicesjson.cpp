// The property values of `clworkbench devices --json` (schema version 2), read from the JSON the
// CLI prints: every value of the test device and its platform against `clinfo --raw`, each
// mismatch named; and the JSON type of each kind of parameter, equal to what the engine reads in
// this process. Written for any device and platform, not only PoCL.
#include "clw/engine/runtime/DeviceInfo.h"
#include "clw/engine/runtime/InfoValue.h"
#include "clw/engine/runtime/Platform.h"
#include "clw/engine/runtime/PlatformInfo.h"

#include "ClinfoRaw.h"
#include "TestDevice.h"
#include "WorkbenchDrivers.h"
#include "WorkbenchProcess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <limits>
#include <optional>

namespace engine = clw::engine;
using namespace clw::test;
using Kind = engine::InfoKind;

namespace {

// The test device's object in the JSON and its platform's, found by position (the JSON lists
// platforms in ICD order and devices in driver order, as clinfo numbers them).
struct Located {
    QJsonObject platform;
    QJsonObject device;
    qsizetype platformIndex = -1;
    qsizetype deviceIndex = -1;
};

std::optional<Located> locate(const QJsonObject& root, const engine::Device& device) {
    const engine::Platform platform = device.platform();
    const std::vector<engine::Platform> platforms = engine::Platform::all();
    const std::vector<engine::Device> siblings = platform.devices();
    Located found;
    found.platformIndex =
        std::find(platforms.begin(), platforms.end(), platform) - platforms.begin();
    found.deviceIndex = std::find(siblings.begin(), siblings.end(), device) - siblings.begin();
    const QJsonArray jsonPlatforms = root.value(QStringLiteral("platforms")).toArray();
    if (found.platformIndex >= jsonPlatforms.size())
        return std::nullopt;
    found.platform = jsonPlatforms[found.platformIndex].toObject();
    const QJsonArray devices = found.platform.value(QStringLiteral("devices")).toArray();
    if (found.deviceIndex >= devices.size())
        return std::nullopt;
    found.device = devices[found.deviceIndex].toObject();
    if (found.device.value(QStringLiteral("name")).toString() !=
        QString::fromStdString(device.name()))
        return std::nullopt;
    return found;
}

std::optional<QJsonObject> devicesJson(QString* problem) {
    const WorkbenchRun run = runWorkbench({QStringLiteral("devices"), QStringLiteral("--json")});
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(run.out.toUtf8(), &error);
    if (run.exitCode != 0 || error.error != QJsonParseError::NoError) {
        *problem = describe(run) + QLatin1Char('\n') + error.errorString();
        return std::nullopt;
    }
    return document.object();
}

// A JSON number's exact unsigned value, or the decimal text the schema uses above 2^63 - 1.
std::optional<quint64> exactNumber(const QJsonValue& value) {
    if (value.isString()) {
        bool ok = false;
        const quint64 number = value.toString().toULongLong(&ok);
        return ok ? std::optional(number) : std::nullopt;
    }
    const qint64 number = value.isDouble() ? value.toInteger(-1) : -1;
    return number >= 0 ? std::optional(quint64(number)) : std::nullopt;
}

// {"major", "minor", "patch"} packed as a cl_version.
std::optional<quint64> versionNumber(const QJsonValue& value) {
    const QJsonObject object = value.toObject();
    const auto major = exactNumber(object.value(QStringLiteral("major")));
    const auto minor = exactNumber(object.value(QStringLiteral("minor")));
    const auto patch = exactNumber(object.value(QStringLiteral("patch")));
    if (!value.isObject() || object.size() != 3 || !major || !minor || !patch)
        return std::nullopt;
    return quint64(CL_MAKE_VERSION(*major, *minor, *patch));
}

// An array's elements as text: names as they are, numbers in decimal.
QStringList elementTexts(const QJsonValue& value) {
    QStringList texts;
    for (const QJsonValue& element : value.toArray())
        texts << (element.isString() ? element.toString()
                                     : QString::number(exactNumber(element).value_or(0)));
    return texts;
}

QSet<QString> elementSet(const QJsonValue& value) {
    const QStringList texts = elementTexts(value);
    return QSet<QString>(texts.begin(), texts.end());
}

QString compact(const QJsonValue& value) {
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact))
        .chopped(1)
        .mid(1);
}

// Whether the JSON property's typed value says what clinfo's raw text says.
bool sameAsClinfo(const engine::InfoParam& param, const QJsonValue& value, const QString& clinfo) {
    bool ok = false;
    const quint64 number = clinfo.toULongLong(&ok, 0); // "0x8086" or "2596"
    switch (param.kind) {
    case Kind::UInt:
    case Kind::ULong:
    case Kind::Size:
        return ok && exactNumber(value) == number;
    case Kind::Version:
        return ok && versionNumber(value) == number;
    case Kind::Bits:
        return value.isArray() && elementSet(value) == nameSet(clinfo);
    case Kind::Enum:
        return value.isString() ? value.toString() == clinfo : ok && exactNumber(value) == number;
    case Kind::Bool:
        return value.isBool() &&
               clinfo == (value.toBool() ? QLatin1String("CL_TRUE") : QLatin1String("CL_FALSE"));
    case Kind::SizeList:
    case Kind::UIntList: // numbers, or names of handle and semaphore types
        return value.isArray() &&
               (elementTexts(value).join(QLatin1Char(' ')) == clinfo.simplified() ||
                elementSet(value) == nameSet(clinfo));
    case Kind::Properties:
        return value.isArray() && elementSet(value) == nameSet(clinfo);
    case Kind::NameVersions: {
        QStringList entries;
        for (const QJsonValue& entry : value.toArray())
            entries << entry.toObject().value(QStringLiteral("name")).toString() +
                           QStringLiteral(":0x") +
                           QString::number(
                               versionNumber(entry.toObject().value(QStringLiteral("version")))
                                   .value_or(0),
                               16);
        return value.isArray() &&
               entries.join(QLatin1Char(' ')).toLower() == clinfo.simplified().toLower();
    }
    case Kind::Bytes:
        if (param.id == CL_DEVICE_PCI_BUS_INFO_KHR) { // clinfo: "PCI-E, 0000:65:00.0"
            const QJsonObject pci = value.toObject();
            auto field = [&](const char* name, int width) {
                return QString::number(exactNumber(pci.value(QString::fromUtf8(name))).value_or(0),
                                       16)
                    .rightJustified(width, QLatin1Char('0'));
            };
            return clinfo.endsWith(QStringLiteral(", %1:%2:%3.%4")
                                       .arg(field("domain", 4), field("bus", 2), field("device", 2),
                                            field("function", 1)));
        }
        return value.isString() && hexDigits(value.toString()) == hexDigits(clinfo);
    case Kind::Text:
        return value.isString() && value.toString().simplified() == clinfo.simplified();
    default: // handles: pointers of another process
        return true;
    }
}

QString kindName(Kind kind) {
    static const char* const names[] = {"Text",     "Bool",       "UInt",         "ULong",
                                        "Size",     "Bits",       "Enum",         "SizeList",
                                        "UIntList", "Version",    "NameVersions", "Bytes",
                                        "Handle",   "HandleList", "Properties",   "ImageFormat"};
    return QString::fromUtf8(names[int(kind)]);
}

// The kinds whose values are numbers in OpenCL (counts, sizes, flags, enumerators, cl_bool).
bool isNumeric(Kind kind) {
    return kind == Kind::UInt || kind == Kind::ULong || kind == Kind::Size ||
           kind == Kind::Version || kind == Kind::Bits || kind == Kind::Enum || kind == Kind::Bool;
}

struct Comparison {
    QStringList mismatches;
    int compared = 0;
    int numeric = 0;
};

// Every row of a table that clinfo prints, against the JSON's "properties".
template <size_t N>
void compareTable(const engine::InfoParam (&table)[N], const QJsonObject& properties,
                  const QMap<QString, QString>& clinfo, Comparison& result) {
    // A LUID that the device says is not valid holds whatever the driver left there.
    const bool luidValid = properties.value(QStringLiteral("CL_DEVICE_LUID_VALID_KHR"))
                               .toObject()
                               .value(QStringLiteral("value"))
                               .toBool();
    for (const engine::InfoParam& param : table) {
        const QString name = QString::fromUtf8(param.name);
        if (!clinfo.contains(name) || param.kind == Kind::Handle ||
            param.kind == Kind::HandleList || (param.id == CL_DEVICE_LUID_KHR && !luidValid))
            continue;
        const QString theirs = clinfo.value(name);
        const QJsonObject property = properties.value(name).toObject();
        if (clinfoError(theirs)) {
            // A driver that fails the query: left out of the JSON, or, where the size query said
            // 0 bytes and clinfo failed only on reading them, empty.
            if (properties.contains(name) &&
                property.value(QStringLiteral("text")).toString() != QLatin1String("none"))
                result.mismatches << QStringLiteral("%1: clinfo says '%2', the JSON %3")
                                         .arg(name, theirs, compact(property));
            continue;
        }
        if (!properties.contains(name)) {
            result.mismatches << name + QStringLiteral(": clinfo says '") + theirs +
                                     QStringLiteral("', the JSON has no such property");
            continue;
        }
        ++result.compared;
        result.numeric += isNumeric(param.kind) ? 1 : 0;
        if (!sameAsClinfo(param, property.value(QStringLiteral("value")), theirs))
            result.mismatches << QStringLiteral("%1: clinfo says '%2', the JSON %3")
                                     .arg(name, theirs, compact(property));
    }
}

// Empty when the property is {"value", "text", "unit" where the row has one} with the value of
// the JSON type its kind promises (docs/devices-schema.md), equal to the engine's; else what is
// wrong.
QString typedProblem(const engine::InfoValue& value, const QJsonObject& property) {
    const engine::InfoParam& param = *value.param;
    const QJsonValue typed = property.value(QStringLiteral("value"));
    // A handle is a pointer of the CLI's process, another than this one.
    const bool handle = param.kind == Kind::Handle || param.kind == Kind::HandleList;
    if (!handle && property.value(QStringLiteral("text")).toString() !=
                       QString::fromStdString(engine::formatInfoValue(value)))
        return QStringLiteral("text is not the engine's formatted value");
    const QString unit = QString::fromUtf8(param.unit);
    if (property.size() != (unit.isEmpty() ? 2 : 3) ||
        property.value(QStringLiteral("unit")).toString() != unit)
        return QStringLiteral("fields other than value, text and unit '%1'").arg(unit);
    const std::uint64_t* number = std::get_if<std::uint64_t>(&value.data);
    const auto* list = std::get_if<std::vector<std::uint64_t>>(&value.data);
    // An element of a list: its enumerator name where it has one, else the exact number.
    auto sameElement = [&](const QJsonValue& element, std::uint64_t expected) {
        const auto name = engine::enumeratorName(param, expected);
        return name ? element.toString() == QString::fromStdString(*name)
                    : element.isDouble() && exactNumber(element) == expected;
    };
    bool ok = false;
    switch (param.kind) {
    case Kind::Text:
        ok = typed.isString() &&
             typed.toString() == QString::fromStdString(std::get<std::string>(value.data));
        break;
    case Kind::Bool:
        ok = typed.isBool() && typed.toBool() == std::get<bool>(value.data);
        break;
    case Kind::UInt:
    case Kind::ULong:
    case Kind::Size: // a JSON number; text only above what qint64 holds
        ok = (*number > std::uint64_t(std::numeric_limits<qint64>::max()) ? typed.isString()
                                                                          : typed.isDouble()) &&
             exactNumber(typed) == *number;
        break;
    case Kind::Version:
        ok = versionNumber(typed) == *number;
        break;
    case Kind::Bits: {
        QStringList names;
        for (const std::string& name : engine::flagNameList(param.id, *number))
            names << QString::fromStdString(name);
        QStringList elements;
        for (const QJsonValue& name : typed.toArray())
            elements << (name.isString() ? name.toString() : QStringLiteral("(not a string)"));
        ok = typed.isArray() && elements == names;
        break;
    }
    case Kind::Enum:
        ok = sameElement(typed, *number);
        break;
    case Kind::SizeList:
    case Kind::UIntList:
    case Kind::Properties: {
        const QJsonArray elements = typed.toArray();
        ok = typed.isArray() && size_t(elements.size()) == list->size();
        for (qsizetype i = 0; ok && i < elements.size(); ++i)
            ok = sameElement(elements[i], (*list)[size_t(i)]);
        break;
    }
    case Kind::NameVersions: {
        const auto& entries = std::get<std::vector<engine::NameVersion>>(value.data);
        const QJsonArray elements = typed.toArray();
        ok = typed.isArray() && size_t(elements.size()) == entries.size();
        for (qsizetype i = 0; ok && i < elements.size(); ++i) {
            const QJsonObject entry = elements[i].toObject();
            ok =
                entry.size() == 2 &&
                entry.value(QStringLiteral("name")).toString() ==
                    QString::fromStdString(entries[size_t(i)].name) &&
                versionNumber(entry.value(QStringLiteral("version"))) == entries[size_t(i)].version;
        }
        break;
    }
    case Kind::Bytes: {
        const auto& bytes = std::get<std::vector<std::uint8_t>>(value.data);
        if (param.id == CL_DEVICE_PCI_BUS_INFO_KHR) {
            const QJsonObject pci = typed.toObject();
            ok = pci.size() == 4;
            for (const char* field : {"domain", "bus", "device", "function"})
                ok = ok && exactNumber(pci.value(QString::fromUtf8(field))).has_value();
        } else {
            ok = typed.isString() &&
                 typed.toString() ==
                     QString::fromLatin1(QByteArray(reinterpret_cast<const char*>(bytes.data()),
                                                    qsizetype(bytes.size()))
                                             .toHex());
        }
        break;
    }
    case Kind::Handle: // its form only
        ok = *number ? typed.toString().startsWith(QStringLiteral("0x")) : typed.isNull();
        break;
    case Kind::HandleList:
    case Kind::ImageFormat:
        ok = typed.isArray() || typed.isString();
        break;
    }
    return ok ? QString()
              : QStringLiteral("value is not the %1 it should be").arg(kindName(param.kind));
}

} // namespace

class TestCliDevicesJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void valuesEqualClinfoRaw();
    void valuesAreTyped();
};

// This process, clinfo and clworkbench list the same platforms in the same order.
void TestCliDevicesJson::initTestCase() {
    CLW_USE_WORKBENCH_DRIVERS();
}

void TestCliDevicesJson::valuesEqualClinfoRaw() {
    CLW_REQUIRE_DEVICE(device);
    QString problem;
    const std::optional<QJsonObject> root = devicesJson(&problem);
    QVERIFY2(root, qPrintable(problem));
    QCOMPARE(root->value(QStringLiteral("schemaVersion")).toInt(), 2);
    const std::optional<Located> found = locate(*root, device);
    QVERIFY2(found, "the test device is not where the engine lists it");

    const QString output = runClinfoRaw();
    QVERIFY2(!output.isEmpty(), "clinfo --raw did not run: install clinfo (scripts/setup)");
    const ClinfoRaw raw = parseClinfoRaw(output);
    QVERIFY(found->platformIndex < raw.platforms.size());
    // clinfo names a device [<ICD suffix>/<index within its platform>].
    const QJsonObject platformProperties =
        found->platform.value(QStringLiteral("properties")).toObject();
    const QString prefix =
        QStringLiteral("[%1/%2]")
            .arg(platformProperties.value(QStringLiteral("CL_PLATFORM_ICD_SUFFIX_KHR"))
                     .toObject()
                     .value(QStringLiteral("value"))
                     .toString())
            .arg(found->deviceIndex);
    QVERIFY2(raw.devices.contains(prefix), qPrintable(prefix + QStringLiteral(" not in clinfo")));

    Comparison result;
    compareTable(engine::kPlatformInfoParams, platformProperties,
                 raw.platforms[found->platformIndex], result);
    compareTable(engine::kDeviceInfoParams,
                 found->device.value(QStringLiteral("properties")).toObject(), raw.devices[prefix],
                 result);
    for (const QString& mismatch : result.mismatches) // QtTest cuts a long message short
        qWarning("%s", qPrintable(mismatch));
    qInfo("%d values compared with clinfo's, %d of them numeric", result.compared, result.numeric);
    QVERIFY2(result.mismatches.isEmpty(),
             qPrintable(QString::number(result.mismatches.size()) +
                        QStringLiteral(" values differ from clinfo's (above)")));
    // Not vacuous: PoCL has about 90 numeric values that clinfo prints, a GPU more.
    QVERIFY2(result.numeric >= 60, qPrintable(QStringLiteral("%1 numeric values compared, of %2")
                                                  .arg(result.numeric)
                                                  .arg(result.compared)));
}

void TestCliDevicesJson::valuesAreTyped() {
    CLW_REQUIRE_DEVICE(device);
    QString problem;
    const std::optional<QJsonObject> root = devicesJson(&problem);
    QVERIFY2(root, qPrintable(problem));
    const std::optional<Located> found = locate(*root, device);
    QVERIFY2(found, "the test device is not where the engine lists it");

    QStringList problems;
    QSet<Kind> kinds;
    auto checkAll = [&](const std::vector<engine::InfoValue>& values,
                        const QJsonObject& properties) {
        int supported = 0;
        for (const engine::InfoValue& value : values) {
            const QString name = QString::fromUtf8(value.param->name);
            if (!value.supported()) {
                if (properties.contains(name))
                    problems << name + QStringLiteral(": unsupported, yet in the JSON");
                continue;
            }
            ++supported;
            kinds.insert(value.param->kind);
            const QJsonValue property = properties.value(name);
            if (const QString wrong = typedProblem(value, property.toObject());
                !property.isObject() || !wrong.isEmpty())
                problems << name + QStringLiteral(": ") + wrong + QStringLiteral(" in ") +
                                compact(property);
        }
        if (properties.size() != supported)
            problems << QStringLiteral("%1 properties in the JSON, %2 supported")
                            .arg(properties.size())
                            .arg(supported);
    };
    checkAll(device.platform().allInfo(),
             found->platform.value(QStringLiteral("properties")).toObject());
    checkAll(device.allInfo(), found->device.value(QStringLiteral("properties")).toObject());
    for (const QString& wrong : problems)
        qWarning("%s", qPrintable(wrong));
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    // Every kind any OpenCL 1.2 or later device answers was seen.
    for (Kind kind : {Kind::Text, Kind::Bool, Kind::UInt, Kind::ULong, Kind::Size, Kind::Bits,
                      Kind::Enum, Kind::SizeList, Kind::Properties, Kind::Handle})
        QVERIFY2(kinds.contains(kind), qPrintable(kindName(kind)));

    // One by name: bytes as a number, the unit beside it, the text as the browser shows it.
    const QJsonObject memory = found->device.value(QStringLiteral("properties"))
                                   .toObject()
                                   .value(QStringLiteral("CL_DEVICE_GLOBAL_MEM_SIZE"))
                                   .toObject();
    QVERIFY(memory.value(QStringLiteral("value")).isDouble());
    QCOMPARE(memory.value(QStringLiteral("value")).toInteger(),
             qint64(device.info<CL_DEVICE_GLOBAL_MEM_SIZE>()));
    QCOMPARE(memory.value(QStringLiteral("unit")).toString(), QStringLiteral("bytes"));
    QCOMPARE(memory.value(QStringLiteral("text")).toString(),
             QString::fromStdString(engine::humanBytes(device.info<CL_DEVICE_GLOBAL_MEM_SIZE>())));
}

QTEST_GUILESS_MAIN(TestCliDevicesJson)
#include "tst_clidevicesjson.moc"
