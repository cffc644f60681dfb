// Contexts: from devices and by type, their info, image formats, and the error callback (which
// PoCL never calls, so its plumbing is driven through the C-API seam).
#include "ClTestUtil.h"
#include "TestDevice.h"

#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Platform.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

using namespace clw::engine;
using clw::test::contains;

namespace {

// Messages an error callback received, from whichever thread called it.
struct Inbox {
    std::mutex mutex;
    std::vector<std::string> messages;
    void add(const std::string& message) {
        std::lock_guard lock(mutex);
        messages.push_back(message);
    }
    std::vector<std::string> all() {
        std::lock_guard lock(mutex);
        return messages;
    }
};

using NotifyFn = void(CL_CALLBACK*)(const char*, const void*, size_t, void*);
using DestructorFn = void(CL_CALLBACK*)(cl_context, void*);

// What the fake driver entry points below saw; they call the real functions through g_real.
ClApi g_real;
NotifyFn g_notify = nullptr;
void* g_notifyUser = nullptr;
DestructorFn g_destructor = nullptr;
void* g_destructorUser = nullptr;
std::atomic<int> g_destructorsRun{0};

// A driver that reports a problem through pfn_notify while it creates the context.
cl_context CL_API_CALL notifyingCreateContext(const cl_context_properties* properties,
                                              cl_uint count, const cl_device_id* devices,
                                              NotifyFn notify, void* user, cl_int* code) {
    g_notify = notify;
    g_notifyUser = user;
    if (notify)
        notify("fake driver: context created with a warning", nullptr, 0, user);
    return g_real.clCreateContext(properties, count, devices, notify, user, code);
}

cl_context CL_API_CALL notifyingCreateContextFromType(const cl_context_properties* properties,
                                                      cl_device_type type, NotifyFn notify,
                                                      void* user, cl_int* code) {
    g_notify = notify;
    g_notifyUser = user;
    if (notify)
        notify("fake driver: context by type", nullptr, 0, user);
    return g_real.clCreateContextFromType(properties, type, notify, user, code);
}

cl_context CL_API_CALL failingCreateContext(const cl_context_properties*, cl_uint,
                                            const cl_device_id*, NotifyFn notify, void* user,
                                            cl_int* code) {
    if (notify)
        notify("fake driver: out of host memory", nullptr, 0, user);
    *code = CL_OUT_OF_HOST_MEMORY;
    return nullptr;
}

void CL_CALLBACK countingDestructor(cl_context context, void* user) {
    ++g_destructorsRun;
    g_destructor(context, user);
}

// Records the engine's destructor callback and runs it from a counting trampoline.
cl_int CL_API_CALL recordingSetDestructor(cl_context context, DestructorFn destructor, void* user) {
    g_destructor = destructor;
    g_destructorUser = user;
    return g_real.clSetContextDestructorCallback(context, countingDestructor, user);
}

// A context of the device's type holds the device and only devices of that type; one of a type
// the platform has no device of is refused with the exact code, from the by-type call. Adds the
// number of such types to `absentTypes`.
void checkFromType(const Device& device, int& absentTypes) {
    const Platform platform = device.platform();
    Context byType = Context::fromType(platform, device.type());
    const auto devices = byType.devices();
    QVERIFY(std::find(devices.begin(), devices.end(), device) != devices.end());
    for (const Device& member : devices)
        QVERIFY(member.type() & device.type());
    Context all = Context::fromType(platform, CL_DEVICE_TYPE_ALL);
    QCOMPARE(all.devices().size(), platform.devices().size());
    for (const cl_device_type type :
         {CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ACCELERATOR}) {
        if (!platform.devices(type).empty())
            continue;
        ++absentTypes;
        CLW_EXPECT_CL_ERROR(Context::fromType(platform, type), CL_DEVICE_NOT_FOUND,
                            "clCreateContextFromType");
    }
}

} // namespace

class TestContext : public QObject {
    Q_OBJECT
private slots:
    void fromDevices() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        QVERIFY(bool(context));
        QVERIFY(context.devices() == std::vector<Device>{device});
        QCOMPARE(context.info<CL_CONTEXT_NUM_DEVICES>(), cl_uint(1));
        QVERIFY(context.info<CL_CONTEXT_DEVICES>() == std::vector<cl_device_id>{device.get()});
        QCOMPARE(context.info<CL_CONTEXT_REFERENCE_COUNT>(), cl_uint(1));
        {
            Context copy = context;
            QCOMPARE(copy, context);
            QCOMPARE(context.info<CL_CONTEXT_REFERENCE_COUNT>(), cl_uint(2));
            Context moved = std::move(copy);
            QVERIFY(!copy);
            QCOMPARE(moved, context);
            QCOMPARE(context.info<CL_CONTEXT_REFERENCE_COUNT>(), cl_uint(2));
            Context retained = Context::retain(context.get());
            QCOMPARE(context.info<CL_CONTEXT_REFERENCE_COUNT>(), cl_uint(3));
        }
        QCOMPARE(context.info<CL_CONTEXT_REFERENCE_COUNT>(), cl_uint(1));
    }

    void withPlatformProperty() {
        CLW_REQUIRE_DEVICE(device);
        const auto platform = reinterpret_cast<cl_context_properties>(device.platform().get());
        Context context({device}, {CL_CONTEXT_PLATFORM, platform});
        // The engine added the terminator; the driver gives the list back with it.
        QVERIFY(context.info<CL_CONTEXT_PROPERTIES>() ==
                (std::vector<cl_context_properties>{CL_CONTEXT_PLATFORM, platform, 0}));
        QVERIFY(Context(device).info<CL_CONTEXT_PROPERTIES>().empty());
    }

    // On the test device's platform and on PoCL's.
    void fromType() {
        CLW_REQUIRE_DEVICE(device);
        CLW_REQUIRE_POCL(pocl);
        int absentTypes = 0;
        checkFromType(device, absentTypes);
        if (QTest::currentTestFailed())
            return;
        if (pocl.platform() != device.platform())
            checkFromType(pocl, absentTypes);
        // PoCL has no accelerator (nor, mostly, a GPU): the error was checked at least once.
        QVERIFY(absentTypes > 0);
    }

    void supportedImageFormats() {
        CLW_REQUIRE_DEVICE(device);
        QVERIFY(device.info<CL_DEVICE_IMAGE_SUPPORT>());
        Context context(device);
        const auto formats =
            context.supportedImageFormats(CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D);
        QVERIFY(!formats.empty());
        // OpenCL 3.0's minimum list for read-write 2D images includes these two.
        const cl_image_format rgbaFloat{CL_RGBA, CL_FLOAT};
        const cl_image_format rgbaUnorm{CL_RGBA, CL_UNORM_INT8};
        auto has = [&](const cl_image_format& wanted) {
            return std::any_of(formats.begin(), formats.end(),
                               [&](const cl_image_format& f) { return f == wanted; });
        };
        QVERIFY(has(rgbaFloat));
        QVERIFY(has(rgbaUnorm));
        QVERIFY(!context.supportedImageFormats(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE3D).empty());
    }

    void errorCallbackReceivesDriverMessages() {
        CLW_REQUIRE_DEVICE(device);
        ScopedClApi seam;
        g_real = seam.real();
        g_destructorsRun = 0;
        seam.api().clCreateContext = notifyingCreateContext;
        seam.api().clSetContextDestructorCallback = recordingSetDestructor;
        auto inbox = std::make_shared<Inbox>();
        {
            Context context({device}, {}, [inbox](const std::string& m) { inbox->add(m); });
            QVERIFY(context.devices() == std::vector<Device>{device});
            QVERIFY(inbox->all() ==
                    std::vector<std::string>{"fake driver: context created with a warning"});
            // Later, from a driver thread, with the user data the engine gave at creation.
            QVERIFY(g_notify != nullptr);
            std::thread driverThread(
                [] { g_notify("fake driver: an error later", nullptr, 0, g_notifyUser); });
            driverThread.join();
            QCOMPARE(inbox->all().size(), size_t(2));
            QCOMPARE(inbox->all()[1].c_str(), "fake driver: an error later");
            // The callback's state is freed by the context's destructor callback, registered
            // with the same user data.
            QVERIFY(g_destructor != nullptr);
            QCOMPARE(g_destructorUser, g_notifyUser);
            QCOMPARE(g_destructorsRun.load(), 0);
            Context copy = context; // the last of the two references frees the state
        }
        QCOMPARE(g_destructorsRun.load(), 1);
        QCOMPARE(inbox->all().size(), size_t(2));
        QCOMPARE(inbox.use_count(), 1L); // the engine's copy of the callback is gone
    }

    void errorCallbackFromType() {
        CLW_REQUIRE_DEVICE(device);
        ScopedClApi seam;
        g_real = seam.real();
        seam.api().clCreateContextFromType = notifyingCreateContextFromType;
        auto inbox = std::make_shared<Inbox>();
        Context context = Context::fromType(device.platform(), CL_DEVICE_TYPE_ALL,
                                            [inbox](const std::string& m) { inbox->add(m); });
        QVERIFY(!context.devices().empty());
        QVERIFY(inbox->all() == std::vector<std::string>{"fake driver: context by type"});
    }

    void noCallbackMeansNoNotifyFunction() {
        CLW_REQUIRE_DEVICE(device);
        ScopedClApi seam;
        g_real = seam.real();
        g_notify = reinterpret_cast<NotifyFn>(1);
        seam.api().clCreateContext = notifyingCreateContext;
        Context context(device);
        QVERIFY(g_notify == nullptr);
        QVERIFY(g_notifyUser == nullptr);
    }

    void failedCreationThrowsAndStillDelivers() {
        CLW_REQUIRE_DEVICE(device);
        ScopedClApi seam;
        seam.api().clCreateContext = failingCreateContext;
        auto inbox = std::make_shared<Inbox>();
        CLW_EXPECT_CL_ERROR(Context({device}, {}, [inbox](const std::string& m) { inbox->add(m); }),
                            CL_OUT_OF_HOST_MEMORY, "clCreateContext");
        QVERIFY(inbox->all() == std::vector<std::string>{"fake driver: out of host memory"});
        // The engine freed its copy of the callback when creation failed.
        QCOMPARE(inbox.use_count(), 1L);
        try {
            Context context(device);
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "creating a context for 1 device(s)"), error.what());
        }
    }

    void realDriverWithCallback() {
        // PoCL accepts the callback; it reports errors through return codes only, so a failing
        // call leaves the inbox empty and the context usable.
        CLW_REQUIRE_DEVICE(device);
        auto inbox = std::make_shared<Inbox>();
        {
            Context context({device}, {}, [inbox](const std::string& m) { inbox->add(m); });
            QCOMPARE(context.devices().size(), size_t(1));
            CLW_EXPECT_CL_ERROR(Buffer(context, CL_MEM_READ_WRITE, 0), CL_INVALID_BUFFER_SIZE,
                                "clCreateBuffer");
        }
        // PoCL runs context destructor callbacks (OpenCL 3.0), which free the engine's copy.
        QCOMPARE(inbox.use_count(), 1L);
    }
};

QTEST_GUILESS_MAIN(TestContext)
#include "tst_context.moc"
