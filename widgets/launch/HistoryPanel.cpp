#include "launch/HistoryPanel.h"

#include "launch/SessionController.h"
#include "launch/TimelineView.h"
#include "models/ArgumentRules.h"
#include "models/DurationText.h"
#include "models/RunHistoryModel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace clw::ui {

namespace {

QString argumentText(const engine::SessionArgument& argument) {
    switch (argument.kind) {
    case engine::SessionArgument::Kind::Buffer:
        return HistoryPanel::tr("buffer %1").arg(QString::fromStdString(argument.buffer));
    case engine::SessionArgument::Kind::Scalar:
        return QString::fromStdString(argument.value);
    case engine::SessionArgument::Kind::Local:
        return HistoryPanel::tr("%1 bytes of local memory").arg(argument.localBytes);
    case engine::SessionArgument::Kind::Sampler:
        return HistoryPanel::tr("sampler %1").arg(QString::fromStdString(argument.sampler));
    case engine::SessionArgument::Kind::Null:
        return HistoryPanel::tr("null");
    case engine::SessionArgument::Kind::Struct:
        return QStringLiteral("{ %1 }").arg(structValueText(argument.fields));
    }
    return {};
}

QString launchName(const RunRecord& record) {
    return QString::fromStdString(record.launch.name.empty() ? record.launch.kernel
                                                             : record.launch.name);
}

// The repetitions a run measured; the configured repeat count when it measured none.
int repeatsOf(const RunRecord& record) {
    return record.kernelNs.empty() ? record.launch.repeat : int(record.kernelNs.size());
}

const std::vector<std::uint64_t>& globalOf(const RunRecord& record) {
    return record.global.empty() ? record.launch.global : record.global;
}

const std::vector<std::uint64_t>& localOf(const RunRecord& record) {
    return record.local.empty() ? record.launch.local : record.local;
}

QToolButton* toolButton(const QString& text, const QString& toolTip, QWidget* parent) {
    auto* button = new QToolButton(parent);
    button->setText(text);
    button->setToolTip(toolTip);
    button->setAutoRaise(true);
    return button;
}

} // namespace

HistoryPanel::HistoryPanel(SessionController& controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(&controller) {
    build();
    connect(&controller, &SessionController::sessionOpened, this, &HistoryPanel::syncHistory);
    connect(&controller, &SessionController::historyChanged, this, &HistoryPanel::syncHistory);
    connect(&controller, &SessionController::runFinished, this, &HistoryPanel::syncHistory);
    syncHistory();
}

HistoryPanel::HistoryPanel(QWidget* parent)
    : QWidget(parent) {
    build();
}

void HistoryPanel::build() {
    m_model = new RunHistoryModel(this);

    // The timeline with its zoom buttons, above the table.
    auto* timelinePane = new QWidget(this);
    auto* timelineLayout = new QVBoxLayout(timelinePane);
    timelineLayout->setContentsMargins(0, 0, 0, 0);
    timelineLayout->setSpacing(2);
    auto* timelineBar = new QHBoxLayout;
    timelineBar->addWidget(new QLabel(tr("Timeline"), timelinePane));
    timelineBar->addStretch(1);
    m_timeline = new TimelineView(timelinePane);
    m_timeline->setObjectName(QStringLiteral("timelineView"));
    QToolButton* zoomOut = toolButton(tr("−"), tr("Zoom out (-, Ctrl+wheel)"), timelinePane);
    QToolButton* zoomIn = toolButton(tr("+"), tr("Zoom in (+, Ctrl+wheel)"), timelinePane);
    QToolButton* fit = toolButton(tr("Fit"), tr("Show every command (F)"), timelinePane);
    fit->setObjectName(QStringLiteral("fitButton"));
    connect(zoomOut, &QToolButton::clicked, m_timeline, &TimelineView::zoomOut);
    connect(zoomIn, &QToolButton::clicked, m_timeline, &TimelineView::zoomIn);
    connect(fit, &QToolButton::clicked, m_timeline, &TimelineView::fit);
    timelineBar->addWidget(zoomOut);
    timelineBar->addWidget(zoomIn);
    timelineBar->addWidget(fit);
    timelineLayout->addLayout(timelineBar);
    timelineLayout->addWidget(m_timeline, 1);

    // The history table, its actions and the comparison.
    auto* historyPane = new QWidget(this);
    auto* historyLayout = new QVBoxLayout(historyPane);
    historyLayout->setContentsMargins(0, 0, 0, 0);
    m_table = new QTableView(historyPane);
    m_table->setObjectName(QStringLiteral("historyTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    historyLayout->addWidget(m_table, 1);

    auto* actions = new QHBoxLayout;
    m_restore = new QPushButton(tr("Restore configuration"), historyPane);
    m_restore->setObjectName(QStringLiteral("restoreButton"));
    m_restore->setToolTip(tr("Put the selected run's sizes and arguments back into its launch"));
    m_compare = new QPushButton(tr("Compare"), historyPane);
    m_compare->setObjectName(QStringLiteral("compareButton"));
    m_compare->setToolTip(tr("Select two runs to see what differs and how their times compare"));
    actions->addWidget(m_restore);
    actions->addWidget(m_compare);
    actions->addStretch(1);
    historyLayout->addLayout(actions);

    m_comparison = new QLabel(historyPane);
    m_comparison->setObjectName(QStringLiteral("comparisonLabel"));
    m_comparison->setTextFormat(Qt::PlainText);
    m_comparison->setWordWrap(true);
    m_comparison->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_comparison->setText(tr("Select two runs and press Compare to see what differs."));
    historyLayout->addWidget(m_comparison);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(timelinePane);
    m_splitter->addWidget(historyPane);
    m_splitter->setStretchFactor(0, 1);
    m_splitter->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    connect(m_restore, &QPushButton::clicked, this, &HistoryPanel::restoreSelected);
    connect(m_compare, &QPushButton::clicked, this, &HistoryPanel::compareSelected);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &HistoryPanel::selectionChanged);
    connect(m_timeline, &TimelineView::runSelected, this, &HistoryPanel::selectRun);
    // New rows or a new history: the timeline follows the latest run unless runs are selected.
    // Columns fit their contents then, and stay where the person drags them in between.
    connect(m_model, &QAbstractItemModel::rowsInserted, this, [this] {
        m_table->resizeColumnsToContents();
        updateTimeline();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        // Run ids start again at 1 in a new session: what was shown says nothing any more.
        m_timelineStale = true;
        m_table->resizeColumnsToContents();
        m_comparison->setText(tr("Select two runs and press Compare to see what differs."));
        selectionChanged();
    });
    selectionChanged();
}

QList<int> HistoryPanel::selectedRunIds() const {
    QList<int> rows;
    const QModelIndexList selected = m_table->selectionModel()->selectedRows();
    for (const QModelIndex& index : selected)
        rows.append(index.row());
    std::sort(rows.begin(), rows.end());
    QList<int> ids;
    for (int row : rows)
        ids.append(m_model->recordAt(row)->id);
    return ids;
}

void HistoryPanel::selectRun(int runId) {
    const int row = m_model->rowOf(runId);
    if (row < 0)
        return;
    m_table->selectionModel()->select(m_model->index(row, 0), QItemSelectionModel::ClearAndSelect |
                                                                  QItemSelectionModel::Rows);
    m_table->selectionModel()->setCurrentIndex(m_model->index(row, 0),
                                               QItemSelectionModel::NoUpdate);
    m_table->scrollTo(m_model->index(row, 0));
}

void HistoryPanel::syncHistory() {
    if (!m_controller)
        return;
    m_model->setHistory(m_controller->history());
}

void HistoryPanel::restoreSelected() {
    const QList<int> ids = selectedRunIds();
    if (ids.size() != 1)
        return;
    if (m_controller)
        m_controller->restore(ids.front());
    Q_EMIT restoreRequested(ids.front());
}

QString HistoryPanel::comparisonText(const RunRecord& a, const RunRecord& b,
                                     const engine::KernelSignature* signature) {
    QStringList lines;
    lines << tr("Run #%1 against run #%2").arg(a.id).arg(b.id);
    auto differs = [&](const QString& what, const QString& first, const QString& second) {
        if (first != second)
            lines << tr("%1: %2 → %3").arg(what, first, second);
    };
    const int headerLines = int(lines.size());
    differs(tr("Launch"), launchName(a), launchName(b));
    differs(tr("Kernel"), QString::fromStdString(a.launch.kernel),
            QString::fromStdString(b.launch.kernel));
    differs(tr("Device"), a.deviceName, b.deviceName);
    differs(tr("Global"), RunRecord::sizeText(globalOf(a)), RunRecord::sizeText(globalOf(b)));
    differs(tr("Local"), RunRecord::sizeText(localOf(a)), RunRecord::sizeText(localOf(b)));
    auto offsetText = [](const std::vector<std::uint64_t>& offset) {
        return offset.empty() ? tr("none") : RunRecord::sizeText(offset);
    };
    differs(tr("Offset"), offsetText(a.launch.offset), offsetText(b.launch.offset));
    differs(tr("Repeats"), QString::number(repeatsOf(a)), QString::number(repeatsOf(b)));
    const size_t arguments = std::max(a.launch.arguments.size(), b.launch.arguments.size());
    for (size_t i = 0; i < arguments; ++i) {
        QString name = tr("Argument %1").arg(i);
        if (signature && i < signature->args.size() && !signature->args[i].name.empty())
            name =
                tr("Argument %1 (%2)").arg(i).arg(QString::fromStdString(signature->args[i].name));
        const QString first =
            i < a.launch.arguments.size() ? argumentText(a.launch.arguments[i]) : tr("(none)");
        const QString second =
            i < b.launch.arguments.size() ? argumentText(b.launch.arguments[i]) : tr("(none)");
        differs(name, first, second);
    }
    if (lines.size() == headerLines)
        lines << tr("Same configuration.");

    if (!a.ok || !b.ok) {
        for (const RunRecord* record : {&a, &b})
            if (!record->ok)
                lines << tr("Run #%1 failed: %2").arg(record->id).arg(record->error);
    } else if (a.kernelNs.empty() || b.kernelNs.empty()) {
        lines << tr("No kernel times to compare.");
    } else {
        const double first = a.medianNs();
        const double second = b.medianNs();
        QString verdict;
        if (first <= 0 || second <= 0)
            verdict = tr("no ratio");
        else if (second < first)
            verdict = tr("run #%1 is %2× faster").arg(b.id).arg(first / second, 0, 'f', 2);
        else if (second > first)
            verdict = tr("run #%1 is %2× slower").arg(b.id).arg(second / first, 0, 'f', 2);
        else
            verdict = tr("the same time");
        lines << tr("Median: %1 → %2, ratio %3 (%4)")
                     .arg(formatDuration(first), formatDuration(second),
                          first > 0 ? QString::number(second / first, 'f', 3) : tr("n/a"), verdict);
    }
    return lines.join(QLatin1Char('\n'));
}

void HistoryPanel::compareSelected() {
    const QList<int> ids = selectedRunIds();
    if (ids.size() != 2) {
        m_comparison->setText(tr("Select two runs to compare (Ctrl+click the second)."));
        return;
    }
    const RunRecord* a = m_model->findRun(ids[0]);
    const RunRecord* b = m_model->findRun(ids[1]);
    const engine::KernelSignature* signature = m_controller && a->launch.kernel == b->launch.kernel
                                                   ? m_controller->kernel(a->launch.kernel)
                                                   : nullptr;
    m_comparison->setText(comparisonText(*a, *b, signature));
}

void HistoryPanel::selectionChanged() {
    const QList<int> ids = selectedRunIds();
    m_restore->setEnabled(ids.size() == 1);
    m_compare->setEnabled(ids.size() == 2);
    updateTimeline();
}

void HistoryPanel::updateTimeline() {
    const QList<int> ids = selectedRunIds();
    // The selected runs with the rest of their session runs, or the latest session run.
    QList<int> rows;
    if (ids.isEmpty()) {
        rows = m_model->latestRunGroup();
    } else {
        for (int id : ids)
            for (int row : m_model->runGroup(m_model->rowOf(id)))
                if (!rows.contains(row))
                    rows.append(row);
        std::sort(rows.begin(), rows.end());
    }
    QList<int> runs;
    for (int row : rows)
        runs.append(m_model->recordAt(row)->id);
    // Selecting a run already shown (a bar clicked) only outlines it, keeping zoom and pan.
    const bool alreadyShown = !ids.isEmpty() && std::all_of(ids.begin(), ids.end(), [&](int id) {
        return m_shownRuns.contains(id);
    });
    if (m_timelineStale || (!alreadyShown && runs != m_shownRuns)) {
        std::vector<RunRecord> records;
        for (int row : rows)
            records.push_back(*m_model->recordAt(row));
        m_timeline->setRecords(std::move(records));
        m_shownRuns = runs;
        m_timelineStale = false;
    }
    m_timeline->setSelectedRun(ids.size() == 1 ? ids.front() : 0);
}

} // namespace clw::ui
