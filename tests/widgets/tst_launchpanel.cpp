// The launch panel offscreen (issue 9), driven through its controls' object names as a person
// would: before a build (the session's own launch, sizes edited and refused), then on the test
// device (PoCL): build, pick a kernel (a launch is created), bind every argument (a new buffer
// from "New buffer...", a scalar refused then accepted, __local bytes), a local size that does not
// fit with the suggestion applied, Run, Run N times, a sweep with its best and worst, an argument
// error shown in red, and a vector argument's rule.
#include "launch/ArgumentDelegate.h"
#include "launch/GeometryEditor.h"
#include "launch/LaunchPanel.h"
#include "launch/NewBufferDialog.h"
#include "launch/SessionController.h"
#include "launch/StructFieldsEditor.h"
#include "models/LaunchArgumentsModel.h"

#include "bridge/DeviceHosts.h"
#include "bridge/EngineBridge.h"
#include "clw/engine/launch/SourceSignatures.h"

#include "TestDevice.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace clw;
using namespace clw::ui;

namespace {

const char* const kSource = R"(
__kernel void scale(__global const float* in, __global float* out, float factor,
                    __local float* tile, uint n) {
    const size_t i = get_global_id(0);
    tile[get_local_id(0)] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n)
        out[i] = tile[get_local_id(0)] * factor;
}
__kernel void fill(__global float4* out, float4 value) {
    out[get_global_id(0)] = value;
}
)";

const char* const kStructSource = R"(
typedef struct { float scale; int4 shift; } Params;
__kernel void params(__global float* out, Params p) {
    out[get_global_id(0)] = p.scale + p.shift.y;
}
)";

engine::SessionBuffer floatBuffer(const char* name, std::uint64_t count) {
    engine::SessionBuffer buffer;
    buffer.name = name;
    buffer.elementType = "float";
    buffer.shape = {count};
    buffer.init.fill.kind = engine::FillSpec::Kind::Ramp;
    return buffer;
}

template <class T>
T* child(QWidget& panel, const char* name) {
    T* found = panel.findChild<T*>(QString::fromLatin1(name));
    if (!found)
        qWarning("no %s named %s", T::staticMetaObject.className(), name);
    return found;
}

// Types `text` into a line edit and presses Return, as a person would.
void type(QLineEdit* edit, const QString& text) {
    edit->setFocus();
    edit->selectAll();
    edit->setText(text);
    QTest::keyClick(edit, Qt::Key_Return);
}

} // namespace

class LaunchPanelTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void editorsFitTheArguments();
    void beforeABuild();
    void theLoopOnTheDevice();
    void aStoppedHostIsSaidWithoutItsStack();

private:
    QTemporaryDir m_cacheDir;
};

void LaunchPanelTest::initTestCase() {
    QVERIFY(m_cacheDir.isValid());
}

void LaunchPanelTest::editorsFitTheArguments() {
    // The delegate's editor for each kind of argument, on a model without a panel.
    const auto signatures = engine::parseKernelSignatures(kSource, "scale.cl");
    LaunchArgumentsModel model;
    engine::SessionLaunch launch;
    launch.kernel = "scale";
    engine::SessionBuffer float4s = floatBuffer("v", 16);
    float4s.elementType = "float4";
    model.setContext(signatures.at(0), launch, {floatBuffer("in", 1024), float4s});
    ArgumentDelegate delegate;
    QWidget parent;
    QStyleOptionViewItem option;
    auto value = [&](int row) { return model.index(row, LaunchArgumentsModel::ValueColumn); };

    // A buffer picker: the buffers that fit, then after a separator those of another element
    // type (bound with a warning), NULL, and "New buffer...", which asks for one.
    std::unique_ptr<QWidget> editor(delegate.createEditor(&parent, option, value(0)));
    auto* picker = qobject_cast<QComboBox*>(editor.get());
    QVERIFY(picker);
    QCOMPARE(picker->objectName(), QStringLiteral("bufferPicker"));
    QStringList items;
    for (int i = 0; i < picker->count(); ++i)
        items.append(picker->itemText(i));
    QCOMPARE(items, (QStringList{QStringLiteral("in"), QString(), QStringLiteral("v"),
                                 QStringLiteral("NULL"), ArgumentDelegate::newBufferText()}));
    QVERIFY(picker->itemData(2, Qt::ToolTipRole).toString().contains(QStringLiteral("type")));
    delegate.setEditorData(picker, value(0));
    QCOMPARE(picker->currentIndex(), -1); // not set yet
    QSignalSpy wanted(&delegate, &ArgumentDelegate::newBufferRequested);
    Q_EMIT picker->activated(4);
    QCOMPARE(wanted.size(), 1);
    QCOMPARE(wanted.at(0).at(0).toInt(), 0);
    picker->setCurrentIndex(0);
    delegate.setModelData(picker, &model, value(0));
    QCOMPARE(model.launch().arguments.at(0).buffer, std::string("in"));

    // A scalar: a line edit whose validator knows the type.
    editor.reset(delegate.createEditor(&parent, option, value(2)));
    auto* edit = qobject_cast<QLineEdit*>(editor.get());
    QVERIFY(edit && edit->validator());
    edit->setText(QStringLiteral("x"));
    QVERIFY(!edit->hasAcceptableInput());
    QVERIFY(edit->toolTip().contains(QStringLiteral("not a number")));
    edit->setText(QStringLiteral("0.5"));
    QVERIFY(edit->hasAcceptableInput());
    QVERIFY(edit->toolTip().isEmpty());
    delegate.setModelData(edit, &model, value(2));
    QCOMPARE(model.launch().arguments.at(2).value, std::string("0.5"));

    // __local memory: bytes, proposing a size when unset.
    editor.reset(delegate.createEditor(&parent, option, value(3)));
    auto* spin = qobject_cast<QSpinBox*>(editor.get());
    QVERIFY(spin);
    delegate.setEditorData(spin, value(3));
    QVERIFY(spin->value() > 0);
    spin->setValue(512);
    delegate.setModelData(spin, &model, value(3));
    QCOMPARE(model.launch().arguments.at(3).localBytes, std::uint64_t(512));

    // The second kernel's float4 pointer lists the float4 buffer first.
    model.setContext(signatures.at(1), {}, {floatBuffer("in", 1024), float4s});
    editor.reset(delegate.createEditor(&parent, option, value(0)));
    picker = qobject_cast<QComboBox*>(editor.get());
    QVERIFY(picker);
    QCOMPARE(picker->itemText(0), QStringLiteral("v"));
    editor.reset(delegate.createEditor(&parent, option, value(1)));
    edit = qobject_cast<QLineEdit*>(editor.get());
    QVERIFY(edit);
    edit->setText(QStringLiteral("1, 2, 3"));
    QVERIFY(!edit->hasAcceptableInput());
    edit->setText(QStringLiteral("1, 2, 3, 4"));
    QVERIFY(edit->hasAcceptableInput());

    // A struct by value: a group of lines, one per field, each checked as typed.
    model.setContext(engine::parseKernelSignatures(kStructSource, "params.cl").at(0), {},
                     {floatBuffer("in", 1024)});
    editor.reset(delegate.createEditor(&parent, option, value(1)));
    auto* group = qobject_cast<StructFieldsEditor*>(editor.get());
    QVERIFY(group);
    auto* shift = group->findChild<QLineEdit*>(QStringLiteral("field:shift"));
    auto* scale = group->findChild<QLineEdit*>(QStringLiteral("field:scale"));
    QVERIFY(shift && scale);
    shift->setText(QStringLiteral("1, 2"));
    QVERIFY(!shift->hasAcceptableInput());
    shift->setText(QStringLiteral("1, 2, 3, 4"));
    QVERIFY(shift->hasAcceptableInput());
    scale->setText(QStringLiteral("0.5"));
    delegate.setModelData(group, &model, value(1));
    const engine::SessionArgument& bound = model.launch().arguments.at(1);
    QCOMPARE(bound.kind, engine::SessionArgument::Kind::Struct);
    QCOMPARE(bound.fields.size(), size_t(2));
    QCOMPARE(bound.fields[0].path, std::string("scale"));
    QCOMPARE(bound.fields[1].value, std::string("1, 2, 3, 4"));
    // Opened again, the group shows what is bound.
    editor.reset(delegate.createEditor(&parent, option, value(1)));
    group = qobject_cast<StructFieldsEditor*>(editor.get());
    delegate.setEditorData(group, value(1));
    QCOMPARE(group->findChild<QLineEdit*>(QStringLiteral("field:scale"))->text(),
             QStringLiteral("0.5"));
}

void LaunchPanelTest::beforeABuild() {
    DeviceHosts hosts;
    EngineBridge bridge;
    SessionController controller(bridge, hosts);

    engine::Session session;
    session.sources = engine::SourceSet::single(kSource, "scale.cl");
    session.buffers = {floatBuffer("in", 1024), floatBuffer("out", 1024)};
    engine::SessionLaunch launch;
    launch.name = "scale";
    launch.kernel = "scale";
    engine::SessionArgument in;
    in.kind = engine::SessionArgument::Kind::Buffer;
    in.buffer = "in";
    engine::SessionArgument factor;
    factor.kind = engine::SessionArgument::Kind::Scalar;
    factor.value = "2";
    launch.arguments = {in, in, factor};
    launch.global = {1024};
    session.launches = {launch};
    controller.openSession(session, {});

    LaunchPanel panel(controller);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* kernels = child<QComboBox>(panel, "kernelPicker");
    QVERIFY(kernels);
    QCOMPARE(kernels->count(), 1);
    QCOMPARE(kernels->currentText(), QStringLiteral("scale"));
    QCOMPARE(panel.currentLaunch(), 0);
    // No signature yet: the launch's own three arguments, by their stored kinds.
    auto* table = child<QTableView>(panel, "argumentsTable");
    QVERIFY(table);
    QCOMPARE(table->model()->rowCount(), 3);
    QCOMPARE(table->model()->index(2, LaunchArgumentsModel::ValueColumn).data().toString(),
             QStringLiteral("2"));
    QVERIFY(child<QLabel>(panel, "limitsLabel")->text().contains(QStringLiteral("Build")));

    QVERIFY(panel.runAction()->isEnabled());
    QCOMPARE(panel.runAction()->shortcut(), QKeySequence(Qt::Key_F5));
    QVERIFY(panel.runRepeatedAction()->isEnabled());
    QVERIFY(panel.sweepAction()->isEnabled());
    QVERIFY(!child<QPushButton>(panel, "cancelButton")->isEnabled());
    QVERIFY(child<QPushButton>(panel, "runButton")->isEnabled());

    // Sizes apply when typed and Return is pressed; text that does not read is refused.
    auto* global = child<QLineEdit>(panel, "globalSizeEdit");
    auto* local = child<QLineEdit>(panel, "localSizeEdit");
    auto* problem = child<QLabel>(panel, "problemLabel");
    QVERIFY(global && local && problem);
    QCOMPARE(global->text(), QStringLiteral("1024"));
    QVERIFY(problem->isHidden());
    type(global, QStringLiteral("64 x 16"));
    QCOMPARE(controller.session().launches[0].global, (std::vector<std::uint64_t>{64, 16}));
    type(local, QStringLiteral("8, abc"));
    QVERIFY(problem->isVisible());
    QVERIFY2(problem->text().contains(QStringLiteral("'abc' is not a whole number")),
             qPrintable(problem->text()));
    QVERIFY(controller.session().launches[0].local.empty());
    type(local, QStringLiteral("8"));
    QVERIFY2(problem->text().contains(QStringLiteral("dimensions")), qPrintable(problem->text()));
    type(local, QStringLiteral("8, 4"));
    QVERIFY(problem->isHidden());
    QCOMPARE(controller.session().launches[0].local, (std::vector<std::uint64_t>{8, 4}));

    // An edit of the argument goes into the session.
    QVERIFY(table->model()->setData(table->model()->index(1, LaunchArgumentsModel::ValueColumn),
                                    QStringLiteral("out")));
    QCOMPARE(controller.session().launches[0].arguments[1].buffer, std::string("out"));
    QVERIFY(controller.isModified());

    // A session without launches shows none, and Run has nothing to run.
    controller.openSession(engine::Session{}, {});
    QCOMPARE(panel.currentLaunch(), -1);
    QCOMPARE(kernels->count(), 0);
    QVERIFY(!panel.runAction()->isEnabled());
    QVERIFY(!panel.sweepAction()->isEnabled());
}

void LaunchPanelTest::theLoopOnTheDevice() {
    CLW_REQUIRE_DEVICE(device);
    DeviceHosts hosts;
    EngineBridge bridge;
    SessionController controller(bridge, hosts);
    engine::Session session;
    session.sources = engine::SourceSet::single(kSource, "scale.cl");
    session.buffers = {floatBuffer("in", 1024)};
    controller.openSession(session, {});
    controller.chooseDevice(QString::fromStdString(device.name()));

    LaunchPanel panel(controller);
    panel.resize(900, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    auto* kernels = child<QComboBox>(panel, "kernelPicker");
    auto* table = child<QTableView>(panel, "argumentsTable");
    auto* results = child<QLabel>(panel, "resultsLabel");
    auto* error = child<QLabel>(panel, "errorLabel");
    QVERIFY(kernels && table && results && error);

    QSignalSpy built(&controller, &SessionController::buildFinished);
    controller.build();
    QTRY_VERIFY_WITH_TIMEOUT(built.count() == 1 && !controller.isBusy(), 120000);
    QVERIFY2(built.front().at(0).toBool(), qPrintable(built.front().at(1).toString()));

    // Both kernels to pick from; none shown until one is picked.
    QCOMPARE(kernels->count(), 2);
    QCOMPARE(kernels->currentIndex(), -1);
    QCOMPARE(panel.currentLaunch(), -1);
    kernels->setCurrentIndex(kernels->findText(QStringLiteral("scale")));
    QCOMPARE(panel.currentLaunch(), 0);
    QCOMPARE(controller.session().launches.size(), size_t(1));
    QCOMPARE(controller.session().launches[0].arguments.size(), size_t(5));
    QAbstractItemModel* model = table->model();
    QCOMPARE(model->rowCount(), 5);
    auto value = [&](int row) { return model->index(row, LaunchArgumentsModel::ValueColumn); };
    QCOMPARE(model->index(0, LaunchArgumentsModel::DeclarationColumn).data().toString(),
             QStringLiteral("__global const float *in"));
    QCOMPARE(value(4).data().toString(), QStringLiteral("not set"));
    QCOMPARE(value(0).data(LaunchArgumentsModel::FittingBuffersRole).toStringList(),
             QStringList{QStringLiteral("in")});

    // Bind: a buffer picked, a new one created for `out`, a scalar refused then accepted, local
    // memory, the count.
    QVERIFY(model->setData(value(0), QStringLiteral("in")));
    NewBufferDialog* dialog = panel.newBufferForArgument(1);
    QVERIFY(dialog);
    auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("nameEdit"));
    auto* elementType = dialog->findChild<QLineEdit*>(QStringLiteral("typeEdit"));
    auto* shape = dialog->findChild<QLineEdit*>(QStringLiteral("shapeEdit"));
    QCOMPARE(name->text(), QStringLiteral("out"));
    QCOMPARE(elementType->text(), QStringLiteral("float"));
    QCOMPARE(shape->text(), QStringLiteral("1024")); // the launch's global size
    // The sizes are width first; the dialog shows the numpy shape they make, rows first.
    auto* numpyShape = dialog->findChild<QLabel*>(QStringLiteral("numpyShapeLabel"));
    QVERIFY(numpyShape);
    QCOMPARE(numpyShape->text(), QStringLiteral("numpy shape (1024,)"));
    shape->setText(QStringLiteral("64, 48"));
    QCOMPARE(numpyShape->text(), QStringLiteral("numpy shape (48, 64)"));
    shape->setText(QStringLiteral("1024"));
    name->setText(QStringLiteral("in"));
    QVERIFY(!dialog->problem().isEmpty()); // taken
    name->setText(QStringLiteral("out"));
    QVERIFY(dialog->problem().isEmpty());
    dialog->accept();
    const engine::SessionBuffer* out = controller.session().findBuffer("out");
    QVERIFY(out);
    QCOMPARE(out->elementType, std::string("float"));
    QCOMPARE(out->shape, std::vector<std::uint64_t>{1024});
    QCOMPARE(controller.session().launches[0].arguments[1].buffer, std::string("out"));

    QVERIFY(!model->setData(value(2), QStringLiteral("twice")));
    QVERIFY(value(2)
                .data(LaunchArgumentsModel::ProblemRole)
                .toString()
                .contains(QStringLiteral("not a number")));
    QVERIFY(model->setData(value(2), QStringLiteral("2.5")));
    QVERIFY(model->setData(value(3), qulonglong(4096 * sizeof(float))));
    QVERIFY(model->setData(value(4), QStringLiteral("1024")));
    QVERIFY(panel.argumentsModel()->problems().isEmpty());
    QCOMPARE(controller.session().launches[0].arguments[2].value, std::string("2.5"));

    // A local size above the limits: the problem shows with a suggestion, which applies.
    const std::optional<engine::KernelLimits> limits = controller.limits("scale");
    QVERIFY(limits);
    QVERIFY(child<QLabel>(panel, "limitsLabel")
                ->text()
                .contains(QString::number(limits->maxWorkGroupSize())));
    auto* local = child<QLineEdit>(panel, "localSizeEdit");
    auto* problem = child<QLabel>(panel, "problemLabel");
    auto* suggest = child<QPushButton>(panel, "suggestButton");
    QVERIFY(local && problem && suggest);
    const size_t tooBig =
        2 * std::max<size_t>(limits->maxWorkGroupSize(),
                             limits->maxWorkItemSizes.empty() ? 0 : limits->maxWorkItemSizes[0]);
    type(local, QString::number(tooBig));
    QVERIFY(problem->isVisible());
    QVERIFY(!problem->text().isEmpty());
    QVERIFY(suggest->isVisible());
    QVERIFY(panel.geometryEditor()->suggestion().has_value());
    const auto suggested = *panel.geometryEditor()->suggestion();
    suggest->click();
    QCOMPARE(controller.session().launches[0].local, suggested);
    QVERIFY(problem->isHidden());
    QVERIFY(suggest->isHidden());
    QCOMPARE(1024 % suggested[0], std::uint64_t(0));

    // Run: an argument still being edited counts; the time shows with the sizes used.
    table->setCurrentIndex(value(2));
    table->edit(value(2));
    auto* factor = table->viewport()->findChild<QLineEdit*>(QStringLiteral("valueEdit"));
    QVERIFY(factor);
    factor->setText(QStringLiteral("3"));
    QSignalSpy runs(&controller, &SessionController::runFinished);
    child<QPushButton>(panel, "runButton")->click();
    QCOMPARE(controller.session().launches[0].arguments[2].value, std::string("3"));
    QVERIFY(child<QPushButton>(panel, "cancelButton")->isEnabled());
    QVERIFY(!panel.runAction()->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(runs.count() == 1 && !controller.isBusy(), 120000);
    QVERIFY2(runs.front().at(0).value<RunRecord>().ok,
             qPrintable(runs.front().at(0).value<RunRecord>().error));
    QVERIFY2(results->text().contains(QStringLiteral("µs")), qPrintable(results->text()));
    QVERIFY2(results->text().contains(QStringLiteral("global 1024, local %1").arg(suggested[0])),
             qPrintable(results->text()));
    QVERIFY(error->isHidden());
    QVERIFY(!child<QPushButton>(panel, "cancelButton")->isEnabled());

    // Run N times.
    child<QSpinBox>(panel, "runCountSpin")->setValue(4);
    child<QPushButton>(panel, "runRepeatedButton")->click();
    QTRY_VERIFY_WITH_TIMEOUT(runs.count() == 2 && !controller.isBusy(), 120000);
    QVERIFY2(results->text().contains(QStringLiteral("(4 times)")), qPrintable(results->text()));
    QCOMPARE(runs.last().at(0).value<RunRecord>().kernelNs.size(), size_t(4));

    // A sweep: a table of local sizes, the best and the worst said in words.
    QSignalSpy sweeps(&controller, &SessionController::sweepFinished);
    child<QPushButton>(panel, "sweepButton")->click();
    QTRY_VERIFY_WITH_TIMEOUT(sweeps.count() == 1 && !controller.isBusy(), 300000);
    auto* table2 = child<QTableWidget>(panel, "sweepTable");
    QVERIFY(table2 && table2->isVisible());
    QVERIFY(table2->rowCount() >= 1);
    // In the order the sizes ran.
    const SweepResult sweep = sweeps.front().at(0).value<SweepResult>();
    QCOMPARE(table2->rowCount(), int(sweep.points.size()));
    for (int row = 0; row < table2->rowCount(); ++row)
        QCOMPARE(table2->item(row, 0)->text(),
                 RunRecord::sizeText(sweep.points[size_t(row)].local));
    QStringList notes;
    for (int row = 0; row < table2->rowCount(); ++row)
        if (QTableWidgetItem* item = table2->item(row, table2->columnCount() - 1))
            notes.append(item->text());
    QVERIFY(sweep.best >= 0);
    QCOMPARE(notes.at(sweep.best), QStringLiteral("best (lowest median)"));
    if (sweep.worst != sweep.best)
        QCOMPARE(notes.at(sweep.worst), QStringLiteral("worst (highest median)"));
    // "Use best" puts the best local size into the launch.
    auto* useBest = child<QPushButton>(panel, "useBestButton");
    QVERIFY(useBest && useBest->isVisible());
    useBest->click();
    QCOMPARE(controller.session().launches[0].local, sweep.points[size_t(sweep.best)].local);
    QVERIFY2(results->text().startsWith(QStringLiteral("Sweep of ")), qPrintable(results->text()));
    QVERIFY(error->isHidden());

    // An argument the engine refuses: the error shows in red, with what to do.
    engine::SessionLaunch broken = controller.session().launches[0];
    broken.arguments[4].value = "-1";
    controller.setLaunch(0, broken);
    QVERIFY(model->index(4, LaunchArgumentsModel::StatusColumn)
                .data()
                .toString()
                .contains(QStringLiteral("negative")));
    panel.runAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(!error->isHidden() && !controller.isBusy(), 120000);
    QVERIFY2(error->text().contains(QStringLiteral("argument 4")), qPrintable(error->text()));
    QVERIFY2(error->text().contains(QStringLiteral("Fix the launch's arguments")),
             qPrintable(error->text()));
    QCOMPARE(error->palette().color(QPalette::WindowText), QColor(0xc0, 0x1c, 0x28));

    // The second kernel: a launch of its own; a float4 takes four values or one.
    kernels->setCurrentIndex(kernels->findText(QStringLiteral("fill")));
    QCOMPARE(panel.currentLaunch(), 1);
    QCOMPARE(panel.currentKernel(), QStringLiteral("fill"));
    QCOMPARE(model->rowCount(), 2);
    QVERIFY(!model->setData(value(1), QStringLiteral("1, 2, 3")));
    QVERIFY(model->setData(value(1), QStringLiteral("1, 2, 3, 4")));
    QCOMPARE(controller.session().launches[1].arguments[1].value, std::string("1, 2, 3, 4"));
    // Only float4 buffers fit its output; none yet.
    QVERIFY(value(0).data(LaunchArgumentsModel::FittingBuffersRole).toStringList().isEmpty());
    dialog = panel.newBufferForArgument(0);
    QVERIFY(dialog);
    QCOMPARE(dialog->findChild<QLineEdit*>(QStringLiteral("typeEdit"))->text(),
             QStringLiteral("float4"));
    dialog->reject();
    QVERIFY(!controller.session().findBuffer("out_2"));

    // Back to the first kernel: its launch, its latest results.
    kernels->setCurrentIndex(kernels->findText(QStringLiteral("scale")));
    QCOMPARE(panel.currentLaunch(), 0);
    QCOMPARE(model->rowCount(), 5);
}

// A run whose device host ended: the error line says how it ended and its last words, and what
// to do; the stack where it stopped is left to the log.
void LaunchPanelTest::aStoppedHostIsSaidWithoutItsStack() {
    DeviceHosts hosts;
    EngineBridge bridge;
    SessionController controller(bridge, hosts);
    LaunchPanel panel(controller);
    const QString words =
        QStringLiteral("The device host for `Portable Computing Language` stopped while running "
                       "`spin` (SIGABRT). Its last words:\npocl_binary.c:771: Assertion failed");
    Q_EMIT controller.errorOccurred(
        QStringLiteral("host"),
        words + QStringLiteral("\nWhere it stopped:\nclworkbench-host(+0x78fa8)[0x5647e46d7fa8]"));
    QCOMPARE(panel.errorText(), words + QStringLiteral("\nRun again to start a new host."));
}

QTEST_MAIN(LaunchPanelTest)
#include "tst_launchpanel.moc"
