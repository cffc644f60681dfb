// Memory pools: bin arithmetic, accounting, out-of-memory retry (fake allocator), real pooled
// buffers and SVM on the device, several threads at once, and frees that never wait for ever.
#include "ClTestUtil.h"
#include "CleanupLimit.h"
#include "SharedSvm.h"
#include "TestDevice.h"

#include "clw/engine/memory/DeferredAllocator.h"
#include "clw/engine/memory/ImmediateAllocator.h"
#include "clw/engine/memory/MemoryPool.h"
#include "clw/engine/memory/SvmAllocator.h"
#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/UserEvent.h"

#include <QtTest>

#include <atomic>
#include <functional>
#include <future>
#include <mutex>
#include <random>
#include <thread>

using namespace clw::engine;
using namespace std::chrono_literals;

namespace {

ClApi g_realApi; // what a test's fake entry points forward to
std::atomic<int> g_svmFrees{0};

// Hands out fake SVM blocks from a pretend device of `capacity` bytes and fails like a driver
// when that is exhausted or when told to.
struct FakeDevice {
    std::mutex mutex;
    size_t capacity = SIZE_MAX;
    size_t outstanding = 0;
    int allocations = 0;
    int failNext = 0;
    std::vector<size_t> freedSizes;
    std::uintptr_t nextAddress = 0x1000;
    std::function<void()> onRecycle; // runs as a block goes back to the pool
};

class FakeAllocator {
public:
    using Block = SvmBlock;
    explicit FakeAllocator(FakeDevice& device, std::uint64_t maxAllocation = UINT64_MAX)
        : m_device(&device) {
        m_limits.maxAllocation = maxAllocation;
        m_limits.description =
            "device 'fake': max single allocation " + std::to_string(maxAllocation) + " bytes";
    }
    SvmBlock allocate(size_t size) const {
        std::lock_guard lock(m_device->mutex);
        ++m_device->allocations;
        if (m_device->failNext > 0 || m_device->outstanding + size > m_device->capacity) {
            if (m_device->failNext > 0)
                --m_device->failNext;
            throw ClError(CL_MEM_OBJECT_ALLOCATION_FAILURE, "clCreateBuffer", "fake");
        }
        m_device->outstanding += size;
        void* address = reinterpret_cast<void*>(m_device->nextAddress);
        m_device->nextAddress += size + 64;
        return SvmBlock{address, size, {}};
    }
    bool recycle(SvmBlock&) const noexcept {
        if (m_device->onRecycle)
            m_device->onRecycle();
        return true;
    }
    void prepareReuse(SvmBlock&) const {}
    void free(SvmBlock&& block) const noexcept {
        std::lock_guard lock(m_device->mutex);
        m_device->outstanding -= block.size;
        m_device->freedSizes.push_back(block.size);
    }
    const AllocationLimits& limits() const noexcept { return m_limits; }

private:
    FakeDevice* m_device;
    AllocationLimits m_limits;
};

const char* kFillSource = R"CLC(
__kernel void fill(__global uint* out, uint base) {
    size_t i = get_global_id(0);
    out[i] = base + (uint)i;
}
__kernel void increment(__global uint* p) { p[get_global_id(0)] += 1; }
)CLC";

} // namespace

// A pool on one queue, a second queue and the kernels of kFillSource: what the SVM pool tests
// start from.
struct SvmPoolRig {
    explicit SvmPoolRig(const Device& device)
        : context(device)
        , poolQueue(context, device)
        , otherQueue(context, device)
        , program(Program::fromSource(context, kFillSource))
        , pool(SvmAllocator(context, CL_MEM_READ_WRITE, 0, poolQueue)) {}
    Context context;
    CommandQueue poolQueue, otherQueue;
    Program program;
    SvmPool pool;
};

// Declares the rig's parts as locals (context, poolQueue, otherQueue, pool, fill, increment).
// Where the device has no SVM, checks the exact error of an allocation of `bytes` and ends the
// test there.
#define CLW_SVM_POOL_RIG(device, bytes)                                                            \
    SvmPoolRig rig(device);                                                                        \
    QVERIFY(rig.program.build().ok());                                                             \
    const Context& context = rig.context;                                                          \
    const CommandQueue &poolQueue = rig.poolQueue, &otherQueue = rig.otherQueue;                   \
    SvmPool& pool = rig.pool;                                                                      \
    const Kernel fill(rig.program, "fill"), increment(rig.program, "increment");                   \
    if (!(device).info<CL_DEVICE_SVM_CAPABILITIES>()) {                                            \
        CLW_EXPECT_CL_ERROR(pool.allocate(bytes), CL_INVALID_OPERATION, "clSVMAlloc");             \
        return;                                                                                    \
    }

class TestPool : public QObject {
    Q_OBJECT
private slots:
    // stopHolding() running while a block is on its way back (decided "hold it", not yet held):
    // the block is freed, never left held by a pool that no longer frees what it holds.
    // The seeds: an allocator asked for 0 bytes gives an empty allocation, no driver call.
    void allocatorsGiveAnEmptyBufferForZeroBytes() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        QVERIFY(!DeferredAllocator(context).allocate(0));
        QVERIFY(!ImmediateAllocator(queue).allocate(0));
        QVERIFY(DeferredAllocator(context).allocate(16));
    }

    void stopHoldingWhileABlockComesBack() {
        FakeDevice device;
        MemoryPool<FakeAllocator> pool(FakeAllocator{device});
        auto block = pool.allocate(1000);
        std::promise<void> recycling, stopped;
        std::shared_future<void> stoppedFuture = stopped.get_future().share();
        device.onRecycle = [&] {
            recycling.set_value();
            stoppedFuture.wait();
        };
        std::thread giver([&] { block.release(); });
        recycling.get_future().wait();
        pool.stopHolding();
        stopped.set_value();
        giver.join();
        device.onRecycle = nullptr;
        QCOMPARE(pool.stats().heldBlocks, 0u);
        QCOMPARE(device.outstanding, size_t(0));
    }

    void binsBoundPaddingForManySizes() {
        std::mt19937_64 random(42);
        for (unsigned bits = 1; bits <= 8; ++bits) {
            const PoolBins bins(bits);
            const double bound = 1.0 / double(1u << bits);
            auto check = [&](size_t size) {
                const size_t rounded = bins.roundUp(size);
                QVERIFY2(rounded >= size, qPrintable(QString::number(size)));
                QCOMPARE(bins.binOf(rounded), bins.binOf(size));
                // The next size up is in another bin: the block is the bin's largest size.
                QVERIFY(bins.binOf(rounded + 1) != bins.binOf(size));
                QVERIFY2(double(rounded - size) / double(size) <= bound,
                         qPrintable(QStringLiteral("size %1 rounded %2 bits %3")
                                        .arg(size)
                                        .arg(rounded)
                                        .arg(bits)));
            };
            for (size_t size = 1; size <= 70000; ++size)
                check(size);
            for (int i = 0; i < 20000; ++i)
                check(1 + random() % (size_t(1) << 40));
        }
        // Bins grow with size.
        const PoolBins bins;
        for (size_t size = 1; size < 100000; ++size)
            QVERIFY(bins.binOf(size) <= bins.binOf(size + 1));
        QCOMPARE(bins.roundUp(1000), size_t(1023));
        QCOMPARE(bins.roundUp(17), size_t(17));
        QCOMPARE(bins.roundUp(4096), size_t(4351));
    }

    void heldAndActiveAreCounted() {
        FakeDevice device;
        MemoryPool<FakeAllocator> pool(FakeAllocator{device});
        auto a = pool.allocate(1000);
        PoolStats stats = pool.stats();
        QCOMPARE(stats.activeBlocks, 1u);
        QCOMPARE(stats.activeBytes, 1000u);
        QCOMPARE(stats.activeAllocatedBytes, 1023u);
        QCOMPARE(stats.misses, 1u);
        QCOMPARE(a.size(), size_t(1023));
        QCOMPARE(a.requestedSize(), size_t(1000));
        void* first = a.data();
        {
            auto copy = a; // a second user of the same block
            a.release();
            QCOMPARE(pool.stats().activeBlocks, 1u);
        }
        stats = pool.stats();
        QCOMPARE(stats.activeBlocks, 0u);
        QCOMPARE(stats.heldBlocks, 1u);
        QCOMPARE(stats.heldBytes, 1023u);
        auto b = pool.allocate(1010); // same bin: served from what is held
        QCOMPARE(b.data(), first);
        stats = pool.stats();
        QCOMPARE(stats.hits, 1u);
        QCOMPARE(stats.heldBlocks, 0u);
        QCOMPARE(device.allocations, 1);
        QVERIFY(stats.paddingRatio() > 0.0 && stats.paddingRatio() <= 0.0625);
        auto empty = pool.allocate(0);
        QVERIFY(!empty);
        QCOMPARE(device.allocations, 1);
        QCOMPARE(pool.stats().activeBlocks, 1u);
    }

    void outOfMemoryFreesHeldAndRetriesOnce() {
        FakeDevice device;
        device.capacity = 4096;
        MemoryPool<FakeAllocator> pool(FakeAllocator{device});
        pool.allocate(2048).release(); // held: 2048 + padding outstanding on the "device"
        QCOMPARE(pool.stats().heldBlocks, 1u);
        auto big = pool.allocate(3000); // fails, pool frees what it holds, second try works
        QVERIFY(big);
        const PoolStats stats = pool.stats();
        QCOMPARE(stats.outOfMemoryRetries, 1u);
        QCOMPARE(stats.heldBlocks, 0u);
        QCOMPARE(device.allocations, 3);
    }

    // PyOpenCL's order: one held block at a time, largest first, trying again after each, so
    // the small blocks a later request could use stay held.
    void outOfMemoryFreesOneHeldBlockAtATimeLargestFirst() {
        FakeDevice device;
        device.capacity = 16384;
        MemoryPool<FakeAllocator> pool(FakeAllocator{device});
        {
            auto small = pool.allocate(100);
            auto medium = pool.allocate(1000);
            auto large = pool.allocate(8000);
        }
        QCOMPARE(pool.stats().heldBlocks, 3u);
        auto big = pool.allocate(10000); // fits once the large block is freed
        QVERIFY(big);
        QCOMPARE(device.freedSizes.size(), size_t(1));
        QCOMPARE(device.freedSizes[0], pool.bins().allocationSize(pool.bins().binOf(8000)));
        QCOMPARE(pool.stats().heldBlocks, 2u);
        QCOMPARE(pool.stats().outOfMemoryRetries, 1u);
    }

    void outOfMemoryIsReportedWithSizesAndLimits() {
        FakeDevice device;
        device.capacity = 4096;
        MemoryPool<FakeAllocator> pool(FakeAllocator{device, 4096});
        auto held = pool.allocate(100);
        held.release();
        auto active = pool.allocate(3000);
        try {
            pool.allocate(3000);
            QFAIL("expected an AllocationError");
        } catch (const AllocationError& error) {
            QCOMPARE(error.code(), CL_MEM_OBJECT_ALLOCATION_FAILURE);
            QCOMPARE(error.requested(), 3000u);
            const QString text = QString::fromStdString(error.what());
            QVERIFY2(text.contains(QStringLiteral("3000 bytes")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("the pool holds")), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("device 'fake'")), qPrintable(text));
        }
        QCOMPARE(pool.stats().outOfMemoryRetries, 1u);
        QCOMPARE(pool.stats().heldBlocks, 0u); // freed for the retry
    }

    void aboveMaxAllocationFailsBeforeAnyCall() {
        FakeDevice device;
        MemoryPool<FakeAllocator> pool(FakeAllocator{device, 1000000});
        try {
            pool.allocate(2 << 20);
            QFAIL("expected an AllocationError");
        } catch (const AllocationError& error) {
            QCOMPARE(error.code(), CL_INVALID_BUFFER_SIZE);
            QVERIFY(QString::fromStdString(error.what())
                        .contains(QStringLiteral("CL_DEVICE_MAX_MEM_ALLOC_SIZE")));
        }
        QCOMPARE(device.allocations, 0);
        // Just below the limit, where the bin's size is above it: allocated exactly, not held.
        const size_t size = 999000; // its bin's size, 1015807, is above the limit
        auto block = pool.allocate(size);
        QCOMPARE(block.size(), size);
        block.release();
        QCOMPARE(pool.stats().heldBlocks, 0u);
        QCOMPARE(device.freedSizes.back(), size);
    }

    void freeHeldGoesLargestFirstAndStopHoldingFrees() {
        FakeDevice device;
        MemoryPool<FakeAllocator> pool(FakeAllocator{device});
        {
            auto small = pool.allocate(100);
            auto large = pool.allocate(10000);
            auto medium = pool.allocate(1000);
        }
        QCOMPARE(pool.stats().heldBlocks, 3u);
        pool.freeHeld();
        QCOMPARE(device.freedSizes.size(), size_t(3));
        QVERIFY(device.freedSizes[0] > device.freedSizes[1]);
        QVERIFY(device.freedSizes[1] > device.freedSizes[2]);
        pool.stopHolding();
        pool.allocate(64).release();
        QCOMPARE(pool.stats().heldBlocks, 0u);
        QCOMPARE(device.freedSizes.size(), size_t(4));
    }

    void blockOutlivingItsPoolIsFreed() {
        FakeDevice device;
        PooledSvm survivor;
        {
            MemoryPool<FakeAllocator> pool(FakeAllocator{device});
            survivor = pool.allocate(512);
        }
        QCOMPARE(device.outstanding, size_t(543));
        survivor.release();
        QCOMPARE(device.outstanding, size_t(0));
    }

    void fourThreadsAllocateAndRelease() {
        FakeDevice device;
        MemoryPool<FakeAllocator> pool(FakeAllocator{device});
        std::atomic<int> overlaps{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t) {
            threads.emplace_back([&, t] {
                std::mt19937 random(t);
                std::vector<PooledSvm> live;
                for (int i = 0; i < 5000; ++i) {
                    live.push_back(pool.allocate(1 + random() % 65536));
                    if (live.size() > 8) {
                        live.erase(live.begin() + random() % live.size());
                    }
                }
                // No two live blocks of this thread share an address.
                for (size_t i = 0; i < live.size(); ++i)
                    for (size_t j = i + 1; j < live.size(); ++j)
                        if (live[i].data() == live[j].data())
                            ++overlaps;
            });
        }
        for (std::thread& thread : threads)
            thread.join();
        QCOMPARE(overlaps.load(), 0);
        const PoolStats stats = pool.stats();
        QCOMPARE(stats.activeBlocks, 0u);
        QCOMPARE(stats.activeBytes, 0u);
        QCOMPARE(device.outstanding, size_t(stats.heldBytes));
        QVERIFY(stats.hits > stats.misses);
    }

    void pooledBuffersWorkInKernelsAndTransfers() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        Program program = Program::fromSource(context, kFillSource);
        QVERIFY2(program.build().ok(), "build failed");
        Kernel kernel(program, "fill");
        MemoryPool<ImmediateAllocator> pool{ImmediateAllocator(queue)};

        const size_t count = 1000;
        auto buffer = pool.allocate(count * sizeof(cl_uint));
        QVERIFY(buffer.size() >= count * sizeof(cl_uint));
        kernel.setArgs(buffer, cl_uint(7));
        queue.ndRange(kernel, count);
        std::vector<cl_uint> out(count);
        queue.read(buffer, 0, count * sizeof(cl_uint), out.data());
        for (size_t i = 0; i < count; ++i)
            QCOMPARE(out[i], cl_uint(7 + i));

        // A sub-buffer of a pooled buffer aliases it.
        Buffer tail = buffer.createSubBuffer(512, 64);
        std::vector<cl_uint> part(16);
        queue.read(tail, 0, 64, part.data());
        QCOMPARE(part[0], cl_uint(7 + 128));

        const cl_mem first = buffer.get();
        tail = Buffer();
        buffer.release();
        QCOMPARE(pool.stats().heldBlocks, 1u);
        auto again = pool.allocate(count * sizeof(cl_uint) - 8);
        QCOMPARE(again.get(), first); // the same memory object, reused
        kernel.setArgs(again, cl_uint(100));
        queue.ndRange(kernel, count);
        queue.read(again, 0, count * sizeof(cl_uint), out.data());
        QCOMPARE(out[999], cl_uint(1099));
        QCOMPARE(pool.stats().hits, 1u);
    }

    void deferredPoolAndDeviceLimit() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        MemoryPool<DeferredAllocator> pool{DeferredAllocator(context)};
        auto buffer = pool.allocate(4096);
        QCOMPARE(buffer.context(), context);
        const std::uint64_t max = device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
        try {
            pool.allocate(max + 1);
            QFAIL("expected an AllocationError");
        } catch (const AllocationError& error) {
            QCOMPARE(error.code(), CL_INVALID_BUFFER_SIZE);
            const QString text = QString::fromStdString(error.what());
            QVERIFY2(text.contains(QString::fromStdString(device.name())), qPrintable(text));
            QVERIFY2(text.contains(QStringLiteral("max single allocation")), qPrintable(text));
        }
        QCOMPARE(pool.stats().misses, 1u);
    }

    void svmPoolOnDevice() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        Program program = Program::fromSource(context, kFillSource);
        QVERIFY(program.build().ok());
        Kernel kernel(program, "fill");
        SvmPool pool(SvmAllocator(context, CL_MEM_READ_WRITE, 0, queue));
        const size_t count = 256;
        auto block = pool.allocate(count * sizeof(cl_uint));
        kernel.setArg(0, block);
        kernel.setArg(1, cl_uint(3));
        queue.ndRange(kernel, count);
        queue.svmMap(block.data(), count * sizeof(cl_uint), CL_MAP_READ);
        for (size_t i = 0; i < count; ++i)
            QCOMPARE(block.as<cl_uint>()[i], cl_uint(3 + i));
        queue.svmUnmap(block.data());
        void* first = block.data();
        block.release();
        auto again = pool.allocate(count * sizeof(cl_uint));
        QCOMPARE(again.data(), first);
        queue.finish();
    }

    // A block whose last-use marker cannot be enqueued goes back freed, not held: its next user
    // could not wait for the work still using it. The free is enqueued behind that work, so
    // nothing waits on the host, even for a queue an unset user event holds back.
    void svmBlockWithoutAMarkerIsFreedNotHeld() {
        CLW_REQUIRE_DEVICE(device);
        const size_t count = 64, bytes = count * sizeof(cl_uint);
        CLW_SVM_POOL_RIG(device, bytes);
        const UserEvent gate(context);
        const clw::test::OpenOnExit openOnExit{gate};
        auto block = pool.allocate(bytes);
        fill.setArgs(block, cl_uint(10));
        poolQueue.ndRange(fill, count, {}, {}, std::vector<Event>{gate});
        poolQueue.flush();
        const int failedBefore = failedReleaseCount();
        {
            ScopedClApi seam;
            seam.api().clEnqueueMarkerWithWaitList = [](cl_command_queue, cl_uint, const cl_event*,
                                                        cl_event*) -> cl_int {
                return CL_OUT_OF_RESOURCES;
            };
            const auto took = clw::test::endsWithin(
                20s, [&] { block.release(); }, [&] { gate.complete(); });
            QVERIFY2(took, "giving the block back waited on the host for the gated kernel");
        }
        QCOMPARE(failedReleaseCount(), failedBefore + 1);
        QCOMPARE(pool.stats().heldBlocks, 0u);
        QCOMPARE(pool.stats().activeBlocks, 0u);
        gate.complete();
        poolQueue.finish(); // the kernel ran, then the free behind it
        auto next = pool.allocate(bytes);
        QCOMPARE(pool.stats().misses, 2u); // a new block: the first one was not held
    }

    // When the free of a block cannot be enqueued, the allocator finishes the queue before it
    // frees the block at once (clSVMFree does not wait for commands). A queue an unset user
    // event holds back never finishes: the wait gives up at the cleanup limit, counts and says
    // it, and the block is kept rather than freed under the command.
    void failedSvmFreeOnAHeldQueueKeepsTheBlock() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        CLW_CHECK_SVM_OR_RETURN(device, context);
        const CommandQueue queue(context, device);
        const SvmAllocator allocator(context, CL_MEM_READ_WRITE, 0, queue);
        SvmBlock block = allocator.allocate(64);
        void* pointer = block.data;
        const UserEvent gate(context);
        const clw::test::OpenOnExit openOnExit{gate};
        queue.marker(std::vector<Event>{gate});
        queue.flush();
        const std::chrono::milliseconds limit(300);
        const clw::test::ShortCleanupLimit shorter(limit);
        const int abandonedBefore = abandonedWaitCount();
        const int failedBefore = failedReleaseCount();
        g_svmFrees = 0;
        {
            ScopedClApi seam;
            g_realApi = seam.real();
            seam.api().clEnqueueSVMFree =
                [](cl_command_queue, cl_uint, void**,
                   void(CL_CALLBACK*)(cl_command_queue, cl_uint, void**, void*), void*, cl_uint,
                   const cl_event*, cl_event*) -> cl_int { return CL_OUT_OF_RESOURCES; };
            seam.api().clSVMFree = [](cl_context context, void* pointer) {
                ++g_svmFrees;
                g_realApi.clSVMFree(context, pointer);
            };
            const auto took = clw::test::endsWithin(
                5 * limit, [&] { allocator.free(std::move(block)); }, [&] { gate.complete(); });
            QVERIFY2(took, "the free waited for the held queue past its limit");
            QVERIFY(*took >= limit);
        }
        QCOMPARE(failedReleaseCount(), failedBefore + 1); // the enqueued free that failed
        QCOMPARE(abandonedWaitCount(), abandonedBefore + 1);
        QVERIFY2(lastAbandonedWait().find("the block is kept") != std::string::npos,
                 lastAbandonedWait().c_str());
        QCOMPARE(g_svmFrees.load(), 0); // not freed under the queued command
        gate.complete();
        queue.finish();
        clApi().clSVMFree(context.get(), pointer); // the kept block, freed by hand
    }

    // The seeds' SVM pool reuses a block without waiting on the host: the previous user's work,
    // on another queue behind a gate, is put ahead of the next user's commands by a barrier.
    void svmReuseMakesTheNextCommandWaitNotTheHost() {
        CLW_REQUIRE_DEVICE(device);
        const size_t count = 64, bytes = count * sizeof(cl_uint);
        CLW_SVM_POOL_RIG(device, bytes);
        const UserEvent gate(context);
        auto block = pool.allocate(bytes);
        void* first = block.data();
        block.bindToQueue(otherQueue);
        QCOMPARE(block.boundQueue(), std::optional<CommandQueue>(otherQueue));
        fill.setArgs(block, cl_uint(10));
        otherQueue.ndRange(fill, count, {}, {}, std::vector<Event>{gate});
        otherQueue.flush();
        block.release(); // back to the pool, marked on otherQueue behind the gate

        auto reused = std::async(std::launch::async, [&] { return pool.allocate(bytes); });
        if (reused.wait_for(std::chrono::seconds(20)) != std::future_status::ready) {
            gate.complete();
            QFAIL("SvmPool::allocate waited on the host for the previous user's work");
        }
        auto again = reused.get();
        QCOMPARE(again.data(), first);
        QCOMPARE(again.boundQueue(), std::optional<CommandQueue>(poolQueue));
        increment.setArg(0, again);
        const Event incremented = poolQueue.ndRange(increment, count);
        poolQueue.flush();
        QTest::qWait(50);
        QVERIFY2(incremented.status() != CL_COMPLETE, "the next user ran before the previous one");
        gate.complete();
        poolQueue.svmMap(again.data(), bytes, CL_MAP_READ);
        for (size_t i = 0; i < count; ++i)
            QCOMPARE(again.as<cl_uint>()[i], cl_uint(10 + i + 1));
        poolQueue.svmUnmap(again.data());
        poolQueue.finish();
    }

    // The seeds' PooledSVM: enqueue_release behind a wait list holds the block's next user back
    // until the list completed; unbind_from_queue finishes the bound queue.
    void pooledSvmEnqueueReleaseAndUnbind() {
        CLW_REQUIRE_DEVICE(device);
        const size_t count = 32, bytes = count * sizeof(cl_uint);
        CLW_SVM_POOL_RIG(device, bytes);
        auto block = pool.allocate(bytes);
        fill.setArgs(block, cl_uint(5));
        poolQueue.ndRange(fill, count);
        const UserEvent gate(context);
        const Event released = block.enqueueRelease(otherQueue, std::vector<Event>{gate});
        QVERIFY(!block);
        auto again = pool.allocate(bytes);
        increment.setArg(0, again);
        const Event incremented = poolQueue.ndRange(increment, count);
        poolQueue.flush();
        QTest::qWait(50);
        QVERIFY(released.status() != CL_COMPLETE);
        QVERIFY(incremented.status() != CL_COMPLETE);
        gate.complete();
        incremented.wait();
        QCOMPARE(released.status(), CL_COMPLETE);

        // Unbound: the bound queue is finished first, and the block goes back with no marker.
        again.bindToQueue(otherQueue);
        fill.setArgs(again, cl_uint(7));
        const Event last = otherQueue.ndRange(fill, count);
        again.unbindFromQueue();
        QCOMPARE(last.status(), CL_COMPLETE);
        QVERIFY(!again.boundQueue());
        CLW_EXPECT_CL_ERROR(again.enqueueRelease(), CL_INVALID_COMMAND_QUEUE, "PooledSvm");
        poolQueue.svmMap(again.data(), bytes, CL_MAP_READ);
        for (size_t i = 0; i < count; ++i)
            QCOMPARE(again.as<cl_uint>()[i], cl_uint(7 + i));
        poolQueue.svmUnmap(again.data());
        poolQueue.finish();
    }
};

QTEST_GUILESS_MAIN(TestPool)
#include "tst_pool.moc"
