#include "cli/DevicesJson.h"

#include "bridge/InfoValueJson.h"
#include "models/DeviceExport.h"

#include <QJsonArray>

namespace clw::app {

namespace {

// Exact, as the schema promises (InfoValueJson.h).
QJsonValue number(std::uint64_t value) {
    return ui::exactUnsigned(value);
}

// {"value": typed, "text": as the device browser shows it, "unit" where the row has one}.
QJsonObject propertyJson(const ui::DeviceProperty& property) {
    QJsonObject object{{QStringLiteral("value"), property.typed},
                       {QStringLiteral("text"), property.value}};
    if (!property.unit.isEmpty())
        object.insert(QStringLiteral("unit"), property.unit);
    return object;
}

QJsonValue textOrNull(const QString& text) {
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QJsonObject deviceToJson(const ui::DeviceEntry& device) {
    QJsonArray workItemSizes;
    for (std::uint64_t size : device.maxWorkItemSizes)
        workItemSizes.append(number(size));
    // Info table rows in "properties"; the image format rows in "imageFormats".
    QJsonObject properties;
    QJsonObject imageFormats;
    for (const ui::DeviceProperty& property : device.properties) {
        if (property.topic == ui::imageFormatsTopic()) {
            if (property.supported)
                imageFormats.insert(property.name, QJsonArray::fromStringList(property.raw.split(
                                                       QLatin1Char('\n'), Qt::SkipEmptyParts)));
        } else if (property.supported) {
            properties.insert(property.name, propertyJson(property));
        }
    }
    QJsonArray characterization;
    for (const ui::CharacterizationRow& item : device.characterization)
        characterization.append(QJsonObject{{QStringLiteral("key"), item.key},
                                            {QStringLiteral("label"), item.label},
                                            {QStringLiteral("value"), item.value},
                                            {QStringLiteral("note"), textOrNull(item.note)}});
    return QJsonObject{
        {QStringLiteral("name"), device.name},
        {QStringLiteral("vendor"), device.vendor},
        {QStringLiteral("type"), device.typeName},
        {QStringLiteral("isDefault"), device.isDefault},
        {QStringLiteral("version"), device.version},
        {QStringLiteral("driverVersion"), device.driverVersion},
        {QStringLiteral("openclCVersion"), textOrNull(device.openclCVersion)},
        {QStringLiteral("maxComputeUnits"), number(device.maxComputeUnits)},
        {QStringLiteral("maxClockFrequencyMHz"), number(device.maxClockFrequencyMHz)},
        {QStringLiteral("globalMemBytes"), number(device.globalMemBytes)},
        {QStringLiteral("localMemBytes"), number(device.localMemBytes)},
        {QStringLiteral("maxMemAllocBytes"), number(device.maxMemAllocBytes)},
        {QStringLiteral("maxWorkGroupSize"), number(device.maxWorkGroupSize)},
        {QStringLiteral("maxWorkItemSizes"), workItemSizes},
        {QStringLiteral("extensions"), QJsonArray::fromStringList(device.extensions)},
        {QStringLiteral("properties"), properties},
        {QStringLiteral("imageFormats"), imageFormats},
        {QStringLiteral("characterization"), characterization},
        {QStringLiteral("characterizationError"), textOrNull(device.characterizationError)},
    };
}

QJsonObject platformToJson(const ui::PlatformEntry& platform) {
    QJsonArray devices;
    for (const ui::DeviceEntry& device : platform.devices)
        devices.append(deviceToJson(device));
    QJsonObject platformProperties;
    for (const ui::DeviceProperty& property : platform.properties)
        if (property.supported)
            platformProperties.insert(property.name, propertyJson(property));
    return QJsonObject{
        {QStringLiteral("name"), platform.name},
        {QStringLiteral("vendor"), platform.vendor},
        {QStringLiteral("version"), platform.version},
        {QStringLiteral("profile"), platform.profile},
        {QStringLiteral("extensions"), QJsonArray::fromStringList(platform.extensions)},
        {QStringLiteral("properties"), platformProperties},
        {QStringLiteral("devices"), devices},
        {QStringLiteral("error"), textOrNull(platform.error)},
    };
}

} // namespace

QJsonObject devicesToJson(const ui::DeviceSnapshot& snapshot) {
    QJsonArray platforms;
    for (const ui::PlatformEntry& platform : snapshot.platforms)
        platforms.append(platformToJson(platform));
    return QJsonObject{
        {QStringLiteral("schema"), QStringLiteral("clworkbench.devices")},
        {QStringLiteral("schemaVersion"), kDevicesSchemaVersion},
        {QStringLiteral("platforms"), platforms},
        {QStringLiteral("runtime"), ui::runtimeToJson(snapshot.runtime)},
        {QStringLiteral("error"), textOrNull(snapshot.error)},
    };
}

} // namespace clw::app
