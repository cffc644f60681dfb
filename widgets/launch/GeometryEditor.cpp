#include "launch/GeometryEditor.h"

#include "models/RunRecord.h"
#include "models/SizeText.h"

#include "clw/engine/launch/LaunchGeometry.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <array>

namespace clw::ui {

namespace {

engine::NDRange rangeOf(const GeometryEditor::Sizes& sizes) {
    switch (sizes.size()) {
    case 1:
        return engine::NDRange(size_t(sizes[0]));
    case 2:
        return engine::NDRange(size_t(sizes[0]), size_t(sizes[1]));
    case 3:
        return engine::NDRange(size_t(sizes[0]), size_t(sizes[1]), size_t(sizes[2]));
    default:
        return engine::NDRange();
    }
}

GeometryEditor::Sizes sizesOf(const engine::NDRange& range) {
    GeometryEditor::Sizes sizes;
    for (unsigned i = 0; i < range.dimensions(); ++i)
        sizes.push_back(range[i]);
    return sizes;
}

GeometryEditor::Sizes sizesOf(const std::vector<size_t>& values) {
    return GeometryEditor::Sizes(values.begin(), values.end());
}

} // namespace

GeometryEditor::GeometryEditor(QWidget* parent)
    : QWidget(parent)
    , m_global(new QLineEdit(this))
    , m_local(new QLineEdit(this))
    , m_offset(new QLineEdit(this))
    , m_limitsLabel(new QLabel(this))
    , m_problemLabel(new QLabel(this))
    , m_suggestButton(new QPushButton(tr("Use suggested"), this)) {
    m_global->setObjectName(QStringLiteral("globalSizeEdit"));
    m_local->setObjectName(QStringLiteral("localSizeEdit"));
    m_offset->setObjectName(QStringLiteral("offsetEdit"));
    m_limitsLabel->setObjectName(QStringLiteral("limitsLabel"));
    m_problemLabel->setObjectName(QStringLiteral("problemLabel"));
    m_suggestButton->setObjectName(QStringLiteral("suggestButton"));

    m_global->setPlaceholderText(tr("1 to 3 sizes: 1024, or 64, 64"));
    m_local->setPlaceholderText(tr("empty: the driver chooses"));
    m_offset->setPlaceholderText(tr("empty: no offset"));
    m_global->setToolTip(tr("Work-items in each dimension (1 to 3 dimensions)"));
    m_local->setToolTip(tr("Work-items of a work-group in each dimension; as many dimensions as "
                           "the global size"));
    m_offset->setToolTip(tr("The global ID of the first work-item in each dimension"));
    m_global->setText(sizesText(m_shownGlobal));

    m_limitsLabel->setWordWrap(true);
    m_problemLabel->setWordWrap(true);
    m_problemLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette red = m_problemLabel->palette();
    red.setColor(QPalette::WindowText, QColor(0xc0, 0x1c, 0x28));
    m_problemLabel->setPalette(red);
    m_problemLabel->hide();
    m_suggestButton->setToolTip(tr("Put a local size in that divides the global size and fits "
                                   "the device's and the kernel's limits"));
    m_suggestButton->hide();

    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Global size:"), m_global);
    form->addRow(tr("&Local size:"), m_local);
    form->addRow(tr("O&ffset:"), m_offset);
    auto* problemRow = new QHBoxLayout;
    problemRow->addWidget(m_problemLabel, 1);
    problemRow->addWidget(m_suggestButton, 0, Qt::AlignTop);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_limitsLabel);
    layout->addLayout(problemRow);

    for (QLineEdit* edit : {m_global, m_local, m_offset}) {
        connect(edit, &QLineEdit::textChanged, this, &GeometryEditor::check);
        connect(edit, &QLineEdit::editingFinished, this, &GeometryEditor::commit);
    }
    connect(m_suggestButton, &QPushButton::clicked, this, &GeometryEditor::applySuggestion);
    showLimits();
    check();
}

void GeometryEditor::showSizes(QLineEdit* edit, const Sizes& sizes, bool allowZero) {
    const std::optional<Sizes> typed = parseSizes(edit->text(), nullptr, allowZero);
    if (typed && *typed == sizes)
        return; // keeps "16 x 16" as typed, and the cursor where it is
    edit->setText(sizesText(sizes));
}

void GeometryEditor::setSizes(const Sizes& global, const Sizes& local, const Sizes& offset) {
    m_shownGlobal = global;
    m_shownLocal = local;
    m_shownOffset = offset;
    showSizes(m_global, global, false);
    showSizes(m_local, local, false);
    showSizes(m_offset, offset, true);
    check();
}

void GeometryEditor::setLimits(std::optional<engine::KernelLimits> limits,
                               std::optional<engine::KernelSignature> signature,
                               std::uint64_t localArgumentBytes) {
    m_limits = std::move(limits);
    m_signature = std::move(signature);
    m_localArgumentBytes = localArgumentBytes;
    showLimits();
    check();
}

bool GeometryEditor::commit() {
    QString error;
    const std::optional<Sizes> global = parseSizes(m_global->text(), &error);
    const std::optional<Sizes> local = global ? parseSizes(m_local->text(), &error) : std::nullopt;
    const std::optional<Sizes> offset =
        local ? parseSizes(m_offset->text(), &error, true) : std::nullopt;
    if (!offset)
        return false; // check() shows why
    if (global->empty())
        return false;
    if (*global == m_shownGlobal && *local == m_shownLocal && *offset == m_shownOffset)
        return true;
    m_shownGlobal = *global;
    m_shownLocal = *local;
    m_shownOffset = *offset;
    Q_EMIT sizesEdited(*global, *local, *offset);
    return true;
}

void GeometryEditor::applySuggestion() {
    if (!m_suggestion)
        return;
    m_local->setText(sizesText(*m_suggestion));
    commit();
}

void GeometryEditor::check() {
    m_problem.clear();
    m_suggestion.reset();
    QString error;
    const std::optional<Sizes> global = parseSizes(m_global->text(), &error);
    std::optional<Sizes> local;
    std::optional<Sizes> offset;
    if (!global)
        m_problem = tr("Global size: %1").arg(error);
    else if (global->empty())
        m_problem = tr("Give the global size: 1 to 3 sizes such as 1024 or 64, 64.");
    else if (!(local = parseSizes(m_local->text(), &error)))
        m_problem = tr("Local size: %1").arg(error);
    else if (!(offset = parseSizes(m_offset->text(), &error, true)))
        m_problem = tr("Offset: %1").arg(error);

    if (m_problem.isEmpty()) {
        const bool localFits = local->empty() || local->size() == global->size();
        const bool offsetFits = offset->empty() || offset->size() == global->size();
        if (m_limits && m_signature) {
            engine::LaunchGeometry geometry;
            geometry.global = rangeOf(*global);
            geometry.local = rangeOf(*local);
            geometry.offset = rangeOf(*offset);
            const engine::GeometryCheck result =
                engine::checkGeometry(geometry, *m_limits, *m_signature, m_localArgumentBytes);
            if (!result.ok) {
                m_problem = QString::fromStdString(result.problem);
                if (result.suggestedLocal)
                    m_suggestion = sizesOf(*result.suggestedLocal);
                else if (!localFits)
                    m_suggestion = sizesOf(engine::suggestLocalSize(geometry.global, *m_limits));
            }
        } else if (!localFits || !offsetFits) {
            m_problem = tr("The %1 has %2 dimensions, the global size %3: give as many.")
                            .arg(localFits ? tr("offset") : tr("local size"))
                            .arg(localFits ? offset->size() : local->size())
                            .arg(global->size());
        }
    }
    if (!m_problem.isEmpty() && !m_problem.endsWith(QLatin1Char('.')))
        m_problem += QLatin1Char('.');
    m_problemLabel->setText(m_problem);
    if (m_suggestion)
        m_suggestButton->setText(tr("Use suggested (%1)").arg(RunRecord::sizeText(*m_suggestion)));
    m_problemLabel->setVisible(!m_problem.isEmpty());
    m_suggestButton->setVisible(m_suggestion.has_value());
}

void GeometryEditor::showLimits() {
    if (!m_limits) {
        m_limitsLabel->setText(tr("Build the program to see the device's and the kernel's "
                                  "limits."));
        return;
    }
    const engine::KernelLimits& limits = *m_limits;
    QStringList device;
    device.append(tr("work-groups of up to %1 work-items").arg(limits.deviceMaxWorkGroupSize));
    if (!limits.maxWorkItemSizes.empty())
        device.append(tr("at most %1 per dimension")
                          .arg(RunRecord::sizeText(sizesOf(limits.maxWorkItemSizes))));
    if (limits.deviceLocalMemory)
        device.append(tr("%1 bytes of local memory").arg(limits.deviceLocalMemory));
    QStringList kernel;
    kernel.append(tr("work-groups of up to %1").arg(limits.maxWorkGroupSize()));
    kernel.append(tr("preferred multiple %1").arg(limits.preferredMultiple));
    std::array<size_t, 3> required =
        m_signature ? m_signature->reqdWorkGroupSize : std::array<size_t, 3>{0, 0, 0};
    if (required[0] == 0)
        required = limits.compileWorkGroupSize;
    if (required[0] != 0)
        kernel.append(tr("reqd_work_group_size %1")
                          .arg(RunRecord::sizeText({required[0], required[1], required[2]})));
    if (limits.kernelLocalMemory)
        kernel.append(tr("%1 bytes of local memory declared").arg(limits.kernelLocalMemory));
    if (m_localArgumentBytes)
        kernel.append(tr("%1 bytes in __local arguments").arg(m_localArgumentBytes));
    m_limitsLabel->setText(
        tr("Device: %1. Kernel: %2.")
            .arg(device.join(QStringLiteral(", ")), kernel.join(QStringLiteral(", "))));
}

} // namespace clw::ui
