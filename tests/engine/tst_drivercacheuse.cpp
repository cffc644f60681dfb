// Who answers a warm build (DriverCacheUse.h), without a device: the known drivers, the
// environment that turns a driver's cache off or the choice either way, and what `cache list`
// says about an entry.
#include "clw/engine/build/DriverCacheUse.h"

#include <QtTest>

using namespace clw::engine;

namespace {

const char* const kNvidia = "NVIDIA CUDA";
const char* const kPocl = "Portable Computing Language";

std::vector<std::pair<std::string, std::string>> fieldsOf(const std::string& platform) {
    return {{"format", "1"}, {"platform.name", platform}, {"device.name", "a device"}};
}

} // namespace

class TestDriverCacheUse : public QObject {
    Q_OBJECT
private slots:
    void init() {
        qunsetenv("CLW_DRIVER_CACHE");
        qunsetenv("CUDA_CACHE_DISABLE");
    }
    void cleanup() { init(); }

    // Measured on an H100 and on PoCL: from a new process, the engine's binary answers faster
    // than either driver's own cache, so by default no driver is left the warm builds.
    void theEnginesBinaryAnswersByDefault() {
        for (const char* platform : {kNvidia, kPocl, ""}) {
            QVERIFY2(driverCacheReason(platform).empty(), platform);
            QVERIFY2(!leavesWarmBuildsToDriver(DriverCacheUse::Auto, platform), platform);
        }
    }

    void theChoiceCanBeForcedEitherWay() {
        QVERIFY(leavesWarmBuildsToDriver(DriverCacheUse::Always, kPocl));
        QVERIFY(!leavesWarmBuildsToDriver(DriverCacheUse::Never, kNvidia));
        qputenv("CLW_DRIVER_CACHE", "driver");
        QCOMPARE(driverCacheUseFromEnvironment(), DriverCacheUse::Always);
        QVERIFY(leavesWarmBuildsToDriver(DriverCacheUse::Auto, kPocl));
        QVERIFY(!leavesWarmBuildsToDriver(DriverCacheUse::Never, kPocl)); // a setting wins
        qputenv("CLW_DRIVER_CACHE", "0");
        QCOMPARE(driverCacheUseFromEnvironment(), DriverCacheUse::Never);
        QVERIFY(!leavesWarmBuildsToDriver(DriverCacheUse::Auto, kNvidia));
        qputenv("CLW_DRIVER_CACHE", "perhaps");
        QCOMPARE(resolvedDriverCacheUse(DriverCacheUse::Auto), DriverCacheUse::Auto);
    }

    void cacheListSaysWhoAnswers() {
        QCOMPARE(warmBuildAnswer(fieldsOf(kPocl)), std::string("this entry's binary"));
        QCOMPARE(warmBuildAnswer(fieldsOf(kNvidia)), std::string("this entry's binary"));
        const std::string forced = warmBuildAnswer(fieldsOf(kPocl), DriverCacheUse::Always);
        QVERIFY2(forced.starts_with("the driver's own cache"), forced.c_str());
        QVERIFY2(forced.find("CLW_DRIVER_CACHE") != std::string::npos, forced.c_str());
        QVERIFY2(forced.find("CLW_DRIVER_CACHE=engine") != std::string::npos, forced.c_str());
        QCOMPARE(warmBuildAnswer(fieldsOf(kNvidia), DriverCacheUse::Never),
                 std::string("this entry's binary"));
        QCOMPARE(warmBuildAnswer({}), std::string("this entry's binary"));
    }
};

QTEST_GUILESS_MAIN(TestDriverCacheUse)
#include "tst_drivercacheuse.moc"
