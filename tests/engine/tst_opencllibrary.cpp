// engine.opencllibrary: the OpenCL library that CLW_OPENCL_LIBRARY names is opened by absolute
// path only (issue 61: nothing the workbench loads comes from the current folder). Each case runs
// a child (clw_opencllibrary_child), as the library is loaded once per process: a relative path
// to a loader that is there, seen from the child's current folder, is refused and said, with the
// same words when the platforms are listed; the same loader by absolute path lists the platforms
// this process lists; a file that does not load is said with the dynamic linker's reason.
// Linux: the copy of the ICD loader is ocl-icd's libOpenCL.so.1 (scripts/setup installs it).
#include "clw/engine/runtime/Platform.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <dlfcn.h>

namespace {

// Where the child keeps the loader's copy, under its current folder.
const char kRelativeLoader[] = "lib/libOpenCL.so.1";

struct ChildRun {
    QString out;
    QString err;
    int exitCode = -1;
};

ChildRun runChild(const QString& library, const QString& folder) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("CLW_OPENCL_LIBRARY"), library);
    process.setProcessEnvironment(environment);
    process.setWorkingDirectory(folder);
    process.start(QStringLiteral(CLW_OPENCL_LIBRARY_CHILD), {});
    ChildRun run;
    if (!process.waitForFinished(120000)) {
        process.kill();
        process.waitForFinished();
        run.err = QStringLiteral("the child did not finish");
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

QString refusal(const QString& value) {
    return QStringLiteral("CLW_OPENCL_LIBRARY must be an absolute path, not '%1' (a relative one "
                          "would be looked up from the current folder)")
        .arg(value);
}

} // namespace

class TestOpenClLibrary : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A copy of the loader this process loaded, in a folder of its own: <folder>/lib/.
    void initTestCase() {
        QVERIFY(m_folder.isValid());
        m_platforms = clw::engine::Platform::all().size();
        QVERIFY2(m_platforms > 0, "no OpenCL platform: run scripts/setup to install PoCL");
        void* loader = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_NOLOAD);
        QVERIFY2(loader, "the engine loaded libOpenCL.so.1");
        Dl_info info{};
        QVERIFY(dladdr(dlsym(loader, "clGetPlatformIDs"), &info) && info.dli_fname);
        QVERIFY(QDir(m_folder.path()).mkpath(QStringLiteral("lib")));
        m_loader = m_folder.filePath(QLatin1String(kRelativeLoader));
        QVERIFY(QFile::copy(QFile::decodeName(info.dli_fname), m_loader));
    }

    void relativePathIsRefused_data() {
        QTest::addColumn<QString>("library");
        QTest::newRow("a folder below") << QString::fromLatin1(kRelativeLoader);
        QTest::newRow("./") << QStringLiteral("./") + QLatin1String(kRelativeLoader);
    }

    // The loader is there, relative to the child's current folder: without the rule it loaded.
    void relativePathIsRefused() {
        QFETCH(QString, library);
        QVERIFY(QFile::exists(QDir(m_folder.path()).filePath(library)));
        const ChildRun run = runChild(library, m_folder.path());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QStringLiteral("loaded 0\n"
                                         "problem %1\n"
                                         "error -1001 loading the OpenCL library: %1\n")
                              .arg(refusal(library)));
    }

    // The same copy by absolute path, from another folder: the platforms this process lists.
    void absolutePathIsLoaded() {
        const ChildRun run = runChild(m_loader, QDir::tempPath());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QStringLiteral("loaded 1\nproblem \nplatforms %1\n").arg(m_platforms));
    }

    // An empty file is no library: the dynamic linker's reason, as it gives it here.
    void fileThatDoesNotLoadIsSaid() {
        const QString path = m_folder.filePath(QStringLiteral("empty.so"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QVERIFY(!dlopen(QFile::encodeName(path).constData(), RTLD_NOW | RTLD_LOCAL));
        const QString why = QString::fromLocal8Bit(dlerror());
        QVERIFY(!why.isEmpty());
        const QString problem =
            QStringLiteral("CLW_OPENCL_LIBRARY names %1, which did not load: %2").arg(path, why);
        const ChildRun run = runChild(path, m_folder.path());
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QStringLiteral("loaded 0\n"
                                         "problem %1\n"
                                         "error -1001 loading the OpenCL library: %1\n")
                              .arg(problem));
    }

private:
    QTemporaryDir m_folder;
    QString m_loader;
    size_t m_platforms = 0;
};

QTEST_GUILESS_MAIN(TestOpenClLibrary)
#include "tst_opencllibrary.moc"
