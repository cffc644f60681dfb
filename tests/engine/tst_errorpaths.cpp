// Errors that used to be swallowed or misnamed, each through the C-API seam where a driver cannot
// be made to fail: a wait that hides a failed event, a device query that fails for a reason other
// than "unknown parameter", a failed retain, the two SVM entry points, callbacks that throw on a
// driver's thread or a build worker, and a keep-alive callback the driver will not register.
#include "TestDevice.h"

#include "clw/engine/build/BuildService.h"
#include "clw/engine/memory/SvmAllocator.h"
#include "clw/engine/runtime/CallbackFailure.h"
#include "clw/engine/runtime/SvmAllocation.h"
#include "clw/engine/runtime/UserEvent.h"

#include <QTemporaryDir>
#include <QtTest>

#include <stdexcept>

using namespace clw::engine;

namespace {

bool contains(const char* text, const char* words) {
    return std::string(text).find(words) != std::string::npos;
}

ClApi g_real;
cl_int g_deviceInfoError = CL_SUCCESS;
cl_int CL_API_CALL waitSucceeds(cl_uint count, const cl_event* events) {
    g_real.clWaitForEvents(count, events);
    return CL_SUCCESS; // as a driver that lets a wait for a failed command succeed
}
cl_int CL_API_CALL failingName(cl_device_id device, cl_device_info param, size_t size, void* value,
                               size_t* sizeRet) {
    if (param == CL_DEVICE_NAME)
        return g_deviceInfoError;
    return g_real.clGetDeviceInfo(device, param, size, value, sizeRet);
}
cl_int CL_API_CALL failingRetain(cl_context) {
    return CL_INVALID_CONTEXT;
}
cl_int CL_API_CALL refusedCallback(cl_event, cl_int, void(CL_CALLBACK*)(cl_event, cl_int, void*),
                                   void*) {
    return CL_OUT_OF_HOST_MEMORY;
}

} // namespace

class TestErrorPaths : public QObject {
    Q_OBJECT
private slots:
    void waitAllChecksEachEventsStatus() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        UserEvent done(context), failed(context);
        done.complete();
        failed.setStatus(CL_OUT_OF_RESOURCES);
        ScopedClApi seam;
        g_real = seam.real();
        seam.api().clWaitForEvents = waitSucceeds;
        const std::vector<Event> both{done, failed};
        try {
            Event::waitAll(both);
            QFAIL("a wait for a failed event succeeded");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_OUT_OF_RESOURCES);
            QVERIFY2(contains(error.what(), "event 1 ended with an error"), error.what());
        }
        Event::waitAll(std::vector<Event>{done}); // a completed one alone passes
    }

    void tryInfoThrowsWhatIsNotUnsupported() {
        CLW_REQUIRE_DEVICE(device);
        ScopedClApi seam;
        g_real = seam.real();
        seam.api().clGetDeviceInfo = failingName;
        g_deviceInfoError = CL_INVALID_VALUE; // the driver does not know the query
        QVERIFY(!device.tryInfo<CL_DEVICE_NAME>().has_value());
        g_deviceInfoError = CL_OUT_OF_HOST_MEMORY; // a failure, not "unsupported"
        try {
            device.tryInfo<CL_DEVICE_NAME>();
            QFAIL("tryInfo hid CL_OUT_OF_HOST_MEMORY");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_OUT_OF_HOST_MEMORY);
        }
    }

    void retainFailureNamesItsFunction() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        ScopedClApi seam;
        seam.api().clRetainContext = failingRetain;
        try {
            [[maybe_unused]] Context copy = context;
            QFAIL("a failed retain was not reported");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_CONTEXT);
            QCOMPARE(error.function(), std::string("clRetainContext"));
            QVERIFY2(contains(error.what(), "retaining a context"), error.what());
        }
    }

    // One failure, one code and message, whichever entry point allocated.
    void svmEntryPointsAgreeOnErrors() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        cl_int direct = CL_SUCCESS, pooled = CL_SUCCESS;
        std::string directText, pooledText;
        try {
            SvmAllocation(context, CL_MEM_READ_WRITE, 0);
        } catch (const ClError& error) {
            direct = error.code();
            directText = error.what();
        }
        try {
            SvmAllocator(context, CL_MEM_READ_WRITE).allocate(0);
        } catch (const ClError& error) {
            pooled = error.code();
            pooledText = error.what();
        }
        QVERIFY(direct != CL_SUCCESS);
        QCOMPARE(pooled, direct);
        QCOMPARE(pooledText, directText);
    }

    void throwingEventCallbackStaysOffTheDriversThread() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const int before = callbackFailureCount();
        UserEvent event(context);
        event.onComplete([](cl_int) { throw std::runtime_error("callback failure for the test"); });
        event.complete();
        QTRY_COMPARE(callbackFailureCount(), before + 1);
    }

    void throwingBuildCallbackLeavesTheServiceRunning() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        QTemporaryDir dir;
        BuildService::Settings settings;
        settings.cacheFolder = dir.filePath(QStringLiteral("cache")).toStdString();
        BuildService service(settings);
        BuildRequest request;
        request.context = context;
        request.sources = SourceSet::single("__kernel void k(__global int* o) { o[0] = 1; }\n");
        const int before = callbackFailureCount();
        service.submit(request, [](BuildOutcome) { throw std::runtime_error("build callback"); });
        service.waitIdle();
        QCOMPARE(callbackFailureCount(), before + 1);
        QVERIFY(service.build(request).ok());
    }

    // A non-blocking transfer whose keep-alive callback the driver refuses waits for the copy:
    // the host memory is never freed under it.
    void refusedKeepAliveWaitsForTheTransfer() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        Buffer buffer(context, CL_MEM_READ_WRITE, 1024 * sizeof(int));
        const int before = callbackFailureCount();
        Event written;
        {
            ScopedClApi seam;
            seam.api().clSetEventCallback = refusedCallback;
            auto host = std::make_shared<std::vector<int>>(1024, 7);
            written = queue.write(buffer, 0, 1024 * sizeof(int), host->data(), false, {}, host);
            QCOMPARE(written.status(), CL_COMPLETE); // waited before the owner could go
        }
        QCOMPARE(callbackFailureCount(), before + 1);
        std::vector<int> back(1024, 0);
        queue.read(buffer, 0, back.size() * sizeof(int), back.data());
        QCOMPARE(back, std::vector<int>(1024, 7));
    }
};

QTEST_GUILESS_MAIN(TestErrorPaths)
#include "tst_errorpaths.moc"
