#include "inspector/FormatBar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QVBoxLayout>

namespace clw::ui {

FormatBar::FormatBar(QWidget* parent)
    : QWidget(parent) {
    m_type = new QComboBox(this);
    m_type->setObjectName(QStringLiteral("formatType"));
    m_type->setEditable(true);
    m_type->setInsertPolicy(QComboBox::NoInsert);
    m_type->setMinimumContentsLength(18);
    m_type->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_type->addItems({QStringLiteral("float"), QStringLiteral("float2"), QStringLiteral("float3"),
                      QStringLiteral("float4"), QStringLiteral("half"), QStringLiteral("double"),
                      QStringLiteral("char"), QStringLiteral("uchar"), QStringLiteral("short"),
                      QStringLiteral("ushort"), QStringLiteral("int"), QStringLiteral("uint"),
                      QStringLiteral("int4"), QStringLiteral("uint4"), QStringLiteral("long"),
                      QStringLiteral("ulong"), QStringLiteral("hex"),
                      QStringLiteral("struct { float3 pos; uint id; }")});
    m_type->setToolTip(tr("An OpenCL C type: a scalar (float, uint, half), a vector (float4), a "
                          "struct declaration laid out with OpenCL's alignment rules, or hex"));
    m_dimensions = new QComboBox(this);
    m_dimensions->setObjectName(QStringLiteral("formatDimensions"));
    m_dimensions->addItems({QStringLiteral("1D"), QStringLiteral("2D"), QStringLiteral("3D")});
    m_width = numberField(QStringLiteral("formatWidth"), tr("width"));
    m_height = numberField(QStringLiteral("formatHeight"), tr("height"));
    m_depth = numberField(QStringLiteral("formatDepth"), tr("depth"));
    m_rowPitch = numberField(QStringLiteral("formatRowPitch"), tr("row pitch B"));
    m_slicePitch = numberField(QStringLiteral("formatSlicePitch"), tr("slice pitch B"));
    m_offset = numberField(QStringLiteral("formatOffset"), tr("offset B"));
    m_hex = new QCheckBox(tr("Hex integers"), this);
    m_hex->setObjectName(QStringLiteral("formatHex"));
    m_error = new QLabel(this);
    m_error->setObjectName(QStringLiteral("formatError"));
    m_error->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_error->setWordWrap(true);
    m_error->hide();

    auto* fields = new QHBoxLayout;
    fields->setContentsMargins(0, 0, 0, 0);
    fields->addWidget(new QLabel(tr("Type"), this));
    fields->addWidget(m_type, 3);
    fields->addWidget(m_dimensions);
    for (QLineEdit* edit : {m_width, m_height, m_depth, m_rowPitch, m_slicePitch, m_offset})
        fields->addWidget(edit, 1);
    fields->addWidget(m_hex);
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(2);
    column->addLayout(fields);
    column->addWidget(m_error);

    connect(m_type, &QComboBox::activated, this, &FormatBar::request);
    connect(m_type->lineEdit(), &QLineEdit::editingFinished, this, &FormatBar::request);
    connect(m_dimensions, &QComboBox::currentIndexChanged, this, [this] {
        updateShapeFields();
        request();
    });
    connect(m_hex, &QCheckBox::toggled, this, &FormatBar::request);
    updateShapeFields();
}

QLineEdit* FormatBar::numberField(const QString& name, const QString& placeholder) {
    auto* edit = new QLineEdit(this);
    edit->setObjectName(name);
    edit->setPlaceholderText(placeholder);
    edit->setToolTip(placeholder + tr(" (empty: as many as fit, or packed)"));
    edit->setValidator(new QRegularExpressionValidator(
        QRegularExpression(QStringLiteral("(0x[0-9a-fA-F]{0,16}|[0-9]{0,20})")), edit));
    edit->setMaximumWidth(110);
    connect(edit, &QLineEdit::editingFinished, this, &FormatBar::request);
    return edit;
}

void FormatBar::updateShapeFields() {
    const int dims = m_dimensions->currentIndex() + 1;
    m_width->setVisible(dims > 1);
    m_height->setVisible(dims > 1);
    m_rowPitch->setVisible(dims > 1);
    m_depth->setVisible(dims > 2);
    m_slicePitch->setVisible(dims > 2);
}

void FormatBar::setFormat(const engine::ElementFormat& format) {
    m_setting = true;
    m_type->setEditText(QString::fromStdString(format.type));
    m_dimensions->setCurrentIndex(format.shape.dimensions - 1);
    const auto show = [](QLineEdit* edit, std::uint64_t value) {
        edit->setText(value ? QString::number(value) : QString());
    };
    show(m_width, format.shape.dimensions > 1 ? format.shape.width : 0);
    show(m_height, format.shape.dimensions > 1 ? format.shape.height : 0);
    show(m_depth, format.shape.dimensions > 2 ? format.shape.depth : 0);
    show(m_rowPitch, format.shape.rowPitch);
    show(m_slicePitch, format.shape.slicePitch);
    show(m_offset, format.shape.offset);
    m_hex->setChecked(format.hexIntegers);
    updateShapeFields();
    m_setting = false;
}

engine::ElementFormat FormatBar::format() const {
    const auto value = [](const QLineEdit* edit) -> std::uint64_t {
        const QString text = edit->text().trimmed();
        bool ok = false;
        const std::uint64_t v = text.startsWith(QLatin1String("0x"))
                                    ? text.mid(2).toULongLong(&ok, 16)
                                    : text.toULongLong(&ok);
        return ok ? v : 0;
    };
    engine::ElementFormat format;
    format.type = m_type->currentText().trimmed().toStdString();
    const int dims = m_dimensions->currentIndex() + 1;
    format.shape.dimensions = dims;
    // Fields of the other dimensions keep their text but do not count.
    format.shape.width = dims > 1 ? value(m_width) : 0;
    format.shape.height = dims > 1 ? value(m_height) : 0;
    format.shape.rowPitch = dims > 1 ? value(m_rowPitch) : 0;
    format.shape.depth = dims > 2 ? value(m_depth) : 0;
    format.shape.slicePitch = dims > 2 ? value(m_slicePitch) : 0;
    format.shape.offset = value(m_offset);
    format.hexIntegers = m_hex->isChecked();
    return format;
}

void FormatBar::request() {
    if (!m_setting)
        Q_EMIT formatRequested(format());
}

void FormatBar::showError(const QString& message) {
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

QString FormatBar::errorText() const {
    return m_error->isVisible() ? m_error->text() : QString();
}

} // namespace clw::ui
