// engine.driverfolders: one vendors folder per OpenCL driver (engine::DriverFolders), which the
// workbench's device hosts load one at a time (issue 17), and the rule that picks a device from
// what a person types over listed values (engine::chooseListed), which the workbench applies to
// every driver's devices together. The folders hold exactly one .icd file naming the driver's
// library; OCL_ICD_FILENAMES' libraries are drivers too; an OCL_ICD_VENDORS that names one file
// is one driver already; the same driver name with another library gets another folder; an
// unchanged driver is not written again; a folder that cannot be written says so.
#include "clw/engine/runtime/DeviceChoice.h"
#include "clw/engine/runtime/DriverFolders.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <map>

namespace engine = clw::engine;
using engine::DriverFolders;

namespace {

engine::OclgrindRegistration::Lookup variables(std::map<std::string, std::string> values) {
    return [values = std::move(values)](const char* name) -> std::optional<std::string> {
        const auto found = values.find(name);
        if (found == values.end())
            return std::nullopt;
        return found->second;
    };
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(bytes);
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("(unreadable)");
}

QStringList icdFiles(const std::string& folder) {
    return QDir(QString::fromStdString(folder))
        .entryList({QStringLiteral("*.icd")}, QDir::Files, QDir::Name);
}

} // namespace

class TestDriverFolders : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() {
        m_cache = std::make_unique<QTemporaryDir>();
        qputenv("XDG_CACHE_HOME", m_cache->path().toUtf8());
        m_vendors = std::make_unique<QTemporaryDir>();
        writeFile(m_vendors->filePath(QStringLiteral("pocl.icd")), "libpocl.so.2\n");
        writeFile(m_vendors->filePath(QStringLiteral("nvidia.icd")),
                  "  /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1 \r\n# a comment\n");
        writeFile(m_vendors->filePath(QStringLiteral("notes.txt")), "not a driver\n");
    }

    void eachDriverGetsAFolderOfItsOwn() {
        const DriverFolders folders = DriverFolders::prepare(
            variables({{"OCL_ICD_VENDORS", m_vendors->path().toStdString()}}));
        QVERIFY2(folders.problem.empty(), folders.problem.c_str());
        QCOMPARE(folders.drivers.size(), size_t(2));
        QCOMPARE(folders.drivers[0].name, std::string("nvidia")); // by file name
        QCOMPARE(folders.drivers[0].library,
                 std::string("/usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1"));
        QCOMPARE(folders.drivers[1].name, std::string("pocl"));
        QCOMPARE(folders.drivers[1].library, std::string("libpocl.so.2"));
        for (const engine::DriverFolder& driver : folders.drivers) {
            QVERIFY(driver.vendors.ends_with('/'));
            QVERIFY(QString::fromStdString(driver.vendors).startsWith(m_cache->path()));
            QCOMPARE(icdFiles(driver.vendors),
                     QStringList{QString::fromStdString(driver.name) + QStringLiteral(".icd")});
            QCOMPARE(readFile(QString::fromStdString(driver.vendors + driver.name + ".icd")),
                     QByteArray::fromStdString(driver.library + "\n"));
        }
        QVERIFY(folders.drivers[0].vendors != folders.drivers[1].vendors);
    }

    void theSystemFolderWhenNothingIsChosen() {
        const DriverFolders folders = DriverFolders::prepare(
            variables({{"OPENCL_VENDOR_PATH", m_vendors->path().toStdString()}}));
        QCOMPARE(folders.drivers.size(), size_t(2));
        // An empty OCL_ICD_VENDORS is no choice, as the loaders read it.
        const DriverFolders empty = DriverFolders::prepare(variables(
            {{"OPENCL_VENDOR_PATH", m_vendors->path().toStdString()}, {"OCL_ICD_VENDORS", ""}}));
        QCOMPARE(empty.drivers.size(), size_t(2));
    }

    void theKhronosLoadersLibrariesAreDriversToo() {
        const DriverFolders folders = DriverFolders::prepare(
            variables({{"OCL_ICD_VENDORS", m_vendors->path().toStdString()},
                       {"OCL_ICD_FILENAMES", "/opt/a/libfirst.so::/opt/b/libsecond.so"}}));
        QCOMPARE(folders.drivers.size(), size_t(4));
        QCOMPARE(folders.drivers[2].name, std::string("libfirst.so"));
        QCOMPARE(folders.drivers[2].library, std::string("/opt/a/libfirst.so"));
        QCOMPARE(folders.drivers[3].library, std::string("/opt/b/libsecond.so"));
        QCOMPARE(icdFiles(folders.drivers[3].vendors),
                 QStringList{QStringLiteral("libsecond.so.icd")});
    }

    void oneDriverChosenAlreadyIsNotSplit() {
        const QString file = m_vendors->filePath(QStringLiteral("pocl.icd"));
        QVERIFY(DriverFolders::prepare(variables({{"OCL_ICD_VENDORS", file.toStdString()}}))
                    .drivers.empty());
        QVERIFY(DriverFolders::prepare(variables({{"OCL_ICD_VENDORS", "libpocl.so.2"}}))
                    .drivers.empty());
    }

    void anotherLibraryOfTheSameNameGetsAnotherFolder() {
        const DriverFolders first = DriverFolders::prepare(
            variables({{"OCL_ICD_VENDORS", m_vendors->path().toStdString()}}));
        QTemporaryDir other;
        writeFile(other.filePath(QStringLiteral("pocl.icd")), "/opt/pocl/libpocl.so\n");
        const DriverFolders second =
            DriverFolders::prepare(variables({{"OCL_ICD_VENDORS", other.path().toStdString()}}));
        QCOMPARE(second.drivers.size(), size_t(1));
        QVERIFY(second.drivers[0].vendors != first.drivers[1].vendors);
        // The first environment's folder still names its own library.
        QCOMPARE(readFile(QString::fromStdString(first.drivers[1].vendors + "pocl.icd")),
                 QByteArray("libpocl.so.2\n"));
    }

    void anUnchangedDriverIsNotWrittenAgain() {
        const auto environment = variables({{"OCL_ICD_VENDORS", m_vendors->path().toStdString()}});
        const DriverFolders first = DriverFolders::prepare(environment);
        const QString icd = QString::fromStdString(first.drivers[1].vendors + "pocl.icd");
        const QDateTime written = QFileInfo(icd).lastModified();
        QFile::setPermissions(icd, QFile::ReadOwner); // a write would replace it: rename works
        QTest::qSleep(20);
        const DriverFolders again = DriverFolders::prepare(environment);
        QCOMPARE(again.drivers[1].vendors, first.drivers[1].vendors);
        QCOMPARE(QFileInfo(icd).lastModified(), written);
        QCOMPARE(QFileInfo(icd).permissions() & QFile::WriteOwner, QFile::Permissions());
    }

    void aFolderThatCannotBeWrittenSaysSo() {
        QTemporaryDir blocked;
        const QString blocker = blocked.filePath(QStringLiteral("file"));
        writeFile(blocker, "a file where the cache folder should be\n");
        qputenv("XDG_CACHE_HOME", (blocker + QStringLiteral("/cache")).toUtf8());
        const DriverFolders folders = DriverFolders::prepare(
            variables({{"OCL_ICD_VENDORS", m_vendors->path().toStdString()}}));
        QVERIFY(folders.drivers.empty());
        QVERIFY2(folders.problem.starts_with("every host loads every OpenCL driver: "),
                 folders.problem.c_str());
    }

    void aChoiceIsResolvedOverListedValues() {
        using engine::ListedDevice;
        const std::vector<ListedDevice> devices = {
            {"Oclgrind", "Oclgrind Simulator", true},
            {"Portable Computing Language", "cpu-haswell-AMD EPYC", false},
            {"NVIDIA CUDA", "NVIDIA H100 80GB HBM3", true},
            {"NVIDIA CUDA", "NVIDIA H100", true},
        };
        // The first GPU that is not a simulator is the default.
        QCOMPARE(engine::chooseListed(devices, ""), std::optional<size_t>(2));
        // An exact name before a name that contains it.
        QCOMPARE(engine::chooseListed(devices, "NVIDIA H100"), std::optional<size_t>(3));
        // Else the first whose device or platform name contains it, ignoring case.
        QCOMPARE(engine::chooseListed(devices, "portable"), std::optional<size_t>(1));
        QCOMPARE(engine::chooseListed(devices, "epyc"), std::optional<size_t>(1));
        QCOMPARE(engine::chooseListed(devices, "oclgrind"), std::optional<size_t>(0));
        QCOMPARE(engine::chooseListed(devices, "Intel"), std::nullopt);
        // Without a GPU, the first device that is not a simulator; a simulator only when alone.
        QCOMPARE(engine::defaultListed({devices[0], devices[1]}), std::optional<size_t>(1));
        QCOMPARE(engine::defaultListed({devices[0]}), std::optional<size_t>(0));
        QCOMPARE(engine::defaultListed({}), std::nullopt);
    }

private:
    std::unique_ptr<QTemporaryDir> m_cache;
    std::unique_ptr<QTemporaryDir> m_vendors;
};

QTEST_GUILESS_MAIN(TestDriverFolders)
#include "tst_driverfolders.moc"
