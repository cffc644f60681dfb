#include "inspector/DiffPanel.h"

#include "bridge/BufferOperations.h"
#include "inspector/DifferentialView.h"

#include <QComboBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace clw::ui {

DiffPanel::DiffPanel(EngineBridge& bridge, QWidget* parent)
    : QWidget(parent)
    , m_bridge(bridge) {
    m_reference = new QComboBox(this);
    m_reference->setObjectName(QStringLiteral("diffReference"));
    m_absolute = new QLineEdit(QStringLiteral("0"), this);
    m_relative = new QLineEdit(QStringLiteral("0"), this);
    m_absolute->setObjectName(QStringLiteral("diffAbsolute"));
    m_relative->setObjectName(QStringLiteral("diffRelative"));
    for (QLineEdit* edit : {m_absolute, m_relative}) {
        auto* validator = new QDoubleValidator(0, 1e300, 17, edit);
        validator->setNotation(QDoubleValidator::ScientificNotation);
        edit->setValidator(validator);
    }
    m_compare = new QPushButton(tr("Compare"), this);
    m_compare->setObjectName(QStringLiteral("diffCompare"));
    auto* clear = new QPushButton(tr("Clear"), this);
    m_previous = new QPushButton(tr("◀ Previous difference"), this);
    m_next = new QPushButton(tr("Next difference ▶"), this);
    m_previous->setObjectName(QStringLiteral("diffPrevious"));
    m_next->setObjectName(QStringLiteral("diffNext"));
    m_previous->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F8));
    m_next->setShortcut(QKeySequence(Qt::Key_F8));
    m_summary = new QLabel(tr("No comparison yet"), this);
    m_summary->setObjectName(QStringLiteral("diffSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* form = new QFormLayout;
    form->addRow(tr("Compare with"), m_reference);
    form->addRow(tr("Absolute tolerance"), m_absolute);
    form->addRow(tr("Relative tolerance"), m_relative);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_compare);
    buttons->addWidget(clear);
    buttons->addStretch(1);
    buttons->addWidget(m_previous);
    buttons->addWidget(m_next);
    m_differential = new DifferentialView(this);
    m_differential->hide();

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    layout->addWidget(m_differential, 10);
    layout->addStretch(1);

    connect(m_compare, &QPushButton::clicked, this, &DiffPanel::compare);
    connect(clear, &QPushButton::clicked, this, &DiffPanel::clearResult);
    connect(m_previous, &QPushButton::clicked, this, [this] { Q_EMIT navigate(false); });
    connect(m_next, &QPushButton::clicked, this, [this] { Q_EMIT navigate(true); });
    showResult();
}

void DiffPanel::setCurrent(std::shared_ptr<BufferSource> source,
                           const engine::ElementLayout& layout, const engine::BufferShape& shape) {
    m_source = std::move(source);
    m_layout = layout;
    m_shape = shape;
    clearResult();
}

void DiffPanel::setReferences(std::vector<Reference> references) {
    const QString previous = m_reference->currentText();
    m_references = std::move(references);
    m_reference->clear();
    for (const Reference& reference : m_references)
        m_reference->addItem(reference.name);
    const int again = m_reference->findText(previous);
    if (again >= 0)
        m_reference->setCurrentIndex(again);
    m_compare->setEnabled(!m_references.empty());
}

void DiffPanel::clearResult() {
    ++m_generation;
    if (m_job)
        m_bridge.cancel(m_job);
    m_result.reset();
    showResult();
    Q_EMIT resultChanged(nullptr);
}

void DiffPanel::showMismatches(std::shared_ptr<const engine::ElementDiff> mismatches) {
    clearResult();
    m_result = std::move(mismatches);
    showResult();
    if (m_result)
        Q_EMIT resultChanged(m_result);
}

bool DiffPanel::compareWith(const std::shared_ptr<BufferSource>& reference) {
    const auto found =
        std::find_if(m_references.begin(), m_references.end(),
                     [&](const Reference& each) { return reference && each.source == reference; });
    if (found == m_references.end())
        return false;
    m_reference->setCurrentIndex(int(found - m_references.begin()));
    compare();
    return true;
}

void DiffPanel::compare() {
    const int index = m_reference->currentIndex();
    if (!m_source || index < 0 || index >= int(m_references.size()))
        return;
    clearResult();
    const engine::DiffOptions options{m_absolute->text().toDouble(), m_relative->text().toDouble()};
    const quint64 generation = m_generation;
    m_summary->setText(tr("Comparing with %1…").arg(m_references[size_t(index)].name));
    m_job = m_bridge.run(
        this,
        [current = m_source, reference = m_references[size_t(index)].source, layout = m_layout,
         shape = m_shape, options](const JobContext& context) {
            return std::make_shared<const engine::ElementDiff>(
                BufferOperations::diff(*current, *reference, layout, shape, options,
                                       [&context] { return context.isCancelled(); }));
        },
        [this, generation](JobResult<std::shared_ptr<const engine::ElementDiff>> result) {
            if (generation != m_generation)
                return;
            m_job = 0;
            if (!result.ok()) {
                m_summary->setText(tr("Comparison failed"));
                if (!result.error().cancelled())
                    Q_EMIT errorOccurred(tr("Diff: %1").arg(result.error().message));
                return;
            }
            m_result = result.value();
            showResult();
            Q_EMIT resultChanged(m_result);
        });
}

void DiffPanel::showResult() {
    m_previous->setEnabled(m_result && m_result->changed() > 0);
    m_next->setEnabled(m_result && m_result->changed() > 0);
    m_summary->setText(summary());
}

QString DiffPanel::summary() const {
    if (!m_result)
        return tr("No comparison yet");
    const engine::ElementDiff& d = *m_result;
    if (d.changed() == 0)
        return tr("No difference in %1 elements").arg(d.compared());
    QString text = tr("%1 of %2 elements differ; max absolute difference %3 (element %4), "
                      "max relative difference %5")
                       .arg(d.changed())
                       .arg(d.compared())
                       .arg(d.maxAbsolute(), 0, 'g', 9)
                       .arg(d.maxAbsoluteElement() ? QString::number(*d.maxAbsoluteElement())
                                                   : QStringLiteral("-"))
                       .arg(d.maxRelative(), 0, 'g', 6);
    if (d.truncated())
        text += tr(" (only the first %1 runs of changes are highlighted)")
                    .arg(engine::ElementDiff::kMaxRanges);
    return text;
}

} // namespace clw::ui
