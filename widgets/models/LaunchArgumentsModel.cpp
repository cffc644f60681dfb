#include "models/LaunchArgumentsModel.h"

#include "models/ArgumentRules.h"
#include "models/BufferShapeText.h"

#include "clw/engine/session/StructValue.h"

#include <algorithm>
#include <utility>

namespace clw::ui {

using engine::SessionArgument;

namespace {

QString kindName(SessionArgument::Kind kind) {
    switch (kind) {
    case SessionArgument::Kind::Buffer:
        return QObject::tr("a buffer");
    case SessionArgument::Kind::Scalar:
        return QObject::tr("a value");
    case SessionArgument::Kind::Local:
        return QObject::tr("local memory");
    case SessionArgument::Kind::Sampler:
        return QObject::tr("a sampler");
    case SessionArgument::Kind::Null:
        return QObject::tr("NULL");
    case SessionArgument::Kind::Struct:
        return QObject::tr("struct fields");
    }
    return {};
}

// The editor of an argument whose parameter is not known (no build yet): its stored kind says.
ArgumentEditor editorForStored(const SessionArgument& argument, bool isImage) {
    switch (argument.kind) {
    case SessionArgument::Kind::Scalar:
        return ArgumentEditor::Scalar;
    case SessionArgument::Kind::Local:
        return ArgumentEditor::Local;
    case SessionArgument::Kind::Sampler:
        return ArgumentEditor::Sampler;
    case SessionArgument::Kind::Struct:
        return ArgumentEditor::Struct;
    default:
        return isImage ? ArgumentEditor::Image : ArgumentEditor::Buffer;
    }
}

bool isNullText(const QString& text) {
    return text.compare(QLatin1String("NULL"), Qt::CaseInsensitive) == 0;
}

} // namespace

LaunchArgumentsModel::LaunchArgumentsModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void LaunchArgumentsModel::setContext(std::optional<engine::KernelSignature> signature,
                                      engine::SessionLaunch launch,
                                      std::vector<engine::SessionBuffer> buffers) {
    beginResetModel();
    m_signature = std::move(signature);
    m_launch = std::move(launch);
    m_buffers = std::move(buffers);
    m_refused.clear();
    endResetModel();
}

void LaunchArgumentsModel::setLaunch(engine::SessionLaunch launch) {
    const int before = rowCount();
    const engine::SessionLaunch old = std::exchange(m_launch, std::move(launch));
    if (rowCount() != before) {
        // Only without a signature does the launch decide the rows.
        beginResetModel();
        m_refused.clear();
        endResetModel();
        return;
    }
    int first = -1;
    int last = -1;
    for (int row = 0; row < before; ++row) {
        const SessionArgument* now = argumentAt(row);
        const SessionArgument* was =
            size_t(row) < old.arguments.size() ? &old.arguments[size_t(row)] : nullptr;
        if ((now == nullptr) != (was == nullptr) || (now && *now != *was)) {
            first = first < 0 ? row : first;
            last = row;
        }
    }
    if (first >= 0)
        rowsChanged(first, last);
}

void LaunchArgumentsModel::setBuffers(std::vector<engine::SessionBuffer> buffers) {
    if (buffers == m_buffers)
        return;
    m_buffers = std::move(buffers);
    if (rowCount() > 0)
        rowsChanged(0, rowCount() - 1);
}

void LaunchArgumentsModel::clear() {
    setContext(std::nullopt, {}, {});
}

const engine::KernelArgSignature* LaunchArgumentsModel::parameter(int row) const {
    if (!m_signature || row < 0 || size_t(row) >= m_signature->args.size())
        return nullptr;
    return &m_signature->args[size_t(row)];
}

QStringList LaunchArgumentsModel::problems() const {
    QStringList lines;
    for (int row = 0; row < rowCount(); ++row) {
        const QString problem = storedProblem(row);
        if (!problem.isEmpty())
            lines.append(tr("argument %1 '%2': %3").arg(row).arg(declaration(row), problem));
    }
    return lines;
}

std::uint64_t LaunchArgumentsModel::localArgumentBytes() const {
    std::uint64_t bytes = 0;
    for (int row = 0; row < rowCount(); ++row)
        if (const SessionArgument* argument = argumentAt(row);
            argument && argument->kind == SessionArgument::Kind::Local)
            bytes += argument->localBytes;
    return bytes;
}

int LaunchArgumentsModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid())
        return 0;
    return int(m_signature ? m_signature->args.size() : m_launch.arguments.size());
}

int LaunchArgumentsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LaunchArgumentsModel::data(const QModelIndex& index, int role) const {
    if (!isCell(index))
        return {};
    const int row = index.row();
    const engine::KernelArgSignature* param = parameter(row);
    const SessionArgument* argument = argumentAt(row);
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case DeclarationColumn:
            return declaration(row);
        case KindColumn:
            return kindText(row);
        case ValueColumn:
            return valueDisplay(row);
        case StatusColumn: {
            if (const auto refused = m_refused.find(row); refused != m_refused.end())
                return tr("refused: %1").arg(refused->second);
            const QString problem = storedProblem(row);
            if (!problem.isEmpty())
                return problem;
            const QString warning = storedWarning(row);
            return warning.isEmpty() ? tr("ok") : tr("warning: %1").arg(warning);
        }
        }
        return {};
    case Qt::EditRole:
        return index.column() == ValueColumn ? valueEdit(row) : data(index, Qt::DisplayRole);
    case Qt::ToolTipRole:
        if (index.column() == DeclarationColumn)
            return tr("Argument %1: %2").arg(row).arg(declaration(row));
        if (const QString problem = data(index, ProblemRole).toString(); !problem.isEmpty())
            return problem;
        if (index.column() == ValueColumn) {
            // A bound buffer says its shape in both orders; a warning comes first.
            const SessionArgument* argument = argumentAt(row);
            const engine::SessionBuffer* buffer =
                argument && argument->kind == SessionArgument::Kind::Buffer
                    ? findBuffer(argument->buffer)
                    : nullptr;
            if (buffer && !buffer->image) {
                const QString warning = storedWarning(row);
                return (warning.isEmpty() ? QString() : warning + QLatin1Char('\n')) +
                       bufferShapeText(*buffer);
            }
        }
        return storedWarning(row);
    case EditorRole:
        return editorOf(row);
    case ElementTypeRole:
        return param ? elementTypeOf(*param) : QString();
    case ScalarTypeRole:
        return int(param ? param->type.element : engine::ScalarType::Unknown);
    case VectorWidthRole:
        return param ? param->type.vectorWidth : 1;
    case FittingBuffersRole: {
        if (param)
            return fittingBuffers(*param, m_buffers);
        QStringList names;
        const bool image = editorOf(row) == int(ArgumentEditor::Image);
        for (const engine::SessionBuffer& buffer : m_buffers)
            if (buffer.image.has_value() == image)
                names.append(QString::fromStdString(buffer.name));
        return names;
    }
    case AllowsNullRole:
        return editorOf(row) == int(ArgumentEditor::Buffer);
    case IsSetRole:
        return argument != nullptr && isArgumentSet(*argument);
    case ProblemRole: {
        if (const auto refused = m_refused.find(row); refused != m_refused.end())
            return refused->second;
        return storedProblem(row);
    }
    case ParameterNameRole:
        return param ? QString::fromStdString(param->name) : QString();
    case StructFieldsRole:
        return param ? structFields(*param, argument) : QVariantList();
    case WarningRole:
        return m_refused.count(row) ? QString() : storedWarning(row);
    case OtherBuffersRole:
        return param ? otherTypedBuffers(*param, m_buffers) : QStringList();
    default:
        return {};
    }
}

bool LaunchArgumentsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || index.column() != ValueColumn || !isCell(index))
        return false;
    const int row = index.row();
    QString reason;
    const std::optional<SessionArgument> argument = parseEdit(row, value, &reason);
    if (!argument) {
        m_refused[row] = reason;
        rowsChanged(row, row);
        Q_EMIT editRefused(row, reason);
        return false;
    }
    const bool hadRefusal = m_refused.erase(row) > 0;
    engine::SessionLaunch edited = m_launch;
    // Arguments go by position: a launch with fewer arguments than the kernel gets unset ones
    // of the right kinds up to the signature, so that the session file says what is missing.
    const size_t wanted = std::max(size_t(row) + 1, size_t(rowCount()));
    while (edited.arguments.size() < wanted) {
        const engine::KernelArgSignature* param = parameter(int(edited.arguments.size()));
        edited.arguments.push_back(param ? unsetArgument(*param) : SessionArgument{});
    }
    edited.arguments[size_t(row)] = *argument;
    if (edited == m_launch) {
        if (hadRefusal)
            rowsChanged(row, row);
        return true;
    }
    m_launch = std::move(edited);
    rowsChanged(row, row);
    Q_EMIT launchEdited(m_launch);
    return true;
}

Qt::ItemFlags LaunchArgumentsModel::flags(const QModelIndex& index) const {
    if (!isCell(index))
        return Qt::NoItemFlags;
    Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren;
    if (index.column() == ValueColumn && editorOf(index.row()) != int(ArgumentEditor::Unsupported))
        flags |= Qt::ItemIsEditable;
    return flags;
}

QVariant LaunchArgumentsModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section;
    switch (section) {
    case DeclarationColumn:
        return tr("Parameter");
    case KindColumn:
        return tr("Kind");
    case ValueColumn:
        return tr("Value");
    case StatusColumn:
        return tr("Status");
    default:
        return {};
    }
}

bool LaunchArgumentsModel::isCell(const QModelIndex& index) const {
    // Not checkIndex: it warns, and views and the model tester ask about invalid indexes.
    return index.isValid() && index.model() == this && index.row() < rowCount() &&
           index.column() < ColumnCount;
}

int LaunchArgumentsModel::editorOf(int row) const {
    if (const engine::KernelArgSignature* param = parameter(row))
        return int(editorFor(*param));
    const SessionArgument* argument = argumentAt(row);
    if (!argument)
        return int(ArgumentEditor::Unsupported);
    const engine::SessionBuffer* buffer = findBuffer(argument->buffer);
    return int(editorForStored(*argument, buffer && buffer->image));
}

const SessionArgument* LaunchArgumentsModel::argumentAt(int row) const {
    if (row < 0 || size_t(row) >= m_launch.arguments.size())
        return nullptr;
    return &m_launch.arguments[size_t(row)];
}

QString LaunchArgumentsModel::declaration(int row) const {
    if (const engine::KernelArgSignature* param = parameter(row))
        return QString::fromStdString(param->declaration());
    return tr("argument %1").arg(row);
}

QString LaunchArgumentsModel::kindText(int row) const {
    const engine::KernelArgSignature* param = parameter(row);
    if (!param) {
        const SessionArgument* argument = argumentAt(row);
        return argument ? kindName(argument->kind) : QString();
    }
    QString pointee = elementTypeOf(*param);
    if (pointee.isEmpty()) {
        pointee = QString::fromStdString(param->type.baseTypeName);
        if (pointee.endsWith(QLatin1Char('*')))
            pointee.chop(1);
    }
    switch (editorFor(*param)) {
    case ArgumentEditor::Buffer:
        return param->addressQualifier == CL_KERNEL_ARG_ADDRESS_CONSTANT
                   ? tr("constant buffer of %1").arg(pointee)
                   : tr("buffer of %1").arg(pointee);
    case ArgumentEditor::Image:
        return tr("image (%1)").arg(QString::fromStdString(param->type.imageType));
    case ArgumentEditor::Scalar:
        return tr("scalar %1").arg(pointee);
    case ArgumentEditor::Vector:
        return tr("vector %1").arg(pointee);
    case ArgumentEditor::Local:
        return tr("local memory of %1").arg(pointee);
    case ArgumentEditor::Sampler:
        return tr("sampler");
    case ArgumentEditor::Struct:
        return tr("struct of %1 bytes").arg(param->type.size);
    case ArgumentEditor::Unsupported:
        break;
    }
    return tr("%1 (not bound from the panel)").arg(QString::fromStdString(param->type.typeName));
}

QVariant LaunchArgumentsModel::valueDisplay(int row) const {
    const SessionArgument* argument = argumentAt(row);
    if (!argument || !isArgumentSet(*argument))
        return tr("not set");
    switch (argument->kind) {
    case SessionArgument::Kind::Buffer:
        return QString::fromStdString(argument->buffer);
    case SessionArgument::Kind::Scalar:
        return QString::fromStdString(argument->value);
    case SessionArgument::Kind::Local:
        return tr("%1 bytes").arg(argument->localBytes);
    case SessionArgument::Kind::Sampler:
        return QString::fromStdString(argument->sampler);
    case SessionArgument::Kind::Null:
        return QStringLiteral("NULL");
    case SessionArgument::Kind::Struct:
        return structValueText(argument->fields);
    }
    return {};
}

QVariant LaunchArgumentsModel::valueEdit(int row) const {
    const SessionArgument* argument = argumentAt(row);
    const auto editor = ArgumentEditor(editorOf(row));
    if (editor == ArgumentEditor::Local)
        return qulonglong(
            argument && argument->kind == SessionArgument::Kind::Local ? argument->localBytes : 0);
    if (!argument || !isArgumentSet(*argument))
        return editor == ArgumentEditor::Sampler ? defaultSamplerText() : QString();
    return valueDisplay(row);
}

QString LaunchArgumentsModel::storedProblem(int row) const {
    const SessionArgument* argument = argumentAt(row);
    const engine::KernelArgSignature* param = parameter(row);
    const auto editor = ArgumentEditor(editorOf(row));
    if (param && editor == ArgumentEditor::Unsupported)
        return tr("a %1 argument cannot be bound from the launch panel yet")
            .arg(QString::fromStdString(param->type.typeName));
    if (!argument || !isArgumentSet(*argument))
        return tr("not set");
    if (param) {
        const SessionArgument::Kind wanted = argumentKindFor(*param);
        const bool nullOk =
            argument->kind == SessionArgument::Kind::Null && editor == ArgumentEditor::Buffer;
        if (argument->kind != wanted && !nullOk)
            return tr("%1 is bound; the parameter takes %2")
                .arg(kindName(argument->kind), kindName(wanted));
    }
    switch (argument->kind) {
    case SessionArgument::Kind::Buffer: {
        const engine::SessionBuffer* buffer = findBuffer(argument->buffer);
        if (!buffer)
            return tr("no buffer named '%1' in the session")
                .arg(QString::fromStdString(argument->buffer));
        return param ? bufferMismatch(*param, *buffer) : QString();
    }
    case SessionArgument::Kind::Scalar:
        return param ? valueProblem(param->type.element, param->type.vectorWidth,
                                    withEnumValues(*param, QString::fromStdString(argument->value)))
                     : QString();
    case SessionArgument::Kind::Sampler:
        return samplerProblem(QString::fromStdString(argument->sampler));
    case SessionArgument::Kind::Struct:
        return param ? structValueProblem(*param, argument->fields) : QString();
    case SessionArgument::Kind::Local:
    case SessionArgument::Kind::Null:
        return {};
    }
    return {};
}

QString LaunchArgumentsModel::storedWarning(int row) const {
    const SessionArgument* argument = argumentAt(row);
    const engine::KernelArgSignature* param = parameter(row);
    if (!param || !argument || argument->kind != SessionArgument::Kind::Buffer ||
        !storedProblem(row).isEmpty())
        return {};
    const engine::SessionBuffer* buffer = findBuffer(argument->buffer);
    return buffer ? bufferTypeWarning(*param, *buffer) : QString();
}

std::optional<SessionArgument> LaunchArgumentsModel::parseEdit(int row, const QVariant& value,
                                                               QString* reason) const {
    const engine::KernelArgSignature* param = parameter(row);
    const QString text = value.toString().trimmed();
    SessionArgument argument;
    switch (ArgumentEditor(editorOf(row))) {
    case ArgumentEditor::Buffer:
    case ArgumentEditor::Image: {
        argument.kind = SessionArgument::Kind::Buffer;
        if (text.isEmpty())
            return argument; // unbinds: "not set"
        if (isNullText(text)) {
            if (editorOf(row) != int(ArgumentEditor::Buffer)) {
                *reason = tr("an image cannot be NULL: pick an image");
                return std::nullopt;
            }
            argument.kind = SessionArgument::Kind::Null;
            return argument;
        }
        const engine::SessionBuffer* buffer = findBuffer(text.toStdString());
        if (!buffer) {
            const QStringList fitting =
                data(index(row, ValueColumn), FittingBuffersRole).toStringList();
            *reason = fitting.isEmpty()
                          ? tr("no buffer named '%1' in the session: create one with New buffer...")
                                .arg(text)
                          : tr("no buffer named '%1' in the session: pick one of %2 or create one "
                               "with New buffer...")
                                .arg(text, fitting.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        if (param)
            if (const QString mismatch = bufferMismatch(*param, *buffer); !mismatch.isEmpty()) {
                *reason = mismatch;
                return std::nullopt;
            }
        argument.buffer = buffer->name;
        return argument;
    }
    case ArgumentEditor::Scalar:
    case ArgumentEditor::Vector: {
        argument.kind = SessionArgument::Kind::Scalar;
        if (param) {
            *reason = valueProblem(param->type.element, param->type.vectorWidth,
                                   withEnumValues(*param, text));
            if (!reason->isEmpty())
                return std::nullopt;
        } else if (text.isEmpty()) {
            *reason = tr("no value given");
            return std::nullopt;
        }
        argument.value = normalizedValue(text).toStdString();
        return argument;
    }
    case ArgumentEditor::Local: {
        argument.kind = SessionArgument::Kind::Local;
        QString number = text;
        if (number.endsWith(QLatin1String("bytes")))
            number.chop(5);
        bool ok = false;
        const qulonglong bytes = number.trimmed().toULongLong(&ok);
        if (!ok) {
            *reason = tr("'%1' is not a number of bytes").arg(text);
            return std::nullopt;
        }
        if (bytes == 0) {
            *reason = tr("__local memory needs at least 1 byte");
            return std::nullopt;
        }
        argument.localBytes = bytes;
        return argument;
    }
    case ArgumentEditor::Sampler: {
        argument.kind = SessionArgument::Kind::Sampler;
        *reason = samplerProblem(text);
        if (!reason->isEmpty())
            return std::nullopt;
        // Empty text is the defaults; said in full so that the row reads as set.
        argument.sampler =
            (text.isEmpty() ? defaultSamplerText() : text.simplified()).toStdString();
        return argument;
    }
    case ArgumentEditor::Struct:
        return parseStructEdit(param, value, reason);
    case ArgumentEditor::Unsupported:
        break;
    }
    *reason = param ? tr("a %1 argument cannot be bound from the launch panel yet")
                          .arg(QString::fromStdString(param->type.typeName))
                    : tr("this argument cannot be edited");
    return std::nullopt;
}

QVariantList LaunchArgumentsModel::structFields(const engine::KernelArgSignature& parameter,
                                                const SessionArgument* argument) {
    QVariantList fields;
    for (const engine::StructField& field : parameter.type.fields) {
        QString value;
        if (argument && argument->kind == SessionArgument::Kind::Struct)
            for (const engine::SessionField& given : argument->fields)
                if (given.path == field.path)
                    value = QString::fromStdString(given.value);
        fields.append(QVariantMap{
            {QStringLiteral("path"), QString::fromStdString(field.path)},
            {QStringLiteral("type"), QString::fromStdString(engine::structFieldTypeName(field))},
            {QStringLiteral("element"), int(field.element)},
            {QStringLiteral("components"), int(field.components())},
            {QStringLiteral("value"), value}});
    }
    return fields;
}

std::optional<SessionArgument>
LaunchArgumentsModel::parseStructEdit(const engine::KernelArgSignature* param,
                                      const QVariant& value, QString* reason) {
    SessionArgument argument;
    argument.kind = SessionArgument::Kind::Struct;
    if (value.typeId() == QMetaType::QVariantMap) {
        // The group editor: a value per field path, in the struct's order.
        const QVariantMap given = value.toMap();
        if (param)
            for (const engine::StructField& field : param->type.fields) {
                const QString text =
                    normalizedValue(given.value(QString::fromStdString(field.path)).toString());
                if (!text.isEmpty())
                    argument.fields.push_back({field.path, text.toStdString()});
            }
    } else {
        auto fields = parseStructValueText(value.toString(), reason);
        if (!fields)
            return std::nullopt;
        argument.fields = std::move(*fields);
    }
    if (argument.fields.empty())
        return argument; // unbinds: "not set"
    if (param) {
        *reason = structValueProblem(*param, argument.fields);
        if (!reason->isEmpty())
            return std::nullopt;
    }
    return argument;
}

const engine::SessionBuffer* LaunchArgumentsModel::findBuffer(const std::string& name) const {
    const auto found = std::find_if(m_buffers.begin(), m_buffers.end(),
                                    [&](const engine::SessionBuffer& b) { return b.name == name; });
    return found == m_buffers.end() ? nullptr : &*found;
}

void LaunchArgumentsModel::rowsChanged(int first, int last) {
    Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

} // namespace clw::ui
