#include "devices/ComparisonView.h"

#include "devices/HighlightDelegate.h"
#include "models/DeviceComparisonModel.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace clw::ui {

ComparisonView::ComparisonView(QWidget* parent)
    : QWidget(parent)
    , m_model(new DeviceComparisonModel(this))
    , m_filter(new QSortFilterProxyModel(this))
    , m_view(new QTableView(this))
    , m_onlyDifferences(new QCheckBox(tr("Only rows that differ"), this))
    , m_summary(new QLabel(this)) {
    m_filter->setSourceModel(m_model);
    // DifferentRole reads "true" or "false" as text: filtering on "true" keeps differing rows.
    m_filter->setFilterRole(DeviceComparisonModel::DifferentRole);
    m_filter->setFilterKeyColumn(0);
    m_view->setObjectName(QStringLiteral("deviceComparisonTable"));
    m_view->setModel(m_filter);
    m_view->setItemDelegate(
        new HighlightDelegate(DeviceComparisonModel::DifferentRole, -1, m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    // Every column an equal share: the names are long, and so are some values.
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_view->setWordWrap(false);
    m_summary->setObjectName(QStringLiteral("deviceComparisonSummary"));
    m_summary->setWordWrap(true);

    auto* top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_onlyDifferences);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    connect(m_onlyDifferences, &QCheckBox::toggled, this, [this](bool only) {
        m_filter->setFilterFixedString(only ? QStringLiteral("true") : QString());
    });
    setDevices({});
}

void ComparisonView::setDevices(QList<DeviceEntry> devices) {
    const qsizetype count = devices.size();
    m_model->setDevices(count >= 2 ? std::move(devices) : QList<DeviceEntry>{});
    if (count < 2)
        m_summary->setText(tr("Select two or more devices in the list (Ctrl+click) to compare "
                              "them side by side."));
    else
        m_summary->setText(
            tr("%n device(s) compared; ", nullptr, int(count)) +
            tr("%n row(s) differ (highlighted).", nullptr, m_model->differingRowCount()));
}

QString ComparisonView::summaryText() const {
    return m_summary->text();
}

} // namespace clw::ui
