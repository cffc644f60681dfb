// ND-range checks against made-up limits: every rule says which limit and what would fit.
#include "clw/engine/launch/LaunchGeometry.h"

#include <QtTest>

using namespace clw::engine;

namespace {

KernelLimits gpuLike() {
    KernelLimits limits;
    limits.maxDimensions = 3;
    limits.maxWorkItemSizes = {1024, 1024, 64};
    limits.deviceMaxWorkGroupSize = 1024;
    limits.kernelMaxWorkGroupSize = 256;
    limits.preferredMultiple = 32;
    limits.deviceLocalMemory = 49152;
    limits.kernelLocalMemory = 1024;
    return limits;
}

KernelSignature named(const char* name) {
    KernelSignature signature;
    signature.name = name;
    return signature;
}

GeometryCheck check(NDRange global, NDRange local = {}, NDRange offset = {},
                    const KernelLimits& limits = gpuLike(),
                    const KernelSignature& signature = named("blur")) {
    LaunchGeometry geometry;
    geometry.global = global;
    geometry.local = local;
    geometry.offset = offset;
    return checkGeometry(geometry, limits, signature);
}

bool says(const GeometryCheck& result, const char* text) {
    return QString::fromStdString(result.problem).contains(QLatin1String(text));
}

} // namespace

class TestLaunchGeometry : public QObject {
    Q_OBJECT
private slots:
    void validRangesPass() {
        QVERIFY(check(NDRange(1024), NDRange(256)).ok);
        QVERIFY(check(NDRange(64, 64), NDRange(16, 16)).ok);
        QVERIFY(check(NDRange(1000)).ok); // no local size: the driver picks
        QVERIFY(check(NDRange(8, 8, 8), NDRange(2, 2, 2), NDRange(1, 1, 1)).ok);
    }

    void dimensions() {
        QVERIFY(says(check(NDRange()), "1 to 3 dimensions"));
        KernelLimits twoDims = gpuLike();
        twoDims.maxDimensions = 2;
        const auto result = check(NDRange(4, 4, 4), {}, {}, twoDims);
        QVERIFY(says(result, "CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS"));
        QVERIFY(says(check(NDRange(64, 64), NDRange(16)), "has 1 dimensions"));
        QVERIFY(says(check(NDRange(64, 64), {}, NDRange(1)), "the offset"));
    }

    void localAboveLimits() {
        const auto item = check(NDRange(64, 64, 128), NDRange(1, 1, 128));
        QVERIFY(!item.ok);
        QVERIFY(says(item, "CL_DEVICE_MAX_WORK_ITEM_SIZES"));
        QVERIFY(item.suggestedLocal.has_value());
        const auto group = check(NDRange(1024), NDRange(512));
        QVERIFY(says(group, "256"));
        QVERIFY(says(group, "CL_KERNEL_WORK_GROUP_SIZE"));
        QCOMPARE((*group.suggestedLocal)[0], size_t(256));
        QVERIFY(says(group, "(256) would fit"));
    }

    void divisibilityWithSuggestion() {
        const auto result = check(NDRange(1000), NDRange(64));
        QVERIFY(!result.ok);
        QVERIFY(says(result, "not a multiple of the local size 64"));
        QVERIFY(result.suggestedLocal.has_value());
        const size_t suggested = (*result.suggestedLocal)[0];
        QCOMPARE(1000 % suggested, size_t(0));
        QVERIFY(suggested <= 256);
        QCOMPARE(suggested, size_t(250)); // no multiple of 32 divides 1000: the largest divisor
        KernelLimits nonUniform = gpuLike();
        nonUniform.nonUniformWorkGroups = true;
        QVERIFY(check(NDRange(1000), NDRange(64), {}, nonUniform).ok);
    }

    void suggestionsPreferTheMultiple() {
        const NDRange local = suggestLocalSize(NDRange(4096), gpuLike());
        QCOMPARE(local[0], size_t(256));
        const NDRange twoD = suggestLocalSize(NDRange(640, 480), gpuLike());
        QCOMPARE(640 % twoD[0], size_t(0));
        QCOMPARE(480 % twoD[1], size_t(0));
        QVERIFY(twoD[0] * twoD[1] <= 256);
        QCOMPARE(twoD[0] % 32, size_t(0));
    }

    void requiredWorkGroupSize() {
        KernelSignature signature = named("tiled");
        signature.reqdWorkGroupSize = {16, 16, 1};
        const auto filled = check(NDRange(64, 64), {}, {}, gpuLike(), signature);
        QVERIFY(filled.ok);
        QCOMPARE(filled.local[0], size_t(16));
        QCOMPARE(filled.local[1], size_t(16));
        const auto wrong = check(NDRange(64, 64), NDRange(8, 8), {}, gpuLike(), signature);
        QVERIFY(!wrong.ok);
        QVERIFY(says(wrong, "requires the local size (16, 16)"));
        QCOMPARE((*wrong.suggestedLocal)[0], size_t(16));
    }

    void groupsTimesLocalAndEmptyRanges() {
        LaunchGeometry geometry;
        geometry.global = NDRange(10, 4);
        geometry.local = NDRange(32, 8);
        geometry.groupsTimesLocal = true;
        const auto result = checkGeometry(geometry, gpuLike(), named("k"));
        QVERIFY(result.ok);
        QCOMPARE(result.global[0], size_t(320));
        QCOMPARE(result.global[1], size_t(32));
        geometry.local = NDRange();
        QVERIFY(!checkGeometry(geometry, gpuLike(), named("k")).ok);

        LaunchGeometry empty;
        empty.global = NDRange(0, 16);
        const auto refused = checkGeometry(empty, gpuLike(), named("k"));
        QVERIFY(!refused.ok);
        QVERIFY(says(refused, "global size is 0 in dimension 0"));
        empty.allowEmpty = true;
        const auto allowed = checkGeometry(empty, gpuLike(), named("k"));
        QVERIFY(allowed.ok);
        QVERIFY(allowed.empty);
    }

    // Each problem carries the code clEnqueueNDRangeKernel gives for it.
    void eachProblemHasTheSpecificationsCode() {
        KernelLimits twoDims = gpuLike();
        twoDims.maxDimensions = 2;
        KernelSignature tiled = named("tiled");
        tiled.reqdWorkGroupSize = {16, 1, 1};
        LaunchGeometry timesLocal;
        timesLocal.global = NDRange(4);
        timesLocal.groupsTimesLocal = true;
        LaunchGeometry zero;
        zero.global = NDRange(0);
        LaunchGeometry memory;
        memory.global = NDRange(256);
        const struct {
            GeometryCheck result;
            cl_int code;
        } cases[] = {
            {check(NDRange()), CL_INVALID_WORK_DIMENSION},
            {check(NDRange(4, 4, 4), {}, {}, twoDims), CL_INVALID_WORK_DIMENSION},
            {check(NDRange(64, 64), NDRange(16)), CL_INVALID_WORK_GROUP_SIZE},
            {check(NDRange(64, 64), {}, NDRange(1)), CL_INVALID_GLOBAL_OFFSET},
            {check(NDRange(64), NDRange(8), {}, gpuLike(), tiled), CL_INVALID_WORK_GROUP_SIZE},
            {checkGeometry(timesLocal, gpuLike(), named("k")), CL_INVALID_WORK_GROUP_SIZE},
            {checkGeometry(zero, gpuLike(), named("k")), CL_INVALID_GLOBAL_WORK_SIZE},
            {check(NDRange(64), NDRange(0)), CL_INVALID_WORK_GROUP_SIZE},
            {check(NDRange(64, 64, 128), NDRange(1, 1, 128)), CL_INVALID_WORK_ITEM_SIZE},
            {check(NDRange(1024), NDRange(512)), CL_INVALID_WORK_GROUP_SIZE},
            {check(NDRange(1000), NDRange(64)), CL_INVALID_WORK_GROUP_SIZE},
            {checkGeometry(memory, gpuLike(), named("k"), 49000), CL_OUT_OF_RESOURCES},
        };
        for (const auto& [result, code] : cases) {
            QVERIFY(!result.ok);
            QVERIFY2(result.code == code, result.problem.c_str());
        }
        QCOMPARE(check(NDRange(64), NDRange(16)).code, CL_SUCCESS);
    }

    // The seeds: with g_times_l the sizes may differ in length, the missing entries being 1;
    // with allow_empty_ndrange a 0 in the local size is an empty range too.
    void groupsTimesLocalWithDifferentLengthsAndEmptyLocal() {
        LaunchGeometry geometry;
        geometry.global = NDRange(10);
        geometry.local = NDRange(32, 8);
        geometry.groupsTimesLocal = true;
        auto result = checkGeometry(geometry, gpuLike(), named("k"));
        QVERIFY2(result.ok, result.problem.c_str());
        QCOMPARE(result.global.dimensions(), 2u);
        QCOMPARE(result.global[0], size_t(320));
        QCOMPARE(result.global[1], size_t(8));
        geometry.global = NDRange(2, 3, 4);
        geometry.local = NDRange(16);
        result = checkGeometry(geometry, gpuLike(), named("k"));
        QVERIFY2(result.ok, result.problem.c_str());
        QCOMPARE(result.global[0], size_t(32));
        QCOMPARE(result.global[2], size_t(4));
        QCOMPARE(result.local[1], size_t(1));

        LaunchGeometry emptyLocal;
        emptyLocal.global = NDRange(64, 64);
        emptyLocal.local = NDRange(16, 0);
        QCOMPARE(checkGeometry(emptyLocal, gpuLike(), named("k")).code, CL_INVALID_WORK_GROUP_SIZE);
        emptyLocal.allowEmpty = true;
        result = checkGeometry(emptyLocal, gpuLike(), named("k"));
        QVERIFY(result.ok);
        QVERIFY(result.empty);
    }

    void localMemory() {
        LaunchGeometry geometry;
        geometry.global = NDRange(256);
        geometry.local = NDRange(256);
        const auto result = checkGeometry(geometry, gpuLike(), named("k"), 49000);
        QVERIFY(!result.ok);
        QVERIFY(says(result, "50024 bytes of local memory"));
        QVERIFY(says(result, "CL_DEVICE_LOCAL_MEM_SIZE"));
        QVERIFY(checkGeometry(geometry, gpuLike(), named("k"), 1000).ok);
    }
};

QTEST_GUILESS_MAIN(TestLaunchGeometry)
#include "tst_launchgeometry.moc"
