#include "launch/LaunchPanel.h"

#include "launch/ArgumentDelegate.h"
#include "launch/GeometryEditor.h"
#include "launch/NewBufferDialog.h"
#include "launch/RunResultsView.h"
#include "launch/SessionController.h"
#include "models/ArgumentRules.h"
#include "models/LaunchArgumentsModel.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace clw::ui {

namespace {

// A new launch's global size: enough work-items to time, and a size new buffers get by default.
constexpr std::uint64_t kDefaultGlobalSize = 1024;

QString launchTitle(const engine::SessionLaunch& launch) {
    return QString::fromStdString(launch.name.empty() ? launch.kernel : launch.name);
}

// Makes `button` press `action` and follow its enabled state and tooltip.
void follow(QPushButton* button, QAction* action) {
    QObject::connect(button, &QPushButton::clicked, action, &QAction::trigger);
    auto sync = [button, action] {
        button->setEnabled(action->isEnabled());
        button->setToolTip(action->toolTip());
    };
    QObject::connect(action, &QAction::changed, button, sync);
    sync();
}

} // namespace

LaunchPanel::LaunchPanel(SessionController& controller, QWidget* parent)
    : QWidget(parent)
    , m_controller(controller)
    , m_model(new LaunchArgumentsModel(this))
    , m_delegate(new ArgumentDelegate(this)) {
    setObjectName(QStringLiteral("launchPanel"));
    buildActions();
    buildLayout();
    connectController();

    connect(m_model, &LaunchArgumentsModel::launchEdited, this,
            [this](const engine::SessionLaunch& launch) {
                if (m_launchIndex >= 0)
                    m_controller.setLaunch(m_launchIndex, launch);
            });
    connect(m_delegate, &ArgumentDelegate::newBufferRequested, this,
            [this](int row) { newBufferForArgument(row); });
    connect(m_geometry, &GeometryEditor::sizesEdited, this, &LaunchPanel::applySizes);
    connect(m_results, &RunResultsView::useLocalSize, this,
            [this](const std::vector<std::uint64_t>& local) {
                if (m_launchIndex < 0)
                    return;
                const engine::SessionLaunch& launch =
                    m_controller.session().launches[size_t(m_launchIndex)];
                applySizes(launch.global, local, launch.offset);
            });
    connect(m_kernelPicker, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            selectKernel(m_kernelPicker->itemText(index));
    });
    connect(m_launchPicker, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            showLaunch(m_launchPicker->itemData(index).toInt());
    });
    sessionOpened();
}

LaunchPanel::~LaunchPanel() = default;

void LaunchPanel::buildActions() {
    m_runAction = new QAction(tr("&Run"), this);
    m_runAction->setObjectName(QStringLiteral("runAction"));
    m_runAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_runAction->setToolTip(tr("Run the session's launches in order (F5)"));
    m_runRepeatedAction = new QAction(tr("Run &N Times"), this);
    m_runRepeatedAction->setObjectName(QStringLiteral("runRepeatedAction"));
    m_runRepeatedAction->setToolTip(
        tr("Run the shown launch N times and show the min / median / max time"));
    m_sweepAction = new QAction(tr("S&weep Work-Group Sizes"), this);
    m_sweepAction->setObjectName(QStringLiteral("sweepAction"));
    m_sweepAction->setToolTip(tr("Run the shown launch at every local size that fits and show "
                                 "the best and the worst by median"));
    m_cancelAction = new QAction(tr("&Cancel Run"), this);
    m_cancelAction->setObjectName(QStringLiteral("cancelRunAction"));
    m_cancelAction->setToolTip(tr("Cancel the run, sweep or build in progress"));
    m_twoDevicesAction = new QAction(tr("Run on &Two Devices..."), this);
    m_twoDevicesAction->setObjectName(QStringLiteral("twoDevicesAction"));
    m_twoDevicesAction->setToolTip(tr("Run the session on two devices at once (the session's and "
                                      "Oclgrind, to begin with) and compare every output buffer "
                                      "element by element"));
    // F5 works in the panel on its own too; the main window's menu holds the same action.
    addAction(m_runAction);

    connect(m_runAction, &QAction::triggered, this, &LaunchPanel::run);
    connect(m_runRepeatedAction, &QAction::triggered, this, &LaunchPanel::runRepeated);
    connect(m_sweepAction, &QAction::triggered, this, &LaunchPanel::sweep);
    connect(m_cancelAction, &QAction::triggered, &m_controller, &SessionController::cancel);
}

void LaunchPanel::buildLayout() {
    m_kernelPicker = new QComboBox(this);
    m_kernelPicker->setObjectName(QStringLiteral("kernelPicker"));
    m_kernelPicker->setPlaceholderText(tr("Build, then choose a kernel"));
    m_kernelPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_launchPicker = new QComboBox(this);
    m_launchPicker->setObjectName(QStringLiteral("launchPicker"));
    m_launchLabel = new QLabel(tr("&Launch:"), this);
    m_launchLabel->setBuddy(m_launchPicker);
    auto* kernelLabel = new QLabel(tr("&Kernel:"), this);
    kernelLabel->setBuddy(m_kernelPicker);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("argumentsTable"));
    m_table->setModel(m_model);
    m_table->setItemDelegate(m_delegate);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::SelectedClicked |
                             QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->setWordWrap(false);
    // Declarations, kinds and values are short: shown whole; the status takes what is left.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(LaunchArgumentsModel::StatusColumn,
                                                      QHeaderView::Stretch);

    m_geometry = new GeometryEditor(this);
    m_geometry->setObjectName(QStringLiteral("geometryEditor"));

    m_runButton = new QPushButton(tr("Run"), this);
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_runCount = new QSpinBox(this);
    m_runCount->setObjectName(QStringLiteral("runCountSpin"));
    m_runCount->setRange(1, 100000);
    m_runCount->setValue(10);
    m_runCount->setToolTip(tr("How many times \"Run N times\" runs the shown launch"));
    m_runRepeatedButton = new QPushButton(tr("Run N times"), this);
    m_runRepeatedButton->setObjectName(QStringLiteral("runRepeatedButton"));
    m_sweepButton = new QPushButton(tr("Sweep work-group sizes"), this);
    m_sweepButton->setObjectName(QStringLiteral("sweepButton"));
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    m_twoDevicesButton = new QPushButton(tr("Two devices..."), this);
    m_twoDevicesButton->setObjectName(QStringLiteral("twoDevicesButton"));
    follow(m_twoDevicesButton, m_twoDevicesAction);
    follow(m_runButton, m_runAction);
    follow(m_runRepeatedButton, m_runRepeatedAction);
    follow(m_sweepButton, m_sweepAction);
    follow(m_cancelButton, m_cancelAction);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("progressBar"));
    m_progress->setTextVisible(true);
    m_progress->hide();
    m_progressReveal.setSingleShot(true);
    m_progressReveal.setInterval(250);
    connect(&m_progressReveal, &QTimer::timeout, this,
            [this] { m_progress->setVisible(m_controller.isBusy()); });
    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette red = m_errorLabel->palette();
    red.setColor(QPalette::WindowText, QColor(0xc0, 0x1c, 0x28));
    m_errorLabel->setPalette(red);
    m_errorLabel->hide();
    m_results = new RunResultsView(this);
    m_results->setObjectName(QStringLiteral("runResults"));

    auto* pickers = new QHBoxLayout;
    pickers->addWidget(kernelLabel);
    pickers->addWidget(m_kernelPicker, 1);
    pickers->addWidget(m_launchLabel);
    pickers->addWidget(m_launchPicker, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton);
    buttons->addSpacing(12);
    buttons->addWidget(m_runCount);
    buttons->addWidget(m_runRepeatedButton);
    buttons->addSpacing(12);
    buttons->addWidget(m_sweepButton);
    buttons->addSpacing(12);
    buttons->addWidget(m_twoDevicesButton);
    buttons->addStretch(1);
    buttons->addWidget(m_cancelButton);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(pickers);
    layout->addWidget(m_table, 2);
    layout->addWidget(m_geometry);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_results, 1);
}

void LaunchPanel::connectController() {
    connect(&m_controller, &SessionController::sessionOpened, this, &LaunchPanel::sessionOpened);
    connect(&m_controller, &SessionController::sessionChanged, this, &LaunchPanel::sessionChanged);
    connect(&m_controller, &SessionController::kernelsChanged, this, &LaunchPanel::kernelsChanged);
    connect(&m_controller, &SessionController::busyChanged, this, [this](bool busy) {
        if (!busy) {
            m_progressReveal.stop();
            m_progress->hide();
            m_results->showIdle();
        } else if (m_controller.isRunning()) {
            m_results->showRunning();
        }
        updateActions();
    });
    connect(&m_controller, &SessionController::deviceChanged, this, &LaunchPanel::updateActions);
    connect(&m_controller, &SessionController::progress, this, &LaunchPanel::progress);
    connect(&m_controller, &SessionController::runFinished, this, &LaunchPanel::runFinished);
    connect(&m_controller, &SessionController::sweepFinished, this, &LaunchPanel::sweepFinished);
    connect(&m_controller, &SessionController::errorOccurred, this, &LaunchPanel::errorOccurred);
    connect(&m_controller, &SessionController::buildFinished, this, [this](bool ok) {
        if (ok && m_errorLabel->property("where").toString() == QLatin1String("build"))
            showError({});
    });
}

QString LaunchPanel::currentKernel() const {
    if (m_launchIndex < 0)
        return {};
    return QString::fromStdString(m_controller.session().launches[size_t(m_launchIndex)].kernel);
}

void LaunchPanel::showLaunch(int index) {
    const auto& launches = m_controller.session().launches;
    if (index < 0 || index >= int(launches.size()))
        index = -1;
    m_launchIndex = index;
    m_results->clear();
    if (index < 0) {
        m_model->clear();
        m_geometry->setSizes({kDefaultGlobalSize}, {}, {});
        m_geometry->setLimits(std::nullopt, std::nullopt, 0);
    } else {
        const engine::SessionLaunch& launch = launches[size_t(index)];
        const engine::KernelSignature* signature = m_controller.kernel(launch.kernel);
        m_model->setContext(signature ? std::optional(*signature) : std::nullopt, launch,
                            m_controller.session().buffers);
        m_geometry->setSizes(launch.global, launch.local, launch.offset);
        updateLimits();
        // The latest run of this launch, so that switching back and forth keeps its times.
        const auto& history = m_controller.history();
        const auto last = std::find_if(history.rbegin(), history.rend(),
                                       [&](const RunRecord& r) { return r.launchIndex == index; });
        if (last != history.rend())
            m_results->showRun(*last);
    }
    fillKernelPicker();
    fillLaunchPicker();
    updateActions();
}

bool LaunchPanel::selectKernel(const QString& kernel) {
    const std::string name = kernel.toStdString();
    const auto& launches = m_controller.session().launches;
    if (m_launchIndex >= 0 && launches[size_t(m_launchIndex)].kernel == name)
        return true;
    const auto found = std::find_if(launches.begin(), launches.end(),
                                    [&](const auto& launch) { return launch.kernel == name; });
    if (found != launches.end()) {
        showLaunch(int(found - launches.begin()));
        return true;
    }
    const engine::KernelSignature* signature = m_controller.kernel(name);
    if (!signature) {
        fillKernelPicker(); // back to what is shown
        return false;
    }
    engine::SessionLaunch launch;
    launch.name = name;
    launch.kernel = name;
    for (const engine::KernelArgSignature& parameter : signature->args)
        launch.arguments.push_back(unsetArgument(parameter));
    launch.global = {kDefaultGlobalSize};
    // The sessionChanged that addLaunch emits refreshes the launch shown before; then this one.
    showLaunch(m_controller.addLaunch(launch));
    return true;
}

NewBufferDialog* LaunchPanel::newBufferForArgument(int row) {
    const engine::KernelArgSignature* parameter = m_model->parameter(row);
    if (m_launchIndex < 0 || !parameter)
        return nullptr;
    const ArgumentEditor editor = editorFor(*parameter);
    if (editor != ArgumentEditor::Buffer && editor != ArgumentEditor::Image)
        return nullptr;
    QStringList taken;
    for (const engine::SessionBuffer& buffer : m_controller.session().buffers)
        taken.append(QString::fromStdString(buffer.name));
    const engine::SessionLaunch& launch = m_controller.session().launches[size_t(m_launchIndex)];
    const QString name = parameter->name.empty() ? QStringLiteral("buffer")
                                                 : QString::fromStdString(parameter->name);
    auto* dialog = new NewBufferDialog(name, elementTypeOf(*parameter), launch.global,
                                       editor == ArgumentEditor::Image
                                           ? QString::fromStdString(parameter->type.imageType)
                                           : QString(),
                                       taken, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const int launchIndex = m_launchIndex;
    connect(dialog, &QDialog::accepted, this, [this, dialog, row, launchIndex] {
        const engine::SessionBuffer buffer = dialog->buffer();
        m_controller.setBuffer(buffer);
        // Bound through the model, so that the same checks apply as to a picked buffer.
        if (m_launchIndex == launchIndex)
            m_model->setData(m_model->index(row, LaunchArgumentsModel::ValueColumn),
                             QString::fromStdString(buffer.name));
    });
    dialog->open();
    return dialog;
}

QString LaunchPanel::errorText() const {
    return m_errorLabel->isHidden() ? QString() : m_errorLabel->text();
}

void LaunchPanel::sessionOpened() {
    m_launchIndex = -1;
    showError({});
    showLaunch(m_controller.session().launches.empty() ? -1 : 0);
}

void LaunchPanel::sessionChanged() {
    const auto& launches = m_controller.session().launches;
    if (m_launchIndex >= int(launches.size())) {
        // The shown launch was removed.
        showLaunch(launches.empty() ? -1 : 0);
        return;
    }
    if (m_launchIndex < 0) {
        if (!launches.empty())
            showLaunch(0);
        else
            fillKernelPicker();
        return;
    }
    const engine::SessionLaunch& launch = launches[size_t(m_launchIndex)];
    if (launch.kernel != m_model->launch().kernel) {
        showLaunch(m_launchIndex);
        return;
    }
    m_model->setBuffers(m_controller.session().buffers);
    m_model->setLaunch(launch);
    m_geometry->setSizes(launch.global, launch.local, launch.offset);
    updateLimits();
    fillKernelPicker();
    fillLaunchPicker();
    updateActions();
}

void LaunchPanel::kernelsChanged() {
    const auto& launches = m_controller.session().launches;
    // A signature arrived (or went): the rows follow it.
    showLaunch(m_launchIndex >= 0 ? m_launchIndex : (launches.empty() ? -1 : 0));
}

void LaunchPanel::runFinished(const RunRecord& record) {
    if (record.launchIndex == m_launchIndex)
        m_results->showRun(record);
}

void LaunchPanel::sweepFinished(const SweepResult& result) {
    if (result.launchIndex == m_launchIndex)
        m_results->showSweep(result);
}

void LaunchPanel::errorOccurred(const QString& where, const QString& message) {
    QString text;
    if (where == QLatin1String("run") || where == QLatin1String("build")) {
        text = message;
    } else if (where.startsWith(QLatin1String("launch "))) {
        text = tr("%1\nFix the launch's arguments or sizes above, then run again.").arg(message);
    } else if (where == QLatin1String("host")) {
        // How the host ended and its last words; the stack where it stopped is the log's.
        const qsizetype stack = message.indexOf(QStringLiteral("\nWhere it stopped:"));
        text =
            tr("%1\nRun again to start a new host.").arg(stack < 0 ? message : message.left(stack));
    } else {
        return; // buffers and the session have their own places
    }
    showError(text);
    m_errorLabel->setProperty("where", where.section(QLatin1Char(' '), 0, 0));
}

void LaunchPanel::progress(const QString& what, int done, int total) {
    m_progress->setRange(0, std::max(total, 0)); // 0 of 0: busy, no count
    m_progress->setValue(done);
    m_progress->setFormat(total > 0 ? tr("%1 (%2 of %3)").arg(what).arg(done).arg(total) : what);
    if (m_controller.isBusy() && !m_progress->isVisible() && !m_progressReveal.isActive())
        m_progressReveal.start();
}

void LaunchPanel::run() {
    if (!commitPending())
        return;
    showError({});
    m_controller.run();
}

void LaunchPanel::runRepeated() {
    if (!commitPending() || m_launchIndex < 0)
        return;
    showError({});
    m_controller.runRepeated(m_launchIndex, m_runCount->value());
}

void LaunchPanel::sweep() {
    if (!commitPending() || m_launchIndex < 0)
        return;
    showError({});
    m_controller.sweep(m_launchIndex);
}

void LaunchPanel::applySizes(const std::vector<std::uint64_t>& global,
                             const std::vector<std::uint64_t>& local,
                             const std::vector<std::uint64_t>& offset) {
    if (m_launchIndex < 0)
        return;
    engine::SessionLaunch launch = m_controller.session().launches[size_t(m_launchIndex)];
    launch.global = global;
    launch.local = local;
    launch.offset = offset;
    m_controller.setLaunch(m_launchIndex, launch);
}

bool LaunchPanel::commitPending() {
    // An argument still being typed counts, as if its cell was left. Editors are the viewport's
    // children; the view ignores a widget that is not one of its editors.
    const QList<QWidget*> editors =
        m_table->viewport()->findChildren<QWidget*>(Qt::FindDirectChildrenOnly);
    for (QWidget* editor : editors) {
        Q_EMIT m_delegate->commitData(editor);
        Q_EMIT m_delegate->closeEditor(editor);
    }
    if (m_launchIndex >= 0 && !m_geometry->commit()) {
        showError(tr("The sizes do not read: %1").arg(m_geometry->problem()));
        return false;
    }
    return true;
}

void LaunchPanel::fillKernelPicker() {
    QStringList names;
    for (const engine::KernelSignature& signature : m_controller.kernels())
        names.append(QString::fromStdString(signature.name));
    // Before a build the session's launches still name their kernels.
    for (const engine::SessionLaunch& launch : m_controller.session().launches)
        if (!names.contains(QString::fromStdString(launch.kernel)))
            names.append(QString::fromStdString(launch.kernel));
    const QSignalBlocker blocker(m_kernelPicker);
    QStringList shown;
    for (int i = 0; i < m_kernelPicker->count(); ++i)
        shown.append(m_kernelPicker->itemText(i));
    if (shown != names) {
        m_kernelPicker->clear();
        m_kernelPicker->addItems(names);
    }
    m_kernelPicker->setCurrentIndex(m_launchIndex < 0 ? -1 : names.indexOf(currentKernel()));
    m_kernelPicker->setEnabled(!names.isEmpty());
}

void LaunchPanel::fillLaunchPicker() {
    const QSignalBlocker blocker(m_launchPicker);
    m_launchPicker->clear();
    const std::string kernel = currentKernel().toStdString();
    const auto& launches = m_controller.session().launches;
    for (int i = 0; i < int(launches.size()); ++i)
        if (m_launchIndex >= 0 && launches[size_t(i)].kernel == kernel)
            m_launchPicker->addItem(
                tr("%1 (launch %2)").arg(launchTitle(launches[size_t(i)])).arg(i + 1), i);
    m_launchPicker->setCurrentIndex(m_launchPicker->findData(m_launchIndex));
    // Only worth a place when one kernel has several launches.
    const bool several = m_launchPicker->count() > 1;
    m_launchPicker->setVisible(several);
    m_launchLabel->setVisible(several);
}

void LaunchPanel::updateLimits() {
    if (m_launchIndex < 0)
        return;
    const std::string kernel = currentKernel().toStdString();
    const engine::KernelSignature* signature = m_controller.kernel(kernel);
    m_geometry->setLimits(m_controller.limits(kernel),
                          signature ? std::optional(*signature) : std::nullopt,
                          m_model->localArgumentBytes());
}

void LaunchPanel::updateActions() {
    const bool busy = m_controller.isBusy();
    const bool hasLaunch = m_launchIndex >= 0;
    m_runAction->setEnabled(!busy && !m_controller.session().launches.empty());
    m_runRepeatedAction->setEnabled(!busy && hasLaunch);
    m_sweepAction->setEnabled(!busy && hasLaunch);
    m_cancelAction->setEnabled(busy);
    m_twoDevicesAction->setEnabled(!m_controller.session().launches.empty());
    m_runCount->setEnabled(!busy);
}

void LaunchPanel::showError(const QString& text) {
    m_errorLabel->setText(text);
    m_errorLabel->setVisible(!text.isEmpty());
    m_errorLabel->setProperty("where", QString());
}

} // namespace clw::ui
