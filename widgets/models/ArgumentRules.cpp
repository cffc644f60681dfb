#include "models/ArgumentRules.h"

#include "clw/engine/inspect/ScalarValue.h"
#include "clw/engine/session/BufferTypeCheck.h"
#include "clw/engine/session/StructValue.h"

#include <QObject>
#include <QRegularExpression>

#include <array>
#include <map>

namespace clw::ui {

using engine::ArgKind;
using engine::ScalarType;
using engine::SessionArgument;

namespace {

QString typeName(ScalarType element, int width) {
    QString name = QString::fromLatin1(engine::scalarTypeName(element));
    if (width > 1)
        name += QString::number(width);
    return name;
}

// The type parseScalar checks a component as: pointer-sized types have no fixed size on the
// host's side, and every device the workbench targets has 64-bit ones.
ScalarType checkedType(ScalarType element) {
    switch (element) {
    case ScalarType::SizeT:
    case ScalarType::UIntPtrT:
        return ScalarType::ULong;
    case ScalarType::PtrDiffT:
    case ScalarType::IntPtrT:
        return ScalarType::Long;
    default:
        return element;
    }
}

bool isPointer(const engine::KernelArgSignature& parameter) {
    return parameter.type.kind == ArgKind::Pointer;
}

} // namespace

ArgumentEditor editorFor(const engine::KernelArgSignature& parameter) {
    switch (parameter.type.kind) {
    case ArgKind::Pointer:
        return parameter.addressQualifier == CL_KERNEL_ARG_ADDRESS_LOCAL ? ArgumentEditor::Local
                                                                         : ArgumentEditor::Buffer;
    case ArgKind::Image:
        return ArgumentEditor::Image;
    case ArgKind::Scalar:
        return ArgumentEditor::Scalar;
    case ArgKind::Vector:
        return ArgumentEditor::Vector;
    case ArgKind::Sampler:
        return ArgumentEditor::Sampler;
    case ArgKind::Struct:
        return parameter.type.fields.empty() ? ArgumentEditor::Unsupported : ArgumentEditor::Struct;
    default:
        return ArgumentEditor::Unsupported;
    }
}

SessionArgument::Kind argumentKindFor(const engine::KernelArgSignature& parameter) {
    switch (editorFor(parameter)) {
    case ArgumentEditor::Scalar:
    case ArgumentEditor::Vector:
        return SessionArgument::Kind::Scalar;
    case ArgumentEditor::Local:
        return SessionArgument::Kind::Local;
    case ArgumentEditor::Sampler:
        return SessionArgument::Kind::Sampler;
    case ArgumentEditor::Struct:
        return SessionArgument::Kind::Struct;
    default:
        return SessionArgument::Kind::Buffer;
    }
}

SessionArgument unsetArgument(const engine::KernelArgSignature& parameter) {
    SessionArgument argument;
    argument.kind = argumentKindFor(parameter);
    return argument;
}

bool isArgumentSet(const SessionArgument& argument) {
    switch (argument.kind) {
    case SessionArgument::Kind::Buffer:
        return !argument.buffer.empty();
    case SessionArgument::Kind::Scalar:
        return !QString::fromStdString(argument.value).trimmed().isEmpty();
    case SessionArgument::Kind::Local:
        return argument.localBytes > 0;
    case SessionArgument::Kind::Sampler:
        return !argument.sampler.empty();
    case SessionArgument::Kind::Null:
        return true;
    case SessionArgument::Kind::Struct:
        return !argument.fields.empty();
    }
    return false;
}

QString elementTypeOf(const engine::KernelArgSignature& parameter) {
    const ScalarType element = parameter.type.element;
    if (engine::scalarSize(element) == 0)
        return {};
    return typeName(element, parameter.type.vectorWidth);
}

QString bufferMismatch(const engine::KernelArgSignature& parameter,
                       const engine::SessionBuffer& buffer) {
    const QString name = QString::fromStdString(buffer.name);
    if (parameter.type.kind == ArgKind::Image) {
        const QString wanted = QString::fromStdString(parameter.type.imageType);
        if (!buffer.image)
            return QObject::tr("'%1' is a buffer, not an image: pick or create an %2")
                .arg(name, wanted);
        const QString type = QString::fromStdString(buffer.image->type);
        if (!wanted.isEmpty() && type != wanted)
            return QObject::tr("'%1' is an %2, the parameter takes an %3").arg(name, type, wanted);
        return {};
    }
    if (!isPointer(parameter))
        return QObject::tr("a buffer cannot be bound to a parameter passed by value");
    const QString wanted = elementTypeOf(parameter);
    if (buffer.image)
        return QObject::tr("'%1' is an image; the parameter takes a buffer%2")
            .arg(name, wanted.isEmpty() ? QString() : QObject::tr(" of %1").arg(wanted));
    return {};
}

QString bufferTypeWarning(const engine::KernelArgSignature& parameter,
                          const engine::SessionBuffer& buffer) {
    if (!isPointer(parameter) || buffer.image)
        return {};
    const std::string mismatch = engine::bufferElementMismatch(parameter, buffer.elementType);
    if (mismatch.empty())
        return {};
    return QObject::tr("'%1' %2: it runs, the bytes read as the kernel's type")
        .arg(QString::fromStdString(buffer.name), QString::fromStdString(mismatch));
}

QStringList fittingBuffers(const engine::KernelArgSignature& parameter,
                           const std::vector<engine::SessionBuffer>& buffers) {
    QStringList names;
    for (const engine::SessionBuffer& buffer : buffers)
        if (bufferMismatch(parameter, buffer).isEmpty() &&
            bufferTypeWarning(parameter, buffer).isEmpty())
            names.append(QString::fromStdString(buffer.name));
    return names;
}

QStringList otherTypedBuffers(const engine::KernelArgSignature& parameter,
                              const std::vector<engine::SessionBuffer>& buffers) {
    QStringList names;
    for (const engine::SessionBuffer& buffer : buffers)
        if (bufferMismatch(parameter, buffer).isEmpty() &&
            !bufferTypeWarning(parameter, buffer).isEmpty())
            names.append(QString::fromStdString(buffer.name));
    return names;
}

QString valueProblem(ScalarType element, int width, const QString& text) {
    const QString type = typeName(element, width);
    const ScalarType checked = checkedType(element);
    if (engine::scalarSize(checked) == 0)
        return QObject::tr("a value of type %1 cannot be checked here").arg(type);
    const QStringList parts = text.split(QLatin1Char(','));
    if (text.trimmed().isEmpty())
        return width > 1 ? QObject::tr("no value given: %1 takes %2 values separated by commas")
                               .arg(type)
                               .arg(width)
                         : QObject::tr("no value given: type a %1").arg(type);
    // One value sets every component, as the engine's session arguments read it.
    if (parts.size() != width && parts.size() != 1) {
        if (width == 1)
            return QObject::tr("%1 takes one value; '%2' has %3").arg(type, text).arg(parts.size());
        return QObject::tr("%1 takes %2 values separated by commas, or one for every component; "
                           "'%3' has %4")
            .arg(type)
            .arg(width)
            .arg(text)
            .arg(parts.size());
    }
    std::array<unsigned char, 16> scratch{};
    for (int i = 0; i < parts.size(); ++i) {
        const std::string problem =
            engine::parseScalar(checked, parts[i].trimmed().toStdString(), scratch.data());
        if (problem.empty())
            continue;
        const QString reason = QString::fromStdString(problem);
        if (parts.size() == 1)
            return reason;
        return QObject::tr("component %1 (%2): %3")
            .arg(i + 1)
            .arg(QString::fromStdString(engine::vectorComponentName(i, width)), reason);
    }
    return {};
}

QString withEnumValues(const engine::KernelArgSignature& parameter, const QString& text) {
    if (parameter.type.enumerators.empty())
        return text;
    QStringList parts = text.split(QLatin1Char(','));
    for (QString& part : parts)
        for (const engine::EnumConstant& constant : parameter.type.enumerators)
            if (part.trimmed() == QString::fromStdString(constant.name))
                part = QString::number(constant.value);
    return parts.join(QLatin1Char(','));
}

QString normalizedValue(const QString& text) {
    QStringList parts = text.split(QLatin1Char(','));
    for (QString& part : parts)
        part = part.trimmed();
    return parts.join(QStringLiteral(", "));
}

QString samplerProblem(const QString& text) {
    // The rules of the engine's session arguments: a word left out keeps its default.
    static const std::map<QString, QStringList> kChoices = {
        {QStringLiteral("normalized"),
         {QStringLiteral("true"), QStringLiteral("false"), QStringLiteral("1"),
          QStringLiteral("0")}},
        {QStringLiteral("addressing"),
         {QStringLiteral("none"), QStringLiteral("clamp_to_edge"), QStringLiteral("clamp"),
          QStringLiteral("repeat"), QStringLiteral("mirrored_repeat")}},
        {QStringLiteral("filter"), {QStringLiteral("nearest"), QStringLiteral("linear")}}};
    static const QRegularExpression kSpace(QStringLiteral("[\\s,]+"));
    const QStringList words = text.toLower().split(kSpace, Qt::SkipEmptyParts);
    for (const QString& word : words) {
        const qsizetype equals = word.indexOf(QLatin1Char('='));
        const QString key = word.left(equals);
        const auto choices = kChoices.find(key);
        if (equals < 0 || choices == kChoices.end())
            return QObject::tr("'%1' is not a sampler setting: write %2")
                .arg(word, defaultSamplerText());
        QString value = word.mid(equals + 1);
        for (const QLatin1String prefix :
             {QLatin1String("cl_address_"), QLatin1String("cl_filter_")})
            if (value.startsWith(prefix))
                value = value.mid(prefix.size());
        if (!choices->second.contains(value))
            return QObject::tr("%1 is one of %2, not '%3'")
                .arg(key, choices->second.join(QStringLiteral(", ")), value);
    }
    return {};
}

QString defaultSamplerText() {
    return QStringLiteral("normalized=false addressing=clamp_to_edge filter=nearest");
}

QString structValueText(const std::vector<engine::SessionField>& fields) {
    QStringList parts;
    for (const engine::SessionField& field : fields)
        parts.append(QStringLiteral("%1 = %2").arg(QString::fromStdString(field.path),
                                                   QString::fromStdString(field.value)));
    return parts.join(QStringLiteral("; "));
}

std::optional<std::vector<engine::SessionField>> parseStructValueText(const QString& text,
                                                                      QString* reason) {
    std::vector<engine::SessionField> fields;
    for (const QString& part : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const qsizetype equals = part.indexOf(QLatin1Char('='));
        const QString path = part.left(equals).trimmed();
        const QString value = normalizedValue(part.mid(equals + 1).trimmed());
        if (equals < 0 || path.isEmpty()) {
            *reason = QObject::tr("'%1' is not 'field = value': write x = 1; w = 1, 2, 3, 4")
                          .arg(part.trimmed());
            return std::nullopt;
        }
        if (!value.isEmpty())
            fields.push_back({path.toStdString(), value.toStdString()});
    }
    return fields;
}

QString structValueProblem(const engine::KernelArgSignature& parameter,
                           const std::vector<engine::SessionField>& fields) {
    if (fields.empty())
        return QObject::tr("no field given: %1 has %2")
            .arg(QString::fromStdString(parameter.type.typeName),
                 QString::fromStdString(engine::describeStructFields(parameter.type)));
    std::vector<unsigned char> bytes;
    return QString::fromStdString(engine::packStructValue(parameter.type, fields, bytes));
}

} // namespace clw::ui
