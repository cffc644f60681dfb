// DeviceBrowserPanel: the device list is read on a worker thread and fills the tree; selecting a
// device shows every row of its info table.
#include "bridge/EngineBridge.h"
#include "devices/DeviceBrowserPanel.h"
#include "models/DeviceListModel.h"
#include "models/DevicePropertiesModel.h"

#include "clw/engine/DeviceInfo.h"

#include "TestDevice.h"

#include <QSignalSpy>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

using namespace clw::ui;

class TestDeviceBrowserPanel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fillsFromTheEngineAndShowsProperties();
};

void TestDeviceBrowserPanel::fillsFromTheEngineAndShowsProperties() {
    CLW_REQUIRE_DEVICE(device);
    EngineBridge bridge(2);
    DeviceBrowserPanel panel(bridge);
    QSignalSpy ready(&panel, &DeviceBrowserPanel::snapshotReady);
    panel.show();
    QVERIFY(panel.isProbing());
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 60000);
    QVERIFY(!panel.isProbing());
    QVERIFY(panel.deviceModel()->snapshot().deviceCount() >= 1);
    QVERIFY2(!panel.statusText().contains(QStringLiteral("No OpenCL")),
             qPrintable(panel.statusText()));

    // The default device is selected and its properties shown, every row of the table.
    QCOMPARE(panel.propertiesModel()->rowCount(), int(std::size(clw::engine::kDeviceInfoParams)));
    QCOMPARE(panel.propertiesView()->model()->rowCount(), panel.propertiesModel()->rowCount());

    // Selecting a platform row clears the properties; selecting the test device shows them.
    const QModelIndex platform = panel.deviceModel()->index(0, 0);
    panel.deviceView()->setCurrentIndex(platform);
    QCOMPARE(panel.propertiesModel()->rowCount(), 0);
    QModelIndex testDevice;
    for (int d = 0; d < panel.deviceModel()->rowCount(platform); ++d) {
        const QModelIndex row = panel.deviceModel()->index(d, 0, platform);
        if (panel.deviceModel()->data(row).toString() == QString::fromStdString(device.name()))
            testDevice = row;
    }
    if (!testDevice.isValid()) // the test device may be on another platform
        testDevice = panel.deviceModel()->defaultDeviceIndex();
    QVERIFY(testDevice.isValid());
    panel.deviceView()->setCurrentIndex(testDevice);
    QVERIFY(panel.propertiesModel()->rowCount() > 0);

    // A refresh reads again and replaces the snapshot.
    panel.refresh();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 2, 60000);
}

QTEST_MAIN(TestDeviceBrowserPanel)
#include "tst_devicebrowserpanel.moc"
