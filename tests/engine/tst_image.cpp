// Images and samplers on the real runtime: every image type round-trips, kernels read and write
// images through samplers, fills, copies and maps move exactly the pixels asked for.
#include "TestDevice.h"

#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Image.h"
#include "clw/engine/runtime/ImageFormat.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Sampler.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <numeric>

using namespace clw::engine;

namespace {

constexpr cl_image_format kRgbaFloat{CL_RGBA, CL_FLOAT};
constexpr cl_image_format kRgbaByte{CL_RGBA, CL_UNSIGNED_INT8};

// Distinct floats, 4 a pixel.
std::vector<float> pixels(size_t count, float first = 0.0f) {
    std::vector<float> values(count * 4);
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = first + 0.25f * float(i);
    return values;
}

} // namespace

#define CLW_BUILD_KERNEL(var, context, source, name)                                               \
    const Program var##Program = Program::fromSource(context, source);                             \
    {                                                                                              \
        const BuildResult var##Build = var##Program.build();                                       \
        QVERIFY2(var##Build.ok(), var##Build.message().c_str());                                   \
    }                                                                                              \
    const Kernel var(var##Program, name)

class TestImage : public QObject {
    Q_OBJECT
private slots:
    // PyOpenCL's dtype_size and itemsize: bytes per channel and per pixel, packed types whole.
    void channelAndPixelSizes() {
        QCOMPARE(channelTypeSize(CL_UNORM_INT8), size_t(1));
        QCOMPARE(channelTypeSize(CL_HALF_FLOAT), size_t(2));
        QCOMPARE(channelTypeSize(CL_FLOAT), size_t(4));
        QCOMPARE(channelTypeSize(CL_UNORM_SHORT_565), size_t(2));
        QCOMPARE(channelTypeSize(0x7777), size_t(0));
        QCOMPARE(pixelSize({CL_RGBA, CL_FLOAT}), size_t(16));
        QCOMPARE(pixelSize({CL_RG, CL_HALF_FLOAT}), size_t(4));
        QCOMPARE(pixelSize({CL_RGB, CL_UNORM_SHORT_565}), size_t(2));
        QCOMPARE(pixelSize({CL_RGBx, CL_UNORM_INT_101010}), size_t(4));
        QVERIFY(isPackedChannelType(CL_UNORM_INT24));
        QVERIFY(!isPackedChannelType(CL_SIGNED_INT32));
    }

    void supportedFormatsListRgbaFloat() {
        CLW_REQUIRE_DEVICE(device);
        QVERIFY2(device.info<CL_DEVICE_IMAGE_SUPPORT>(), "the test device has no image support");
        const Context context(device);
        const auto formats =
            context.supportedImageFormats(CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D);
        QVERIFY(std::any_of(formats.begin(), formats.end(),
                            [](const cl_image_format& f) { return f == kRgbaFloat; }));
    }

    void everyImageTypeRoundTrips_data() {
        QTest::addColumn<int>("type");
        QTest::newRow("1D") << int(CL_MEM_OBJECT_IMAGE1D);
        QTest::newRow("2D") << int(CL_MEM_OBJECT_IMAGE2D);
        QTest::newRow("3D") << int(CL_MEM_OBJECT_IMAGE3D);
        QTest::newRow("1D array") << int(CL_MEM_OBJECT_IMAGE1D_ARRAY);
        QTest::newRow("2D array") << int(CL_MEM_OBJECT_IMAGE2D_ARRAY);
        QTest::newRow("1D from buffer") << int(CL_MEM_OBJECT_IMAGE1D_BUFFER);
    }
    void everyImageTypeRoundTrips() {
        QFETCH(int, type);
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const cl_mem_flags flags = CL_MEM_READ_WRITE;
        Image image;
        Buffer backing;
        Size3 region{1, 1, 1};
        switch (cl_mem_object_type(type)) {
        case CL_MEM_OBJECT_IMAGE1D:
            image = Image::create1D(context, flags, kRgbaFloat, 17);
            region = {17, 1, 1};
            break;
        case CL_MEM_OBJECT_IMAGE2D:
            image = Image::create2D(context, flags, kRgbaFloat, 7, 5);
            region = {7, 5, 1};
            QCOMPARE(image.height(), size_t(5));
            break;
        case CL_MEM_OBJECT_IMAGE3D:
            image = Image::create3D(context, flags, kRgbaFloat, 4, 3, 2);
            region = {4, 3, 2};
            QCOMPARE(image.depth(), size_t(2));
            break;
        case CL_MEM_OBJECT_IMAGE1D_ARRAY:
            image = Image::create1DArray(context, flags, kRgbaFloat, 9, 3);
            region = {9, 3, 1};
            QCOMPARE(image.arraySize(), size_t(3));
            break;
        case CL_MEM_OBJECT_IMAGE2D_ARRAY:
            image = Image::create2DArray(context, flags, kRgbaFloat, 4, 3, 2);
            region = {4, 3, 2};
            QCOMPARE(image.arraySize(), size_t(2));
            break;
        case CL_MEM_OBJECT_IMAGE1D_BUFFER:
            backing = Buffer(context, flags, 16 * 16);
            image = Image::fromBuffer(context, flags, kRgbaFloat, 16, backing);
            region = {16, 1, 1};
            break;
        }
        QCOMPARE(image.type(), cl_mem_object_type(type));
        QCOMPARE(image.width(), region[0]);
        QCOMPARE(image.elementSize(), size_t(16));
        QVERIFY(image.format() == kRgbaFloat);

        const size_t count = region[0] * region[1] * region[2];
        const auto data = pixels(count, 1.0f);
        queue.writeImage(image, {0, 0, 0}, region, data.data());
        std::vector<float> back(count * 4, -1.0f);
        queue.readImage(image, {0, 0, 0}, region, back.data());
        QCOMPARE(back, data);

        if (backing) {
            // The image's pixels are the buffer's bytes.
            std::vector<float> bytes(count * 4);
            queue.read(backing, 0, bytes.size() * sizeof(float), bytes.data());
            QCOMPARE(bytes, data);
        }
    }

    void kernelReadsThroughSamplerAndWritesImage() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const size_t w = 8, h = 6;
        const auto data = pixels(w * h);
        const Image src = Image::create2D(context, CL_MEM_READ_ONLY, kRgbaFloat, w, h);
        const Image dst = Image::create2D(context, CL_MEM_WRITE_ONLY, kRgbaFloat, w, h);
        queue.writeImage(src, {0, 0, 0}, {w, h, 1}, data.data());

        CLW_BUILD_KERNEL(kernel, context,
                         "__kernel void scale(__read_only image2d_t src, __write_only image2d_t "
                         "dst, sampler_t s) {"
                         "  int2 p = (int2)(get_global_id(0), get_global_id(1));"
                         "  float4 v = read_imagef(src, s, p);"
                         "  write_imagef(dst, p, v * 2.0f + (float4)(1.0f)); }",
                         "scale");
        const Sampler nearest(context, false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
        kernel.setArgs(src, dst, nearest);
        queue.ndRange(kernel, NDRange(w, h));
        std::vector<float> back(w * h * 4);
        queue.readImage(dst, {0, 0, 0}, {w, h, 1}, back.data());
        for (size_t i = 0; i < back.size(); ++i)
            QCOMPARE(back[i], data[i] * 2.0f + 1.0f);

        // Normalized coordinates at pixel centres with a linear filter give the pixels exactly;
        // clamping to the edge repeats the border pixel outside.
        CLW_BUILD_KERNEL(normalized, context,
                         "__kernel void sample(__read_only image2d_t src, __write_only image2d_t "
                         "dst, sampler_t s) {"
                         "  int2 p = (int2)(get_global_id(0), get_global_id(1));"
                         "  float2 c = ((float2)(p.x, p.y) + 0.5f) / (float2)(get_image_width(src),"
                         "              get_image_height(src));"
                         "  if (p.x == 0) c.x = -1.0f;"
                         "  write_imagef(dst, p, read_imagef(src, s, c)); }",
                         "sample");
        const Sampler linear(context, true, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR);
        normalized.setArgs(src, dst, linear);
        queue.ndRange(normalized, NDRange(w, h));
        queue.readImage(dst, {0, 0, 0}, {w, h, 1}, back.data());
        for (size_t y = 0; y < h; ++y)
            for (size_t x = 0; x < w; ++x)
                for (size_t c = 0; c < 4; ++c) {
                    // Column 0 samples left of the image: clamped to the edge, which a linear
                    // filter blends from the column-0 pixel alone.
                    const float expected = data[(y * w + x) * 4 + c];
                    QCOMPARE(back[(y * w + x) * 4 + c], expected);
                }
    }

    void fillImageFillsTheRegionOnly() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const size_t w = 8, h = 8;
        const Image image = Image::create2D(context, CL_MEM_READ_WRITE, kRgbaFloat, w, h);
        const std::vector<float> zeros(w * h * 4, 0.0f);
        queue.writeImage(image, {0, 0, 0}, {w, h, 1}, zeros.data());
        const float color[4] = {1.0f, 2.0f, 3.0f, 4.0f};
        const Event event = queue.fillImage(image, color, {2, 3, 0}, {3, 2, 1});
        event.wait();
        QCOMPARE(event.commandType(), cl_command_type(CL_COMMAND_FILL_IMAGE));
        std::vector<float> back(w * h * 4);
        queue.readImage(image, {0, 0, 0}, {w, h, 1}, back.data());
        for (size_t y = 0; y < h; ++y)
            for (size_t x = 0; x < w; ++x) {
                const bool inside = x >= 2 && x < 5 && y >= 3 && y < 5;
                for (size_t c = 0; c < 4; ++c)
                    QCOMPARE(back[(y * w + x) * 4 + c], inside ? color[c] : 0.0f);
            }
    }

    void copyImageWithOrigins() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const size_t w = 8, h = 8;
        const auto data = pixels(w * h, 1.0f);
        const Image src = Image::create2D(context, CL_MEM_READ_WRITE, kRgbaFloat, w, h);
        const Image dst = Image::create2D(context, CL_MEM_READ_WRITE, kRgbaFloat, w, h);
        queue.writeImage(src, {0, 0, 0}, {w, h, 1}, data.data());
        const std::vector<float> zeros(w * h * 4, 0.0f);
        queue.writeImage(dst, {0, 0, 0}, {w, h, 1}, zeros.data());
        queue.copyImage(src, dst, {1, 2, 0}, {4, 0, 0}, {3, 3, 1}).wait();
        std::vector<float> back(w * h * 4);
        queue.readImage(dst, {0, 0, 0}, {w, h, 1}, back.data());
        for (size_t y = 0; y < h; ++y)
            for (size_t x = 0; x < w; ++x) {
                const bool inside = x >= 4 && x < 7 && y < 3;
                for (size_t c = 0; c < 4; ++c) {
                    const float expected =
                        inside ? data[((y + 2) * w + (x - 4 + 1)) * 4 + c] : 0.0f;
                    QCOMPARE(back[(y * w + x) * 4 + c], expected);
                }
            }
    }

    void copiesBetweenImagesAndBuffersMoveExactBytes() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const size_t w = 4, h = 4;
        std::vector<unsigned char> data(w * h * 4);
        std::iota(data.begin(), data.end(), 0);
        const Image image = Image::create2D(context, CL_MEM_READ_WRITE, kRgbaByte, w, h);
        queue.writeImage(image, {0, 0, 0}, {w, h, 1}, data.data());

        // Image -> buffer: pixels (1..2, 1..2) packed at byte offset 8.
        const Buffer buffer(context, CL_MEM_READ_WRITE, 64);
        queue.fill(buffer, (unsigned char)0xEE, 0, 64);
        queue.copyImageToBuffer(image, buffer, {1, 1, 0}, {2, 2, 1}, 8).wait();
        std::vector<unsigned char> bytes(64);
        queue.read(buffer, 0, 64, bytes.data());
        for (size_t i = 0; i < 64; ++i) {
            unsigned char expected = 0xEE;
            if (i >= 8 && i < 8 + 16) {
                const size_t pixel = (i - 8) / 4, channel = (i - 8) % 4;
                const size_t x = 1 + pixel % 2, y = 1 + pixel / 2;
                expected = data[(y * w + x) * 4 + channel];
            }
            QCOMPARE(bytes[i], expected);
        }

        // Buffer -> image: 16 bytes from offset 8 into pixels (0..1, 2..3) of a cleared image.
        const Image target = Image::create2D(context, CL_MEM_READ_WRITE, kRgbaByte, w, h);
        const std::vector<unsigned char> zeros(w * h * 4, 0);
        queue.writeImage(target, {0, 0, 0}, {w, h, 1}, zeros.data());
        queue.copyBufferToImage(buffer, target, 8, {0, 2, 0}, {2, 2, 1}).wait();
        std::vector<unsigned char> back(w * h * 4);
        queue.readImage(target, {0, 0, 0}, {w, h, 1}, back.data());
        for (size_t y = 0; y < h; ++y)
            for (size_t x = 0; x < w; ++x)
                for (size_t c = 0; c < 4; ++c) {
                    unsigned char expected = 0;
                    if (x < 2 && y >= 2)
                        expected = bytes[8 + ((y - 2) * 2 + x) * 4 + c];
                    QCOMPARE(back[(y * w + x) * 4 + c], expected);
                }
    }

    void mapImageGivesRowPitch() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const CommandQueue queue(context, device);
        const size_t w = 5, h = 3;
        std::vector<unsigned char> data(w * h * 4);
        std::iota(data.begin(), data.end(), 1);
        const Image image = Image::create2D(context, CL_MEM_READ_WRITE, kRgbaByte, w, h);
        queue.writeImage(image, {0, 0, 0}, {w, h, 1}, data.data());

        const Mapping read = queue.mapImage(image, CL_MAP_READ, {1, 1, 0}, {3, 2, 1});
        QVERIFY(read.data);
        QVERIFY(read.rowPitch >= 3 * 4);
        for (size_t y = 0; y < 2; ++y)
            for (size_t x = 0; x < 3; ++x)
                for (size_t c = 0; c < 4; ++c)
                    QCOMPARE(
                        static_cast<const unsigned char*>(read.data)[y * read.rowPitch + x * 4 + c],
                        data[((y + 1) * w + x + 1) * 4 + c]);
        queue.unmap(image, read.data).wait();

        const Mapping write = queue.mapImage(image, CL_MAP_WRITE, {0, 2, 0}, {w, 1, 1});
        QVERIFY(write.rowPitch >= w * 4);
        std::fill_n(static_cast<unsigned char*>(write.data), w * 4, 200);
        queue.unmap(image, write.data).wait();
        std::vector<unsigned char> back(w * h * 4);
        queue.readImage(image, {0, 0, 0}, {w, h, 1}, back.data());
        for (size_t i = 0; i < back.size(); ++i)
            QCOMPARE(back[i], i >= 2 * w * 4 ? (unsigned char)200 : data[i]);
    }

    void samplerInfoRoundTrips_data() {
        QTest::addColumn<bool>("normalized");
        QTest::addColumn<int>("addressing");
        QTest::addColumn<int>("filter");
        QTest::newRow("normalized repeat linear")
            << true << int(CL_ADDRESS_REPEAT) << int(CL_FILTER_LINEAR);
        QTest::newRow("normalized mirrored nearest")
            << true << int(CL_ADDRESS_MIRRORED_REPEAT) << int(CL_FILTER_NEAREST);
        QTest::newRow("unnormalized clamp nearest")
            << false << int(CL_ADDRESS_CLAMP) << int(CL_FILTER_NEAREST);
        QTest::newRow("unnormalized edge linear")
            << false << int(CL_ADDRESS_CLAMP_TO_EDGE) << int(CL_FILTER_LINEAR);
        QTest::newRow("unnormalized none nearest")
            << false << int(CL_ADDRESS_NONE) << int(CL_FILTER_NEAREST);
    }
    void samplerInfoRoundTrips() {
        QFETCH(bool, normalized);
        QFETCH(int, addressing);
        QFETCH(int, filter);
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        const Sampler sampler(context, normalized, cl_addressing_mode(addressing),
                              cl_filter_mode(filter));
        QCOMPARE(sampler.normalizedCoords(), normalized);
        QCOMPARE(sampler.addressingMode(), cl_addressing_mode(addressing));
        QCOMPARE(sampler.filterMode(), cl_filter_mode(filter));
        QCOMPARE(sampler.info<CL_SAMPLER_CONTEXT>(), context.get());
        const Sampler copy = sampler;
        QCOMPARE(sampler.info<CL_SAMPLER_REFERENCE_COUNT>(), cl_uint(2));
    }

    void oldPlatformsGetClCreateSampler() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        ScopedClApi scoped;
        static ClApi real;
        real = scoped.real();
        // A 1.2 platform: no clCreateSamplerWithProperties.
        scoped.api().clGetPlatformInfo = [](cl_platform_id id, cl_platform_info param, size_t size,
                                            void* value, size_t* ret) -> cl_int {
            if (param == CL_PLATFORM_NUMERIC_VERSION)
                return CL_INVALID_VALUE;
            if (param == CL_PLATFORM_VERSION) {
                static const char text[] = "OpenCL 1.2 fake";
                if (value && size >= sizeof text)
                    std::memcpy(value, text, sizeof text);
                if (ret)
                    *ret = sizeof text;
                return CL_SUCCESS;
            }
            return real.clGetPlatformInfo(id, param, size, value, ret);
        };
        static std::atomic<int> withProperties{0}, plain{0};
        withProperties = 0;
        plain = 0;
        scoped.api().clCreateSamplerWithProperties =
            [](cl_context c, const cl_sampler_properties* p, cl_int* code) -> cl_sampler {
            ++withProperties;
            return real.clCreateSamplerWithProperties(c, p, code);
        };
        scoped.api().clCreateSampler = [](cl_context c, cl_bool n, cl_addressing_mode a,
                                          cl_filter_mode f, cl_int* code) -> cl_sampler {
            ++plain;
            return real.clCreateSampler(c, n, a, f, code);
        };
        const Sampler sampler(context, true, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR);
        QCOMPARE(plain.load(), 1);
        QCOMPARE(withProperties.load(), 0);
        QVERIFY(sampler.normalizedCoords());
        QCOMPARE(sampler.addressingMode(), cl_addressing_mode(CL_ADDRESS_REPEAT));
        QCOMPARE(sampler.filterMode(), cl_filter_mode(CL_FILTER_LINEAR));
    }

    void unsupportedFormatIsNamed() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        try {
            // A 2D image of width 0 is never valid.
            Image::create2D(context, CL_MEM_READ_WRITE, kRgbaFloat, 0, 4);
            QFAIL("a 0-wide image was created");
        } catch (const ClError& error) {
            QCOMPARE(error.function(), std::string("clCreateImage"));
            QVERIFY2(std::string(error.what()).find("2D image of 0x4") != std::string::npos,
                     error.what());
            QVERIFY2(std::string(error.what()).find("CL_RGBA") != std::string::npos, error.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestImage)
#include "tst_image.moc"
