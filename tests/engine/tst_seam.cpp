// Through the C-API seam: features no local device has (pipes, intermediate language, old
// drivers, failing platforms) stood in by fakes, the real device's errors for the same features,
// and a leak test that counts every create, retain and release by handle.
#include "ClTestUtil.h"
#include "LeakCounter.h"
#include "SharedSvm.h"
#include "TestDevice.h"

#include "clw/engine/Engine.h"

#include <QtTest>

#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <tuple>
#include <type_traits>

using namespace clw::engine;
using clw::test::contains;
using clw::test::readBack;

namespace {

// The real entry points; every fake below calls through this copy.
ClApi g_real;

// ---- Pipes ---------------------------------------------------------------------------------

struct FakePipe {
    cl_uint packetSize = 0;
    cl_uint maxPackets = 0;
};
std::map<cl_mem, FakePipe> g_pipes;
struct PipeArgument {
    cl_kernel kernel;
    cl_uint index;
    cl_mem pipe;
};
std::vector<PipeArgument> g_pipeArguments;

// A pipe backed by a real buffer of packetSize * maxPackets bytes, so that retain, release and
// clGetMemObjectInfo keep working on it.
cl_mem CL_API_CALL fakeCreatePipe(cl_context context, cl_mem_flags, cl_uint packetSize,
                                  cl_uint maxPackets, const cl_pipe_properties*, cl_int* code) {
    if (packetSize == 0) {
        *code = CL_INVALID_PIPE_SIZE;
        return nullptr;
    }
    cl_mem backing = g_real.clCreateBuffer(context, CL_MEM_READ_WRITE,
                                           size_t(packetSize) * maxPackets, nullptr, code);
    if (backing)
        g_pipes[backing] = {packetSize, maxPackets};
    return backing;
}

cl_int CL_API_CALL fakeGetPipeInfo(cl_mem pipe, cl_pipe_info param, size_t size, void* value,
                                   size_t* sizeRet) {
    const auto it = g_pipes.find(pipe);
    if (it == g_pipes.end())
        return CL_INVALID_MEM_OBJECT;
    cl_uint answer = 0;
    if (param == CL_PIPE_PACKET_SIZE)
        answer = it->second.packetSize;
    else if (param == CL_PIPE_MAX_PACKETS)
        answer = it->second.maxPackets;
    else
        return CL_INVALID_VALUE;
    if (sizeRet)
        *sizeRet = sizeof answer;
    if (value) {
        if (size < sizeof answer)
            return CL_INVALID_VALUE;
        std::memcpy(value, &answer, sizeof answer);
    }
    return CL_SUCCESS;
}

// Records pipe arguments; every other argument goes to the driver.
cl_int CL_API_CALL fakeSetKernelArg(cl_kernel kernel, cl_uint index, size_t size,
                                    const void* value) {
    if (size == sizeof(cl_mem) && value) {
        cl_mem mem;
        std::memcpy(&mem, value, sizeof mem);
        if (g_pipes.count(mem)) {
            g_pipeArguments.push_back({kernel, index, mem});
            return CL_SUCCESS;
        }
    }
    return g_real.clSetKernelArg(kernel, index, size, value);
}

// ---- Intermediate language -----------------------------------------------------------------

std::vector<std::uint8_t> g_il;
// What the fake "compiles" the IL to.
const char* const kIlStandIn = "kernel void fromIl(global int* out, int base) {\n"
                               "    out[get_global_id(0)] = base * 3;\n"
                               "}\n";

cl_program CL_API_CALL fakeCreateProgramWithIL(cl_context context, const void* il, size_t length,
                                               cl_int* code) {
    const auto* bytes = static_cast<const std::uint8_t*>(il);
    g_il.assign(bytes, bytes + length);
    const char* source = kIlStandIn;
    return g_real.clCreateProgramWithSource(context, 1, &source, nullptr, code);
}

struct SpecConstant {
    cl_uint id;
    std::vector<std::uint8_t> value;
};
std::vector<SpecConstant> g_specConstants;

cl_int CL_API_CALL fakeSetSpecConstant(cl_program, cl_uint id, size_t size, const void* value) {
    const auto* bytes = static_cast<const std::uint8_t*>(value);
    g_specConstants.push_back({id, {bytes, bytes + size}});
    return CL_SUCCESS;
}

// ---- Platforms and old drivers -------------------------------------------------------------

const cl_platform_id kBrokenPlatform = reinterpret_cast<cl_platform_id>(std::uintptr_t(0xB0B0));

// The real platforms behind one whose ICD fails (a driver that no longer matches its kernel
// module answers CL_OUT_OF_RESOURCES and the like).
cl_int CL_API_CALL platformsWithBrokenOne(cl_uint count, cl_platform_id* ids, cl_uint* countRet) {
    cl_uint realCount = 0;
    g_real.clGetPlatformIDs(0, nullptr, &realCount);
    std::vector<cl_platform_id> all(realCount);
    if (realCount)
        g_real.clGetPlatformIDs(realCount, all.data(), nullptr);
    all.insert(all.begin(), kBrokenPlatform);
    if (countRet)
        *countRet = cl_uint(all.size());
    if (ids) {
        if (count == 0)
            return CL_INVALID_VALUE;
        std::copy_n(all.begin(), std::min<size_t>(count, all.size()), ids);
    }
    return CL_SUCCESS;
}

cl_int CL_API_CALL brokenPlatformInfo(cl_platform_id platform, cl_platform_info param, size_t size,
                                      void* value, size_t* sizeRet) {
    if (platform != kBrokenPlatform)
        return g_real.clGetPlatformInfo(platform, param, size, value, sizeRet);
    if (param != CL_PLATFORM_NAME)
        return CL_INVALID_VALUE;
    const char name[] = "Broken ICD";
    if (sizeRet)
        *sizeRet = sizeof name;
    if (value)
        std::memcpy(value, name, std::min(size, sizeof name));
    return CL_SUCCESS;
}

// A broken platform that does not even tell its name.
cl_int CL_API_CALL silentPlatformInfo(cl_platform_id platform, cl_platform_info param, size_t size,
                                      void* value, size_t* sizeRet) {
    if (platform == kBrokenPlatform)
        return CL_INVALID_PLATFORM;
    return g_real.clGetPlatformInfo(platform, param, size, value, sizeRet);
}

cl_int CL_API_CALL brokenPlatformDevices(cl_platform_id platform, cl_device_type type,
                                         cl_uint count, cl_device_id* devices, cl_uint* countRet) {
    if (platform == kBrokenPlatform)
        return CL_OUT_OF_RESOURCES;
    return g_real.clGetDeviceIDs(platform, type, count, devices, countRet);
}

cl_int CL_API_CALL noPlatforms(cl_uint, cl_platform_id*, cl_uint* countRet) {
    if (countRet)
        *countRet = 0;
    return CL_PLATFORM_NOT_FOUND_KHR;
}

cl_int answerText(const char* text, size_t size, void* value, size_t* sizeRet) {
    const size_t length = std::strlen(text) + 1;
    if (sizeRet)
        *sizeRet = length;
    if (value) {
        if (size < length)
            return CL_INVALID_VALUE;
        std::memcpy(value, text, length);
    }
    return CL_SUCCESS;
}

// An OpenCL 1.2 driver: no numeric versions, 1.2 version strings.
cl_int CL_API_CALL oldDriverDeviceInfo(cl_device_id device, cl_device_info param, size_t size,
                                       void* value, size_t* sizeRet) {
    switch (param) {
    case CL_DEVICE_NUMERIC_VERSION:
        return CL_INVALID_VALUE;
    case CL_DEVICE_VERSION:
        return answerText("OpenCL 1.2 FakeDriver", size, value, sizeRet);
    case CL_DRIVER_VERSION:
        return answerText("9.9.fake", size, value, sizeRet);
    default:
        return g_real.clGetDeviceInfo(device, param, size, value, sizeRet);
    }
}

cl_int CL_API_CALL oldDriverPlatformInfo(cl_platform_id platform, cl_platform_info param,
                                         size_t size, void* value, size_t* sizeRet) {
    if (param == CL_PLATFORM_NUMERIC_VERSION)
        return CL_INVALID_VALUE;
    if (param == CL_PLATFORM_VERSION)
        return answerText("OpenCL 1.2 FakeDriver", size, value, sizeRet);
    return g_real.clGetPlatformInfo(platform, param, size, value, sizeRet);
}

std::map<std::string, int> g_calls;

cl_command_queue CL_API_CALL countedCreateQueue(cl_context context, cl_device_id device,
                                                cl_command_queue_properties properties,
                                                cl_int* code) {
    ++g_calls["clCreateCommandQueue"];
    return g_real.clCreateCommandQueue(context, device, properties, code);
}

cl_command_queue CL_API_CALL countedCreateQueueWithProperties(cl_context context,
                                                              cl_device_id device,
                                                              const cl_queue_properties* properties,
                                                              cl_int* code) {
    ++g_calls["clCreateCommandQueueWithProperties"];
    return g_real.clCreateCommandQueueWithProperties(context, device, properties, code);
}

cl_sampler CL_API_CALL countedCreateSampler(cl_context context, cl_bool normalized,
                                            cl_addressing_mode addressing, cl_filter_mode filter,
                                            cl_int* code) {
    ++g_calls["clCreateSampler"];
    return g_real.clCreateSampler(context, normalized, addressing, filter, code);
}

cl_ulong g_fakeClock = 0;
cl_int CL_API_CALL fakeDeviceAndHostTimer(cl_device_id, cl_ulong* deviceTime, cl_ulong* hostTime) {
    g_fakeClock += 1000;
    *deviceTime = g_fakeClock;
    *hostTime = g_fakeClock + 7;
    return CL_SUCCESS;
}

} // namespace

class TestSeam : public QObject {
    Q_OBJECT
private slots:
    void init() {
        g_real = clApi();
        g_pipes.clear();
        g_pipeArguments.clear();
        g_il.clear();
        g_specConstants.clear();
        g_calls.clear();
    }

    void pipeThroughTheSeam() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Program program = Program::fromSource(
            context, "kernel void consume(global int* out, global int* in) { out[0] = in[0]; }\n");
        CLW_BUILD_OR_FAIL(program, "");
        Kernel kernel(program, "consume");
        ScopedClApi seam;
        seam.api().clCreatePipe = fakeCreatePipe;
        seam.api().clGetPipeInfo = fakeGetPipeInfo;
        seam.api().clSetKernelArg = fakeSetKernelArg;

        Pipe pipe(context, CL_MEM_READ_WRITE, 16, 32);
        QVERIFY(bool(pipe));
        QCOMPARE(pipe.packetSize(), cl_uint(16));
        QCOMPARE(pipe.maxPackets(), cl_uint(32));
        QCOMPARE(pipe.size(), size_t(16 * 32));
        QCOMPARE(pipe.context(), context);

        kernel.setArg(1, pipe);
        QCOMPARE(g_pipeArguments.size(), size_t(1));
        QCOMPARE(g_pipeArguments[0].kernel, kernel.get());
        QCOMPARE(g_pipeArguments[0].index, cl_uint(1));
        QCOMPARE(g_pipeArguments[0].pipe, pipe.get());
        // A copy is the same pipe.
        Pipe copy = pipe;
        kernel.setArgs(Buffer(context, CL_MEM_READ_WRITE, 4), copy);
        QCOMPARE(g_pipeArguments.size(), size_t(2));
        QCOMPARE(g_pipeArguments[1].pipe, pipe.get());

        CLW_EXPECT_CL_ERROR(Pipe(context, CL_MEM_READ_WRITE, 0, 8), CL_INVALID_PIPE_SIZE,
                            "clCreatePipe");
        try {
            Pipe(context, CL_MEM_READ_WRITE, 0, 8);
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "CL_DEVICE_PIPE_MAX_PACKET_SIZE"), error.what());
        }
    }

    void realDeviceRefusesPipes() {
        CLW_REQUIRE_DEVICE(device);
        QVERIFY2(!device.info<CL_DEVICE_PIPE_SUPPORT>(),
                 "this test expects a device without pipes");
        Context context(device);
        CLW_EXPECT_CL_ERROR(Pipe(context, CL_MEM_READ_WRITE, 4, 16), CL_INVALID_OPERATION,
                            "clCreatePipe");
        try {
            Pipe(context, CL_MEM_READ_WRITE, 4, 16);
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "creating a pipe of 16 packets of 4 bytes"),
                     error.what());
            QVERIFY2(contains(error.what(), "no pipe support: CL_DEVICE_PIPE_SUPPORT"),
                     error.what());
        }
    }

    void intermediateLanguageThroughTheSeam() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        ScopedClApi seam;
        seam.api().clCreateProgramWithIL = fakeCreateProgramWithIL;
        seam.api().clSetProgramSpecializationConstant = fakeSetSpecConstant;
        // A SPIR-V header: magic, version 1.0, generator, bound, schema.
        const std::vector<std::uint8_t> il{0x03, 0x02, 0x23, 0x07, 0x00, 0x00, 0x01,
                                           0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00,
                                           0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
        Program program = Program::fromIL(context, il);
        QVERIFY(g_il == il);
        const cl_int constant = 42;
        program.setSpecializationConstant(3, sizeof constant, &constant);
        QCOMPARE(g_specConstants.size(), size_t(1));
        QCOMPARE(g_specConstants[0].id, cl_uint(3));
        QCOMPARE(g_specConstants[0].value.size(), sizeof constant);
        QCOMPARE(std::memcmp(g_specConstants[0].value.data(), &constant, sizeof constant), 0);
        CLW_BUILD_OR_FAIL(program, "");
        Buffer out(context, CL_MEM_WRITE_ONLY, 4 * sizeof(int));
        Kernel kernel(program, "fromIl");
        kernel.setArgs(out, 5);
        queue.ndRange(kernel, NDRange(4)).wait();
        QVERIFY(readBack<int>(queue, out, 4) == std::vector<int>(4, 15));
    }

    // Eight bytes of a SPIR-V header are no program: a device that takes SPIR-V refuses them as
    // malformed IL (CL_INVALID_VALUE); one that lists no IL in CL_DEVICE_IL_VERSION refuses any
    // IL with CL_INVALID_OPERATION (OpenCL 3.0), except PoCL without SPIR-V, which answers
    // CL_INVALID_VALUE ("not recognized as SPIR-V").
    void realDeviceRefusesIntermediateLanguage() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const std::vector<std::uint8_t> il{0x03, 0x02, 0x23, 0x07, 0x00, 0x00, 0x01, 0x00};
        const bool takesIl = !device.tryInfo<CL_DEVICE_IL_VERSION>().value_or("").empty();
        if (takesIl || clw::test::isPocl(device))
            CLW_EXPECT_CL_ERROR(Program::fromIL(context, il), CL_INVALID_VALUE,
                                "clCreateProgramWithIL");
        else
            CLW_EXPECT_CL_ERROR(Program::fromIL(context, il), CL_INVALID_OPERATION,
                                "clCreateProgramWithIL");
        try {
            Program::fromIL(context, il);
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "8 bytes of intermediate language"), error.what());
            QVERIFY2(contains(error.what(), "CL_DEVICE_IL_VERSION"), error.what());
        }
    }

    void failingPlatformIsLeftOut() {
        CLW_REQUIRE_DEVICE(device);
        const std::vector<Device> before = allDevices();
        // The default device is the first GPU of any platform, else the first device.
        const auto gpu = std::find_if(before.begin(), before.end(), [](const Device& each) {
            return (each.type() & CL_DEVICE_TYPE_GPU) != 0;
        });
        const Device defaultBefore = gpu != before.end() ? *gpu : before.front();
        QCOMPARE(defaultDevice(), std::optional<Device>(defaultBefore));
        const auto poclBefore = findDevice("Portable Computing Language");
        QVERIFY(poclBefore.has_value());
        const auto byNameBefore = findDevice(device.name());
        QVERIFY(byNameBefore.has_value());
        ScopedClApi seam;
        seam.api().clGetPlatformIDs = platformsWithBrokenOne;
        seam.api().clGetPlatformInfo = brokenPlatformInfo;
        seam.api().clGetDeviceIDs = brokenPlatformDevices;

        const std::vector<Platform> platforms = Platform::all();
        QCOMPARE(platforms.size(), Platform::all().size());
        QVERIFY(platforms.size() >= 2);
        QCOMPARE(platforms.front().get(), kBrokenPlatform);
        QCOMPARE(platforms.front().name().c_str(), "Broken ICD");
        // The broken platform comes first; every device of the others is still listed.
        QVERIFY(allDevices() == before);
        QCOMPARE(defaultDevice(), std::optional<Device>(defaultBefore));
        QCOMPARE(findDevice("Portable Computing Language"), poclBefore);
        QCOMPARE(findDevice(device.name()), byNameBefore);
        QVERIFY(!findDevice("Broken ICD").has_value());
        // Asked directly, the platform's error is an exception with the platform's name.
        CLW_EXPECT_CL_ERROR(platforms.front().devices(), CL_OUT_OF_RESOURCES, "clGetDeviceIDs");
        try {
            platforms.front().devices();
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "listing the devices of Broken ICD"), error.what());
        }
        // When the platform does not answer for its name either, the error stays the one of
        // clGetDeviceIDs.
        seam.api().clGetPlatformInfo = silentPlatformInfo;
        QVERIFY(allDevices() == before);
        CLW_EXPECT_CL_ERROR(platforms.front().devices(), CL_OUT_OF_RESOURCES, "clGetDeviceIDs");
        try {
            platforms.front().devices();
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "a platform that does not answer"), error.what());
        }
    }

    void noPlatformAtAll() {
        ScopedClApi seam;
        seam.api().clGetPlatformIDs = noPlatforms;
        QVERIFY(Platform::all().empty());
        QVERIFY(allDevices().empty());
        QVERIFY(!defaultDevice().has_value());
        QVERIFY(!findDevice("anything").has_value());
        QVERIFY(!clw::test::findTestDevice().has_value());
    }

    void oldDriverTakesTheOlderCalls() {
        CLW_REQUIRE_DEVICE(device);
        ScopedClApi seam;
        seam.api().clGetDeviceInfo = oldDriverDeviceInfo;
        seam.api().clGetPlatformInfo = oldDriverPlatformInfo;
        seam.api().clCreateCommandQueue = countedCreateQueue;
        seam.api().clCreateCommandQueueWithProperties = countedCreateQueueWithProperties;
        seam.api().clCreateSampler = countedCreateSampler;

        // Versions come from the strings when the numeric queries fail.
        QCOMPARE(device.numericVersion(), cl_version(CL_MAKE_VERSION(1, 2, 0)));
        QCOMPARE(device.platform().numericVersion(), cl_version(CL_MAKE_VERSION(1, 2, 0)));
        QCOMPARE(device.info<CL_DRIVER_VERSION>().c_str(), "9.9.fake");
        QVERIFY(!device.tryInfo<CL_DEVICE_NUMERIC_VERSION>().has_value());
        for (const InfoValue& value : device.allInfo()) {
            if (value.param->id == CL_DEVICE_NUMERIC_VERSION)
                QCOMPARE(formatInfoValue(value).c_str(), "unsupported (CL_INVALID_VALUE)");
            if (value.param->id == CL_DRIVER_VERSION)
                QCOMPARE(formatInfoValue(value).c_str(), "9.9.fake");
        }
        // A 1.2 platform gets clCreateCommandQueue and clCreateSampler, and still works.
        Context context(device);
        CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
        QCOMPARE(g_calls["clCreateCommandQueue"], 1);
        QCOMPARE(g_calls["clCreateCommandQueueWithProperties"], 0);
        QCOMPARE(queue.properties(), cl_command_queue_properties(CL_QUEUE_PROFILING_ENABLE));
        Sampler sampler(context, true, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR);
        QCOMPARE(g_calls["clCreateSampler"], 1);
        QCOMPARE(sampler.addressingMode(), cl_addressing_mode(CL_ADDRESS_REPEAT));
        // Properties beyond the bits need OpenCL 2.0: a clear error before any call.
        CLW_EXPECT_CL_ERROR(CommandQueue(context, device, {CL_QUEUE_SIZE, 1024}),
                            CL_INVALID_QUEUE_PROPERTIES, "clCreateCommandQueue");
        QCOMPARE(g_calls["clCreateCommandQueue"], 1);
        Buffer buffer(context, CL_MEM_READ_WRITE, 16);
        const int value = 77;
        queue.fill(buffer, value, 0, 16).wait();
        QVERIFY(readBack<int>(queue, buffer, 4) == std::vector<int>(4, 77));
    }

    void timerPairOrder() {
        CLW_REQUIRE_DEVICE(device);
        ScopedClApi seam;
        g_fakeClock = 0;
        seam.api().clGetDeviceAndHostTimer = fakeDeviceAndHostTimer;
        const auto [device1, host1] = device.deviceAndHostTimer();
        const auto [device2, host2] = device.deviceAndHostTimer();
        QCOMPARE(device1, cl_ulong(1000));
        QCOMPARE(host1, cl_ulong(1007));
        QVERIFY(device2 > device1 && host2 > host1);
    }

    void leakCounterFindsALeak() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        clw::test::LeakCounter counter;
        counter.install();
        cl_int code = CL_SUCCESS;
        cl_mem raw = clApi().clCreateBuffer(context.get(), CL_MEM_READ_WRITE, 64, nullptr, &code);
        QCOMPARE(code, CL_SUCCESS);
        {
            Buffer adopted = Buffer::retain(raw); // retain + release: balanced on its own
        }
        QCOMPARE(counter.unbalanced().size(), size_t(1));
        QVERIFY(contains(counter.unbalanced().front(), "cl_mem"));
        clApi().clReleaseMemObject(raw);
        QVERIFY(counter.unbalanced().empty());
    }

    // What the test device cannot do (native kernels, SVM, sub-devices) it refuses with the exact
    // error, which leaves nothing behind either, and PoCL's CPU device does it instead.
    void everyObjectIsReleased() {
        const int failedBefore = failedReleaseCount();
        clw::test::LeakCounter counter;
        counter.install();
        {
            CLW_REQUIRE_DEVICE(device);
            CLW_REQUIRE_POCL(pocl);
            // Contexts: made, copied, moved, retained from a raw handle.
            Context context(device);
            Context contextCopy = context;
            Context contextMoved = std::move(contextCopy);
            Context contextRetained = Context::retain(context.get());
            QVERIFY(context.devices() == std::vector<Device>{device});

            // Queues.
            CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
            CommandQueue queueCopy = queue;
            QCOMPARE(queueCopy.context(), context);
            QCOMPARE(queueCopy.device(), device);

            // Buffers and sub-buffers.
            const size_t align = device.info<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8;
            Buffer buffer(context, CL_MEM_READ_WRITE, 4 * align);
            Buffer bufferCopy = buffer;
            Buffer sub = buffer.createSubBuffer(align, align);
            QVERIFY(sub.isSubBuffer());
            QCOMPARE(sub.parent(), buffer);
            Buffer subMoved = std::move(sub);
            QCOMPARE(subMoved.context(), context);
            MemoryObject asMemory = MemoryObject::retain(buffer.get());

            // Images and samplers.
            const cl_image_format format{CL_RGBA, CL_FLOAT};
            Image image = Image::create2D(context, CL_MEM_READ_WRITE, format, 8, 8);
            Image imageCopy = image;
            QCOMPARE(imageCopy.width(), size_t(8));
            Sampler sampler(context, false, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
            Sampler samplerCopy = sampler;
            QVERIFY(!samplerCopy.normalizedCoords());

            // Programs: from source, from binaries, compiled and linked.
            const char* source = "kernel void k(global int* out, int v) {\n"
                                 "    out[get_global_id(0)] = v;\n"
                                 "}\n"
                                 "kernel void k2(global int* out) { out[0] = 2; }\n";
            Program program = Program::fromSource(context, source);
            CLW_BUILD_OR_FAIL(program, "");
            Program programCopy = program;
            QCOMPARE(programCopy.context(), context);
            QCOMPARE(program.devices().size(), size_t(1));
            Program fromBinary = Program::fromBinaries(context, {device}, program.binaries());
            CLW_BUILD_OR_FAIL(fromBinary, "");
            Program object = Program::fromSource(context, source);
            QVERIFY(object.compile().ok());
            auto [linked, linkResult] = Program::link(context, {object});
            QVERIFY2(linkResult.ok(), linkResult.message().c_str());
            // A failed link and a failed kernel creation create nothing that stays.
            Program undefined = Program::fromSource(
                context, "int f(int); kernel void u(global int* o) { o[0] = f(1); }\n");
            QVERIFY(undefined.compile().ok());
            QVERIFY(!Program::link(context, {undefined}).second.ok());
            CLW_EXPECT_CL_ERROR(Kernel(program, "nope"), CL_INVALID_KERNEL_NAME, "clCreateKernel");

            // Kernels: made, copied, all of a program, cloned.
            Kernel kernel(linked, "k");
            Kernel kernelCopy = kernel;
            QCOMPARE(kernelCopy.program(), linked);
            QCOMPARE(kernelCopy.context(), context);
            std::vector<Kernel> all = program.createKernels();
            QCOMPARE(all.size(), size_t(2));
            kernel.setArgs(buffer, 9);
            Kernel clone = kernel.clone();
            Kernel cloneMoved = std::move(clone);

            // Events from enqueues, copied, waited on; a user event gating a marker.
            UserEvent gate(context);
            UserEvent gateCopy = gate;
            Event run = queue.ndRange(cloneMoved, NDRange(4));
            Event marker = queue.marker(std::vector<Event>{run, gate});
            Event markerCopy = marker;
            gate.complete();
            markerCopy.wait();
            QVERIFY(run.profilingTimes().ended >= run.profilingTimes().started);
            std::vector<int> host(4);
            Event read = queue.read(buffer, 0, sizeof(int) * 4, host.data());
            QVERIFY(host == std::vector<int>(4, 9));
            const int pattern = 3;
            Event fill = queue.fill(buffer, pattern, 0, align);
            Event copy = queue.copy(buffer, bufferCopy, 0, 2 * align, align);
            Mapping mapping = queue.map(buffer, CL_MAP_READ, 2 * align, sizeof(int));
            QCOMPARE(*static_cast<int*>(mapping.data), 3);
            Event unmap = queue.unmap(buffer, mapping.data);
            const std::vector<float> pixels(8 * 8 * 4, 1.0f);
            queue.writeImage(image, {0, 0, 0}, {8, 8, 1}, pixels.data());
            Event barrier = queue.barrier();
            for (const Kernel& each : all) {
                if (each.name() == "k2") {
                    each.setArg(0, bufferCopy);
                    queue.task(each);
                }
            }

            // PoCL's context and queue, for what the test device cannot do.
            const bool native =
                device.info<CL_DEVICE_EXECUTION_CAPABILITIES>() & CL_EXEC_NATIVE_KERNEL;
            const bool svm = clw::test::hasSvm(device);
            const bool partitions = clw::test::canPartition(device, CL_DEVICE_PARTITION_EQUALLY);
            std::optional<Context> poclContext;
            std::optional<CommandQueue> poclQueue;
            if (!native || !svm) {
                poclContext.emplace(pocl);
                poclQueue.emplace(*poclContext, pocl);
            }

            // A native kernel.
            if (!native)
                CLW_EXPECT_CL_ERROR(queue.nativeKernel([] {}), CL_INVALID_OPERATION,
                                    "clEnqueueNativeKernel");
            Event nativeRun = (native ? queue : *poclQueue).nativeKernel([] {});
            nativeRun.wait();

            // SVM, freed at once and behind the queue's work.
            if (!svm)
                CLW_EXPECT_CL_ERROR(SvmAllocation(context, CL_MEM_READ_WRITE, 256),
                                    CL_INVALID_OPERATION, "clSVMAlloc");
            const Context& svmContext = svm ? context : *poclContext;
            const CommandQueue& svmQueue = svm ? queue : *poclQueue;
            SvmAllocation unbound(svmContext, CL_MEM_READ_WRITE, 256);
            SvmAllocation bound(svmContext, CL_MEM_READ_WRITE, 256, 0, svmQueue);
            SvmAllocation boundMoved = std::move(bound);
            Event svmFill = svmQueue.svmMemFill(boundMoved.data(), &pattern, sizeof pattern, 256);

            // Sub-devices and what runs on them.
            if (!partitions)
                CLW_EXPECT_CL_ERROR(device.partitionEqually(1), CL_INVALID_VALUE,
                                    "clCreateSubDevices");
            std::vector<Device> subs = (partitions ? device : pocl).partitionEqually(1);
            QVERIFY(subs.size() >= 2);
            Device subCopy = subs[0];
            Device subDeviceMoved = std::move(subs[1]);
            Context subContext(subCopy);
            CommandQueue subQueue(subContext, subCopy);
            Buffer subBuffer(subContext, CL_MEM_READ_WRITE, 16);
            subQueue.fill(subBuffer, pattern, 0, 16).wait();
            QVERIFY(subDeviceMoved.isSubDevice());

            queue.finish();
            subQueue.finish();
            if (poclQueue)
                poclQueue->finish();
        }
        const std::vector<std::string> unbalanced = counter.unbalanced();
        for (const std::string& line : unbalanced)
            qWarning("unbalanced: %s", line.c_str());
        QVERIFY(unbalanced.empty());
        QCOMPARE(failedReleaseCount(), failedBefore);
        // The wrappers saw every kind of object (a test that counted nothing proves nothing).
        for (const char* type : {"cl_context", "cl_command_queue", "cl_mem", "cl_sampler",
                                 "cl_program", "cl_kernel", "cl_event", "cl_device_id"})
            QVERIFY2(counter.createdOfType(type) > 0, type);
        for (const char* function :
             {"clCreateSubBuffer", "clCreateImage", "clCreateKernelsInProgram", "clCloneKernel",
              "clCreateUserEvent", "clLinkProgram", "clCreateSubDevices", "clEnqueueNDRangeKernel",
              "clEnqueueMapBuffer", "clEnqueueNativeKernel", "clSVMAlloc", "clSVMFree",
              "clEnqueueSVMFree", "clRetainContext", "clReleaseContext", "clRetainDevice",
              "clRetainEvent", "clRetainMemObject", "clCreateProgramWithBinary"})
            QVERIFY2(counter.calls(function) > 0, function);
        QVERIFY(counter.handleCount() > 30);
    }
};

QTEST_GUILESS_MAIN(TestSeam)
#include "tst_seam.moc"
