#include "debug/FindingsPanel.h"

#include "debug/NdRangeGrid.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace clw::ui {

namespace {

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

QString placeText(const engine::CheckPlace& place) {
    QString text = qs(place.file);
    if (place.line != 0)
        text += QStringLiteral(":%1").arg(place.line);
    if (place.column != 0)
        text += QStringLiteral(":%1").arg(place.column);
    return text;
}

} // namespace

FindingsPanel::FindingsPanel(QWidget* parent)
    : QWidget(parent)
    , m_status(new QLabel(tr("Check (F6) runs the session's launches on Oclgrind and lists the "
                             "data races, out-of-bounds accesses, reads of unwritten memory and "
                             "barrier divergence it finds."),
                          this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_list(new QTreeWidget(this))
    , m_gridLabel(new QLabel(this))
    , m_grid(new NdRangeGrid(this)) {
    setObjectName(QStringLiteral("findingsPanel"));
    m_status->setObjectName(QStringLiteral("findingsStatus"));
    m_status->setWordWrap(true);
    m_progress->setObjectName(QStringLiteral("checkProgress"));
    m_progress->setMaximumWidth(220);
    m_progress->hide();
    m_cancel->setObjectName(QStringLiteral("checkCancel"));
    m_cancel->setToolTip(tr("End the check now: its device host is stopped"));
    m_cancel->hide();
    connect(m_cancel, &QPushButton::clicked, this, &FindingsPanel::cancelRequested);

    m_list->setObjectName(QStringLiteral("findingsList"));
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setHeaderLabels(
        {tr("Finding"), tr("Place"), tr("Launch"), tr("Work-items"), tr("What")});
    m_list->header()->setStretchLastSection(true);
    connect(m_list, &QTreeWidget::currentItemChanged, this, [this] { showCurrent(); });
    connect(m_list, &QTreeWidget::itemActivated, this, [this] { showCurrent(); });

    m_gridLabel->setObjectName(QStringLiteral("ndRangeLabel"));
    auto* gridArea = new QScrollArea(this);
    gridArea->setWidget(m_grid);
    gridArea->setWidgetResizable(false);
    auto* below = new QWidget(this);
    auto* belowLayout = new QVBoxLayout(below);
    belowLayout->setContentsMargins(0, 0, 0, 0);
    belowLayout->addWidget(m_gridLabel);
    belowLayout->addWidget(gridArea, 1);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_list);
    splitter->addWidget(below);
    auto* top = new QHBoxLayout;
    top->addWidget(m_status, 1);
    top->addWidget(m_progress);
    top->addWidget(m_cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(splitter, 1);
}

void FindingsPanel::setRunning(bool running) {
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    if (running) {
        m_progress->setRange(0, 0);
        m_status->setText(tr("Checking on Oclgrind..."));
    }
}

void FindingsPanel::setProgress(const QString& kernel, qint64 done, qint64 total) {
    m_progress->setRange(0, int(std::min<qint64>(total, INT_MAX)));
    m_progress->setValue(int(std::min<qint64>(done, INT_MAX)));
    m_progress->setFormat(tr("%1 of %2 work-groups").arg(done).arg(total));
    m_status->setText(
        tr("Checking %1 on Oclgrind: %2 of %3 work-groups done").arg(kernel).arg(done).arg(total));
}

void FindingsPanel::setReport(const engine::CheckReport& report, const QString& device,
                              const QStringList& shrunk) {
    setRunning(false);
    m_report = report;
    m_findings.clear();
    m_list->clear();
    for (const engine::CheckedLaunch& launch : m_report.launches)
        for (const engine::CheckFinding& finding : launch.findings) {
            m_findings.push_back({finding, &launch});
            auto* item = new QTreeWidgetItem(m_list);
            item->setText(0, qs(std::string(engine::checkKindTitle(finding.kind))));
            item->setText(1, placeText(finding.place));
            item->setText(2, qs(launch.name));
            item->setText(3, QString::number(finding.workItemCount));
            item->setText(4, qs(engine::describeFinding(finding)));
            item->setToolTip(4, item->text(4));
        }
    for (int column = 0; column < 4; ++column)
        m_list->resizeColumnToContents(column);
    const int count = findingCount();
    const int launches = int(m_report.launches.size());
    const QString what =
        count == 0
            ? (launches == 1 ? tr("No findings in 1 launch on %1.").arg(device)
                             : tr("No findings in %1 launches on %2.").arg(launches).arg(device))
        : count == 1 ? tr("1 finding on %1: ").arg(device)
                     : tr("%1 findings on %2: ").arg(count).arg(device);
    QString text = count == 0 ? what
                              : what + tr("select one to see its place and the work-items "
                                          "involved; F8 moves through them.");
    if (!shrunk.isEmpty())
        text += tr(" Checked on smaller ranges than the session's: %1.")
                    .arg(shrunk.join(QStringLiteral("; ")));
    m_status->setText(text);
    m_gridLabel->clear();
    m_grid->setRange({1}, {1});
    m_grid->setHighlighted({});
    if (count > 0)
        select(0);
}

void FindingsPanel::setFailure(const QString& message) {
    setRunning(false);
    m_status->setText(tr("The check did not run: %1").arg(message));
}

QString FindingsPanel::statusText() const {
    return m_status->text();
}

const engine::CheckFinding* FindingsPanel::currentFinding() const {
    const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
    return row >= 0 && size_t(row) < m_findings.size() ? &m_findings[size_t(row)].finding : nullptr;
}

void FindingsPanel::select(int index) {
    if (index < 0 || index >= findingCount())
        return;
    m_list->setCurrentItem(m_list->topLevelItem(index));
}

bool FindingsPanel::showNext(bool forward) {
    const int count = findingCount();
    if (count == 0)
        return false;
    const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
    const int next =
        row < 0 ? (forward ? 0 : count - 1) : (row + (forward ? 1 : count - 1)) % count;
    if (next == row)
        showCurrent(); // one finding: show its place again
    else
        select(next);
    return true;
}

void FindingsPanel::showCurrent() {
    const int row = m_list->indexOfTopLevelItem(m_list->currentItem());
    if (row < 0 || size_t(row) >= m_findings.size())
        return;
    const Entry& entry = m_findings[size_t(row)];
    const engine::CheckedLaunch& launch = *entry.launch;
    m_grid->setRange(launch.global, launch.local);
    m_grid->setHighlighted(entry.finding.workItems);
    m_grid->adjustSize();
    std::uint64_t total = 1;
    for (std::uint64_t size : launch.global)
        total *= size;
    m_gridLabel->setText(tr("%1: %2 of %3 work-items involved, filled; work-groups outlined")
                             .arg(qs(launch.name))
                             .arg(entry.finding.workItemCount)
                             .arg(total));
    if (entry.finding.place.line != 0)
        Q_EMIT jumpRequested(qs(entry.finding.place.file), int(entry.finding.place.line),
                             int(entry.finding.place.column));
}

} // namespace clw::ui
