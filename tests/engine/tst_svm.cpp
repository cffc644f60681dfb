// Shared virtual memory on the real runtime: coarse and fine grain, SVM commands, frees behind a
// queue's work, indirect pointers, and the allocation's ownership rules. Each test asks the device
// for the SVM it needs: coarse grain (with maps) where fine grain is missing, and the exact error
// of what the device lacks.
#include "ClTestUtil.h"
#include "SharedSvm.h"
#include "TestDevice.h"

#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/SvmAllocation.h"
#include "clw/engine/runtime/UserEvent.h"

#include <QtTest>

#include <chrono>
#include <thread>

using namespace clw::engine;

namespace {

const char* const kSource = R"CLC(
__kernel void increment(__global int* p) { p[get_global_id(0)] += 1; }
__kernel void twicePlusOne(__global int* p) { int i = get_global_id(0); p[i] = p[i] * 2 + 1; }
__kernel void plusOne(__global const int* src, __global int* dst) {
    int i = get_global_id(0); dst[i] = src[i] + 1; }
typedef struct { __global int* data; int scale; } Holder;
__kernel void scaleIndirect(__global Holder* h) {
    int i = get_global_id(0); h->data[i] *= h->scale; }
)CLC";

// The host's view of the kernel's Holder.
struct Holder {
    int* data;
    int scale;
};

bool contains(const char* text, const std::string& part) {
    return std::string(text).find(part) != std::string::npos;
}

ClApi g_realApi; // what a test's fake entry points forward to

using clw::test::hostSharedSvmFlags;
using clw::test::svmCapabilities;
using clw::test::svmRead;
using clw::test::svmWrite;

// What an allocation of `flags` that the context's devices cannot take throws, or "" when it
// throws nothing or something else (the caller checks the code first).
std::string refusal(const Context& context, cl_svm_mem_flags flags) {
    try {
        SvmAllocation refused(context, flags, 64);
    } catch (const ClError& error) {
        return error.what();
    }
    return {};
}

// Fine grain: the host and the kernel share the memory with no map.
void checkFineGrainSharing(const Device& device) {
    const Context context(device);
    const CommandQueue queue(context, device);
    CLW_BUILD_PROGRAM(program, context, kSource);
    const size_t n = 128;
    SvmAllocation svm(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, n * sizeof(int));
    QVERIFY(svm.isFineGrain());
    for (size_t i = 0; i < n; ++i)
        svm.as<int>()[i] = int(i);
    const Kernel kernel(program, "twicePlusOne");
    kernel.setArg(0, svm);
    queue.ndRange(kernel, NDRange(n));
    queue.finish();
    for (size_t i = 0; i < n; ++i)
        QCOMPARE(svm.as<int>()[i], int(i) * 2 + 1);
}

} // namespace

class TestSvm : public QObject {
    Q_OBJECT
private slots:
    // What allocates follows CL_DEVICE_SVM_CAPABILITIES; what the device lacks is refused with
    // CL_INVALID_OPERATION naming the capability.
    void allocationsFollowTheCapabilities() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const cl_device_svm_capabilities caps = svmCapabilities(device);
        if (!(caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER)) {
            // A device with any SVM has coarse grain at least: this one has no SVM at all.
            QCOMPARE(caps, cl_device_svm_capabilities(0));
            CLW_EXPECT_CL_ERROR(SvmAllocation(context, CL_MEM_READ_WRITE, 64), CL_INVALID_OPERATION,
                                "clSVMAlloc");
            const std::string why = refusal(context, CL_MEM_READ_WRITE);
            QVERIFY2(contains(why.c_str(), "CL_DEVICE_SVM_CAPABILITIES is 0"), why.c_str());
            return;
        }
        SvmAllocation coarse(context, CL_MEM_READ_WRITE, 64);
        QVERIFY(coarse);
        QVERIFY(!coarse.isFineGrain());
        const cl_svm_mem_flags fine = CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER;
        if (!(caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER)) {
            CLW_EXPECT_CL_ERROR(SvmAllocation(context, fine, 64), CL_INVALID_OPERATION,
                                "clSVMAlloc");
            const std::string why = refusal(context, fine);
            QVERIFY2(contains(why.c_str(), "fine-grain SVM"), why.c_str());
            QVERIFY2(contains(why.c_str(), "CL_DEVICE_SVM_FINE_GRAIN_BUFFER"), why.c_str());
            return;
        }
        SvmAllocation fineBlock(context, fine, 64);
        QVERIFY(fineBlock.isFineGrain());
        if (!(caps & CL_DEVICE_SVM_ATOMICS)) {
            CLW_EXPECT_CL_ERROR(SvmAllocation(context, fine | CL_MEM_SVM_ATOMICS, 64),
                                CL_INVALID_OPERATION, "clSVMAlloc");
            const std::string why = refusal(context, fine | CL_MEM_SVM_ATOMICS);
            QVERIFY2(contains(why.c_str(), "CL_DEVICE_SVM_ATOMICS"), why.c_str());
            return;
        }
        SvmAllocation atomic(context, fine | CL_MEM_SVM_ATOMICS, 64);
        QVERIFY(atomic.isFineGrain());
        QCOMPARE(atomic.flags(), fine | CL_MEM_SVM_ATOMICS);
    }

    void coarseGrainMapKernelMap() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        CLW_CHECK_SVM_OR_RETURN(device, context);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 64, bytes = n * sizeof(int);
        SvmAllocation svm(context, CL_MEM_READ_WRITE, bytes);
        QVERIFY(svm);
        QVERIFY(!svm.isFineGrain());
        QCOMPARE(svm.size(), bytes);
        QVERIFY(svm.context() == context);

        queue.svmMap(svm.data(), bytes, CL_MAP_WRITE_INVALIDATE_REGION);
        for (size_t i = 0; i < n; ++i)
            svm.as<int>()[i] = int(i * 10);
        queue.svmUnmap(svm.data());

        const Kernel increment(program, "increment");
        increment.setArg(0, svm);
        queue.ndRange(increment, NDRange(n));
        // A pointer into the middle of the block: elements 16..31 get one more.
        increment.setArgSvmPointer(0, svm.as<int>() + 16);
        queue.ndRange(increment, NDRange(16));

        const Event mapped = queue.svmMap(svm.data(), bytes, CL_MAP_READ);
        QCOMPARE(mapped.commandType(), cl_command_type(CL_COMMAND_SVM_MAP));
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(svm.as<int>()[i], int(i * 10) + ((i >= 16 && i < 32) ? 2 : 1));
        queue.svmUnmap(svm.data()).wait();
    }

    // On the test device where it has fine grain; else its exact error there, and the sharing
    // on PoCL's CPU device, which has fine grain.
    void fineGrainIsSharedWithoutMaps() {
        CLW_REQUIRE_DEVICE(device);
        if (clw::test::hasFineGrainSvm(device)) {
            checkFineGrainSharing(device);
            return;
        }
        {
            const Context context(device);
            CLW_EXPECT_CL_ERROR(
                SvmAllocation(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, 512),
                CL_INVALID_OPERATION, "clSVMAlloc");
        }
        CLW_REQUIRE_POCL(pocl);
        QVERIFY(clw::test::hasFineGrainSvm(pocl));
        checkFineGrainSharing(pocl);
    }

    void memcpyFillAndMigrate() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        CLW_CHECK_SVM_OR_RETURN(device, context);
        const CommandQueue queue(context, device);
        const size_t n = 64, bytes = n * sizeof(int);
        SvmAllocation a(context, CL_MEM_READ_WRITE, bytes);
        SvmAllocation b(context, CL_MEM_READ_WRITE, bytes);
        const int seven = 7, minusOne = -1;
        queue.svmMemFill(a.data(), &seven, sizeof seven, bytes);
        queue.svmMemFill(b.data(), &minusOne, sizeof minusOne, bytes);
        // a[8..24) = 42, then b[32..48) = a[8..24).
        const int answer = 42;
        const Event filled =
            queue.svmMemFill(a.as<int>() + 8, &answer, sizeof answer, 16 * sizeof(int));
        QCOMPARE(filled.commandType(), cl_command_type(CL_COMMAND_SVM_MEMFILL));
        const Event copied = queue.svmMemcpy(b.as<int>() + 32, a.as<int>() + 8, 16 * sizeof(int),
                                             false, std::vector<Event>{filled});
        QCOMPARE(copied.commandType(), cl_command_type(CL_COMMAND_SVM_MEMCPY));

        const std::vector<const void*> pointers{a.data(), b.data()};
        const Event toDevice = queue.svmMigrate(pointers, {}, 0, std::vector<Event>{copied});
        const std::vector<size_t> sizes{bytes, bytes};
        const Event toHost = queue.svmMigrate(pointers, sizes, CL_MIGRATE_MEM_OBJECT_HOST,
                                              std::vector<Event>{toDevice});
        QCOMPARE(toHost.commandType(), cl_command_type(CL_COMMAND_SVM_MIGRATE_MEM));

        // Blocking copies to host memory, which the map-free check can read directly.
        std::vector<int> hostA(n), hostB(n);
        queue.svmMemcpy(hostA.data(), a.data(), bytes, true, std::vector<Event>{toHost});
        queue.svmMemcpy(hostB.data(), b.data(), bytes);
        for (size_t i = 0; i < n; ++i) {
            QCOMPARE(hostA[i], (i >= 8 && i < 24) ? 42 : 7);
            QCOMPARE(hostB[i], (i >= 32 && i < 48) ? 42 : -1);
        }

        // A size list that does not match the pointers is refused before the driver sees it.
        const std::vector<size_t> one{bytes};
        QVERIFY_THROWS_EXCEPTION(ClError, queue.svmMigrate(pointers, one));
    }

    // Fine grain where the device has it, else coarse grain written through maps.
    void boundBlockIsFreedBehindRunningWork() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        CLW_CHECK_SVM_OR_RETURN(device, context);
        const CommandQueue queue(context, device);
        // Maps of coarse grain while `queue` is held by a user event go through this one.
        const CommandQueue other(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 256;
        const Buffer out(context, CL_MEM_READ_WRITE, n * sizeof(int));
        const Kernel plusOne(program, "plusOne");
        const cl_svm_mem_flags flags = hostSharedSvmFlags(device);
        auto values = [n](auto value) {
            std::vector<int> all(n);
            for (size_t i = 0; i < n; ++i)
                all[i] = value(int(i));
            return all;
        };

        // Released through release(): the free waits behind the kernel, which waits for the
        // user event.
        {
            SvmAllocation src(context, flags, n * sizeof(int), 0, queue);
            svmWrite(queue, src, values([](int i) { return i * 3; }));
            const UserEvent gate(context);
            const clw::test::OpenOnExit openOnExit{gate};
            plusOne.setArgs(src, out);
            const Event kernel =
                queue.ndRange(plusOne, NDRange(n), {}, {}, std::vector<Event>{gate});
            const Event freed = src.release();
            QVERIFY(freed);
            QVERIFY(!src);
            QCOMPARE(freed.commandType(), cl_command_type(CL_COMMAND_SVM_FREE));
            QVERIFY(kernel.status() > CL_RUNNING);
            QVERIFY(freed.status() > CL_RUNNING);
            QVERIFY(!src.release()); // a second release does nothing
            // Were the block freed at once, a new block would likely take its place and the
            // kernel would read these values instead.
            SvmAllocation reuse(context, flags, n * sizeof(int));
            svmWrite(other, reuse, std::vector<int>(n, -5));
            gate.complete();
            freed.wait();
            QCOMPARE(kernel.status(), CL_COMPLETE);
            std::vector<int> back(n);
            queue.read(out, 0, n * sizeof(int), back.data());
            for (size_t i = 0; i < n; ++i)
                QCOMPARE(back[i], int(i) * 3 + 1);
        }

        // Released by the destructor of a block bound later with bindToQueue.
        const UserEvent gate(context);
        const clw::test::OpenOnExit openOnExit{gate};
        Event kernel;
        {
            SvmAllocation src(context, flags, n * sizeof(int));
            src.bindToQueue(queue);
            svmWrite(queue, src, values([](int i) { return 1000 - i; }));
            plusOne.setArgs(src, out);
            kernel = queue.ndRange(plusOne, NDRange(n), {}, {}, std::vector<Event>{gate});
        }
        QVERIFY(kernel.status() > CL_RUNNING);
        gate.complete();
        queue.finish();
        std::vector<int> back(n);
        queue.read(out, 0, n * sizeof(int), back.data());
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(back[i], 1001 - int(i));
    }

    // The seeds' bind_to_queue: work still queued on the old queue keeps the block; the free on
    // the new queue waits for it. Coarse grain, which every device with SVM has.
    void rebindingKeepsTheOldQueuesWork() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        CLW_CHECK_SVM_OR_RETURN(device, context);
        const CommandQueue first(context, device), second(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const Kernel increment(program, "increment");
        SvmAllocation block(context, CL_MEM_READ_WRITE, 64 * sizeof(int), 0, first);
        const UserEvent gate(context);
        const clw::test::OpenOnExit openOnExit{gate};
        increment.setArg(0, block);
        const Event kernel =
            first.ndRange(increment, NDRange(64), {}, {}, std::vector<Event>{gate});
        block.bindToQueue(second);
        const Event freed = block.release();
        first.flush();
        second.flush();
        std::this_thread::sleep_for(std::chrono::milliseconds(100)); // time to run, were it free
        QVERIFY(kernel.status() > CL_RUNNING);
        QVERIFY2(freed.status() > CL_RUNNING, "the block was freed under queued work");
        gate.complete();
        freed.wait();
        QCOMPARE(kernel.status(), CL_COMPLETE);
    }

    // unbind_from_queue finishes the old queue; enqueue_release takes a queue and a wait list,
    // and needs a queue.
    void unbindAndEnqueueRelease() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        CLW_CHECK_SVM_OR_RETURN(device, context);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const Kernel increment(program, "increment");
        SvmAllocation block(context, CL_MEM_READ_WRITE, 64 * sizeof(int), 0, queue);
        increment.setArg(0, block);
        const Event kernel = queue.ndRange(increment, NDRange(64));
        block.unbindFromQueue();
        QCOMPARE(kernel.status(), CL_COMPLETE);
        try {
            block.enqueueRelease();
            QFAIL("a release with no queue was enqueued");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_COMMAND_QUEUE);
        }
        QVERIFY(block); // kept
        const UserEvent gate(context);
        const clw::test::OpenOnExit openOnExit{gate};
        const Event freed = block.enqueueRelease(queue, std::vector<Event>{gate});
        QVERIFY(!block);
        queue.flush();
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QVERIFY(freed.status() > CL_RUNNING);
        gate.complete();
        freed.wait();
    }

    // Fine grain where the device has it, else coarse grain written and read through maps.
    void indirectPointersThroughAStruct() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        CLW_CHECK_SVM_OR_RETURN(device, context);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 32;
        const cl_svm_mem_flags flags = hostSharedSvmFlags(device);
        SvmAllocation data(context, flags, n * sizeof(int));
        SvmAllocation holder(context, flags, sizeof(Holder));
        std::vector<int> start(n);
        for (size_t i = 0; i < n; ++i)
            start[i] = int(i) + 1;
        svmWrite(queue, data, start);
        svmWrite(queue, holder, std::vector<Holder>{Holder{data.as<int>(), 3}});
        const Kernel kernel(program, "scaleIndirect");
        kernel.setArg(0, holder);
        kernel.setIndirectSvmPointers({data.data()});
        queue.ndRange(kernel, NDRange(n));
        queue.finish();
        const std::vector<int> scaled = svmRead<int>(queue, data, n);
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(scaled[i], (int(i) + 1) * 3);
    }

    void moveTransfersOwnership() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        CLW_CHECK_SVM_OR_RETURN(device, context);
        SvmAllocation a(context, CL_MEM_READ_WRITE, 256);
        void* const pointer = a.data();
        SvmAllocation b(std::move(a));
        QVERIFY(!a);
        QCOMPARE(a.data(), nullptr);
        QCOMPARE(a.size(), size_t(0));
        QCOMPARE(b.data(), pointer);
        QCOMPARE(b.size(), size_t(256));
        SvmAllocation c(context, hostSharedSvmFlags(device), 64);
        c = std::move(b); // frees c's own block first
        QCOMPARE(c.data(), pointer);
        QVERIFY(!c.isFineGrain());
        QVERIFY(!b);
        QVERIFY(!c.release()); // unbound: freed at once, no event
        QVERIFY(!c);
    }

    void allocationErrorsSayWhy() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        CLW_CHECK_SVM_OR_RETURN(device, context);
        try {
            SvmAllocation zero(context, CL_MEM_READ_WRITE, 0);
            QFAIL("a 0-byte SVM block was allocated");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_OUT_OF_RESOURCES);
            QCOMPARE(error.function(), std::string("clSVMAlloc"));
            QVERIFY2(contains(error.what(), "above 0"), error.what());
        }
        // A context whose devices report no SVM (the seam stands in for such a driver).
        ScopedClApi scoped;
        g_realApi = scoped.real();
        scoped.api().clSVMAlloc = [](cl_context, cl_svm_mem_flags, size_t, cl_uint) -> void* {
            return nullptr;
        };
        scoped.api().clGetDeviceInfo = [](cl_device_id id, cl_device_info param, size_t size,
                                          void* value, size_t* ret) -> cl_int {
            if (param != CL_DEVICE_SVM_CAPABILITIES)
                return g_realApi.clGetDeviceInfo(id, param, size, value, ret);
            if (value)
                *static_cast<cl_device_svm_capabilities*>(value) = 0;
            if (ret)
                *ret = sizeof(cl_device_svm_capabilities);
            return CL_SUCCESS;
        };
        try {
            SvmAllocation none(context, CL_MEM_READ_WRITE, 64);
            QFAIL("SVM was allocated on devices without SVM");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_OPERATION);
            QVERIFY2(contains(error.what(), "CL_DEVICE_SVM_CAPABILITIES"), error.what());
        }
    }

    void failedQueuedFreeIsCountedNotThrown() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        CLW_CHECK_SVM_OR_RETURN(device, context);
        const CommandQueue queue(context, device);
        void* pointer = nullptr;
        const int before = failedReleaseCount();
        {
            ScopedClApi scoped;
            scoped.api().clEnqueueSVMFree =
                [](cl_command_queue, cl_uint, void**,
                   void(CL_CALLBACK*)(cl_command_queue, cl_uint, void**, void*), void*, cl_uint,
                   const cl_event*, cl_event*) -> cl_int { return CL_OUT_OF_RESOURCES; };
            SvmAllocation svm(context, CL_MEM_READ_WRITE, 64, 0, queue);
            pointer = svm.data();
            // release() reports the failure and keeps the block...
            QVERIFY_THROWS_EXCEPTION(ClError, svm.release());
            QCOMPARE(svm.data(), pointer);
            // ...and the destructor counts it instead of throwing.
        }
        QCOMPARE(failedReleaseCount(), before + 1);
        clApi().clSVMFree(context.get(), pointer); // the kept block, freed by hand
    }
};

QTEST_GUILESS_MAIN(TestSvm)
#include "tst_svm.moc"
