// installer.deb: the Linux packages as a person gets them. Runs cpack (DEB and TGZ) on this
// build tree into a temporary folder, checks what the packages hold and declare, unpacks the
// workbench package into a scratch root (dpkg-deb -x: a real dpkg -i would change the system)
// and runs the unpacked clworkbench from there.
#include "ToolRun.h"

#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Platform.h"

#include <QDir>
#include <QDirIterator>
#include <QImage>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

namespace engine = clw::engine;
using clw::test::findTool;
using clw::test::runTool;
using clw::test::ToolRun;

namespace {

const QString kVersion = QStringLiteral(CLW_EXPECTED_VERSION);
const QString kAppId = QStringLiteral("io.clworkbench.CLWorkbench");

// "a, b | c (>= 1)" -> {"a", "b | c"}: each alternative list without its version constraints.
QSet<QString> dependencies(const QString& field) {
    QSet<QString> result;
    static const QRegularExpression version(QStringLiteral("\\s*\\([^)]*\\)"));
    for (QString entry : field.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        entry.remove(version);
        result.insert(entry.simplified());
    }
    return result;
}

} // namespace

class TestDebPackage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void packagesAreNamedForApt();
    void workbenchPackageHoldsEverything();
    void workbenchPackageHoldsEverySample();
    void workbenchDependsOnQtQScintillaAndOpenCl();
    void aptResolvesBothPackages();
    void iconsHaveTheirSizes();
    void installedWorkbenchRuns();
    void installedBinaryHasNoBuildPaths();
    void enginePackageHoldsTheLibrary();
    void tarballHoldsBothComponents();
    void everyInstallRuleNamesAComponent();

private:
    QString field(const QString& deb, const QString& name);
    QStringList contents(const QString& deb);

    QTemporaryDir m_dir;
    QString m_workbenchDeb;
    QString m_engineDeb;
    QString m_tarball;
    QString m_root; // the workbench package unpacked
};

void TestDebPackage::initTestCase() {
    QVERIFY(m_dir.isValid());
    for (const char* tool : {"dpkg-deb", "dpkg-shlibdeps", "file"})
        QVERIFY2(!findTool(QString::fromUtf8(tool)).isEmpty(),
                 qPrintable(QStringLiteral("%1 is missing: run scripts/setup (dpkg-dev, file)")
                                .arg(QString::fromUtf8(tool))));
    const QString out = m_dir.filePath(QStringLiteral("packages"));
    const ToolRun cpack =
        runTool(QStringLiteral(CLW_CPACK_COMMAND),
                {QStringLiteral("--config"), QStringLiteral(CLW_BUILD_DIR "/CPackConfig.cmake"),
                 QStringLiteral("-G"), QStringLiteral("DEB;TGZ"), QStringLiteral("-B"), out});
    QVERIFY2(cpack.ok(), qPrintable(cpack.describe(QStringLiteral("cpack"))));

    const QDir packages(out);
    const QStringList debs = packages.entryList({QStringLiteral("*.deb")}, QDir::Files);
    const QStringList tarballs = packages.entryList({QStringLiteral("*.tar.gz")}, QDir::Files);
    for (const QString& deb : debs) {
        if (deb.startsWith(QStringLiteral("clworkbench_")))
            m_workbenchDeb = packages.filePath(deb);
        else if (deb.startsWith(QStringLiteral("libclw-engine-dev_")))
            m_engineDeb = packages.filePath(deb);
    }
    QVERIFY2(!m_workbenchDeb.isEmpty() && !m_engineDeb.isEmpty(), qPrintable(debs.join(u' ')));
    QCOMPARE(tarballs.size(), 1);
    m_tarball = packages.filePath(tarballs.first());

    m_root = m_dir.filePath(QStringLiteral("root"));
    const ToolRun extract =
        runTool(QStringLiteral("dpkg-deb"), {QStringLiteral("-x"), m_workbenchDeb, m_root});
    QVERIFY2(extract.ok(), qPrintable(extract.describe(QStringLiteral("dpkg-deb -x"))));
}

QString TestDebPackage::field(const QString& deb, const QString& name) {
    const ToolRun run = runTool(QStringLiteral("dpkg-deb"), {QStringLiteral("-f"), deb, name});
    return run.ok() ? run.out.trimmed() : QString();
}

// The paths a package holds, as "usr/bin/clworkbench" (dpkg-deb -c lists "./usr/...").
QStringList TestDebPackage::contents(const QString& deb) {
    const ToolRun run = runTool(QStringLiteral("dpkg-deb"), {QStringLiteral("-c"), deb});
    QStringList paths;
    for (const QString& line : run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        QString path = line.section(QLatin1Char(' '), -1);
        if (path.startsWith(QStringLiteral("./")))
            path = path.mid(2);
        if (!path.isEmpty() && !path.endsWith(QLatin1Char('/')))
            paths << path;
    }
    return paths;
}

// apt install ./clworkbench_*.deb: Debian's <name>_<version>-<release>_<arch>.deb.
void TestDebPackage::packagesAreNamedForApt() {
    QCOMPARE(field(m_workbenchDeb, QStringLiteral("Package")), QStringLiteral("clworkbench"));
    QCOMPARE(field(m_workbenchDeb, QStringLiteral("Version")), kVersion + QStringLiteral("-1"));
    const QString arch = field(m_workbenchDeb, QStringLiteral("Architecture"));
    QVERIFY(!arch.isEmpty());
    QCOMPARE(QFileInfo(m_workbenchDeb).fileName(),
             QStringLiteral("clworkbench_%1-1_%2.deb").arg(kVersion, arch));
    QCOMPARE(field(m_engineDeb, QStringLiteral("Package")), QStringLiteral("libclw-engine-dev"));
}

void TestDebPackage::workbenchPackageHoldsEverything() {
    const QStringList paths = contents(m_workbenchDeb);
    QStringList expected = {
        QStringLiteral("usr/bin/clworkbench"),
        QStringLiteral("usr/bin/clworkbench-host"), // every OpenCL call runs in it
        QStringLiteral("usr/share/applications/%1.desktop").arg(kAppId),
        QStringLiteral("usr/share/mime/packages/%1.xml").arg(kAppId),
        QStringLiteral("usr/share/metainfo/%1.metainfo.xml").arg(kAppId),
        QStringLiteral("usr/share/man/man1/clworkbench.1.gz"),
        QStringLiteral("usr/share/icons/hicolor/scalable/apps/%1.svg").arg(kAppId),
    };
    for (int size : {CLW_ICON_SIZES})
        expected
            << QStringLiteral("usr/share/icons/hicolor/%1x%1/apps/%2.png").arg(size).arg(kAppId);
    for (const QString& path : expected)
        QVERIFY2(paths.contains(path),
                 qPrintable(path + QStringLiteral(" not in\n") + paths.join(u'\n')));
    // The layer `clworkbench capture` loads into a person's program.
    QVERIFY2(!paths.filter(QStringLiteral("/clworkbench/libclworkbench_capture.so")).isEmpty(),
             qPrintable(QStringLiteral("the capture layer not in\n") + paths.join(u'\n')));
    // Nothing of the engine's development files: they are libclw-engine-dev's.
    for (const QString& path : paths)
        QVERIFY2(!path.startsWith(QStringLiteral("usr/include/")) && !path.endsWith(u".a"),
                 qPrintable(path));
}

void TestDebPackage::workbenchPackageHoldsEverySample() {
    const QStringList paths = contents(m_workbenchDeb);
    const QDir samples(QStringLiteral(CLW_SAMPLES_DIR));
    QStringList files; // kernels, sessions and the data files beside them
    QDirIterator it(samples.path(), QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << samples.relativeFilePath(it.next());
    QVERIFY(!files.isEmpty());
    for (const QString& file : files)
        QVERIFY2(paths.contains(QStringLiteral("usr/share/clworkbench/samples/") + file),
                 qPrintable(file));
}

void TestDebPackage::workbenchDependsOnQtQScintillaAndOpenCl() {
    const QString depends = field(m_workbenchDeb, QStringLiteral("Depends"));
    const QSet<QString> alternatives = dependencies(depends);
    // From the binary (dpkg-shlibdeps) and named in installer/cmake/ClwDebianPackage.cmake.
    for (const char* wanted :
         {"libqt6core6", "libqt6gui6", "libqt6widgets6", "libqscintilla2-qt6-15", "qt6-qpa-plugins",
          "ocl-icd-libopencl1 | libopencl1", "pocl-opencl-icd | opencl-icd"})
        QVERIFY2(
            alternatives.contains(QString::fromUtf8(wanted)),
            qPrintable(
                QStringLiteral("%1 not in Depends: %2").arg(QString::fromUtf8(wanted), depends)));
    // Oclgrind, which the workbench lists as one more device, is recommended.
    const QString recommends = field(m_workbenchDeb, QStringLiteral("Recommends"));
    // So are clangd and clang-format, the editor's language service and formatter.
    for (const char* wanted : {"oclgrind", "clangd", "clang-format"})
        QVERIFY2(dependencies(recommends).contains(QString::fromUtf8(wanted)),
                 qPrintable(recommends));
}

// `apt install ./clworkbench_*.deb`, simulated (-s changes nothing): every dependency names a
// real package that this machine has or its archive offers.
void TestDebPackage::aptResolvesBothPackages() {
    const QString aptGet = findTool(QStringLiteral("apt-get"));
    QVERIFY2(!aptGet.isEmpty(), "apt-get is missing: the .deb is for Debian and Ubuntu");
    for (const QString& deb : {m_workbenchDeb, m_engineDeb}) {
        const ToolRun run = runTool(aptGet, {QStringLiteral("-s"), QStringLiteral("install"), deb});
        const QString package = field(deb, QStringLiteral("Package"));
        QVERIFY2(run.ok() && run.out.contains(QStringLiteral("Inst %1 ").arg(package)),
                 qPrintable(run.describe(QStringLiteral("apt-get -s install ") + deb)));
    }
}

// Each PNG was rendered from the one SVG at the size its folder names.
void TestDebPackage::iconsHaveTheirSizes() {
    for (int size : {CLW_ICON_SIZES}) {
        const QString path = QStringLiteral("%1/usr/share/icons/hicolor/%2x%2/apps/%3.png")
                                 .arg(m_root)
                                 .arg(size)
                                 .arg(kAppId);
        const QImage image(path);
        QVERIFY2(!image.isNull(), qPrintable(path));
        QCOMPARE(image.size(), QSize(size, size));
        QVERIFY(image.hasAlphaChannel());
        // Transparent corners (the tile is rounded), an opaque centre.
        QCOMPARE(qAlpha(image.pixel(0, 0)), 0);
        QCOMPARE(qAlpha(image.pixel(size / 2, size / 2)), 255);
    }
}

// The unpacked binary runs from the scratch root: it needs only the system's libraries.
void TestDebPackage::installedWorkbenchRuns() {
    const QString workbench = m_root + QStringLiteral("/usr/bin/clworkbench");
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    environment.remove(QStringLiteral("LD_LIBRARY_PATH"));

    const ToolRun version =
        runTool(workbench, {QStringLiteral("--version")}, m_dir.path(), environment);
    QVERIFY2(version.ok(), qPrintable(version.describe(QStringLiteral("clworkbench --version"))));
    QCOMPARE(version.out, QStringLiteral("clworkbench %1\n").arg(kVersion));

    const ToolRun devices =
        runTool(workbench, {QStringLiteral("devices")}, m_dir.path(), environment);
    QVERIFY2(devices.ok(), qPrintable(devices.describe(QStringLiteral("clworkbench devices"))));
    const auto platforms = engine::Platform::all();
    QVERIFY2(!platforms.empty(), "no OpenCL platform: run scripts/setup (pocl-opencl-icd)");
    for (const auto& platform : platforms)
        QVERIFY2(devices.out.contains(QString::fromStdString(platform.name())),
                 qPrintable(devices.out));
}

// No RPATH / RUNPATH into this build tree: the installed binary must not find libraries there.
void TestDebPackage::installedBinaryHasNoBuildPaths() {
    const QString readelf = findTool(QStringLiteral("readelf"));
    QVERIFY2(!readelf.isEmpty(), "readelf is missing: run scripts/setup (binutils)");
    const ToolRun dynamic =
        runTool(readelf, {QStringLiteral("-d"), m_root + QStringLiteral("/usr/bin/clworkbench")});
    QVERIFY2(dynamic.ok(), qPrintable(dynamic.describe(QStringLiteral("readelf -d"))));
    QVERIFY2(!dynamic.out.contains(QStringLiteral("RPATH")) &&
                 !dynamic.out.contains(QStringLiteral("RUNPATH")),
             qPrintable(dynamic.out));
}

void TestDebPackage::enginePackageHoldsTheLibrary() {
    const QStringList paths = contents(m_engineDeb);
    for (const QString& path :
         {QStringLiteral("usr/include/clw/engine/Engine.h"),
          QStringLiteral("usr/" CLW_ENGINE_LIBRARY_PATH),
          QStringLiteral("usr/" CLW_ENGINE_PACKAGE_DIR "/clw_engineConfig.cmake"),
          QStringLiteral("usr/" CLW_ENGINE_PACKAGE_DIR "/clw_engineConfigVersion.cmake")})
        QVERIFY2(paths.contains(path),
                 qPrintable(path + QStringLiteral(" not in\n") + paths.join(u'\n')));
    QVERIFY(!paths.contains(QStringLiteral("usr/bin/clworkbench")));
    const QSet<QString> depends = dependencies(field(m_engineDeb, QStringLiteral("Depends")));
    QVERIFY2(depends.contains(QStringLiteral("ocl-icd-opencl-dev | opencl-dev")),
             qPrintable(field(m_engineDeb, QStringLiteral("Depends"))));
}

// One relocatable tree: bin/, share/ and the engine's include/ and lib/.
void TestDebPackage::tarballHoldsBothComponents() {
    const ToolRun list = runTool(QStringLiteral("tar"), {QStringLiteral("-tzf"), m_tarball});
    QVERIFY2(list.ok(), qPrintable(list.describe(QStringLiteral("tar -tzf"))));
    const QString top = QFileInfo(m_tarball).fileName().chopped(int(qstrlen(".tar.gz")));
    for (const QString& path :
         {QStringLiteral("bin/clworkbench"), QStringLiteral("bin/clworkbench-host"),
          QStringLiteral("share/applications/%1.desktop").arg(kAppId),
          QStringLiteral("share/clworkbench/samples/vector_add.cl"),
          QStringLiteral("include/clw/engine/Engine.h"),
          QStringLiteral(CLW_ENGINE_PACKAGE_DIR "/clw_engineConfig.cmake")})
        QVERIFY2(list.out.contains(top + QLatin1Char('/') + path + QLatin1Char('\n')),
                 qPrintable(path));
}

// Packages hold only the components "application" and "engine_dev" (CPACK_COMPONENTS_ALL): an
// install() rule without COMPONENT would silently be left out of every package.
void TestDebPackage::everyInstallRuleNamesAComponent() {
    QDirIterator it(QStringLiteral(CLW_BUILD_DIR), {QStringLiteral("cmake_install.cmake")},
                    QDir::Files, QDirIterator::Subdirectories);
    int scripts = 0;
    while (it.hasNext()) {
        QFile script(it.next());
        QVERIFY(script.open(QIODevice::ReadOnly));
        ++scripts;
        QVERIFY2(!script.readAll().contains("\"Unspecified\""),
                 qPrintable(script.fileName() +
                            QStringLiteral(": an install() rule has no COMPONENT (application or "
                                           "engine_dev, installer/CMakeLists.txt)")));
    }
    QVERIFY(scripts > 0);
}

QTEST_GUILESS_MAIN(TestDebPackage)
#include "tst_debpackage.moc"
