#include "launch/NewBufferDialog.h"

#include "models/SizeText.h"

#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/inspect/LayoutError.h"
#include "clw/engine/inspect/ScalarValue.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace clw::ui {

namespace {

// The pixel types the panel offers for new images: channel type and the pixel as the inspector
// shows it, all RGBA.
struct PixelChoice {
    const char* channelType;
    const char* pixel;
};
constexpr PixelChoice kPixels[] = {
    {"CL_UNORM_INT8", "uchar4"}, {"CL_UNSIGNED_INT8", "uchar4"}, {"CL_FLOAT", "float4"}};

} // namespace

NewBufferDialog::NewBufferDialog(const QString& name, const QString& elementType,
                                 const std::vector<std::uint64_t>& shape, const QString& imageType,
                                 const QStringList& taken, QWidget* parent)
    : QDialog(parent)
    , m_imageType(imageType)
    , m_taken(taken)
    , m_name(new QLineEdit(uniqueName(name, taken), this))
    , m_type(new QLineEdit(elementType.isEmpty() ? QStringLiteral("uchar") : elementType, this))
    , m_shape(new QLineEdit(sizesText(shape), this))
    , m_access(new QComboBox(this))
    , m_fill(new QComboBox(this))
    , m_channelType(new QComboBox(this))
    , m_problem(new QLabel(this))
    , m_numpyShape(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(QStringLiteral("newBufferDialog"));
    setWindowTitle(isImage() ? tr("New image") : tr("New buffer"));
    m_name->setObjectName(QStringLiteral("nameEdit"));
    m_type->setObjectName(QStringLiteral("typeEdit"));
    m_shape->setObjectName(QStringLiteral("shapeEdit"));
    m_access->setObjectName(QStringLiteral("accessCombo"));
    m_fill->setObjectName(QStringLiteral("fillCombo"));
    m_channelType->setObjectName(QStringLiteral("channelTypeCombo"));
    m_problem->setObjectName(QStringLiteral("bufferProblemLabel"));

    m_type->setToolTip(
        tr("An OpenCL C element type: float, uint4, struct { float3 pos; uint id; }"));
    m_shape->setToolTip(tr("Elements (pixels for an image) in 1 to 3 dimensions, width first as "
                           "OpenCL gives sizes (width, height, depth); the launch's global size "
                           "by default"));
    m_numpyShape->setObjectName(QStringLiteral("numpyShapeLabel"));
    m_access->addItem(tr("read and write"), QStringLiteral("read_write"));
    m_access->addItem(tr("read only"), QStringLiteral("read_only"));
    m_access->addItem(tr("write only"), QStringLiteral("write_only"));
    m_fill->addItem(tr("zeros"), int(engine::FillSpec::Kind::Zeros));
    m_fill->addItem(tr("index ramp (0, 1, 2, ...)"), int(engine::FillSpec::Kind::Ramp));
    m_fill->addItem(tr("random values"), int(engine::FillSpec::Kind::Random));
    for (const PixelChoice& pixel : kPixels)
        m_channelType->addItem(QStringLiteral("%1 (%2)").arg(QLatin1String(pixel.channelType),
                                                             QLatin1String(pixel.pixel)));

    QPalette red = m_problem->palette();
    red.setColor(QPalette::WindowText, QColor(0xc0, 0x1c, 0x28));
    m_problem->setPalette(red);
    m_problem->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), m_name);
    if (isImage()) {
        m_type->hide();
        form->addRow(tr("&Channels:"), m_channelType);
    } else {
        m_channelType->hide();
        form->addRow(tr("Element &type:"), m_type);
    }
    form->addRow(isImage() ? tr("&Pixels (width, height, depth):")
                           : tr("&Elements (width, height, depth):"),
                 m_shape);
    form->addRow(QString(), m_numpyShape);
    form->addRow(tr("&Access:"), m_access);
    form->addRow(tr("&Contents:"), m_fill);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_buttons);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit* edit : {m_name, m_type, m_shape})
        connect(edit, &QLineEdit::textChanged, this, &NewBufferDialog::check);
    check();
}

QString NewBufferDialog::uniqueName(const QString& wanted, const QStringList& taken) {
    static const QRegularExpression kBad(QStringLiteral("[^A-Za-z0-9_-]"));
    QString base = wanted;
    base.replace(kBad, QStringLiteral("_"));
    if (base.isEmpty() || base.front().isDigit() || base.front() == QLatin1Char('-'))
        base.prepend(QLatin1String("buffer_"));
    QString name = base;
    for (int n = 2; taken.contains(name); ++n)
        name = QStringLiteral("%1_%2").arg(base).arg(n);
    return name;
}

engine::SessionBuffer NewBufferDialog::buffer() const {
    engine::SessionBuffer buffer;
    buffer.name = m_name->text().trimmed().toStdString();
    buffer.shape = parseSizes(m_shape->text(), nullptr).value_or(std::vector<std::uint64_t>{1});
    buffer.access = m_access->currentData().toString().toStdString();
    if (isImage()) {
        const PixelChoice& pixel = kPixels[std::max(0, m_channelType->currentIndex())];
        buffer.elementType = pixel.pixel;
        engine::SessionBuffer::Image image;
        image.type = m_imageType.toStdString();
        image.channelOrder = "CL_RGBA";
        image.channelType = pixel.channelType;
        buffer.image = image;
    } else {
        buffer.elementType = m_type->text().trimmed().toStdString();
    }
    buffer.init.kind = engine::SessionInit::Kind::Fill;
    buffer.init.fill.kind = engine::FillSpec::Kind(m_fill->currentData().toInt());
    if (buffer.init.fill.kind == engine::FillSpec::Kind::Random) {
        // Integers get a range that shows in the inspector; floats [0, 1).
        bool floats = true;
        try {
            const auto common = engine::ElementLayout::parse(buffer.elementType).commonScalar();
            floats = !common || engine::isFloatScalar(*common);
        } catch (const engine::LayoutError&) {
            // check() refuses such a type; the default range is as good as any.
        }
        buffer.init.fill.high = floats ? 1 : 255;
    }
    return buffer;
}

QString NewBufferDialog::problem() const {
    static const QRegularExpression kName(QStringLiteral("^[A-Za-z_][A-Za-z0-9_-]*$"));
    const QString name = m_name->text().trimmed();
    if (!kName.match(name).hasMatch())
        return tr("A name is letters, digits, '_' and '-', starting with a letter or '_'.");
    if (m_taken.contains(name))
        return tr("The session has a buffer named '%1' already: pick another name.").arg(name);
    if (!isImage()) {
        try {
            engine::ElementLayout::parse(m_type->text().trimmed().toStdString());
        } catch (const engine::LayoutError& error) {
            return tr("Element type: %1").arg(QString::fromUtf8(error.what()));
        }
    }
    QString error;
    const std::optional<std::vector<std::uint64_t>> shape = parseSizes(m_shape->text(), &error);
    if (!shape)
        return tr("Size: %1").arg(error);
    if (shape->empty())
        return tr("Give the size: 1 to 3 sizes such as 1024 or 64, 64.");
    if (isImage()) {
        // An array of images has one more dimension: the layer.
        const size_t dims = (m_imageType.startsWith(QLatin1String("image3d"))   ? 3
                             : m_imageType.startsWith(QLatin1String("image2d")) ? 2
                                                                                : 1) +
                            (m_imageType.contains(QLatin1String("_array")) ? 1 : 0);
        if (shape->size() != dims)
            return tr("An %1 has %2 dimensions of pixels.").arg(m_imageType).arg(dims);
    }
    return {};
}

void NewBufferDialog::check() {
    // The order a .npy file of this buffer has: the reverse, rows first.
    const std::optional<std::vector<std::uint64_t>> sizes = parseSizes(m_shape->text(), nullptr);
    QStringList reversed;
    if (sizes)
        for (auto it = sizes->rbegin(); it != sizes->rend(); ++it)
            reversed.append(QString::number(*it));
    m_numpyShape->setText(reversed.isEmpty()
                              ? QString()
                              : tr("numpy shape (%1%2)")
                                    .arg(reversed.join(QStringLiteral(", ")),
                                         reversed.size() == 1 ? QStringLiteral(",") : QString()));
    const QString why = problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(why.isEmpty());
}

} // namespace clw::ui
