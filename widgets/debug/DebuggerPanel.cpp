#include "debug/DebuggerPanel.h"

#include "launch/WorkItemFilter.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QToolBar>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace clw::ui {

DebuggerPanel::DebuggerPanel(QWidget* parent)
    : QWidget(parent)
    , m_workItem(new QLineEdit(QStringLiteral("0"), this))
    , m_bar(new QToolBar(this))
    , m_status(new QLabel(tr("Click the left margin of the editor to set a breakpoint, choose "
                             "the work-item to follow, and press Debug (F10): the session runs on "
                             "Oclgrind and stops there."),
                          this))
    , m_locals(new QTreeWidget(this)) {
    setObjectName(QStringLiteral("debuggerPanel"));
    m_workItem->setObjectName(QStringLiteral("debugWorkItem"));
    m_workItem->setToolTip(tr("The work-item to follow: its global id (\"5\", \"3, 1\" in 2-D) or "
                              "its group and local id (\"group 2 local 5\")"));
    m_workItem->setMaximumWidth(140);
    connect(m_workItem, &QLineEdit::editingFinished, this, [this] {
        QString problem;
        if (const auto ids = workItem(problem))
            Q_EMIT followRequested(*ids);
        else
            showMessage(problem);
    });
    m_status->setObjectName(QStringLiteral("debugStatus"));
    m_status->setWordWrap(true);
    m_locals->setObjectName(QStringLiteral("debugLocals"));
    m_locals->setHeaderLabels({tr("Name"), tr("Type"), tr("Value")});
    m_locals->header()->setStretchLastSection(true);

    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Work-item:"), this));
    top->addWidget(m_workItem);
    top->addWidget(m_bar, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_status);
    layout->addWidget(m_locals, 1);
}

void DebuggerPanel::addDebugActions(const QList<QAction*>& actions) {
    m_bar->addActions(actions);
}

std::optional<engine::CheckIds> DebuggerPanel::workItem(QString& problem) const {
    const std::vector<std::uint64_t>& local = m_workGroupSize;
    const QString text = m_workItem->text().trimmed();
    static const QRegularExpression byGroup(
        QStringLiteral("^group\\s+([0-9,\\s]+?)\\s+local\\s+([0-9,\\s]+)$"),
        QRegularExpression::CaseInsensitiveOption);
    if (const QRegularExpressionMatch match = byGroup.match(text); match.hasMatch()) {
        const auto group = WorkItemFilter::idsOf(match.captured(1));
        const auto inGroup = WorkItemFilter::idsOf(match.captured(2));
        if (group && inGroup && !local.empty()) {
            engine::CheckIds ids{0, 0, 0};
            for (size_t i = 0; i < 3; ++i) {
                const std::uint64_t size = i < local.size() ? local[i] : 1;
                if ((*inGroup)[i] >= size) {
                    problem = tr("local id %1 is past the work-group size %2")
                                  .arg((*inGroup)[i])
                                  .arg(size);
                    return std::nullopt;
                }
                ids[i] = (*group)[i] * size + (*inGroup)[i];
            }
            return ids;
        }
        if (group && inGroup) {
            problem = tr("the launch leaves its work-group size to the driver: type the global "
                         "id instead");
            return std::nullopt;
        }
    }
    if (const auto ids = WorkItemFilter::idsOf(text))
        return ids;
    problem = tr("'%1' is no work-item: type its global id, \"5\" or \"3, 1\", or \"group 2 "
                 "local 5\"")
                  .arg(m_workItem->text());
    return std::nullopt;
}

void DebuggerPanel::setWorkItem(const engine::CheckIds& workItem) {
    // Trailing dimensions of 0 left out, as a person types them.
    int dimensions = 3;
    while (dimensions > 1 && workItem[size_t(dimensions - 1)] == 0)
        --dimensions;
    QStringList parts;
    for (int i = 0; i < dimensions; ++i)
        parts << QString::number(workItem[size_t(i)]);
    m_workItem->setText(parts.join(QStringLiteral(", ")));
    Q_EMIT followRequested(workItem);
}

void DebuggerPanel::showRunning(const QString& text) {
    m_status->setText(text);
}

void DebuggerPanel::showMessage(const QString& text) {
    m_status->setText(text);
}

QString DebuggerPanel::statusText() const {
    return m_status->text();
}

void DebuggerPanel::showStop(const DebugStop& stop) {
    const QString why = stop.reason == QLatin1String("breakpoint") ? tr("at a breakpoint")
                        : stop.reason == QLatin1String("barrier")  ? tr("after a barrier")
                                                                   : tr("after a step");
    m_status->setText(tr("Paused %1: line %2 of %3, work-item (%4, %5, %6) of %7")
                          .arg(why)
                          .arg(stop.line)
                          .arg(stop.file)
                          .arg(stop.workItem[0])
                          .arg(stop.workItem[1])
                          .arg(stop.workItem[2])
                          .arg(stop.kernel));
    m_locals->clear();
    static const char* components[] = {"x", "y", "z", "w"};
    for (const DebugLocal& local : stop.locals) {
        auto* item = new QTreeWidgetItem(
            m_locals, {local.name, local.type, local.values.join(QStringLiteral(", "))});
        if (local.values.size() > 1)
            for (int i = 0; i < local.values.size(); ++i)
                new QTreeWidgetItem(
                    item, {local.values.size() <= 4 && !local.type.endsWith(QLatin1String("[]"))
                               ? QLatin1String(components[i])
                               : QStringLiteral("[%1]").arg(i),
                           QString(), local.values[i]});
    }
    m_locals->expandAll();
    m_locals->resizeColumnToContents(0);
    m_locals->resizeColumnToContents(1);
}

QString DebuggerPanel::localValue(const QString& name) const {
    for (int i = 0; i < m_locals->topLevelItemCount(); ++i)
        if (m_locals->topLevelItem(i)->text(0) == name)
            return m_locals->topLevelItem(i)->text(2);
    return {};
}

} // namespace clw::ui
