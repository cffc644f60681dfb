// installer.desktop: the desktop integration files in resources/linux/, validated by the
// freedesktop.org tools a distribution would use: desktop-file-validate for the desktop entry,
// appstreamcli for the metainfo, update-mime-database for the MIME type. The three must agree
// on the application id, the icon name and the session MIME type.
#include "ToolRun.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using clw::test::findTool;
using clw::test::runTool;
using clw::test::ToolRun;

namespace {

const QString kLinuxDir = QStringLiteral(CLW_LINUX_RESOURCES_DIR);
const QString kAppId = QStringLiteral("io.clworkbench.CLWorkbench");
const QString kSessionType = QStringLiteral("application/x-clworkbench-session");

QString readText(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The value of "Key=" in a desktop entry.
QString desktopValue(const QString& entry, const QString& key) {
    const QRegularExpression line(QStringLiteral("^%1=(.*)$").arg(key),
                                  QRegularExpression::MultilineOption);
    return line.match(entry).captured(1);
}

} // namespace

class TestDesktopFiles : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void desktopEntryIsValid();
    void desktopEntryOpensSessions();
    void metainfoIsValid();
    void mimeTypeRegistersClwbFiles();
};

void TestDesktopFiles::desktopEntryIsValid() {
    const QString validator = findTool(QStringLiteral("desktop-file-validate"));
    QVERIFY2(!validator.isEmpty(), "desktop-file-validate is missing: run scripts/setup "
                                   "(desktop-file-utils)");
    const QString path = kLinuxDir + QStringLiteral("/%1.desktop").arg(kAppId);
    const ToolRun run = runTool(validator, {path});
    // It prints hints and errors alike; a valid entry prints nothing.
    QVERIFY2(run.ok() && run.out.trimmed().isEmpty() && run.err.trimmed().isEmpty(),
             qPrintable(run.describe(QStringLiteral("desktop-file-validate"))));
}

void TestDesktopFiles::desktopEntryOpensSessions() {
    const QString entry = readText(kLinuxDir + QStringLiteral("/%1.desktop").arg(kAppId));
    QVERIFY(!entry.isEmpty());
    QCOMPARE(desktopValue(entry, QStringLiteral("Exec")), QStringLiteral("clworkbench %f"));
    QCOMPARE(desktopValue(entry, QStringLiteral("Icon")), kAppId);
    QVERIFY(desktopValue(entry, QStringLiteral("MimeType"))
                .split(QLatin1Char(';'), Qt::SkipEmptyParts)
                .contains(kSessionType));
    // The icon it names is the one SVG every icon is rendered from.
    QVERIFY(QFile::exists(QStringLiteral(CLW_ICON_SVG)));
    QCOMPARE(QFileInfo(QStringLiteral(CLW_ICON_SVG)).completeBaseName(), kAppId);
}

void TestDesktopFiles::metainfoIsValid() {
    const QString appstreamcli = findTool(QStringLiteral("appstreamcli"));
    QVERIFY2(!appstreamcli.isEmpty(), "appstreamcli is missing: run scripts/setup (appstream)");
    const QString path = kLinuxDir + QStringLiteral("/%1.metainfo.xml").arg(kAppId);
    const ToolRun run =
        runTool(appstreamcli, {QStringLiteral("validate"), QStringLiteral("--no-net"), path});
    QVERIFY2(run.ok(), qPrintable(run.describe(QStringLiteral("appstreamcli validate"))));

    const QString metainfo = readText(path);
    QVERIFY(metainfo.contains(QStringLiteral("<id>%1</id>").arg(kAppId)));
    QVERIFY(metainfo.contains(
        QStringLiteral("<launchable type=\"desktop-id\">%1.desktop</launchable>").arg(kAppId)));
    QVERIFY(metainfo.contains(QStringLiteral("<mediatype>%1</mediatype>").arg(kSessionType)));
    // The newest release is this version (bump both together).
    QVERIFY2(
        metainfo.contains(
            QStringLiteral("<release version=\"%1\"").arg(QStringLiteral(CLW_EXPECTED_VERSION))),
        "the metainfo's first <release> is not the project's version");
}

// update-mime-database builds the shared MIME database from the package file, as the
// shared-mime-info trigger does after installation; *.clwb must map to the session type.
void TestDesktopFiles::mimeTypeRegistersClwbFiles() {
    const QString updater = findTool(QStringLiteral("update-mime-database"));
    QVERIFY2(!updater.isEmpty(),
             "update-mime-database is missing: run scripts/setup (shared-mime-info)");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString mime = dir.filePath(QStringLiteral("mime"));
    QVERIFY(QDir().mkpath(mime + QStringLiteral("/packages")));
    QVERIFY(QFile::copy(kLinuxDir + QStringLiteral("/%1.mime.xml").arg(kAppId),
                        mime + QStringLiteral("/packages/%1.xml").arg(kAppId)));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("PKGSYSTEM_ENABLE_FSYNC"), QStringLiteral("0"));
    const ToolRun run = runTool(updater, {QStringLiteral("-V"), mime}, {}, environment);
    QVERIFY2(run.ok(), qPrintable(run.describe(QStringLiteral("update-mime-database"))));
    QVERIFY2(!run.err.contains(QStringLiteral("warning"), Qt::CaseInsensitive),
             qPrintable(run.err));

    const QString globs = readText(mime + QStringLiteral("/globs2"));
    QVERIFY2(globs.contains(QStringLiteral(":%1:*.clwb").arg(kSessionType)), qPrintable(globs));
    const QString type = readText(mime + QStringLiteral("/%1.xml").arg(kSessionType));
    QVERIFY2(type.contains(QStringLiteral("CL Workbench session")), qPrintable(type));
    QVERIFY(readText(mime + QStringLiteral("/icons"))
                .contains(kSessionType + QLatin1Char(':') + kAppId));
}

QTEST_GUILESS_MAIN(TestDesktopFiles)
#include "tst_desktopfiles.moc"
