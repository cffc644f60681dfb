#include "bridge/InfoValueJson.h"

#include "clw/engine/runtime/ImageFormat.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cstring>
#include <limits>

namespace clw::ui {

namespace {

QJsonObject versionJson(cl_version version) {
    return QJsonObject{{QStringLiteral("major"), qint64(CL_VERSION_MAJOR(version))},
                       {QStringLiteral("minor"), qint64(CL_VERSION_MINOR(version))},
                       {QStringLiteral("patch"), qint64(CL_VERSION_PATCH(version))}};
}

QString hexNumber(std::uint64_t value) {
    return QStringLiteral("0x") + QString::number(value, 16);
}

QJsonValue numberJson(const engine::InfoParam& param, std::uint64_t value) {
    switch (param.kind) {
    case engine::InfoKind::Bits: {
        QJsonArray names;
        for (const std::string& name : engine::flagNameList(param.id, value))
            names.append(QString::fromStdString(name));
        return names;
    }
    case engine::InfoKind::Version:
        return versionJson(cl_version(value));
    case engine::InfoKind::Handle:
        return value ? QJsonValue(hexNumber(value)) : QJsonValue(QJsonValue::Null);
    default: // an enumeration's value, or a number
        if (const auto name = engine::enumeratorName(param, value))
            return QString::fromStdString(*name);
        return exactUnsigned(value);
    }
}

QJsonValue listJson(const engine::InfoParam& param, const std::vector<std::uint64_t>& list) {
    QJsonArray elements;
    for (std::uint64_t element : list) {
        if (param.kind == engine::InfoKind::HandleList)
            elements.append(hexNumber(element));
        else if (const auto name = engine::enumeratorName(param, element))
            elements.append(QString::fromStdString(*name));
        else
            elements.append(exactUnsigned(element));
    }
    return elements;
}

QJsonValue bytesJson(const engine::InfoParam& param, const std::vector<std::uint8_t>& bytes) {
    if (param.kind == engine::InfoKind::ImageFormat && bytes.size() >= sizeof(cl_image_format)) {
        cl_image_format format;
        std::memcpy(&format, bytes.data(), sizeof format);
        return QString::fromStdString(engine::imageFormatName(format));
    }
    if (param.id == CL_DEVICE_PCI_BUS_INFO_KHR &&
        bytes.size() >= sizeof(cl_device_pci_bus_info_khr)) {
        cl_device_pci_bus_info_khr info;
        std::memcpy(&info, bytes.data(), sizeof info);
        return QJsonObject{{QStringLiteral("domain"), qint64(info.pci_domain)},
                           {QStringLiteral("bus"), qint64(info.pci_bus)},
                           {QStringLiteral("device"), qint64(info.pci_device)},
                           {QStringLiteral("function"), qint64(info.pci_function)}};
    }
    return QString::fromLatin1(
        QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size())).toHex());
}

} // namespace

QJsonValue exactUnsigned(std::uint64_t value) {
    if (value > std::uint64_t(std::numeric_limits<qint64>::max()))
        return QString::number(value);
    return qint64(value);
}

QJsonValue infoValueJson(const engine::InfoValue& value) {
    if (!value.supported())
        return QJsonValue::Null;
    const engine::InfoParam& param = *value.param;
    return std::visit(
        [&](const auto& data) -> QJsonValue {
            using T = std::decay_t<decltype(data)>;
            if constexpr (std::is_same_v<T, std::monostate>) {
                return QJsonValue::Null;
            } else if constexpr (std::is_same_v<T, std::string>) {
                return QString::fromStdString(data);
            } else if constexpr (std::is_same_v<T, bool>) {
                return data;
            } else if constexpr (std::is_same_v<T, std::uint64_t>) {
                return numberJson(param, data);
            } else if constexpr (std::is_same_v<T, std::vector<std::uint64_t>>) {
                return listJson(param, data);
            } else if constexpr (std::is_same_v<T, std::vector<engine::NameVersion>>) {
                QJsonArray entries;
                for (const engine::NameVersion& entry : data)
                    entries.append(
                        QJsonObject{{QStringLiteral("name"), QString::fromStdString(entry.name)},
                                    {QStringLiteral("version"), versionJson(entry.version)}});
                return entries;
            } else {
                return bytesJson(param, data);
            }
        },
        value.data);
}

} // namespace clw::ui
