// The memory chapter's helpers on the real runtime: maps that unmap themselves (MemoryMap,
// SVMMap), a buffer's host array, an SVM pointer as a buffer, and an image from a host array.
#include "ClTestUtil.h"
#include "TestDevice.h"

#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Image.h"
#include "clw/engine/runtime/ImageFormat.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/MemoryMap.h"
#include "clw/engine/runtime/SvmAllocation.h"
#include "clw/engine/runtime/SvmMap.h"
#include "clw/engine/runtime/UserEvent.h"

#include <QtTest>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <thread>

using namespace clw::engine;
using clw::test::contains;

namespace {

const char* const kSource = R"CLC(
__kernel void increment(__global int* p) { p[get_global_id(0)] += 1; }
__kernel void affine(__global int* p) { int i = get_global_id(0); p[i] = i * 7 - 3; }
)CLC";

const char* const kImageSource = R"CLC(
__constant sampler_t kExact = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_NONE | CLK_FILTER_NEAREST;
// out[y * width + x] is what read_imagef sees at (x, y).
__kernel void readAt2D(__read_only image2d_t image, __global float* out) {
    int x = get_global_id(0), y = get_global_id(1);
    out[y * get_global_size(0) + x] = read_imagef(image, kExact, (int2)(x, y)).x;
}
__kernel void readAt3D(__read_only image3d_t image, __global int* out) {
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    out[(z * get_global_size(1) + y) * get_global_size(0) + x] =
        read_imagei(image, kExact, (int4)(x, y, z, 0)).x;
}
)CLC";

bool hasSvm(const Device& device) {
    const auto caps = device.tryInfo<CL_DEVICE_SVM_CAPABILITIES>();
    return caps && (*caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER);
}

// Where the device has no SVM, allocating it fails with CL_INVALID_OPERATION; that is what a test
// checks there instead of the feature.
void checkSvmIsRefused(const Context& context) {
    try {
        SvmAllocation svm(context, CL_MEM_READ_WRITE, 64);
        QFAIL("SVM was allocated on a device that reports none");
    } catch (const ClError& error) {
        QCOMPARE(error.code(), CL_INVALID_OPERATION);
    }
}

// Where the device has no images, creating one fails with CL_INVALID_OPERATION.
void checkImagesAreRefused(const Context& context) {
    const std::array<float, 4> data{};
    try {
        Image::fromArray(context, data, {2, 2});
        QFAIL("an image was made on a device without CL_DEVICE_IMAGE_SUPPORT");
    } catch (const ClError& error) {
        QCOMPARE(error.code(), CL_INVALID_OPERATION);
    }
}

// The maps enqueued and not yet unmapped, per memory object, counted at the engine's C API seam
// while it lives. Not CL_MEM_MAP_COUNT: the specification calls that immediately stale and for
// debugging only, and NVIDIA's driver answers 0 for a mapped buffer.
class MapLedger {
public:
    MapLedger() {
        s_real = m_seam.real();
        s_open.clear();
        m_seam.api().clEnqueueMapBuffer = [](cl_command_queue queue, cl_mem memory,
                                             cl_bool blocking, cl_map_flags flags, size_t offset,
                                             size_t size, cl_uint waits, const cl_event* waitList,
                                             cl_event* event, cl_int* code) -> void* {
            void* mapped = s_real.clEnqueueMapBuffer(queue, memory, blocking, flags, offset, size,
                                                     waits, waitList, event, code);
            s_open[memory] += mapped ? 1 : 0;
            return mapped;
        };
        m_seam.api().clEnqueueUnmapMemObject =
            [](cl_command_queue queue, cl_mem memory, void* mapped, cl_uint waits,
               const cl_event* waitList, cl_event* event) -> cl_int {
            const cl_int code =
                s_real.clEnqueueUnmapMemObject(queue, memory, mapped, waits, waitList, event);
            s_open[memory] -= code == CL_SUCCESS ? 1 : 0;
            return code;
        };
    }
    int open(const MemoryObject& memory) const { return s_open[memory.get()]; }
    ClApi& api() { return m_seam.api(); }

private:
    static inline ClApi s_real;
    static inline std::map<cl_mem, int> s_open;
    ScopedClApi m_seam;
};

// A 4x3 array of distinct, asymmetric values: ary[y][x] = 10 y + x + 0.5.
std::array<float, 12> fourByThree() {
    std::array<float, 12> ary{};
    for (size_t y = 0; y < 4; ++y)
        for (size_t x = 0; x < 3; ++x)
            ary[y * 3 + x] = float(10 * y + x) + 0.5f;
    return ary;
}

} // namespace

class TestSeedMemory : public QObject {
    Q_OBJECT
private slots:
    // Writing through a write map lands in the buffer once the map is released.
    void bufferMapWritesOnRelease() {
        CLW_REQUIRE_DEVICE(device);
        MapLedger ledger;
        const Context context(device);
        const CommandQueue queue(context, device);
        const size_t n = 64;
        const Buffer buffer(context, CL_MEM_READ_WRITE, n * sizeof(int));
        queue.fill(buffer, int(-1), 0, n * sizeof(int));

        MemoryMap map = MemoryMap::map(queue, buffer, CL_MAP_WRITE_INVALIDATE_REGION,
                                       16 * sizeof(int), 32 * sizeof(int));
        QVERIFY(map);
        QCOMPARE(map.event().commandType(), cl_command_type(CL_COMMAND_MAP_BUFFER));
        QCOMPARE(map.event().status(), CL_COMPLETE); // blocking
        QVERIFY(map.queue() == queue);
        QVERIFY(map.memory() == buffer);
        QCOMPARE(map.size(), 32 * sizeof(int));
        QCOMPARE(map.rowPitch(), size_t(0));
        QCOMPARE(ledger.open(buffer), 1);
        const std::span<int> ints = map.as<int>();
        QCOMPARE(ints.size(), size_t(32));
        QCOMPARE(static_cast<void*>(ints.data()), map.data());
        QCOMPARE(map.row<int>(0).size(), size_t(32)); // a buffer map is one row
        for (size_t i = 0; i < ints.size(); ++i)
            ints[i] = int(i * i);

        const Event unmapped = map.release();
        QVERIFY(!map);
        QCOMPARE(map.data(), nullptr);
        QCOMPARE(unmapped.commandType(), cl_command_type(CL_COMMAND_UNMAP_MEM_OBJECT));
        QVERIFY(!map.release()); // a second release does nothing
        unmapped.wait();
        QCOMPARE(ledger.open(buffer), 0);

        std::vector<int> back(n);
        queue.read(buffer, 0, n * sizeof(int), back.data());
        std::vector<int> expected(n, -1);
        for (size_t i = 0; i < 32; ++i)
            expected[16 + i] = int(i * i);
        QVERIFY(std::memcmp(back.data(), expected.data(), n * sizeof(int)) == 0);

        // A non-blocking read map: its event says when the bytes are there.
        MemoryMap readMap = MemoryMap::map(queue, buffer, CL_MAP_READ, 0, n * sizeof(int), false);
        readMap.event().wait();
        QVERIFY(std::equal(expected.begin(), expected.end(), readMap.as<const int>().begin()));
        readMap.release().wait();
    }

    // A typed view must tile the map: 6 bytes are no ints.
    void typedViewMustFit() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 64);
        MemoryMap map = MemoryMap::map(queue, buffer, CL_MAP_READ, 0, 6);
        QCOMPARE(map.as<std::uint16_t>().size(), size_t(3));
        try {
            map.as<int>();
            QFAIL("6 bytes were viewed as ints");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_VALUE);
            QVERIFY2(contains(error.what(), "not a multiple"), error.what());
        }
        try {
            map.row<char>(1);
            QFAIL("row 1 of a buffer map was given");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_VALUE);
        }
    }

    // Released on a second queue behind a user event: the region stays mapped until the event
    // is set, and the written bytes arrive after it.
    void releaseOnAnotherQueueWaitsForItsList() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue first(context, device), second(context, device);
        const size_t n = 32;
        const Buffer buffer(context, CL_MEM_READ_WRITE, n * sizeof(int));
        MemoryMap map =
            MemoryMap::map(first, buffer, CL_MAP_WRITE_INVALIDATE_REGION, 0, n * sizeof(int));
        for (size_t i = 0; i < n; ++i)
            map.as<int>()[i] = 1000 + int(i);

        const UserEvent gate(context);
        const clw::test::OpenOnExit openOnExit{gate};
        const Event unmapped = map.release(second, std::vector<Event>{gate});
        QVERIFY(!map);
        second.flush();
        std::this_thread::sleep_for(std::chrono::milliseconds(100)); // time to run, were it free
        QVERIFY2(unmapped.status() > CL_RUNNING, "the unmap ran before its wait list");

        gate.complete();
        unmapped.wait();
        std::vector<int> back(n);
        second.read(buffer, 0, n * sizeof(int), back.data());
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(back[i], 1000 + int(i));
    }

    // A map that goes out of scope, or is overwritten by another, unmaps.
    void destroyedMapUnmaps() {
        CLW_REQUIRE_DEVICE(device);
        MapLedger ledger;
        const Context context(device);
        const CommandQueue queue(context, device);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 256);
        {
            const MemoryMap map = MemoryMap::map(queue, buffer, CL_MAP_READ, 0, 256);
            QCOMPARE(ledger.open(buffer), 1);
        }
        queue.finish();
        QCOMPARE(ledger.open(buffer), 0);

        MemoryMap a = MemoryMap::map(queue, buffer, CL_MAP_READ, 0, 128);
        void* const pointer = a.data();
        MemoryMap b(std::move(a));
        QVERIFY(!a);
        QCOMPARE(b.data(), pointer);
        QCOMPARE(b.size(), size_t(128));
        b = MemoryMap::map(queue, buffer, CL_MAP_READ, 128, 128); // unmaps b's own region first
        queue.finish();
        QCOMPARE(ledger.open(buffer), 1);
        QCOMPARE(b.size(), size_t(128));
        b = MemoryMap();
        queue.finish();
        QCOMPARE(ledger.open(buffer), 0);
    }

    // An unmap the destructor cannot enqueue is counted, not thrown.
    void failedUnmapIsCountedNotThrown() {
        CLW_REQUIRE_DEVICE(device);
        MapLedger ledger;
        const Context context(device);
        const CommandQueue queue(context, device);
        const Buffer buffer(context, CL_MEM_READ_WRITE, 64);
        const int before = failedReleaseCount();
        void* pointer = nullptr;
        {
            ScopedClApi scoped;
            MemoryMap map = MemoryMap::map(queue, buffer, CL_MAP_READ, 0, 64);
            pointer = map.data();
            scoped.api().clEnqueueUnmapMemObject = [](cl_command_queue, cl_mem, void*, cl_uint,
                                                      const cl_event*, cl_event*) -> cl_int {
                return CL_OUT_OF_RESOURCES;
            };
            // release() says so and keeps the map...
            QVERIFY_THROWS_EXCEPTION(ClError, map.release());
            QCOMPARE(map.data(), pointer);
            // ...and the destructor counts it instead of throwing.
        }
        QCOMPARE(failedReleaseCount(), before + 1);
        QCOMPARE(ledger.open(buffer), 1);
        queue.unmap(buffer, pointer).wait(); // the kept region, unmapped by hand
        QCOMPARE(ledger.open(buffer), 0);
    }

    // An image map gives its pitches and rows; a write map changes the pixels.
    void imageMapRowsAndPitches() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        if (!device.info<CL_DEVICE_IMAGE_SUPPORT>())
            return checkImagesAreRefused(context);
        const CommandQueue queue(context, device);
        const cl_image_format rgba{CL_RGBA, CL_FLOAT};
        const size_t width = 5, height = 3;
        std::vector<float> pixels(width * height * 4);
        for (size_t i = 0; i < pixels.size(); ++i)
            pixels[i] = 0.25f * float(i);
        const Image image = Image::create2D(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, rgba,
                                            width, height, 0, pixels.data());

        MemoryMap map = MemoryMap::map(queue, image, CL_MAP_READ, {1, 1, 0}, {3, 2, 1});
        QCOMPARE(map.event().commandType(), cl_command_type(CL_COMMAND_MAP_IMAGE));
        QVERIFY(map.rowPitch() >= 3 * 16);
        QCOMPARE(map.size(), map.rowPitch() + 3 * 16);
        for (size_t y = 0; y < 2; ++y) {
            const std::span<const float> row = map.row<const float>(y);
            QCOMPARE(row.size(), size_t(12));
            for (size_t i = 0; i < 12; ++i)
                QCOMPARE(row[i], pixels[((1 + y) * width + 1) * 4 + i]);
        }
        map.release().wait();

        MemoryMap write =
            MemoryMap::map(queue, image, CL_MAP_WRITE_INVALIDATE_REGION, {0, 2, 0}, {width, 1, 1});
        std::fill(write.row<float>(0).begin(), write.row<float>(0).end(), -2.0f);
        write.release().wait();
        std::vector<float> back(pixels.size());
        queue.readImage(image, {0, 0, 0}, {width, height, 1}, back.data());
        for (size_t i = 0; i < back.size(); ++i)
            QCOMPARE(back[i], i >= 2 * width * 4 ? -2.0f : pixels[i]);

        // The layers of a 1D image array lie a slice pitch apart.
        const Image layers = Image::create1DArray(context, CL_MEM_READ_WRITE, rgba, 4, 3);
        std::vector<float> layerPixels(4 * 3 * 4);
        for (size_t i = 0; i < layerPixels.size(); ++i)
            layerPixels[i] = float(i);
        queue.writeImage(layers, {0, 0, 0}, {4, 3, 1}, layerPixels.data());
        const MemoryMap layerMap = MemoryMap::map(queue, layers, CL_MAP_READ, {0, 0, 0}, {4, 3, 1});
        QVERIFY(layerMap.slicePitch() >= 4 * 16);
        QCOMPARE(layerMap.size(), 2 * layerMap.slicePitch() + 4 * 16);
        for (size_t i = 0; i < 16; ++i)
            QCOMPARE(layerMap.row<const float>(2)[i], layerPixels[2 * 16 + i]);
    }

    // The seeds' SVMMap: the host writes coarse-grain SVM through a map, and the unmap released
    // on another queue behind a user event holds back the kernel queued after it.
    void svmMapReleasedBehindAnEvent() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        if (!hasSvm(device))
            return checkSvmIsRefused(context);
        const CommandQueue first(context, device), second(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 64, bytes = n * sizeof(int);
        SvmAllocation svm(context, CL_MEM_READ_WRITE, bytes, 0, second);

        SvmMap map = SvmMap::map(first, svm, CL_MAP_WRITE_INVALIDATE_REGION);
        QVERIFY(map);
        QCOMPARE(map.data(), svm.data());
        QCOMPARE(map.size(), bytes);
        QCOMPARE(map.event().commandType(), cl_command_type(CL_COMMAND_SVM_MAP));
        for (size_t i = 0; i < n; ++i)
            map.as<int>()[i] = int(i) * 10;

        const UserEvent gate(context);
        const clw::test::OpenOnExit openOnExit{gate};
        const Event unmapped = map.release(second, std::vector<Event>{gate});
        QVERIFY(!map);
        QCOMPARE(unmapped.commandType(), cl_command_type(CL_COMMAND_SVM_UNMAP));
        const Kernel increment(program, "increment");
        increment.setArg(0, svm);
        const Event kernel = second.ndRange(increment, NDRange(n));
        second.flush();
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        QVERIFY2(unmapped.status() > CL_RUNNING, "the SVM unmap ran before its wait list");
        QVERIFY(kernel.status() > CL_RUNNING);
        gate.complete();
        second.finish();

        {
            const SvmMap readBack = SvmMap::map(first, svm, CL_MAP_READ);
            const std::span<const int> values = readBack.as<const int>();
            for (size_t i = 0; i < n; ++i)
                QCOMPARE(values[i], int(i) * 10 + 1);
        } // unmapped here, on `first`
        first.finish();
    }

    // get_host_array: the buffer's CL_MEM_USE_HOST_PTR memory, showing the device's writes once
    // a map synchronized it.
    void hostArrayIsTheHostMemory() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 64;
        alignas(128) std::array<int, n> host{};
        const Buffer buffer(context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof host,
                            host.data());
        const std::span<int> array = buffer.hostArray<int>();
        QCOMPARE(array.data(), host.data());
        QCOMPARE(array.size(), n);
        QCOMPARE(static_cast<void*>(buffer.hostBytes().data()), static_cast<void*>(host.data()));
        QCOMPARE(buffer.hostBytes().size(), sizeof host);

        // A kernel's writes, then a map and unmap to synchronize.
        const Kernel affine(program, "affine");
        affine.setArg(0, buffer);
        queue.ndRange(affine, NDRange(n));
        MemoryMap::map(queue, buffer, CL_MAP_READ, 0, sizeof host).release().wait();
        for (size_t i = 0; i < n; ++i)
            QCOMPARE(array[i], int(i) * 7 - 3);

        // A write, the same way.
        std::vector<int> values(n);
        for (size_t i = 0; i < n; ++i)
            values[i] = 5000 - int(i);
        queue.write(buffer, 0, sizeof host, values.data());
        MemoryMap::map(queue, buffer, CL_MAP_READ, 0, sizeof host).release().wait();
        QVERIFY(std::equal(values.begin(), values.end(), array.begin()));

        // A sub-buffer's host array starts at its origin.
        const size_t origin = device.info<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8;
        if (origin < sizeof host) {
            const Buffer sub = buffer.createSubBuffer(origin, sizeof host - origin);
            QCOMPARE(sub.hostArray<int>().data(), host.data() + origin / sizeof(int));
            QCOMPARE(sub.hostArray<int>().size(), n - origin / sizeof(int));
        }
    }

    void hostArrayErrors() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const Buffer plain(context, CL_MEM_READ_WRITE, 64);
        try {
            plain.hostArray<int>();
            QFAIL("a buffer without host memory gave a host array");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_MEM_OBJECT);
            QVERIFY2(contains(error.what(), "not made with CL_MEM_USE_HOST_PTR"), error.what());
        }
        // CL_MEM_COPY_HOST_PTR copies: the buffer has no host memory of its own either.
        std::array<int, 16> source{};
        const Buffer copied(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof source,
                            source.data());
        QVERIFY_THROWS_EXCEPTION(ClError, copied.hostBytes());

        alignas(16) std::array<char, 10> ten{};
        const Buffer odd(context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, ten.size(), ten.data());
        QCOMPARE(odd.hostArray<char>().size(), size_t(10));
        try {
            odd.hostArray<int>();
            QFAIL("10 bytes were viewed as ints");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_VALUE);
        }
    }

    // SVMPointer.as_buffer: transfers and kernels through the buffer reach the SVM itself.
    void svmAsBuffer() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        if (!hasSvm(device))
            return checkSvmIsRefused(context);
        const CommandQueue queue(context, device);
        CLW_BUILD_PROGRAM(program, context, kSource);
        const size_t n = 64, bytes = n * sizeof(int);
        SvmAllocation svm(context, CL_MEM_READ_WRITE, bytes, 0, queue);
        const Buffer buffer = Buffer::overSvm(context, svm.data(), bytes);
        QVERIFY(buffer.info<CL_MEM_USES_SVM_POINTER>());
        QCOMPARE(buffer.info<CL_MEM_HOST_PTR>(), svm.data());
        QCOMPARE(buffer.size(), bytes);
        QVERIFY(buffer.flags() & CL_MEM_USE_HOST_PTR);

        std::vector<int> values(n);
        for (size_t i = 0; i < n; ++i)
            values[i] = int(i) * 3 + 11;
        queue.write(buffer, 0, bytes, values.data());
        {
            const SvmMap map = SvmMap::map(queue, svm, CL_MAP_READ);
            QVERIFY(std::memcmp(map.data(), values.data(), bytes) == 0);
        }

        const Kernel affine(program, "affine");
        affine.setArg(0, buffer); // __global int*, bound to the buffer
        queue.ndRange(affine, NDRange(n));
        {
            const SvmMap map = SvmMap::map(queue, svm, CL_MAP_READ);
            for (size_t i = 0; i < n; ++i)
                QCOMPARE(map.as<const int>()[i], int(i) * 7 - 3);
        }
        queue.finish();

        // Memory that is not SVM would make a copy, not a view: refused.
        std::vector<int> plain(n);
        try {
            Buffer::overSvm(context, plain.data(), bytes);
            QFAIL("a buffer over memory that is not SVM was made");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_HOST_PTR);
            QVERIFY2(contains(error.what(), "SvmAllocation"), error.what());
        }
    }

    // image_from_array: a 4x3 float array is an image 3 wide and 4 high, and read_imagef at
    // (x, y) sees ary[y][x].
    void imageFromArray2D() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        if (!device.info<CL_DEVICE_IMAGE_SUPPORT>())
            return checkImagesAreRefused(context);
        const CommandQueue queue(context, device);
        const std::array<float, 12> ary = fourByThree();
        const Image image = Image::fromArray(context, ary, {4, 3});
        QCOMPARE(image.type(), cl_mem_object_type(CL_MEM_OBJECT_IMAGE2D));
        QVERIFY(image.format() == cl_image_format({CL_R, CL_FLOAT}));
        QCOMPARE(image.width(), size_t(3));
        QCOMPARE(image.height(), size_t(4));
        QCOMPARE(image.flags() & (CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR),
                 cl_mem_flags(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR));

        std::array<float, 12> back{};
        queue.readImage(image, {0, 0, 0}, {3, 4, 1}, back.data());
        QCOMPARE(back, ary);

        CLW_BUILD_PROGRAM(program, context, kImageSource);
        const Kernel readAt(program, "readAt2D");
        const Buffer out(context, CL_MEM_WRITE_ONLY, sizeof ary);
        readAt.setArg(0, image);
        readAt.setArg(1, out);
        queue.ndRange(readAt, NDRange(3, 4));
        std::array<float, 12> seen{};
        queue.read(out, 0, sizeof seen, seen.data());
        for (size_t y = 0; y < 4; ++y)
            for (size_t x = 0; x < 3; ++x)
                QCOMPARE(seen[y * 3 + x], ary[y * 3 + x]);

        // Four channels: the shape ends with them, and the format is CL_RGBA (which every
        // device with images takes for float).
        std::array<float, 24> quads{};
        for (size_t i = 0; i < quads.size(); ++i)
            quads[i] = -float(i);
        const Image rgba = Image::fromArray(context, quads, {2, 3, 4}, 4, CL_MEM_WRITE_ONLY);
        QVERIFY(rgba.format() == cl_image_format({CL_RGBA, CL_FLOAT}));
        QCOMPARE(rgba.width(), size_t(3));
        QCOMPARE(rgba.height(), size_t(2));
        QVERIFY(rgba.flags() & CL_MEM_WRITE_ONLY);
        std::array<float, 24> rgbaBack{};
        queue.readImage(rgba, {0, 0, 0}, {3, 2, 1}, rgbaBack.data());
        QCOMPARE(rgbaBack, quads);

        // Normalized bytes read as floats in [0, 1].
        const std::array<std::uint8_t, 12> bytes{0, 51, 102, 153, 204, 255,
                                                 0, 51, 102, 153, 204, 255};
        const Image unorm = Image::fromArray(context, bytes, {4, 3}, 1, CL_MEM_READ_ONLY, true);
        QVERIFY(unorm.format() == cl_image_format({CL_R, CL_UNORM_INT8}));
        readAt.setArg(0, unorm);
        queue.ndRange(readAt, NDRange(3, 4));
        queue.read(out, 0, sizeof seen, seen.data());
        for (size_t i = 0; i < 12; ++i)
            QVERIFY2(std::abs(seen[i] - float(bytes[i]) / 255.0f) < 1e-6f,
                     qPrintable(QString::number(i)));
    }

    // A (depth, height, width) array is a 3D image; read_imagei at (x, y, z) sees ary[z][y][x].
    void imageFromArray3D() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        if (!device.info<CL_DEVICE_IMAGE_SUPPORT>())
            return checkImagesAreRefused(context);
        const CommandQueue queue(context, device);
        std::vector<std::int32_t> ary(2 * 3 * 4);
        for (size_t i = 0; i < ary.size(); ++i)
            ary[i] =
                100 * std::int32_t(i / 12) + 10 * std::int32_t(i / 4 % 3) + std::int32_t(i % 4);
        const Image image = Image::fromArray(context, ary, {2, 3, 4});
        QCOMPARE(image.type(), cl_mem_object_type(CL_MEM_OBJECT_IMAGE3D));
        QVERIFY(image.format() == cl_image_format({CL_R, CL_SIGNED_INT32}));
        QCOMPARE(image.width(), size_t(4));
        QCOMPARE(image.height(), size_t(3));
        QCOMPARE(image.depth(), size_t(2));

        CLW_BUILD_PROGRAM(program, context, kImageSource);
        const Kernel readAt(program, "readAt3D");
        const Buffer out(context, CL_MEM_WRITE_ONLY, ary.size() * sizeof(std::int32_t));
        readAt.setArg(0, image);
        readAt.setArg(1, out);
        queue.ndRange(readAt, NDRange(4, 3, 2));
        std::vector<std::int32_t> seen(ary.size());
        queue.read(out, 0, seen.size() * sizeof(std::int32_t), seen.data());
        QCOMPARE(seen, ary);
    }

    void imageFromArrayErrors() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const std::array<float, 12> ary = fourByThree();
        // The error each bad request gets; CL_SUCCESS when none.
        const auto refusal = [&](const std::vector<size_t>& shape, size_t channels) {
            try {
                Image::fromArray(context, ary, shape, channels);
            } catch (const ClError& error) {
                return std::make_pair(error.code(), std::string(error.what()));
            }
            return std::make_pair(CL_SUCCESS, std::string());
        };
        const auto check = [&](const std::vector<size_t>& shape, size_t channels, const char* why) {
            const auto [code, what] = refusal(shape, channels);
            QCOMPARE(code, CL_INVALID_VALUE);
            QVERIFY2(contains(what.c_str(), why), what.c_str());
        };
        // PyOpenCL's "invalid dimension": 1 or more than 3 dimensions.
        check({12}, 1, "it has 1 dimensions");
        check({1, 2, 2, 3}, 1, "it has 4 dimensions");
        check({12, 1}, 0, "1 to 4 channels");
        check({3, 1, 4}, 5, "1 to 4 channels");
        check({4, 3}, 2, "last entry is the channel count"); // no channel axis
        check({6, 2}, 2, "it has 1 dimensions");             // 1D once the channels are taken
        check({4, 4}, 1, "needs 64 bytes");                  // 16 pixels, 12 values
        if (QTest::currentTestFailed())
            return;
        try {
            Image::fromArray(context, ary, {4, 3}, 1, CL_MEM_READ_ONLY, true);
            QFAIL("float data got a normalized channel type");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_VALUE);
        }
        try {
            Image::fromArray(context, ary, {4, 3}, 1, CL_MEM_USE_HOST_PTR);
            QFAIL("an access of CL_MEM_USE_HOST_PTR was taken");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_VALUE);
        }
    }

    // A format the devices do not list is CL_IMAGE_FORMAT_NOT_SUPPORTED, with what they take.
    // 3 channels are CL_RGB, as in PyOpenCL, which OpenCL takes only with packed channel types.
    void imageFromArrayUnsupportedFormat() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        if (!device.info<CL_DEVICE_IMAGE_SUPPORT>())
            return checkImagesAreRefused(context);
        const auto listed = [&](const cl_image_format& format) {
            const auto formats =
                context.supportedImageFormats(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D);
            return std::any_of(formats.begin(), formats.end(),
                               [&](const cl_image_format& f) { return f == format; });
        };

        const std::array<float, 12> rgb{};
        if (listed({CL_RGB, CL_FLOAT})) {
            QCOMPARE(Image::fromArray(context, rgb, {2, 2, 3}, 3).format().image_channel_order,
                     cl_channel_order(CL_RGB));
        } else {
            try {
                Image::fromArray(context, rgb, {2, 2, 3}, 3);
                QFAIL("a CL_RGB / CL_FLOAT image the device does not list was made");
            } catch (const ClError& error) {
                QCOMPARE(error.code(), CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
                QVERIFY2(contains(error.what(), "fourth channel"), error.what());
            }
        }

        // A valid format of image_from_array's that this device lacks (PoCL 3 has no CL_RG).
        std::optional<cl_image_format> missing;
        for (cl_channel_order order : {CL_R, CL_RG, CL_RGBA})
            for (cl_channel_type type :
                 {CL_FLOAT, CL_HALF_FLOAT, CL_SIGNED_INT8, CL_UNSIGNED_INT8, CL_SIGNED_INT16,
                  CL_UNSIGNED_INT16, CL_SIGNED_INT32, CL_UNSIGNED_INT32, CL_SNORM_INT8,
                  CL_UNORM_INT8, CL_SNORM_INT16, CL_UNORM_INT16})
                if (!missing && !listed({order, type}))
                    missing = cl_image_format{order, type};
        // A device that takes them all: the seam stands in for one that lists only RGBA float.
        ScopedClApi scoped;
        if (!missing) {
            scoped.api().clGetSupportedImageFormats =
                [](cl_context, cl_mem_flags, cl_mem_object_type, cl_uint entries,
                   cl_image_format* formats, cl_uint* count) -> cl_int {
                if (formats && entries >= 1)
                    formats[0] = cl_image_format{CL_RGBA, CL_FLOAT};
                if (count)
                    *count = 1;
                return CL_SUCCESS;
            };
            missing = cl_image_format{CL_R, CL_FLOAT};
        }
        const size_t channels = channelCount(missing->image_channel_order);
        const std::vector<std::byte> data(4 * pixelSize(*missing));
        const std::vector<size_t> shape =
            channels == 1 ? std::vector<size_t>{2, 2} : std::vector<size_t>{2, 2, channels};
        try {
            Image::fromArrayBytes(context, data, shape, missing->image_channel_data_type, channels);
            QFAIL("an image of a format the device does not list was made");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_IMAGE_FORMAT_NOT_SUPPORTED);
            QVERIFY2(contains(error.what(), imageFormatName(*missing)), error.what());
        }
    }

    // Half floats go through fromArrayBytes with CL_HALF_FLOAT, on the real driver.
    void imageFromHalfFloatBytes() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        if (!device.info<CL_DEVICE_IMAGE_SUPPORT>())
            return checkImagesAreRefused(context);
        const CommandQueue queue(context, device);
        const auto formats = context.supportedImageFormats(CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D);
        const bool listed = std::any_of(formats.begin(), formats.end(), [](const auto& f) {
            return f.image_channel_order == CL_R && f.image_channel_data_type == CL_HALF_FLOAT;
        });
        // 1.0, 2.0, 3.0, 4.0 as halves.
        const std::array<std::uint16_t, 4> halves{0x3C00, 0x4000, 0x4200, 0x4400};
        try {
            const Image image = Image::fromArrayBytes(context, std::as_bytes(std::span(halves)),
                                                      {2, 2}, CL_HALF_FLOAT);
            QVERIFY2(listed, "the driver made an image of a format it does not list");
            std::array<std::uint16_t, 4> back{};
            queue.readImage(image, {0, 0, 0}, {2, 2, 1}, back.data());
            QCOMPARE(back, halves);
        } catch (const ClError& error) {
            QVERIFY2(!listed, error.what());
            QCOMPARE(error.code(), CL_IMAGE_FORMAT_NOT_SUPPORTED);
        }
    }
};

QTEST_GUILESS_MAIN(TestSeedMemory)
#include "tst_seedmemory.moc"
