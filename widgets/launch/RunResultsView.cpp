#include "launch/RunResultsView.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace clw::ui {

namespace {

enum SweepColumn { LocalColumn, MinColumn, MedianColumn, MaxColumn, NoteColumn, SweepColumns };

// A local size that sorts by its work-items, not by its text ("128" after "1024").
class LocalSizeItem : public QTableWidgetItem {
public:
    explicit LocalSizeItem(const std::vector<std::uint64_t>& local)
        : QTableWidgetItem(RunRecord::sizeText(local)) {
        std::uint64_t items = 1;
        for (std::uint64_t size : local)
            items *= size;
        setData(Qt::UserRole, qulonglong(items));
    }
    bool operator<(const QTableWidgetItem& other) const override {
        return data(Qt::UserRole).toULongLong() < other.data(Qt::UserRole).toULongLong();
    }
};

QTableWidgetItem* numberItem(double us) {
    auto* item = new QTableWidgetItem;
    // A number, not text, so that sorting by a time column sorts by value.
    item->setData(Qt::DisplayRole, std::round(us * 100) / 100);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

RunResultsView::RunResultsView(QWidget* parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
    , m_table(new QTableWidget(0, SweepColumns, this))
    , m_useBest(new QPushButton(tr("Use best local size"), this)) {
    m_label->setObjectName(QStringLiteral("resultsLabel"));
    m_table->setObjectName(QStringLiteral("sweepTable"));
    m_useBest->setObjectName(QStringLiteral("useBestButton"));
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setHorizontalHeaderLabels(
        {tr("Local size"), tr("Min (µs)"), tr("Median (µs)"), tr("Max (µs)"), tr("Note")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->hide();
    m_useBest->setToolTip(tr("Put the sweep's fastest local size into the launch"));
    m_useBest->hide();

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_useBest, 0, Qt::AlignLeft);
    connect(m_useBest, &QPushButton::clicked, this, [this] {
        if (!m_best.empty())
            Q_EMIT useLocalSize(m_best);
    });
    clear();
}

QString RunResultsView::durationText(double ns) {
    const double us = ns / 1000;
    const int decimals = us < 10 ? 2 : us < 100 ? 1 : 0;
    return tr("%1 µs").arg(us, 0, 'f', decimals);
}

void RunResultsView::showRun(const RunRecord& record) {
    m_running = false;
    const QString what = record.mode == RunRecord::Mode::RunN
                             ? tr("Run %1 (%2 times)").arg(record.id).arg(record.kernelNs.size())
                         : record.mode == RunRecord::Mode::Sweep
                             ? tr("Run %1 (the sweep's best)").arg(record.id)
                             : tr("Run %1").arg(record.id);
    // A sweep's table belongs to the sweep; its best run comes just before sweepFinished.
    m_table->hide();
    m_useBest->hide();
    if (!record.ok) {
        // The panel's error line says what went wrong and what to do.
        m_label->setText(tr("%1 failed.").arg(what));
        return;
    }
    const QString sizes = tr("global %1, local %2")
                              .arg(RunRecord::sizeText(record.global),
                                   record.local.empty() ? tr("chosen by the driver")
                                                        : RunRecord::sizeText(record.local));
    if (record.kernelNs.empty()) {
        m_label->setText(tr("%1: done, no kernel time measured; %2.").arg(what, sizes));
        return;
    }
    if (record.kernelNs.size() == 1) {
        m_label->setText(tr("%1: %2; %3.").arg(what, durationText(record.kernelNs[0]), sizes));
        return;
    }
    m_label->setText(tr("%1: min %2, median %3, max %4; %5.")
                         .arg(what, durationText(record.minNs()), durationText(record.medianNs()),
                              durationText(record.maxNs()), sizes));
}

void RunResultsView::showSweep(const SweepResult& result) {
    m_running = false;
    m_table->setSortingEnabled(false);
    m_table->setRowCount(int(result.points.size()));
    const QColor bestColor(0xd4, 0xf4, 0xd4);
    const QColor worstColor(0xf8, 0xd7, 0xd7);
    for (int row = 0; row < int(result.points.size()); ++row) {
        const SweepPoint& point = result.points[size_t(row)];
        m_table->setItem(row, LocalColumn, new LocalSizeItem(point.local));
        QString note;
        if (point.ok) {
            m_table->setItem(row, MinColumn, numberItem(point.minNs / 1000));
            m_table->setItem(row, MedianColumn, numberItem(point.medianNs / 1000));
            m_table->setItem(row, MaxColumn, numberItem(point.maxNs / 1000));
        } else {
            note = tr("failed: %1").arg(point.error);
        }
        if (row == result.best)
            note = tr("best (lowest median)");
        else if (row == result.worst)
            note = tr("worst (highest median)");
        m_table->setItem(row, NoteColumn, new QTableWidgetItem(note));
        if (row == result.best || row == result.worst)
            for (int column = 0; column < SweepColumns; ++column)
                if (QTableWidgetItem* item = m_table->item(row, column))
                    item->setBackground(row == result.best ? bestColor : worstColor);
    }
    // Sortable by a click on a header, but shown in the order the sizes ran.
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->resizeColumnsToContents();
    m_table->setVisible(!result.points.empty());

    m_best.clear();
    if (result.best < 0) {
        m_label->setText(
            result.points.empty()
                ? tr("The sweep ran no local size.")
                : tr("The sweep ran %1 local sizes; none succeeded.").arg(result.points.size()));
        m_useBest->hide();
        return;
    }
    const SweepPoint& best = result.points[size_t(result.best)];
    const SweepPoint& worst = result.points[size_t(result.worst)];
    m_best = best.local;
    m_label->setText(tr("Sweep of %1 local sizes: best %2 (median %3), worst %4 (median %5).")
                         .arg(result.points.size())
                         .arg(RunRecord::sizeText(best.local), durationText(best.medianNs),
                              RunRecord::sizeText(worst.local), durationText(worst.medianNs)));
    m_useBest->setText(tr("Use best local size (%1)").arg(RunRecord::sizeText(best.local)));
    m_useBest->show();
}

void RunResultsView::showRunning() {
    if (!m_running)
        m_idleText = m_label->text();
    m_running = true;
    m_label->setText(tr("Running on the device: Esc stops it, Shift+Esc cancels it."));
}

void RunResultsView::showIdle() {
    if (m_running)
        m_label->setText(m_idleText);
    m_running = false;
}

void RunResultsView::clear() {
    m_running = false;
    m_label->setText(tr("No run yet: press Run (F5)."));
    m_table->setRowCount(0);
    m_table->hide();
    m_useBest->hide();
    m_best.clear();
}

QString RunResultsView::text() const {
    return m_label->text();
}

} // namespace clw::ui
