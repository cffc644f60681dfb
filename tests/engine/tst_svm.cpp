// Shared virtual memory on the real runtime: coarse and fine grain, SVM commands, frees behind a
// queue's work, indirect pointers, and the allocation's ownership rules.
#include "ClTestUtil.h"
#include "TestDevice.h"

#include "clw/engine/ClApi.h"
#include "clw/engine/CommandQueue.h"
#include "clw/engine/Kernel.h"
#include "clw/engine/SvmAllocation.h"
#include "clw/engine/UserEvent.h"

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

} // namespace

class TestSvm : public QObject {
    Q_OBJECT
private slots:
    void deviceHasSvm() {
        CLW_REQUIRE_DEVICE(device);
        const auto caps = device.info<CL_DEVICE_SVM_CAPABILITIES>();
        QVERIFY2(caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER, "the test device has no SVM");
        QVERIFY2(caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER, "the test device has no fine-grain SVM");
    }

    void coarseGrainMapKernelMap() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
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

    void fineGrainIsSharedWithoutMaps() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 128;
        SvmAllocation svm(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER,
                          n * sizeof(int));
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

    void memcpyFillAndMigrate() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
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

    void boundBlockIsFreedBehindRunningWork() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 256;
        const Buffer out(context, CL_MEM_READ_WRITE, n * sizeof(int));
        const Kernel plusOne(program, "plusOne");

        // Released through release(): the free waits behind the kernel, which waits for the
        // user event.
        {
            SvmAllocation src(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER,
                              n * sizeof(int), 0, queue);
            for (size_t i = 0; i < n; ++i)
                src.as<int>()[i] = int(i) * 3;
            const UserEvent gate(context);
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
            SvmAllocation reuse(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER,
                                n * sizeof(int));
            for (size_t i = 0; i < n; ++i)
                reuse.as<int>()[i] = -5;
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
        Event kernel;
        {
            SvmAllocation src(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER,
                              n * sizeof(int));
            src.bindToQueue(queue);
            for (size_t i = 0; i < n; ++i)
                src.as<int>()[i] = 1000 - int(i);
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
        const CommandQueue first(context, device), second(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const Kernel increment(program, "increment");
        SvmAllocation block(context, CL_MEM_READ_WRITE, 64 * sizeof(int), 0, first);
        const UserEvent gate(context);
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
        const Event freed = block.enqueueRelease(queue, std::vector<Event>{gate});
        QVERIFY(!block);
        queue.flush();
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QVERIFY(freed.status() > CL_RUNNING);
        gate.complete();
        freed.wait();
    }

    void indirectPointersThroughAStruct() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 32;
        const cl_svm_mem_flags fine = CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER;
        SvmAllocation data(context, fine, n * sizeof(int));
        SvmAllocation holder(context, fine, sizeof(Holder));
        for (size_t i = 0; i < n; ++i)
            data.as<int>()[i] = int(i) + 1;
        *holder.as<Holder>() = Holder{data.as<int>(), 3};
        const Kernel kernel(program, "scaleIndirect");
        kernel.setArg(0, holder);
        kernel.setIndirectSvmPointers({data.data()});
        queue.ndRange(kernel, NDRange(n));
        queue.finish();
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(data.as<int>()[i], (int(i) + 1) * 3);
    }

    void moveTransfersOwnership() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        SvmAllocation a(context, CL_MEM_READ_WRITE, 256);
        void* const pointer = a.data();
        SvmAllocation b(std::move(a));
        QVERIFY(!a);
        QCOMPARE(a.data(), nullptr);
        QCOMPARE(a.size(), size_t(0));
        QCOMPARE(b.data(), pointer);
        QCOMPARE(b.size(), size_t(256));
        SvmAllocation c(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER, 64);
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
