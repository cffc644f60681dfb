// Buffers and sub-buffers on the real runtime: transfers, fills, copies, rectangles, maps,
// host pointers, info and destructor callbacks.
#include "TestDevice.h"

#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Pipe.h"
#include "clw/engine/runtime/UserEvent.h"

#include <QtTest>

#include <chrono>
#include <cstring>
#include <future>
#include <numeric>

using namespace clw::engine;
using namespace std::chrono_literals;

namespace {

// Sets a promise when destroyed: tells when the engine let go of what it kept alive.
struct DestroySignal {
    std::promise<void> destroyed;
    ~DestroySignal() { destroyed.set_value(); }
};

std::vector<unsigned char> iota(size_t n, unsigned char first = 0) {
    std::vector<unsigned char> bytes(n);
    std::iota(bytes.begin(), bytes.end(), first);
    return bytes;
}

bool contains(const char* text, const std::string& part) {
    return std::string(text).find(part) != std::string::npos;
}

} // namespace

#define CLW_BUILD_KERNEL(var, context, source, name)                                               \
    const Program var##Program = Program::fromSource(context, source);                             \
    {                                                                                              \
        const BuildResult var##Build = var##Program.build();                                       \
        QVERIFY2(var##Build.ok(), var##Build.message().c_str());                                   \
    }                                                                                              \
    const Kernel var(var##Program, name)

class TestBuffer : public QObject {
    Q_OBJECT
private slots:
    void writeAndReadBlocking() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 256);
        const auto data = iota(256);
        queue.write(buffer, 0, data.size(), data.data());
        std::vector<unsigned char> back(256, 0xEE);
        queue.read(buffer, 0, back.size(), back.data());
        QCOMPARE(back, data);
        // A part at an offset.
        std::vector<unsigned char> part(16);
        const Event event = queue.read(buffer, 100, part.size(), part.data());
        QCOMPARE(event.status(), CL_COMPLETE);
        QCOMPARE(event.commandType(), cl_command_type(CL_COMMAND_READ_BUFFER));
        QCOMPARE(part, iota(16, 100));
    }

    void nonBlockingTransfersKeepHostMemoryAlive() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 64 * sizeof(int));
        // The write waits for a user event, so the vector the caller built is gone long before
        // the transfer runs.
        const UserEvent gate(context);
        Event written;
        {
            std::vector<int> values(64);
            std::iota(values.begin(), values.end(), 1000);
            written = queue.writeAsync(buffer, 0, std::move(values), std::vector<Event>{gate});
        }
        QVERIFY(written.status() == CL_QUEUED || written.status() == CL_SUBMITTED);
        gate.complete();
        written.wait();
        std::vector<int> back(64);
        queue.read(buffer, 0, back.size() * sizeof(int), back.data());
        for (int i = 0; i < 64; ++i)
            QCOMPARE(back[size_t(i)], 1000 + i);

        // keepAlive on a plain non-blocking write: the engine holds the owner until the write
        // completed, then lets it go.
        struct Owned {
            DestroySignal signal;
            std::vector<unsigned char> bytes = iota(64, 7);
        };
        auto owned = std::make_shared<Owned>();
        auto destroyed = owned->signal.destroyed.get_future();
        const UserEvent gate2(context);
        const Event write2 = queue.write(buffer, 0, owned->bytes.size(), owned->bytes.data(), false,
                                         std::vector<Event>{gate2}, owned);
        owned.reset();
        QCOMPARE(destroyed.wait_for(0s), std::future_status::timeout);
        gate2.complete();
        write2.wait();
        QCOMPARE(destroyed.wait_for(10s), std::future_status::ready);
        std::vector<unsigned char> back2(64);
        queue.read(buffer, 0, back2.size(), back2.data());
        QCOMPARE(back2, iota(64, 7));

        // Non-blocking read into a shared vector.
        auto target = std::make_shared<std::vector<unsigned char>>(64, 0);
        const Event read = queue.read(buffer, 0, target->size(), target->data(), false, {}, target);
        read.wait();
        QCOMPARE(*target, iota(64, 7));
    }

    void fillWritesEveryPatternByte_data() {
        QTest::addColumn<int>("patternSize");
        QTest::newRow("1 byte") << 1;
        QTest::newRow("4 bytes") << 4;
        QTest::newRow("16 bytes") << 16;
    }
    void fillWritesEveryPatternByte() {
        QFETCH(int, patternSize);
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 256);
        const unsigned char background = 0xEE;
        queue.fill(buffer, background, 0, 256).wait();
        const auto pattern = iota(size_t(patternSize), 0x30);
        const size_t offset = 32, size = 128;
        const Event event = queue.fill(buffer, pattern.data(), pattern.size(), offset, size);
        event.wait();
        QCOMPARE(event.commandType(), cl_command_type(CL_COMMAND_FILL_BUFFER));
        std::vector<unsigned char> back(256);
        queue.read(buffer, 0, back.size(), back.data());
        for (size_t i = 0; i < back.size(); ++i) {
            const unsigned char expected = (i >= offset && i < offset + size)
                                               ? pattern[(i - offset) % pattern.size()]
                                               : background;
            QVERIFY2(back[i] == expected, qPrintable(QStringLiteral("byte %1").arg(i)));
        }
    }

    void copyWithOffsets() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const auto data = iota(128);
        const Buffer src(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 128,
                         const_cast<unsigned char*>(data.data()));
        const Buffer dst(context, CL_MEM_READ_WRITE, 128);
        queue.fill(dst, (unsigned char)0xEE, 0, 128);
        queue.copy(src, dst, 8, 32, 40).wait();
        std::vector<unsigned char> back(128);
        queue.read(dst, 0, back.size(), back.data());
        for (size_t i = 0; i < 128; ++i) {
            const unsigned char expected = (i >= 32 && i < 72) ? (unsigned char)(i - 32 + 8) : 0xEE;
            QCOMPARE(back[i], expected);
        }
    }

    void rectTransfersMoveExactlyTheRegion() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        // Buffer layout: rows of 8 bytes, 4 rows a slice, 3 slices.
        const size_t rowPitch = 8, slicePitch = 32, total = 96;
        const Buffer buffer(context, CL_MEM_READ_WRITE, total);
        queue.fill(buffer, (unsigned char)0, 0, total);
        // Host data: 3 bytes x 2 rows x 2 slices, tightly packed.
        const auto host = iota(12, 1);
        RectRegion write;
        write.bufferOrigin = {2, 1, 1};
        write.region = {3, 2, 2};
        write.bufferRowPitch = rowPitch;
        write.bufferSlicePitch = slicePitch;
        queue.writeRect(buffer, write, host.data());
        std::vector<unsigned char> all(total);
        queue.read(buffer, 0, total, all.data());
        for (size_t z = 0; z < 3; ++z)
            for (size_t y = 0; y < 4; ++y)
                for (size_t x = 0; x < 8; ++x) {
                    const bool inside = x >= 2 && x < 5 && y >= 1 && y < 3 && z >= 1 && z < 3;
                    const unsigned char expected =
                        inside ? host[(z - 1) * 6 + (y - 1) * 3 + (x - 2)] : 0;
                    QVERIFY2(all[z * slicePitch + y * rowPitch + x] == expected,
                             qPrintable(QStringLiteral("byte (%1, %2, %3)").arg(x).arg(y).arg(z)));
                }

        // Read the same region back into a larger host layout at a host origin: only the
        // region's bytes change there.
        std::vector<unsigned char> target(10 * 4 * 3, 0xEE); // rows of 10, 4 rows, 3 slices
        RectRegion read = write;
        read.hostOrigin = {1, 2, 0};
        read.hostRowPitch = 10;
        read.hostSlicePitch = 40;
        queue.readRect(buffer, read, target.data());
        for (size_t z = 0; z < 3; ++z)
            for (size_t y = 0; y < 4; ++y)
                for (size_t x = 0; x < 10; ++x) {
                    const bool inside = x >= 1 && x < 4 && y >= 2 && y < 4 && z < 2;
                    const unsigned char expected =
                        inside ? host[z * 6 + (y - 2) * 3 + (x - 1)] : 0xEE;
                    QCOMPARE(target[z * 40 + y * 10 + x], expected);
                }

        // copyRect into a buffer with another layout (rows of 16, 2 rows a slice).
        const Buffer other(context, CL_MEM_READ_WRITE, 16 * 2 * 2);
        queue.fill(other, (unsigned char)0xAA, 0, 64);
        CopyRectRegion copy;
        copy.srcOrigin = {2, 1, 1};
        copy.dstOrigin = {5, 0, 0};
        copy.region = {3, 2, 2};
        copy.srcRowPitch = rowPitch;
        copy.srcSlicePitch = slicePitch;
        copy.dstRowPitch = 16;
        copy.dstSlicePitch = 32;
        queue.copyRect(buffer, other, copy).wait();
        std::vector<unsigned char> copied(64);
        queue.read(other, 0, 64, copied.data());
        for (size_t z = 0; z < 2; ++z)
            for (size_t y = 0; y < 2; ++y)
                for (size_t x = 0; x < 16; ++x) {
                    const bool inside = x >= 5 && x < 8;
                    const unsigned char expected = inside ? host[z * 6 + y * 3 + (x - 5)] : 0xAA;
                    QCOMPARE(copied[z * 32 + y * 16 + x], expected);
                }
    }

    void mapAndUnmap() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 64 * sizeof(float));
        queue.fill(buffer, 0.0f, 0, 64 * sizeof(float));
        Mapping writeMap = queue.map(buffer, CL_MAP_WRITE_INVALIDATE_REGION, 16 * sizeof(float),
                                     16 * sizeof(float));
        QVERIFY(writeMap.data);
        QCOMPARE(writeMap.event.status(), CL_COMPLETE);
        QCOMPARE(buffer.info<CL_MEM_MAP_COUNT>(), cl_uint(1));
        for (int i = 0; i < 16; ++i)
            static_cast<float*>(writeMap.data)[i] = 0.5f * float(i);
        queue.unmap(buffer, writeMap.data).wait();
        std::vector<float> back(64);
        queue.read(buffer, 0, 64 * sizeof(float), back.data());
        for (int i = 0; i < 64; ++i)
            QCOMPARE(back[size_t(i)], (i >= 16 && i < 32) ? 0.5f * float(i - 16) : 0.0f);

        const Mapping readMap = queue.map(buffer, CL_MAP_READ, 0, 64 * sizeof(float), false);
        readMap.event.wait();
        const float* mapped = static_cast<const float*>(readMap.data);
        for (int i = 0; i < 64; ++i)
            QCOMPARE(mapped[i], back[size_t(i)]);
        QCOMPARE(queue.unmap(buffer, readMap.data).commandType(),
                 cl_command_type(CL_COMMAND_UNMAP_MEM_OBJECT));
        queue.finish();
    }

    void migrateKeepsContents() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const Buffer a(context, CL_MEM_READ_WRITE, 64);
        const Buffer b(context, CL_MEM_READ_WRITE, 64);
        queue.write(a, 0, 64, iota(64).data());
        queue.write(b, 0, 64, iota(64, 100).data());
        const std::vector<MemoryObject> objects{a, b};
        const Event toDevice = queue.migrate(objects);
        const Event toHost =
            queue.migrate(objects, CL_MIGRATE_MEM_OBJECT_HOST, std::vector<Event>{toDevice});
        toHost.wait();
        QCOMPARE(toHost.commandType(), cl_command_type(CL_COMMAND_MIGRATE_MEM_OBJECTS));
        std::vector<unsigned char> back(64);
        queue.read(a, 0, 64, back.data());
        QCOMPARE(back, iota(64));
        queue.read(b, 0, 64, back.data());
        QCOMPARE(back, iota(64, 100));
    }

    void subBufferAliasesParent() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const size_t align = device.info<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8;
        const Buffer parent(context, CL_MEM_READ_WRITE, align * 4);
        queue.fill(parent, (unsigned char)0, 0, align * 4);
        const Buffer sub = parent.createSubBuffer(align, 64 * sizeof(int));
        QVERIFY(sub.isSubBuffer());
        QVERIFY(!parent.isSubBuffer());
        QVERIFY(sub.parent() == parent);
        QVERIFY(!parent.parent());
        QCOMPARE(sub.offset(), align);
        QCOMPARE(sub.size(), 64 * sizeof(int));

        // A write through the sub-buffer lands in the parent at the offset.
        const std::vector<int> values{11, 22, 33, 44};
        queue.write(sub, 4 * sizeof(int), values.size() * sizeof(int), values.data());
        std::vector<int> back(4);
        queue.read(parent, align + 4 * sizeof(int), 4 * sizeof(int), back.data());
        QCOMPARE(back, values);

        // A kernel writing the sub-buffer.
        CLW_BUILD_KERNEL(kernel, context,
                         "__kernel void square(__global int* out) {"
                         "  int i = get_global_id(0); out[i] = i * i; }",
                         "square");
        kernel.setArg(0, sub);
        queue.ndRange(kernel, NDRange(64)).wait();
        std::vector<int> all(align * 4 / sizeof(int));
        queue.read(parent, 0, align * 4, all.data());
        const size_t first = align / sizeof(int);
        for (size_t i = 0; i < all.size(); ++i) {
            const int expected =
                (i >= first && i < first + 64) ? int((i - first) * (i - first)) : 0;
            QCOMPARE(all[i], expected);
        }
    }

    void misalignedSubBufferNamesTheAlignment() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const size_t align = device.info<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8;
        QVERIFY(align > 1);
        const Buffer parent(context, CL_MEM_READ_WRITE, align * 4);
        try {
            parent.createSubBuffer(1, 16);
            QFAIL("a misaligned sub-buffer was created");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_MISALIGNED_SUB_BUFFER_OFFSET);
            QCOMPARE(error.function(), std::string("clCreateSubBuffer"));
            QVERIFY2(contains(error.what(), "multiple of " + std::to_string(align) + " bytes"),
                     error.what());
            QVERIFY2(contains(error.what(), "at offset 1"), error.what());
            // The engine's check, made before the driver's (NVIDIA 580 makes none).
            QVERIFY2(contains(error.what(),
                              "the nearest aligned offsets are 0 and " + std::to_string(align)),
                     error.what());
        }
    }

    void hostPointerSemantics() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);

        // CL_MEM_USE_HOST_PTR: the host memory is the buffer's storage; a map returns it and
        // shows what the device wrote.
        alignas(128) std::array<int, 32> used{};
        const Buffer usesHost(context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof used,
                              used.data());
        QCOMPARE(usesHost.info<CL_MEM_HOST_PTR>(), static_cast<void*>(used.data()));
        queue.fill(usesHost, 7, 0, sizeof used);
        const Mapping mapping = queue.map(usesHost, CL_MAP_READ, 0, sizeof used);
        QCOMPARE(mapping.data, static_cast<void*>(used.data()));
        for (int value : used)
            QCOMPARE(value, 7);
        queue.unmap(usesHost, mapping.data).wait();

        // CL_MEM_COPY_HOST_PTR: the buffer starts as a copy; later host changes do not reach it.
        std::vector<int> copied(32, 5);
        const Buffer copiesHost(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                copied.size() * sizeof(int), copied.data());
        std::fill(copied.begin(), copied.end(), 9);
        std::vector<int> back(32);
        queue.read(copiesHost, 0, back.size() * sizeof(int), back.data());
        QCOMPARE(back, std::vector<int>(32, 5));
        QVERIFY(copiesHost.info<CL_MEM_HOST_PTR>() == nullptr);
    }

    void memoryInfo() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const Buffer buffer(context, CL_MEM_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, 1000);
        QCOMPARE(buffer.size(), size_t(1000));
        QCOMPARE(buffer.flags(), cl_mem_flags(CL_MEM_READ_ONLY | CL_MEM_HOST_WRITE_ONLY));
        QCOMPARE(buffer.type(), cl_mem_object_type(CL_MEM_OBJECT_BUFFER));
        QVERIFY(buffer.context() == context);
        QCOMPARE(buffer.offset(), size_t(0));
        QCOMPARE(buffer.info<CL_MEM_REFERENCE_COUNT>(), cl_uint(1));
        {
            const Buffer copy = buffer;
            QCOMPARE(buffer.info<CL_MEM_REFERENCE_COUNT>(), cl_uint(2));
        }
        QCOMPARE(buffer.info<CL_MEM_REFERENCE_COUNT>(), cl_uint(1));
        const MemoryObject plain = MemoryObject::retain(buffer.get());
        QVERIFY(plain == buffer);
    }

    void onDestroyedFiresWithTheLastReference() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        std::promise<void> fired;
        auto future = fired.get_future();
        std::optional<Buffer> buffer(std::in_place, context, CL_MEM_READ_WRITE, 64);
        std::optional<Buffer> copy = buffer;
        buffer->onDestroyed([&fired] { fired.set_value(); });
        buffer.reset();
        QCOMPARE(future.wait_for(0s), std::future_status::timeout);
        copy.reset();
        QCOMPARE(future.wait_for(10s), std::future_status::ready);
    }

    void pipeNeedsDeviceSupport() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        if (device.info<CL_DEVICE_PIPE_SUPPORT>()) {
            const Pipe pipe(context, CL_MEM_READ_WRITE, 16, 8);
            QCOMPARE(pipe.packetSize(), cl_uint(16));
            QCOMPARE(pipe.maxPackets(), cl_uint(8));
            QCOMPARE(pipe.type(), cl_mem_object_type(CL_MEM_OBJECT_PIPE));
            return;
        }
        // PoCL: no pipes, and the error says so.
        try {
            const Pipe pipe(context, CL_MEM_READ_WRITE, 16, 8);
            QFAIL("a pipe was created on a device without pipe support");
        } catch (const ClError& error) {
            QCOMPARE(error.function(), std::string("clCreatePipe"));
            QVERIFY2(contains(error.what(), "8 packets of 16 bytes"), error.what());
            QCOMPARE(error.code(), CL_INVALID_OPERATION);
            QVERIFY2(contains(error.what(), "CL_DEVICE_PIPE_SUPPORT"), error.what());
        }
    }

    void errorsSayWhatWasBeingDone() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        try {
            Buffer(context, CL_MEM_READ_WRITE, 0);
            QFAIL("a 0-byte buffer was created");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_BUFFER_SIZE);
            QVERIFY2(contains(error.what(), "0-byte buffer with flags CL_MEM_READ_WRITE"),
                     error.what());
        }
        const Buffer small(context, CL_MEM_READ_WRITE, 32);
        std::vector<unsigned char> host(64);
        try {
            queue.read(small, 16, 64, host.data());
            QFAIL("an out-of-range read was enqueued");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_VALUE);
            QCOMPARE(error.function(), std::string("clEnqueueReadBuffer"));
            QVERIFY2(contains(error.what(), "reading 64 bytes at offset 16 of a 32-byte buffer"),
                     error.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestBuffer)
#include "tst_buffer.moc"
