#include "OutputPanel.h"

#include "SessionController.h"
#include "WorkItemFilter.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <map>
#include <tuple>

namespace clw::ui {

namespace {

QString launchName(const RunRecord& record) {
    return QString::fromStdString(record.launch.name.empty() ? record.launch.kernel
                                                             : record.launch.name);
}

QString linesText(qsizetype count) {
    return count == 1 ? OutputPanel::tr("1 line") : OutputPanel::tr("%1 lines").arg(count);
}

// The work-item an item stands for, kept in its first column's user data.
void setWorkItem(QTreeWidgetItem* item, const engine::CheckIds& id) {
    item->setText(OutputPanel::WorkItemColumn, RunRecord::workItemText(id));
    item->setData(OutputPanel::WorkItemColumn, Qt::UserRole,
                  QVariantList{qulonglong(id[0]), qulonglong(id[1]), qulonglong(id[2])});
}

std::optional<engine::CheckIds> workItemOf(const QTreeWidgetItem* item) {
    const QVariantList ids = item->data(OutputPanel::WorkItemColumn, Qt::UserRole).toList();
    if (ids.size() != 3)
        return std::nullopt;
    return engine::CheckIds{ids[0].toULongLong(), ids[1].toULongLong(), ids[2].toULongLong()};
}

QTreeWidgetItem* lineItem(const OutputLine& line) {
    auto* item = new QTreeWidgetItem;
    if (line.workItem)
        setWorkItem(item, *line.workItem);
    item->setText(OutputPanel::TextColumn, line.text);
    return item;
}

// Work-items in the order of their linear index (z, then y, then x); lines of none last.
using GroupKey = std::tuple<bool, std::uint64_t, std::uint64_t, std::uint64_t>;
GroupKey groupKey(const std::optional<engine::CheckIds>& id) {
    return id ? GroupKey{false, (*id)[2], (*id)[1], (*id)[0]} : GroupKey{true, 0, 0, 0};
}

void leafTexts(const QTreeWidgetItem* item, QString& text) {
    if (item->childCount() == 0) {
        text += item->text(OutputPanel::TextColumn) + QLatin1Char('\n');
        return;
    }
    for (int i = 0; i < item->childCount(); ++i)
        leafTexts(item->child(i), text);
}

} // namespace

OutputPanel::OutputPanel(SessionController& controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(&controller) {
    m_runs = new QComboBox(this);
    m_runs->setObjectName(QStringLiteral("outputRuns"));
    m_runs->setToolTip(tr("The run whose printf output is shown"));
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("outputFilter"));
    m_filter->setPlaceholderText(tr("work-item or group"));
    m_filter->setToolTip(tr("Show one work-item's lines, by its global id (\"5\", \"3, 1\"), or "
                            "one work-group's (\"group 2\")"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(180);
    m_group = new QCheckBox(tr("Group by work-item"), this);
    m_group->setObjectName(QStringLiteral("outputGroup"));
    m_group->setToolTip(tr("Each work-item's lines under it, work-items in order"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("outputStatus"));
    m_view = new QTreeWidget(this);
    m_view->setObjectName(QStringLiteral("outputText"));
    m_view->setHeaderLabels({tr("Work-item"), tr("Printed")});
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setToolTip(tr("What kernels print with printf, per run; click a line to choose its "
                          "work-item in the Watch dock and the debugger"));

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Run:"), this));
    top->addWidget(m_runs, 1);
    top->addWidget(m_filter);
    top->addWidget(m_group);
    top->addWidget(m_status);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);

    connect(m_runs, &QComboBox::currentIndexChanged, this, &OutputPanel::showPicked);
    connect(m_filter, &QLineEdit::textChanged, this, &OutputPanel::showPicked);
    connect(m_group, &QCheckBox::toggled, this, &OutputPanel::showPicked);
    connect(m_view, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem* item) { choose(item); });
    connect(&controller, &SessionController::runFinished, this, &OutputPanel::addRun);
    connect(&controller, &SessionController::sessionOpened, this, &OutputPanel::clear);
}

void OutputPanel::addRun(const RunRecord& record) {
    // A run of several launches gives one record each: they share the run's entry only by id.
    m_runs->addItem(tr("Run %1: %2").arg(record.id).arg(launchName(record)), record.id);
    m_runs->setCurrentIndex(m_runs->count() - 1);
}

void OutputPanel::clear() {
    m_runs->clear();
    m_view->clear();
    m_status->clear();
}

bool OutputPanel::showRun(int runId) {
    const int index = m_runs->findData(runId);
    if (index < 0)
        return false;
    m_runs->setCurrentIndex(index);
    return true;
}

void OutputPanel::showPicked() {
    m_view->clear();
    const RunRecord* record = m_controller && m_runs->currentIndex() >= 0
                                  ? m_controller->record(m_runs->currentData().toInt())
                                  : nullptr;
    if (!record) {
        m_status->clear();
        return;
    }
    const std::vector<OutputLine> lines = record->outputLines();
    QString problem;
    const std::optional<WorkItemFilter> filter =
        WorkItemFilter::parse(m_filter->text(), record->local, problem);
    std::vector<const OutputLine*> shown;
    for (const OutputLine& line : lines)
        if (!filter || filter->matches(line.workItem))
            shown.push_back(&line);

    QList<QTreeWidgetItem*> items;
    if (m_group->isChecked()) {
        std::map<GroupKey, std::vector<const OutputLine*>> groups;
        for (const OutputLine* line : shown)
            groups[groupKey(line->workItem)].push_back(line);
        for (const auto& [key, grouped] : groups) {
            auto* group = new QTreeWidgetItem;
            if (const auto& id = grouped.front()->workItem)
                setWorkItem(group, *id);
            else
                group->setText(WorkItemColumn, tr("none"));
            group->setText(TextColumn, linesText(qsizetype(grouped.size())));
            for (const OutputLine* line : grouped)
                group->addChild(lineItem(*line));
            items.append(group);
        }
    } else {
        for (const OutputLine* line : shown)
            items.append(lineItem(*line));
    }
    m_view->setRootIsDecorated(m_group->isChecked());
    m_view->addTopLevelItems(items);
    if (m_group->isChecked())
        m_view->expandAll();
    m_view->resizeColumnToContents(WorkItemColumn);

    const qsizetype total = qsizetype(lines.size());
    QString status = !problem.isEmpty() ? problem
                     : total == 0       ? tr("no printf output")
                     : filter && filter->kind() != WorkItemFilter::Kind::All
                         ? tr("%1 of %2").arg(qsizetype(shown.size())).arg(linesText(total))
                         : linesText(total);
    if (record->outputDropped > 0)
        status +=
            tr("; %1 bytes left out between the first and last MiB").arg(record->outputDropped);
    m_status->setText(status);
}

void OutputPanel::choose(QTreeWidgetItem* item) {
    if (!item)
        return;
    if (const auto id = workItemOf(item))
        Q_EMIT workItemChosen(*id);
}

QString OutputPanel::text() const {
    QString text;
    for (int i = 0; i < m_view->topLevelItemCount(); ++i)
        leafTexts(m_view->topLevelItem(i), text);
    return text;
}

int OutputPanel::runCount() const {
    return m_runs->count();
}

QString OutputPanel::statusText() const {
    return m_status->text();
}

} // namespace clw::ui
