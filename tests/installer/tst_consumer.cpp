// installer.consumer: the engine as a library for others. Installs the engine_dev component
// into a temporary prefix (as libclw-engine-dev would), then configures, builds and runs a
// program outside the project (tests/installer/consumer) against it with find_package.
#include "ToolRun.h"

#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Platform.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

namespace engine = clw::engine;
using clw::test::runTool;
using clw::test::ToolRun;

class TestConsumer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void installsHeadersLibraryAndPackage();
    void consumerBuildsAndListsPlatforms();
    void incompatibleVersionIsRefused();

private:
    ToolRun configureConsumer(const QString& buildDir, const QString& version);

    QTemporaryDir m_dir;
    QString m_prefix;
};

void TestConsumer::initTestCase() {
    QVERIFY(m_dir.isValid());
    m_prefix = m_dir.filePath(QStringLiteral("prefix"));
    const ToolRun install = runTool(QStringLiteral(CLW_CMAKE_COMMAND),
                                    {QStringLiteral("--install"), QStringLiteral(CLW_BUILD_DIR),
                                     QStringLiteral("--component"), QStringLiteral("engine_dev"),
                                     QStringLiteral("--prefix"), m_prefix});
    QVERIFY2(install.ok(), qPrintable(install.describe(QStringLiteral("cmake --install"))));
}

void TestConsumer::installsHeadersLibraryAndPackage() {
    const QDir prefix(m_prefix);
    for (const char* path :
         {"include/clw/engine/Engine.h", "include/clw/engine/runtime/Platform.h",
          CLW_ENGINE_LIBRARY_PATH, CLW_ENGINE_PACKAGE_DIR "/clw_engineConfig.cmake",
          CLW_ENGINE_PACKAGE_DIR "/clw_engineConfigVersion.cmake",
          CLW_ENGINE_PACKAGE_DIR "/clw_engineTargets.cmake"})
        QVERIFY2(prefix.exists(QString::fromUtf8(path)), path);
    // Every public header of the source tree is installed, in its room's folder.
    const QDir sources(QStringLiteral(CLW_ENGINE_INCLUDE_DIR "/clw/engine"));
    int headers = 0;
    QDirIterator each(sources.path(), {QStringLiteral("*.h")}, QDir::Files,
                      QDirIterator::Subdirectories);
    while (each.hasNext()) {
        const QString header = sources.relativeFilePath(each.next());
        QVERIFY2(prefix.exists(QStringLiteral("include/clw/engine/") + header), qPrintable(header));
        ++headers;
    }
    QVERIFY2(headers > 100, qPrintable(QString::number(headers)));
    // The workbench itself is another component: not in this prefix.
    QVERIFY(!prefix.exists(QStringLiteral("bin/clworkbench")));
}

ToolRun TestConsumer::configureConsumer(const QString& buildDir, const QString& version) {
    return runTool(QStringLiteral(CLW_CMAKE_COMMAND),
                   {QStringLiteral("-S"), QStringLiteral(CLW_CONSUMER_SOURCE_DIR),
                    QStringLiteral("-B"), buildDir, QStringLiteral("-G"),
                    QStringLiteral(CLW_CMAKE_GENERATOR),
                    QStringLiteral("-DCMAKE_MAKE_PROGRAM=" CLW_CMAKE_MAKE_PROGRAM),
                    QStringLiteral("-DCMAKE_CXX_COMPILER=" CLW_CXX_COMPILER),
                    QStringLiteral("-DCMAKE_BUILD_TYPE=Release"),
                    QStringLiteral("-DCMAKE_PREFIX_PATH=") + m_prefix,
                    QStringLiteral("-DCLW_ENGINE_VERSION=") + version});
}

void TestConsumer::consumerBuildsAndListsPlatforms() {
    const QString buildDir = m_dir.filePath(QStringLiteral("consumer"));
    const ToolRun configure = configureConsumer(buildDir, QStringLiteral(CLW_EXPECTED_VERSION));
    QVERIFY2(configure.ok(), qPrintable(configure.describe(QStringLiteral("configure"))));

    // The package was found in the temporary prefix, not in the build tree or the system.
    QFile cache(buildDir + QStringLiteral("/CMakeCache.txt"));
    QVERIFY(cache.open(QIODevice::ReadOnly));
    const QString cacheText = QString::fromUtf8(cache.readAll());
    QVERIFY2(cacheText.contains(QStringLiteral("clw_engine_DIR:PATH=") + m_prefix),
             qPrintable(cacheText.section(QStringLiteral("clw_engine_DIR"), 1).left(200)));

    const ToolRun build =
        runTool(QStringLiteral(CLW_CMAKE_COMMAND), {QStringLiteral("--build"), buildDir});
    QVERIFY2(build.ok(), qPrintable(build.describe(QStringLiteral("build"))));

    const ToolRun run = runTool(buildDir + QStringLiteral("/list_platforms"), {});
    QVERIFY2(run.ok(), qPrintable(run.describe(QStringLiteral("list_platforms"))));
    // The same platforms as the engine in this test sees, at least one (PoCL: scripts/setup).
    const auto platforms = engine::Platform::all();
    QVERIFY2(!platforms.empty(), "no OpenCL platform: run scripts/setup (pocl-opencl-icd)");
    QVERIFY2(run.out.contains(QStringLiteral("platforms: %1\n").arg(platforms.size())),
             qPrintable(run.out));
    for (const auto& platform : platforms) {
        QVERIFY2(run.out.contains(QStringLiteral("platform: ") +
                                  QString::fromStdString(platform.name())),
                 qPrintable(run.out));
        for (const auto& device : platform.devices())
            QVERIFY2(run.out.contains(QStringLiteral("device: ") +
                                      QString::fromStdString(device.name())),
                     qPrintable(run.out));
    }
}

// The version file: before 1.0 only the same major.minor is compatible.
void TestConsumer::incompatibleVersionIsRefused() {
    const QString wanted =
        QStringLiteral("%1.%2").arg(CLW_EXPECTED_VERSION_MAJOR).arg(CLW_EXPECTED_VERSION_MINOR + 1);
    const ToolRun configure = configureConsumer(m_dir.filePath(QStringLiteral("wrong")), wanted);
    QVERIFY2(!configure.ok(), qPrintable(configure.describe(QStringLiteral("configure"))));
    QVERIFY2(configure.err.contains(QStringLiteral(CLW_EXPECTED_VERSION)) &&
                 configure.err.contains(wanted),
             qPrintable(configure.err));
}

QTEST_GUILESS_MAIN(TestConsumer)
#include "tst_consumer.moc"
