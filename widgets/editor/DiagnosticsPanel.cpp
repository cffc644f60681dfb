#include "editor/DiagnosticsPanel.h"

#include "models/BuildOptions.h"
#include "models/DiagnosticsModel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <functional>

namespace clw::ui {

namespace {
const QString kAllDevices = QStringLiteral("*");
}

DiagnosticsPanel::DiagnosticsPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new DiagnosticsModel(this))
    , m_view(new QTreeView(this))
    , m_log(new QPlainTextEdit(this))
    , m_options(new QLineEdit(this))
    , m_presets(new QToolButton(this))
    , m_presetMenu(new QMenu(this))
    , m_devices(new QComboBox(this))
    , m_live(new QCheckBox(tr("Build as you type"), this))
    , m_build(new QPushButton(tr("Build"), this)) {
    setObjectName(QStringLiteral("diagnosticsPanel"));
    m_view->setObjectName(QStringLiteral("diagnosticsView"));
    m_view->setModel(m_model);
    m_view->setUniformRowHeights(true);
    m_view->setAlternatingRowColors(true);
    m_view->header()->setSectionResizeMode(DiagnosticsModel::MessageColumn, QHeaderView::Stretch);
    for (int column : {DiagnosticsModel::SeverityColumn, DiagnosticsModel::FileColumn,
                       DiagnosticsModel::LineColumn, DiagnosticsModel::ColumnColumn})
        m_view->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_view->header()->setStretchLastSection(false);
    m_log->setObjectName(QStringLiteral("buildLog"));
    m_log->setReadOnly(true);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_log->setPlaceholderText(tr("The compiler's log of the last build"));

    m_options->setObjectName(QStringLiteral("buildOptions"));
    m_options->setPlaceholderText(tr("Build options, e.g. -cl-std=CL3.0 -D N=16"));
    m_options->setClearButtonEnabled(true);
    m_presets->setText(tr("Presets"));
    m_presets->setPopupMode(QToolButton::InstantPopup);
    m_presets->setMenu(m_presetMenu);
    m_devices->setObjectName(QStringLiteral("buildDevices"));
    m_build->setToolTip(tr("Build now (Ctrl+B)"));
    setDeviceNames({});
    buildPresetMenu();

    // Two rows, so that the options keep their width in a narrow dock.
    auto* optionsRow = new QHBoxLayout;
    optionsRow->addWidget(new QLabel(tr("Options:"), this));
    optionsRow->addWidget(m_options, 1);
    optionsRow->addWidget(m_presets);
    auto* buildRow = new QHBoxLayout;
    buildRow->addWidget(m_devices, 1);
    buildRow->addWidget(m_live);
    buildRow->addWidget(m_build);
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_view);
    splitter->addWidget(m_log);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(optionsRow);
    layout->addLayout(buildRow);
    layout->addWidget(splitter, 1);

    connect(m_view, &QTreeView::clicked, this, &DiagnosticsPanel::jumpTo);
    connect(m_view, &QTreeView::activated, this, &DiagnosticsPanel::jumpTo);
    connect(m_options, &QLineEdit::editingFinished, this, &DiagnosticsPanel::choicesChanged);
    connect(m_devices, &QComboBox::activated, this, &DiagnosticsPanel::choicesChanged);
    connect(m_live, &QCheckBox::toggled, this, &DiagnosticsPanel::liveToggled);
    connect(m_build, &QPushButton::clicked, this, &DiagnosticsPanel::buildRequested);
}

void DiagnosticsPanel::buildPresetMenu() {
    for (const char* flag : {"-cl-fast-relaxed-math", "-cl-mad-enable", "-cl-finite-math-only",
                             "-cl-no-signed-zeros", "-cl-opt-disable", "-Werror", "-w"}) {
        const QString text = QString::fromLatin1(flag);
        QAction* action = m_presetMenu->addAction(text);
        action->setCheckable(true);
        connect(action, &QAction::triggered, this,
                [this, text] { setOptions(BuildOptions::toggleFlag(m_options->text(), text)); });
    }
    QMenu* standard = m_presetMenu->addMenu(QStringLiteral("-cl-std="));
    for (const char* version : {"", "CL1.2", "CL2.0", "CL3.0"}) {
        const QString value = QString::fromLatin1(version);
        QAction* action = standard->addAction(value.isEmpty() ? tr("(driver default)") : value);
        action->setCheckable(true);
        action->setData(value);
        connect(action, &QAction::triggered, this,
                [this, value] { setOptions(BuildOptions::setStandard(m_options->text(), value)); });
    }
    m_presetMenu->addSeparator();
    m_presetMenu->addAction(tr("Add -D definition..."), this, [this] {
        bool ok = false;
        const QString definition = QInputDialog::getText(
            this, tr("Add a definition"), tr("NAME or NAME=VALUE:"), QLineEdit::Normal, {}, &ok);
        if (ok && !definition.trimmed().isEmpty())
            setOptions(BuildOptions::addDefine(m_options->text(), definition));
    });
    m_presetMenu->addAction(tr("Add -I directory..."), this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Include directory"));
        if (!dir.isEmpty())
            setOptions(BuildOptions::addIncludeDir(m_options->text(), dir));
    });
    // Check marks follow the text, which the person may have typed.
    connect(m_presetMenu, &QMenu::aboutToShow, this, [this, standard] {
        const QString options = m_options->text();
        for (QAction* action : m_presetMenu->actions())
            if (action->isCheckable())
                action->setChecked(BuildOptions::hasFlag(options, action->text()));
        const QString current = BuildOptions::standard(options);
        for (QAction* action : standard->actions())
            action->setChecked(action->data().toString() == current);
    });
}

void DiagnosticsPanel::setOptions(const QString& options) {
    m_options->setText(options);
    Q_EMIT choicesChanged();
}

void DiagnosticsPanel::setDeviceNames(const QStringList& names) {
    const QVariant current = m_devices->currentData();
    m_devices->clear();
    m_devices->addItem(tr("Default device"), QString());
    m_devices->addItem(tr("All devices"), kAllDevices);
    for (const QString& name : names)
        m_devices->addItem(name, name);
    const int index = m_devices->findData(current);
    m_devices->setCurrentIndex(index >= 0 ? index : 0);
}

BuildChoices DiagnosticsPanel::choices() const {
    BuildChoices choices;
    choices.options = m_options->text().trimmed();
    const QString device = m_devices->currentData().toString();
    if (!device.isEmpty())
        choices.devices = QStringList{device};
    return choices;
}

void DiagnosticsPanel::setChoices(const BuildChoices& choices) {
    m_options->setText(choices.options);
    const QString device = choices.devices.value(0);
    int index = m_devices->findData(device);
    if (index < 0) {
        // A device remembered from before that is not listed (yet): keep the choice visible.
        m_devices->addItem(device, device);
        index = m_devices->count() - 1;
    }
    m_devices->setCurrentIndex(index);
}

void DiagnosticsPanel::setLive(bool on) {
    m_live->setChecked(on);
}

void DiagnosticsPanel::setReport(const BuildReport& report) {
    m_model->setReport(report);
    m_view->expandAll();
    QString log;
    for (const DeviceBuildReport& device : report.devices) {
        log += QStringLiteral("== %1%2 ==\n")
                   .arg(device.device, device.fromCache ? tr(" (from cache)") : QString());
        log += device.log.isEmpty() ? tr("(empty log)\n") : device.log;
        if (!log.endsWith(QLatin1Char('\n')))
            log += QLatin1Char('\n');
    }
    if (!report.options.isEmpty())
        log += tr("Options given to the driver: %1\n").arg(report.options);
    m_log->setPlainText(log);
}

bool DiagnosticsPanel::showNextDiagnostic(bool forward) {
    // Rows with a place, in the order the view shows them (top-level and nested alike).
    QList<QModelIndex> rows;
    std::function<void(const QModelIndex&)> collect = [&](const QModelIndex& parent) {
        for (int row = 0; row < m_model->rowCount(parent); ++row) {
            const QModelIndex index = m_model->index(row, 0, parent);
            const BuildDiagnostic* diagnostic = m_model->diagnosticAt(index);
            if (diagnostic && diagnostic->line > 0)
                rows.append(index);
            collect(index);
        }
    };
    collect({});
    if (rows.isEmpty())
        return false;
    const QModelIndex current = m_view->currentIndex().siblingAtColumn(0);
    qsizetype at = rows.indexOf(current);
    if (at < 0)
        at = forward ? 0 : rows.size() - 1;
    else
        at = (at + (forward ? 1 : rows.size() - 1)) % rows.size();
    m_view->setCurrentIndex(rows[at]);
    m_view->scrollTo(rows[at]);
    jumpTo(rows[at]);
    return true;
}

void DiagnosticsPanel::jumpTo(const QModelIndex& index) {
    const BuildDiagnostic* diagnostic = m_model->diagnosticAt(index);
    if (diagnostic && diagnostic->line > 0)
        Q_EMIT jumpRequested(diagnostic->file, diagnostic->line, diagnostic->column);
}

} // namespace clw::ui
