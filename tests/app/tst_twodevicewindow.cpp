// "Run on two devices..." in the workbench (issue 19), as a person drives it: a session whose
// kernel adds 1 at every i with i % 7 == 3 only where the device speaks OpenCL C 2.0 or later
// (PoCL does, Oclgrind speaks 1.2) runs on PoCL and Oclgrind from the launch panel's action; the
// buffer inspector's Diff tab then shows the counts, the largest errors, the ULP histogram, the
// first differing elements and the picture of where they are, and a click on a difference goes
// to the element. PoCL and Oclgrind must be installed (scripts/setup): without them this fails.
// With CLW_SCREENSHOT_DIR set, a screenshot of the window is kept.
#include "DifferentialActions.h"
#include "MainWindow.h"
#include "WorkbenchContext.h"
#include "inspector/BufferInspector.h"
#include "inspector/BufferTableView.h"
#include "inspector/DiffPanel.h"
#include "inspector/DifferentialView.h"
#include "inspector/HeatMapView.h"
#include "launch/DifferentialController.h"
#include "launch/TwoDevicesDialog.h"
#include "session/SessionWorkflow.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace clw;

namespace {

const char kKernel[] =
    "__kernel void vector_add(__global const float* a, __global const float* b,\n"
    "                         __global float* c) {\n"
    "    const size_t i = get_global_id(0);\n"
    "    c[i] = a[i] + b[i];\n"
    "#if __OPENCL_VERSION__ >= 200\n"
    "    if (i % 7 == 3)\n"
    "        c[i] += 1.0f;\n"
    "#endif\n"
    "}\n";

// The vector-add sample (c = 3i over 1024 floats) with kKernel, written to `dir`.
QString writeSession(const QTemporaryDir& dir) {
    QFile sample(QStringLiteral(CLW_SAMPLES_DIR "/vector_add.clwb"));
    if (!sample.open(QIODevice::ReadOnly))
        return {};
    QJsonObject session = QJsonDocument::fromJson(sample.readAll()).object();
    QJsonObject sources = session.value(QStringLiteral("sources")).toObject();
    QJsonArray files = sources.value(QStringLiteral("files")).toArray();
    QJsonObject file = files.at(0).toObject();
    file.insert(QStringLiteral("text"), QLatin1String(kKernel));
    files.replace(0, file);
    sources.insert(QStringLiteral("files"), files);
    session.insert(QStringLiteral("sources"), sources);
    const QString path = dir.filePath(QStringLiteral("versions.clwb"));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return {};
    out.write(QJsonDocument(session).toJson());
    return path;
}

QStringList column(QTableWidget* table, int index) {
    QStringList cells;
    for (int row = 0; row < table->rowCount(); ++row)
        cells << (table->item(row, index) ? table->item(row, index)->text() : QString());
    return cells;
}

QString cell(QTableWidget* table, int row, int index) {
    return table->item(row, index) ? table->item(row, index)->text() : QString();
}

// PoCL's device, as the workbench lists it; empty when PoCL is missing.
QString poclDeviceName(const app::WorkbenchContext& context) {
    for (const ui::DeviceEntry& device : context.devices().allDevices())
        if (device.platformName.contains(QStringLiteral("Portable Computing Language")))
            return device.name;
    return {};
}

} // namespace

class TestTwoDeviceWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aKnownDifferenceIsShownElementByElement() {
        const QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = writeSession(dir);
        QVERIFY(!path.isEmpty());

        app::WorkbenchContext context;
        app::MainWindow window(context);
        window.sessions()->setQuestion([](const QString&, const QString&,
                                          QMessageBox::StandardButtons buttons) {
            return buttons.testFlag(QMessageBox::Discard) ? QMessageBox::Discard : QMessageBox::Yes;
        });
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.sessions()->open(path));
        QTRY_VERIFY_WITH_TIMEOUT(context.hasDevices(), 60000);

        auto* actions = window.findChild<app::DifferentialActions*>();
        QVERIFY(actions);
        auto* action = window.findChild<QAction*>(QStringLiteral("twoDevicesAction"));
        QVERIFY(action);
        QVERIFY(action->isEnabled());
        action->trigger();
        ui::TwoDevicesDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<ui::TwoDevicesDialog*>()) != nullptr);
        // The session's device (the default one: a GPU where there is one, else PoCL) against
        // Oclgrind, to begin with.
        const ui::DeviceEntry* standard = context.devices().defaultDevice();
        QVERIFY(standard);
        QCOMPARE(dialog->testedDevice(), standard->name);
        // The known difference is PoCL's (OpenCL C 2.0 and later) against Oclgrind's: where the
        // default is another device, PoCL is picked in the dialog, as a person would.
        const QString pocl = poclDeviceName(context);
        QVERIFY2(!pocl.isEmpty(), "PoCL not found: run scripts/setup (pocl-opencl-icd)");
        if (dialog->testedDevice() != pocl) {
            QComboBox* tested = dialog->testedBox();
            tested->setCurrentIndex(tested->findText(pocl));
            QCOMPARE(dialog->testedDevice(), pocl);
        }
        QCOMPARE(dialog->referenceDevice(), QStringLiteral("Oclgrind Simulator"));
        QCOMPARE(dialog->toleranceText(), QStringLiteral("exact"));
        // A tolerance that does not read is said there, and Run waits for a good one.
        dialog->toleranceEdit()->setText(QStringLiteral("4ulpp"));
        QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("toleranceProblem"))
                    ->text()
                    .contains(QStringLiteral("write exact, 4ulp")));
        dialog->toleranceEdit()->setText(QStringLiteral("exact"));
        dialog->accept();
        QVERIFY(actions->controller()->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!actions->controller()->isRunning(), 120000);

        ui::BufferInspector* inspector = window.bufferInspector();
        ui::DifferentialView* view = inspector->diff()->differential();
        QTRY_VERIFY(view->isVisible());
        QVERIFY2(view->current(), qPrintable(view->runsLabel()->text()));
        QVERIFY(view->runsLabel()->text().contains(
            QStringLiteral("B: %1 on Oclgrind Simulator").arg(path)));
        QVERIFY(view->runsLabel()->text().contains(QStringLiteral("1 of 1 buffers differ")));
        QCOMPARE(view->currentBuffer(), QStringLiteral("c"));

        // c = 3i on Oclgrind, 3i + 1 on PoCL where i % 7 == 3: 146 of 1024 elements, 1 apart,
        // the largest relatively at i = 3 (10 against 9).
        const QString summary = view->summaryLabel()->text();
        QVERIFY2(summary.contains(QStringLiteral("differs: 146 of 1024 elements beyond exact")),
                 qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("Max absolute error 1 (element 3), max relative "
                                                 "error 0.111111, max 1048576 ULPs")),
                 qPrintable(summary));
        // One row, a bucket a column. 3i + 1 against 3i: 2^20 ULPs at 9, halving as the
        // exponent grows; past 64 (i >= 45) at most 65536.
        QTableWidget* histogram = view->histogramTable();
        QStringList labels;
        for (int c = 0; c < histogram->columnCount(); ++c)
            labels << histogram->horizontalHeaderItem(c)->text();
        QCOMPARE(labels,
                 (QStringList{QStringLiteral("0"), QStringLiteral("1"), QStringLiteral("2"),
                              QStringLiteral("3-4"), QStringLiteral("5-8"), QStringLiteral("9-16"),
                              QStringLiteral("17-256"), QStringLiteral("257-65536"),
                              QStringLiteral(">65536"), QStringLiteral("NaN against a number")}));
        QCOMPARE(histogram->rowCount(), 1);
        QStringList counts;
        for (int c = 0; c < histogram->columnCount(); ++c)
            counts << cell(histogram, 0, c);
        QCOMPARE(counts,
                 (QStringList{QStringLiteral("878"), QStringLiteral("0"), QStringLiteral("0"),
                              QStringLiteral("0"), QStringLiteral("0"), QStringLiteral("0"),
                              QStringLiteral("0"), QStringLiteral("140"), QStringLiteral("6"),
                              QStringLiteral("0")}));
        QTableWidget* first = view->differencesTable();
        QCOMPARE(first->rowCount(), 10);
        QStringList indices;
        for (int k = 0; k < 10; ++k)
            indices << QString::number(3 + 7 * k);
        QCOMPARE(column(first, 0), indices);
        QCOMPARE(cell(first, 0, 1), QStringLiteral("(3)"));
        QCOMPARE(cell(first, 0, 2), QStringLiteral("10"));
        QCOMPARE(cell(first, 0, 3), QStringLiteral("9"));
        QCOMPARE(cell(first, 0, 4), QStringLiteral("1"));
        QCOMPARE(cell(first, 0, 5), QStringLiteral("1048576"));

        // The picture: 1024 elements wrapped 32 a row, 146 of its points lit.
        const ui::HeatMapData& mask = view->maskView()->data();
        QCOMPARE(mask.width, std::uint64_t(32));
        QCOMPARE(mask.height, std::uint64_t(32));
        QCOMPARE(std::count(mask.values.begin(), mask.values.end(), 1.0f), 146);
        QCOMPARE(mask.at(3, 0, 0), 1.0f);
        QCOMPARE(mask.at(4, 0, 0), 0.0f);

        // The inspector shows A's c with its differences highlighted; B's c is there too.
        QCOMPARE(inspector->currentBuffer(), QStringLiteral("A: c"));
        QVERIFY(inspector->bufferNames().contains(QStringLiteral("B: c")));
        QVERIFY(inspector->diff()->result());
        QCOMPARE(inspector->diff()->result()->changed(), std::uint64_t(146));
        QVERIFY(inspector->diff()->result()->isChanged(10));
        // A click on a difference goes to its element.
        first->cellClicked(2, 0);
        QCOMPARE(inspector->tableView()->currentElement(), std::optional<quint64>(17));
        first->cellClicked(9, 0);
        QCOMPARE(inspector->tableView()->currentElement(), std::optional<quint64>(66));

        if (const QString shots = qEnvironmentVariable("CLW_SCREENSHOT_DIR"); !shots.isEmpty()) {
            QDir().mkpath(shots);
            window.resize(1600, 1200);
            QTest::qWait(200);
            QVERIFY(window.grab().save(shots + QStringLiteral("/two-devices.png")));
            QVERIFY(
                inspector->diff()->grab().save(shots + QStringLiteral("/two-devices-diff.png")));
        }

        // Within a tolerance of 1 nothing differs; the picture is dark.
        action->trigger();
        QTRY_VERIFY((dialog = window.findChild<ui::TwoDevicesDialog*>()) != nullptr);
        dialog->toleranceEdit()->setText(QStringLiteral("c=abs=1"));
        dialog->accept();
        QTRY_VERIFY_WITH_TIMEOUT(!actions->controller()->isRunning(), 120000);
        QTRY_VERIFY(view->summaryLabel()->text().startsWith(
            QStringLiteral("within abs=1 (1024 elements)")));
        QCOMPARE(std::count(view->maskView()->data().values.begin(),
                            view->maskView()->data().values.end(), 1.0f),
                 0);
        QCOMPARE(cell(view->histogramTable(), 0, 8), QStringLiteral("6"));
        QCOMPARE(view->differencesTable()->rowCount(), 0);
    }
};

QTEST_MAIN(TestTwoDeviceWindow)
#include "tst_twodevicewindow.moc"
