#include "inspector/BufferInspector.h"

#include "inspector/AnalysisPanel.h"
#include "inspector/BufferFileActions.h"
#include "inspector/BufferTableView.h"
#include "inspector/DiffPanel.h"
#include "inspector/DifferentialView.h"
#include "inspector/FormatBar.h"
#include "inspector/HeatMapPanel.h"
#include "models/BufferTableModel.h"
#include "models/SummaryLine.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace clw::ui {

namespace {

QString settingsKey(const QString& name) {
    QString key = name;
    key.replace(QLatin1Char('/'), QLatin1Char('_')).replace(QLatin1Char('\\'), QLatin1Char('_'));
    return QStringLiteral("bufferInspector/formats/") + key;
}

} // namespace

BufferInspector::BufferInspector(EngineBridge& bridge, QSettings* settings, QWidget* parent)
    : QWidget(parent)
    , m_bridge(bridge)
    , m_settings(settings) {
    setObjectName(QStringLiteral("bufferInspector"));
    m_model = new BufferTableModel(m_bridge, this);
    m_view = new BufferTableView(*m_model, this);
    m_formatBar = new FormatBar(this);
    m_analysis = new AnalysisPanel(
        m_bridge, [this] { return m_view->selectedElements(); }, this);
    m_heatMap = new HeatMapPanel(m_bridge, this);
    m_diff = new DiffPanel(m_bridge, this);
    m_actions = new BufferFileActions(m_bridge, this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("inspectorStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);

    m_sideTabs = new QTabWidget(this);
    m_sideTabs->addTab(m_heatMap, tr("2D view"));
    m_sideTabs->addTab(m_diff, tr("Diff"));
    auto* side = new QSplitter(Qt::Vertical, this);
    side->addWidget(m_analysis);
    side->addWidget(m_sideTabs);
    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->addWidget(m_view);
    m_split->addWidget(side);
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    buildToolbar();
    layout->addWidget(m_formatBar);
    layout->addWidget(m_split, 1);
    layout->addWidget(m_status);

    connect(m_formatBar, &FormatBar::formatRequested, this, &BufferInspector::applyFormat);
    connect(m_model, &BufferTableModel::errorOccurred, this, [this](const QString& message) {
        showStatus(message, true);
        Q_EMIT accessFailed(message);
    });
    connect(m_model, &BufferTableModel::valueWritten, this, [this](quint64 element) {
        showStatus(tr("Element %1 written to the device").arg(element), false);
        m_heatMap->reload();
    });
    connect(m_analysis, &AnalysisPanel::errorOccurred, this,
            [this](const QString& message) { showStatus(message, true); });
    connect(m_heatMap, &HeatMapPanel::errorOccurred, this,
            [this](const QString& message) { showStatus(message, true); });
    connect(m_diff, &DiffPanel::errorOccurred, this,
            [this](const QString& message) { showStatus(message, true); });
    connect(m_diff, &DiffPanel::resultChanged, this,
            [this](std::shared_ptr<const engine::ElementDiff> result) {
                if (result)
                    m_model->setChangedTest([result](quint64 e) { return result->isChanged(e); });
                else
                    m_model->setChangedTest({});
                if (result)
                    showStatus(m_diff->summary(), false);
            });
    connect(m_diff, &DiffPanel::navigate, this, &BufferInspector::navigateDiff);
    connectDifferential();
    connect(m_actions, &BufferFileActions::finished, this,
            [this](const QString& message) { showStatus(message, false); });
    connect(m_actions, &BufferFileActions::failed, this,
            [this](const QString& message) { showStatus(message, true); });
    connect(m_actions, &BufferFileActions::contentsChanged, this,
            [this](std::shared_ptr<BufferSource> source) {
                for (const auto& [name, entry] : m_entries)
                    if (entry.source == source)
                        refresh(name);
            });
    connect(m_actions, &BufferFileActions::bufferOpened, this,
            [this](const QString& name, std::shared_ptr<BufferSource> source,
                   const engine::ElementFormat& format) { addBuffer(name, source, format); });
    showStatus(tr("No buffer: launch a kernel, or open a .npy file"), false);
}

BufferInspector::~BufferInspector() = default;

void BufferInspector::buildToolbar() {
    auto* bar = new QHBoxLayout;
    m_buffers = new QComboBox(this);
    m_buffers->setObjectName(QStringLiteral("inspectorBuffers"));
    m_buffers->setMinimumContentsLength(16);
    bar->addWidget(new QLabel(tr("Buffer"), this));
    bar->addWidget(m_buffers, 1);
    const auto button = [this, bar](const QString& text, const QString& tip, auto slot) {
        auto* b = new QToolButton(this);
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, this, slot);
        bar->addWidget(b);
        return b;
    };
    const auto target = [this] {
        return BufferFileActions::Target{currentBuffer(), m_model->source(), m_model->layout(),
                                         m_model->shape()};
    };
    button(tr("Open .npy…"), tr("Open a .npy file as a new buffer on the default device"),
           [this] { m_actions->askOpen(); });
    button(tr("Reload"), tr("Read the buffer from the device again"),
           [this] { refresh(currentBuffer()); });
    button(tr("Remember contents"),
           tr("Keep a copy of the buffer to compare with later (done before each launch)"),
           [this] { takeSnapshot(currentBuffer()); });
    button(tr("Fill…"), tr("Fill with zeros, a constant, an index ramp or random values"),
           [this, target] {
               if (current())
                   m_actions->askFill(target(), m_view->selectedElements());
           });
    button(tr("Import…"), tr("Replace the contents from a .npy, CSV or raw file"), [this, target] {
        if (current())
            m_actions->askImport(target());
    });
    button(tr("Export…"), tr("Save the contents as .npy, CSV or raw bytes"), [this, target] {
        if (current())
            m_actions->askExport(target());
    });
    connect(m_buffers, &QComboBox::activated, this,
            [this](int index) { showBuffer(m_buffers->itemText(index)); });
    static_cast<QVBoxLayout*>(layout())->addLayout(bar);
}

BufferInspector::Entry* BufferInspector::current() {
    const auto it = m_entries.find(currentBuffer());
    return it == m_entries.end() ? nullptr : &it->second;
}

void BufferInspector::addBuffer(const QString& name, std::shared_ptr<BufferSource> source,
                                std::optional<engine::ElementFormat> format, bool show) {
    if (!format)
        format = rememberedFormat(name);
    if (!format) {
        format = engine::ElementFormat();
        if (!source->naturalType().empty()) {
            format->type = source->naturalType();
            if (source->naturalHeight() > 1) {
                format->shape.dimensions = 2;
                format->shape.width = source->naturalWidth();
            }
        }
    }
    m_entries[name] = Entry{std::move(source), nullptr, *format};
    if (m_buffers->findText(name) < 0)
        m_buffers->addItem(name);
    if (show)
        showBuffer(name);
}

void BufferInspector::removeBuffer(const QString& name) {
    const auto it = m_entries.find(name);
    if (it == m_entries.end())
        return;
    const bool shown = currentBuffer() == name;
    // The last references may be these: let a worker release the OpenCL objects.
    m_bridge.run(
        nullptr, [entry = std::move(it->second)](const JobContext&) { (void)entry; },
        [](JobResult<Done>) {});
    m_entries.erase(it);
    m_buffers->removeItem(m_buffers->findText(name));
    if (shown) {
        if (!m_entries.empty()) {
            showBuffer(m_entries.begin()->first);
        } else {
            m_model->setSource(nullptr, {});
            formatApplied();
        }
    }
    updateReferences();
}

QStringList BufferInspector::bufferNames() const {
    QStringList names;
    for (const auto& [name, entry] : m_entries)
        names << name;
    return names;
}

std::shared_ptr<BufferSource> BufferInspector::source(const QString& name) const {
    const auto it = m_entries.find(name);
    return it == m_entries.end() ? nullptr : it->second.source;
}

QString BufferInspector::currentBuffer() const {
    return m_buffers->currentText();
}

void BufferInspector::showBuffer(const QString& name) {
    const auto it = m_entries.find(name);
    if (it == m_entries.end())
        return;
    m_buffers->setCurrentIndex(m_buffers->findText(name));
    m_formatBar->setFormat(it->second.format);
    const QString error = m_model->setSource(it->second.source, it->second.format);
    m_formatBar->showError(error.isEmpty() ? QString()
                                           : tr("%1 (showing hex until fixed)").arg(error));
    formatApplied();
    if (it->second.expected)
        m_diff->compareWith(it->second.expected);
    showStatus(tr("%1: %2, %3")
                   .arg(name, QString::fromStdString(it->second.source->description()),
                        QString::fromStdString(m_model->shape().describe())),
               false);
    Q_EMIT bufferShown(name);
}

void BufferInspector::applyFormat(const engine::ElementFormat& format) {
    Entry* entry = current();
    if (!entry)
        return;
    const QString error = m_model->setFormat(format);
    m_formatBar->showError(error);
    if (!error.isEmpty())
        return; // the previous format stays, and so does what the table shows
    entry->format = format;
    rememberFormat(currentBuffer(), format);
    formatApplied();
}

void BufferInspector::formatApplied() {
    m_analysis->setSource(m_model->source(), m_model->layout(), m_model->shape());
    m_heatMap->setSource(m_model->source(), m_model->layout(), m_model->shape());
    m_diff->setCurrent(m_model->source(), m_model->layout(), m_model->shape());
    updateReferences();
}

void BufferInspector::updateReferences() {
    std::vector<DiffPanel::Reference> references;
    const QString shown = currentBuffer();
    if (const Entry* entry = current(); entry && entry->expected)
        references.push_back(
            {tr("%1 as the program computed it (expected)").arg(shown), entry->expected});
    if (const Entry* entry = current(); entry && entry->beforeLaunch)
        references.push_back({tr("%1 before the last launch").arg(shown), entry->beforeLaunch});
    if (const Entry* entry = current(); entry && entry->snapshot)
        references.push_back({tr("Previous contents of %1").arg(shown), entry->snapshot});
    for (const auto& [name, entry] : m_entries)
        if (name != shown)
            references.push_back({name, entry.source});
    m_diff->setReferences(std::move(references));
}

void BufferInspector::takeSnapshot(const QString& name) {
    const auto it = m_entries.find(name);
    if (it == m_entries.end())
        return;
    m_bridge.run(
        this, [source = it->second.source](const JobContext&) { return source->snapshot(); },
        [this, name](JobResult<std::shared_ptr<BufferSource>> result) {
            const auto entry = m_entries.find(name);
            if (entry == m_entries.end())
                return; // removed since
            if (!result.ok()) {
                showStatus(
                    tr("Keeping the contents of %1 failed: %2").arg(name, result.error().message),
                    true);
                return;
            }
            entry->second.snapshot = result.value();
            updateReferences();
            showStatus(tr("Contents of %1 remembered for the diff").arg(name), false);
            Q_EMIT snapshotTaken(name);
        });
}

void BufferInspector::setPrevious(const QString& name, std::shared_ptr<BufferSource> previous) {
    const auto it = m_entries.find(name);
    if (it == m_entries.end() || !previous)
        return;
    it->second.snapshot = std::move(previous);
    updateReferences();
    Q_EMIT snapshotTaken(name);
}

bool BufferInspector::highlightChanges() {
    const Entry* entry = current();
    return entry && entry->snapshot && m_diff->compareWith(entry->snapshot);
}

void BufferInspector::setBeforeLaunch(const QString& name, std::shared_ptr<BufferSource> before) {
    const auto it = m_entries.find(name);
    if (it == m_entries.end())
        return;
    it->second.beforeLaunch = std::move(before);
    updateReferences();
}

void BufferInspector::setExpected(const QString& name, std::shared_ptr<BufferSource> expected) {
    const auto it = m_entries.find(name);
    if (it == m_entries.end())
        return;
    it->second.expected = std::move(expected);
    updateReferences();
}

void BufferInspector::refresh(const QString& name) {
    if (name != currentBuffer() || !current())
        return;
    m_model->reload();
    // Contents that are lost cannot be read again: the table says why, and what it, the figures
    // and the image show stays as it was read.
    if (current()->source && !current()->source->lostReason().empty())
        return;
    m_heatMap->reload();
    m_diff->clearResult();
    m_analysis->setSource(m_model->source(), m_model->layout(), m_model->shape());
}

QString BufferInspector::differentialName(const QString& buffer, bool reference) {
    return (reference ? QStringLiteral("B: ") : QStringLiteral("A: ")) + buffer;
}

void BufferInspector::connectDifferential() {
    DifferentialView* view = m_diff->differential();
    // Set after showBuffer, which clears the diff's result.
    connect(view, &DifferentialView::bufferChosen, this,
            [this](const QString& name, std::shared_ptr<const engine::ElementDiff> mismatches) {
                const QString shown = differentialName(name, false);
                if (!m_entries.count(shown))
                    return;
                showBuffer(shown);
                m_diff->showMismatches(std::move(mismatches));
            });
    connect(view, &DifferentialView::elementRequested, this,
            [this, view](const QString& name, quint64 element) {
                if (currentBuffer() != differentialName(name, false))
                    view->showBuffer(name);
                if (currentBuffer() != differentialName(name, false))
                    return;
                m_view->scrollToElement(element);
                showStatus(tr("%1: element %2").arg(name).arg(element), false);
            });
}

void BufferInspector::showDifferential(std::shared_ptr<const DifferentialOutcome> outcome) {
    if (outcome && outcome->comparison) {
        for (const engine::BufferComparison& buffer : outcome->comparison->buffers()) {
            engine::ElementFormat format;
            format.type = buffer.elementType;
            format.shape.dimensions = int(std::clamp<size_t>(buffer.shape.size(), 1, 3));
            if (buffer.shape.size() >= 2)
                format.shape.width = buffer.shape[0];
            if (buffer.shape.size() >= 3)
                format.shape.height = buffer.shape[1];
            for (const bool reference : {false, true}) {
                const DifferentialSideOutcome& side = reference ? outcome->b : outcome->a;
                const auto found = side.contents.find(buffer.name);
                if (found != side.contents.end())
                    addBuffer(differentialName(QString::fromStdString(buffer.name), reference),
                              found->second,
                              buffer.elementType.empty() ? std::nullopt : std::optional(format),
                              false);
            }
        }
    }
    m_diff->differential()->setVisible(outcome != nullptr);
    m_sideTabs->setCurrentWidget(m_diff);
    // The comparison's tables and picture want the height the statistics above take.
    if (auto* side = qobject_cast<QSplitter*>(m_sideTabs->parentWidget()); side && outcome) {
        const int height = std::max(side->height(), 400);
        side->setSizes({height / 5, height - height / 5});
    }
    m_diff->differential()->setOutcome(std::move(outcome));
}

void BufferInspector::navigateDiff(bool forward) {
    const auto& result = m_diff->result();
    if (!result)
        return;
    const quint64 from = m_view->currentElement().value_or(forward ? 0 : m_model->elementCount());
    std::optional<std::uint64_t> target = forward ? result->next(from) : result->previous(from);
    if (forward && !m_view->currentElement() && result->isChanged(0))
        target = 0;
    if (!target) {
        showStatus(forward ? tr("No difference after element %1").arg(from)
                           : tr("No difference before element %1").arg(from),
                   false);
        return;
    }
    m_view->scrollToElement(*target);
    showStatus(tr("Difference at element %1").arg(*target), false);
}

void BufferInspector::showStatus(const QString& message, bool error) {
    // One line (a host's stop brings its last words and stack); all of it in the tooltip, and in
    // the log where accessFailed takes it.
    const QString line = summaryLine(message);
    m_status->setText(line);
    m_status->setToolTip(line == message ? QString() : message);
    // Only when it changes: setting a style sheet lays out the whole window again.
    const QString style = error ? QStringLiteral("color: #b00020;") : QString();
    if (m_status->styleSheet() != style)
        m_status->setStyleSheet(style);
}

QString BufferInspector::statusText() const {
    return m_status->text();
}

void BufferInspector::rememberFormat(const QString& name, const engine::ElementFormat& format) {
    if (m_settings)
        m_settings->setValue(settingsKey(name), QString::fromStdString(format.serialize()));
}

std::optional<engine::ElementFormat> BufferInspector::rememberedFormat(const QString& name) const {
    if (!m_settings)
        return std::nullopt;
    const QVariant saved = m_settings->value(settingsKey(name));
    if (!saved.isValid())
        return std::nullopt;
    // A format saved by another version is ignored (the default applies), never trusted.
    return engine::ElementFormat::deserialize(saved.toString().toStdString());
}

} // namespace clw::ui
