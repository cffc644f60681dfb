#include "bridge/DeviceSnapshotJson.h"

#include "bridge/HostValues.h"

#include <QCborValue>
#include <QJsonArray>
#include <QJsonObject>

#include <limits>
#include <stdexcept>

QT_BEGIN_NAMESPACE
void to_json(nlohmann::json& json, const QJsonValue& value) {
    switch (value.type()) {
    case QJsonValue::Bool:
        json = value.toBool();
        return;
    case QJsonValue::Double: {
        // QJsonValue keeps whether a number was given as an integer; so does the wire.
        const QCborValue number = QCborValue::fromJsonValue(value);
        if (number.isInteger())
            json = std::int64_t(number.toInteger());
        else
            json = value.toDouble();
        return;
    }
    case QJsonValue::String:
        json = value.toString().toStdString();
        return;
    case QJsonValue::Array:
        json = nlohmann::json::array();
        for (const QJsonValue& element : value.toArray())
            json.push_back(element);
        return;
    case QJsonValue::Object: {
        json = nlohmann::json::object();
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it)
            json[it.key().toStdString()] = it.value();
        return;
    }
    case QJsonValue::Null:
    case QJsonValue::Undefined: // no JSON document holds one: said as null
        json = nullptr;
        return;
    }
    json = nullptr;
}

void from_json(const nlohmann::json& json, QJsonValue& value) {
    switch (json.type()) {
    case nlohmann::json::value_t::boolean:
        value = json.get<bool>();
        return;
    case nlohmann::json::value_t::number_integer:
        value = qint64(json.get<std::int64_t>());
        return;
    case nlohmann::json::value_t::number_unsigned: {
        // CBOR gives every non-negative integer back as unsigned.
        const std::uint64_t number = json.get<std::uint64_t>();
        if (number > std::uint64_t(std::numeric_limits<qint64>::max()))
            value = double(number);
        else
            value = qint64(number);
        return;
    }
    case nlohmann::json::value_t::number_float:
        value = json.get<double>();
        return;
    case nlohmann::json::value_t::string:
        value = QString::fromStdString(json.get<std::string>());
        return;
    case nlohmann::json::value_t::array: {
        QJsonArray array;
        for (const nlohmann::json& element : json)
            array.append(element.get<QJsonValue>());
        value = array;
        return;
    }
    case nlohmann::json::value_t::object: {
        QJsonObject object;
        for (const auto& [key, element] : json.items())
            object.insert(QString::fromStdString(key), element.get<QJsonValue>());
        value = object;
        return;
    }
    default: // null, and what JSON has no word for (binary, discarded)
        value = QJsonValue(QJsonValue::Null);
        return;
    }
}
QT_END_NAMESPACE

namespace clw::ui {

namespace {

template <class T>
nlohmann::json listJson(const QList<T>& list) {
    nlohmann::json json = nlohmann::json::array();
    for (const T& element : list)
        json.push_back(element);
    return json;
}

template <class T>
QList<T> listOf(const nlohmann::json& json) {
    if (!json.is_array())
        throw std::runtime_error(std::string("a list of the device snapshot is a ") +
                                 json.type_name() + ", not an array");
    QList<T> list;
    list.reserve(qsizetype(json.size()));
    for (const nlohmann::json& element : json)
        list.append(element.get<T>());
    return list;
}

} // namespace

void to_json(nlohmann::json& json, const DeviceProperty& property) {
    json = {{"name", property.name},
            {"value", property.value},
            {"supported", property.supported},
            {"topic", property.topic},
            {"description", property.description},
            {"raw", property.raw},
            {"typed", property.typed},
            {"unit", property.unit}};
}
void from_json(const nlohmann::json& json, DeviceProperty& property) {
    property.name = json.at("name").get<QString>();
    property.value = json.at("value").get<QString>();
    property.supported = json.at("supported");
    property.topic = json.at("topic").get<QString>();
    property.description = json.at("description").get<QString>();
    property.raw = json.at("raw").get<QString>();
    property.typed = json.at("typed").get<QJsonValue>();
    property.unit = json.at("unit").get<QString>();
}

void to_json(nlohmann::json& json, const IcdLoaderRow& row) {
    json = {{"name", row.name},
            {"label", row.label},
            {"value", row.value},
            {"supported", row.supported},
            {"error", row.error}};
}
void from_json(const nlohmann::json& json, IcdLoaderRow& row) {
    row.name = json.at("name").get<QString>();
    row.label = json.at("label").get<QString>();
    row.value = json.at("value").get<QString>();
    row.supported = json.at("supported");
    row.error = json.at("error").get<QString>();
}

void to_json(nlohmann::json& json, const NullPlatformRow& row) {
    json = {{"call", row.call},
            {"text", row.text},
            {"succeeded", row.succeeded},
            {"attempted", row.attempted},
            {"code", row.code},
            {"codeName", row.codeName},
            {"function", row.function},
            {"platformName", row.platformName},
            {"platformSuffix", row.platformSuffix},
            {"deviceNames", row.deviceNames}};
}
void from_json(const nlohmann::json& json, NullPlatformRow& row) {
    row.call = json.at("call").get<QString>();
    row.text = json.at("text").get<QString>();
    row.succeeded = json.at("succeeded");
    row.attempted = json.at("attempted");
    row.code = json.at("code");
    row.codeName = json.at("codeName").get<QString>();
    row.function = json.at("function").get<QString>();
    row.platformName = json.at("platformName").get<QString>();
    row.platformSuffix = json.at("platformSuffix").get<QString>();
    row.deviceNames = json.at("deviceNames").get<QStringList>();
}

void to_json(nlohmann::json& json, const RuntimeEntry& runtime) {
    json = {{"probed", runtime.probed},
            {"icdLoaderAvailable", runtime.icdLoaderAvailable},
            {"icdLoader", listJson(runtime.icdLoader)},
            {"nullPlatform", listJson(runtime.nullPlatform)},
            {"listingError", runtime.listingError}};
}
void from_json(const nlohmann::json& json, RuntimeEntry& runtime) {
    runtime.probed = json.at("probed");
    runtime.icdLoaderAvailable = json.at("icdLoaderAvailable");
    runtime.icdLoader = listOf<IcdLoaderRow>(json.at("icdLoader"));
    runtime.nullPlatform = listOf<NullPlatformRow>(json.at("nullPlatform"));
    runtime.listingError = json.at("listingError").get<QString>();
}

void to_json(nlohmann::json& json, const CharacterizationRow& row) {
    json = {{"key", row.key}, {"label", row.label}, {"value", row.value}, {"note", row.note}};
}
void from_json(const nlohmann::json& json, CharacterizationRow& row) {
    row.key = json.at("key").get<QString>();
    row.label = json.at("label").get<QString>();
    row.value = json.at("value").get<QString>();
    row.note = json.at("note").get<QString>();
}

void to_json(nlohmann::json& json, const DeviceEntry& device) {
    json = {{"name", device.name},
            {"vendor", device.vendor},
            {"typeName", device.typeName},
            {"typeBits", device.typeBits},
            {"version", device.version},
            {"driverVersion", device.driverVersion},
            {"openclCVersion", device.openclCVersion},
            {"profile", device.profile},
            {"maxComputeUnits", device.maxComputeUnits},
            {"maxClockFrequencyMHz", device.maxClockFrequencyMHz},
            {"globalMemBytes", device.globalMemBytes},
            {"localMemBytes", device.localMemBytes},
            {"maxMemAllocBytes", device.maxMemAllocBytes},
            {"maxWorkGroupSize", device.maxWorkGroupSize},
            {"maxWorkItemSizes", listJson(device.maxWorkItemSizes)},
            {"extensions", device.extensions},
            {"properties", listJson(device.properties)},
            {"characterization", listJson(device.characterization)},
            {"characterizationError", device.characterizationError},
            {"isDefault", device.isDefault},
            {"platformName", device.platformName},
            {"platformIndex", device.platformIndex},
            {"deviceIndex", device.deviceIndex}};
}
void from_json(const nlohmann::json& json, DeviceEntry& device) {
    device.name = json.at("name").get<QString>();
    device.vendor = json.at("vendor").get<QString>();
    device.typeName = json.at("typeName").get<QString>();
    device.typeBits = json.at("typeBits");
    device.version = json.at("version").get<QString>();
    device.driverVersion = json.at("driverVersion").get<QString>();
    device.openclCVersion = json.at("openclCVersion").get<QString>();
    device.profile = json.at("profile").get<QString>();
    device.maxComputeUnits = json.at("maxComputeUnits");
    device.maxClockFrequencyMHz = json.at("maxClockFrequencyMHz");
    device.globalMemBytes = json.at("globalMemBytes");
    device.localMemBytes = json.at("localMemBytes");
    device.maxMemAllocBytes = json.at("maxMemAllocBytes");
    device.maxWorkGroupSize = json.at("maxWorkGroupSize");
    device.maxWorkItemSizes = listOf<std::uint64_t>(json.at("maxWorkItemSizes"));
    device.extensions = json.at("extensions").get<QStringList>();
    device.properties = listOf<DeviceProperty>(json.at("properties"));
    device.characterization = listOf<CharacterizationRow>(json.at("characterization"));
    device.characterizationError = json.at("characterizationError").get<QString>();
    device.isDefault = json.at("isDefault");
    device.platformName = json.at("platformName").get<QString>();
    device.platformIndex = json.at("platformIndex");
    device.deviceIndex = json.at("deviceIndex");
}

void to_json(nlohmann::json& json, const PlatformEntry& platform) {
    json = {{"name", platform.name},
            {"vendor", platform.vendor},
            {"version", platform.version},
            {"profile", platform.profile},
            {"extensions", platform.extensions},
            {"properties", listJson(platform.properties)},
            {"devices", listJson(platform.devices)},
            {"error", platform.error}};
}
void from_json(const nlohmann::json& json, PlatformEntry& platform) {
    platform.name = json.at("name").get<QString>();
    platform.vendor = json.at("vendor").get<QString>();
    platform.version = json.at("version").get<QString>();
    platform.profile = json.at("profile").get<QString>();
    platform.extensions = json.at("extensions").get<QStringList>();
    platform.properties = listOf<DeviceProperty>(json.at("properties"));
    platform.devices = listOf<DeviceEntry>(json.at("devices"));
    platform.error = json.at("error").get<QString>();
}

void to_json(nlohmann::json& json, const DeviceSnapshot& snapshot) {
    json = {{"runtime", snapshot.runtime},
            {"platforms", listJson(snapshot.platforms)},
            {"error", snapshot.error}};
}
void from_json(const nlohmann::json& json, DeviceSnapshot& snapshot) {
    snapshot.runtime = json.at("runtime").get<RuntimeEntry>();
    snapshot.platforms = listOf<PlatformEntry>(json.at("platforms"));
    snapshot.error = json.at("error").get<QString>();
}

} // namespace clw::ui
