// Negative cases in the manner of the Khronos CTS api/negative_* tests, as tst_negative.cpp:
// buffers, images, events, contexts, queues, samplers, devices, pipes and SVM. Each wrong use
// gives a ClError with the exact code, its name and the C function, as the specification defines
// it, on every device: where a driver lets such a call through, the engine refuses it itself.
#include "NegativeRig.h"

namespace {

// A device type `platform` has no device of (the platform of any test device lacks one).
cl_device_type missingDeviceType(const Platform& platform) {
    for (cl_device_type type : {CL_DEVICE_TYPE_GPU, CL_DEVICE_TYPE_ACCELERATOR,
                                CL_DEVICE_TYPE_CUSTOM, CL_DEVICE_TYPE_CPU})
        if (platform.devices(type).empty())
            return type;
    qFatal("the platform has a device of every type");
}

} // namespace

class TestNegativeMemory : public QObject {
    Q_OBJECT
private slots:
    // ---- Buffers -----------------------------------------------------------------------------

    void bufferOfSizeZero() {
        CLW_RIG(rig);
        CLW_EXPECT_CL_ERROR(Buffer(rig.context, CL_MEM_READ_WRITE, 0), CL_INVALID_BUFFER_SIZE,
                            "clCreateBuffer");
    }

    void bufferAboveMaxAllocation() {
        CLW_RIG(rig);
        const size_t size = rig.device.info<CL_DEVICE_MAX_MEM_ALLOC_SIZE>() + 1;
        CLW_EXPECT_CL_ERROR(Buffer(rig.context, CL_MEM_READ_WRITE, size), CL_INVALID_BUFFER_SIZE,
                            "clCreateBuffer");
        CLW_EXPECT_WORDS(Buffer(rig.context, CL_MEM_READ_WRITE, size),
                         "creating a " + std::to_string(size) +
                             "-byte buffer with flags CL_MEM_READ_WRITE (above "
                             "CL_DEVICE_MAX_MEM_ALLOC_SIZE of " +
                             rig.device.name() + " (" + std::to_string(size - 1) + " bytes)");
    }

    void bufferReadOnlyAndWriteOnly() {
        CLW_RIG(rig);
        CLW_EXPECT_CL_ERROR(Buffer(rig.context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64),
                            CL_INVALID_VALUE, "clCreateBuffer");
    }

    void bufferUseAndCopyHostPointer() {
        CLW_RIG(rig);
        std::vector<char> host(64);
        CLW_EXPECT_CL_ERROR(
            Buffer(rig.context, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, host.data()),
            CL_INVALID_VALUE, "clCreateBuffer");
    }

    void bufferFlagsThatExcludeEachOther() {
        CLW_RIG(rig);
        std::vector<char> host(64);
        const std::pair<cl_mem_flags, const char*> cases[] = {
            {CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, "CL_MEM_USE_HOST_PTR excludes"},
            {CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, "CL_MEM_USE_HOST_PTR excludes"},
            {CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, "CL_MEM_READ_ONLY exclude each other"},
            {CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, "CL_MEM_READ_ONLY exclude each other"},
            {CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, "CL_MEM_HOST_NO_ACCESS exclude"},
            {CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY, "CL_MEM_HOST_NO_ACCESS exclude"},
        };
        for (const auto& [flags, words] : cases) {
            CLW_EXPECT_CL_ERROR(Buffer(rig.context, flags, 64, host.data()), CL_INVALID_VALUE,
                                "clCreateBuffer");
            CLW_EXPECT_WORDS(Buffer(rig.context, flags, 64, host.data()), words);
        }
        // CL_MEM_ALLOC_HOST_PTR with CL_MEM_COPY_HOST_PTR is allowed.
        QVERIFY(Buffer(rig.context, CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, host.data()));
    }

    void bufferUseHostPointerWithoutPointer() {
        CLW_RIG(rig);
        CLW_EXPECT_CL_ERROR(Buffer(rig.context, CL_MEM_USE_HOST_PTR, 64), CL_INVALID_HOST_PTR,
                            "clCreateBuffer");
    }

    void bufferHostPointerWithoutFlag() {
        CLW_RIG(rig);
        std::vector<char> host(64);
        CLW_EXPECT_CL_ERROR(Buffer(rig.context, CL_MEM_READ_WRITE, 64, host.data()),
                            CL_INVALID_HOST_PTR, "clCreateBuffer");
    }

    void readOutOfRange() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 64);
        std::vector<char> host(128);
        CLW_EXPECT_CL_ERROR(rig.queue.read(buffer, 32, 64, host.data()), CL_INVALID_VALUE,
                            "clEnqueueReadBuffer");
    }

    void writeOutOfRange() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 64);
        std::vector<char> host(128);
        CLW_EXPECT_CL_ERROR(rig.queue.write(buffer, 0, 65, host.data()), CL_INVALID_VALUE,
                            "clEnqueueWriteBuffer");
    }

    void readIntoNoHostMemory() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 64);
        CLW_EXPECT_CL_ERROR(rig.queue.read(buffer, 0, 16, nullptr), CL_INVALID_VALUE,
                            "clEnqueueReadBuffer");
    }

    void copyOverlapping() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 64);
        CLW_EXPECT_CL_ERROR(rig.queue.copy(buffer, buffer, 0, 8, 16), CL_MEM_COPY_OVERLAP,
                            "clEnqueueCopyBuffer");
    }

    void copyOutOfRange() {
        CLW_RIG(rig);
        Buffer a(rig.context, CL_MEM_READ_WRITE, 64);
        Buffer b(rig.context, CL_MEM_READ_WRITE, 32);
        CLW_EXPECT_CL_ERROR(rig.queue.copy(a, b, 0, 0, 64), CL_INVALID_VALUE,
                            "clEnqueueCopyBuffer");
    }

    void copyAcrossContexts() {
        CLW_RIG(rig);
        Context other(rig.device);
        Buffer mine(rig.context, CL_MEM_READ_WRITE, 64);
        Buffer theirs(other, CL_MEM_READ_WRITE, 64);
        CLW_EXPECT_CL_ERROR(rig.queue.copy(mine, theirs, 0, 0, 16), CL_INVALID_CONTEXT,
                            "clEnqueueCopyBuffer");
    }

    void subBufferOutOfBounds() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 256);
        CLW_EXPECT_CL_ERROR(buffer.createSubBuffer(128, 256), CL_INVALID_VALUE,
                            "clCreateSubBuffer");
        CLW_EXPECT_WORDS(buffer.createSubBuffer(128, 256),
                         "the region ends at byte 384, past the buffer's end at 256");
    }

    void subBufferMisaligned() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 4096);
        CLW_EXPECT_CL_ERROR(buffer.createSubBuffer(4, 16), CL_MISALIGNED_SUB_BUFFER_OFFSET,
                            "clCreateSubBuffer");
        const size_t align = rig.device.info<CL_DEVICE_MEM_BASE_ADDR_ALIGN>() / 8;
        CLW_EXPECT_WORDS(buffer.createSubBuffer(align + 4, 16),
                         "the nearest aligned offsets are " + std::to_string(align) + " and " +
                             std::to_string(2 * align));
    }

    void subBufferOfSubBuffer() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 4096);
        Buffer sub = buffer.createSubBuffer(0, 1024);
        CLW_EXPECT_CL_ERROR(sub.createSubBuffer(0, 64), CL_INVALID_MEM_OBJECT, "clCreateSubBuffer");
        CLW_EXPECT_WORDS(sub.createSubBuffer(64, 64), "a sub-buffer has no sub-buffers of its own: "
                                                      "make this one from the parent buffer, at "
                                                      "offset 0 + 64 = 64");
    }

    void subBufferOfSizeZero() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 4096);
        CLW_EXPECT_CL_ERROR(buffer.createSubBuffer(0, 0), CL_INVALID_BUFFER_SIZE,
                            "clCreateSubBuffer");
    }

    void fillWithPatternOfThreeBytes() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 96);
        const char pattern[3] = {1, 2, 3};
        CLW_EXPECT_CL_ERROR(rig.queue.fill(buffer, pattern, 3, 0, 96), CL_INVALID_VALUE,
                            "clEnqueueFillBuffer");
    }

    void fillOfSizeNotAMultipleOfThePattern() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 64);
        CLW_EXPECT_CL_ERROR(rig.queue.fill(buffer, cl_int(0), 0, 10), CL_INVALID_VALUE,
                            "clEnqueueFillBuffer");
        CLW_EXPECT_WORDS(rig.queue.fill(buffer, cl_int(0), 0, 10),
                         "the size is not a multiple of the pattern's 4 bytes");
        CLW_EXPECT_CL_ERROR(rig.queue.fill(buffer, cl_int(0), 2, 8), CL_INVALID_VALUE,
                            "clEnqueueFillBuffer");
        CLW_EXPECT_WORDS(rig.queue.fill(buffer, cl_int(0), 2, 8),
                         "the offset is not a multiple of the pattern's 4 bytes");
    }

    void writeToHostReadOnlyBuffer() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_HOST_READ_ONLY, 64);
        std::vector<char> host(64);
        CLW_EXPECT_CL_ERROR(rig.queue.write(buffer, 0, 16, host.data()), CL_INVALID_OPERATION,
                            "clEnqueueWriteBuffer");
    }

    void readFromHostWriteOnlyBuffer() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_HOST_WRITE_ONLY, 64);
        std::vector<char> host(64);
        CLW_EXPECT_CL_ERROR(rig.queue.read(buffer, 0, 16, host.data()), CL_INVALID_OPERATION,
                            "clEnqueueReadBuffer");
    }

    void mapOfHostNoAccessBuffer() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_HOST_NO_ACCESS, 64);
        CLW_EXPECT_CL_ERROR(rig.queue.map(buffer, CL_MAP_READ, 0, 16), CL_INVALID_OPERATION,
                            "clEnqueueMapBuffer");
    }

    void mapOutOfRange() {
        CLW_RIG(rig);
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 64);
        CLW_EXPECT_CL_ERROR(rig.queue.map(buffer, CL_MAP_READ, 32, 64), CL_INVALID_VALUE,
                            "clEnqueueMapBuffer");
    }

    // ---- Images (formats and sizes PoCL does support) ----------------------------------------

    void readImageOutOfRange() {
        CLW_RIG(rig);
        Image image = Image::create2D(rig.context, CL_MEM_READ_WRITE, {CL_RGBA, CL_FLOAT}, 4, 4);
        std::vector<float> host(4 * 4 * 4);
        CLW_EXPECT_CL_ERROR(rig.queue.readImage(image, {2, 0, 0}, {4, 4, 1}, host.data()),
                            CL_INVALID_VALUE, "clEnqueueReadImage");
    }

    void copyImagesOfDifferentFormats() {
        CLW_RIG(rig);
        Image a = Image::create2D(rig.context, CL_MEM_READ_WRITE, {CL_RGBA, CL_FLOAT}, 4, 4);
        Image b = Image::create2D(rig.context, CL_MEM_READ_WRITE, {CL_RGBA, CL_UNORM_INT8}, 4, 4);
        CLW_EXPECT_CL_ERROR(rig.queue.copyImage(a, b, {0, 0, 0}, {0, 0, 0}, {4, 4, 1}),
                            CL_IMAGE_FORMAT_MISMATCH, "clEnqueueCopyImage");
    }

    void writeToHostReadOnlyImage() {
        CLW_RIG(rig);
        Image image = Image::create2D(rig.context, CL_MEM_READ_WRITE | CL_MEM_HOST_READ_ONLY,
                                      {CL_RGBA, CL_FLOAT}, 4, 4);
        std::vector<float> host(4 * 4 * 4);
        CLW_EXPECT_CL_ERROR(rig.queue.writeImage(image, {0, 0, 0}, {4, 4, 1}, host.data()),
                            CL_INVALID_OPERATION, "clEnqueueWriteImage");
    }

    // ---- Events ------------------------------------------------------------------------------

    void userEventStatusSetTwice() {
        CLW_RIG(rig);
        UserEvent event(rig.context);
        event.complete();
        CLW_EXPECT_CL_ERROR(event.complete(), CL_INVALID_OPERATION, "clSetUserEventStatus");
        CLW_EXPECT_WORDS(event.setStatus(-5), "its status was already set, to CL_COMPLETE");
        UserEvent failed(rig.context);
        failed.setStatus(-5);
        CLW_EXPECT_CL_ERROR(failed.complete(), CL_INVALID_OPERATION, "clSetUserEventStatus");
        CLW_EXPECT_WORDS(failed.complete(), "its status was already set, to the error -5");
    }

    void userEventPositiveStatus() {
        CLW_RIG(rig);
        UserEvent event(rig.context);
        CLW_EXPECT_CL_ERROR(event.setStatus(5), CL_INVALID_VALUE, "clSetUserEventStatus");
        event.complete();
    }

    void profilingOfUserEvent() {
        CLW_RIG(rig);
        UserEvent event(rig.context);
        event.complete();
        CLW_EXPECT_CL_ERROR(event.profilingTimes(), CL_PROFILING_INFO_NOT_AVAILABLE,
                            "clGetEventProfilingInfo");
    }

    void waitOnNoEvent() {
        const Event none;
        CLW_EXPECT_CL_ERROR(none.wait(), CL_INVALID_EVENT, "clWaitForEvents");
    }

    void waitListWithNoEvent() {
        CLW_RIG(rig);
        const std::vector<Event> waitFor{Event()};
        CLW_EXPECT_CL_ERROR(rig.queue.marker(waitFor), CL_INVALID_EVENT_WAIT_LIST,
                            "clEnqueueMarkerWithWaitList");
        CLW_EXPECT_WORDS(rig.queue.marker(waitFor), "event 0 of the wait list is empty");
        // Every enqueue checks its list, wherever the empty Event stands in it.
        UserEvent gate(rig.context);
        gate.complete();
        Buffer buffer(rig.context, CL_MEM_READ_WRITE, 64);
        std::vector<char> host(64);
        const std::vector<Event> later{gate, Event()};
        CLW_EXPECT_CL_ERROR(rig.queue.read(buffer, 0, 64, host.data(), true, later),
                            CL_INVALID_EVENT_WAIT_LIST, "clEnqueueReadBuffer");
        CLW_EXPECT_WORDS(rig.queue.read(buffer, 0, 64, host.data(), true, later),
                         "waits for 2 events failed: event 1 of the wait list is empty");
    }

    void waitListFromAnotherContext() {
        CLW_RIG(rig);
        Context other(rig.device);
        UserEvent foreign(other);
        const std::vector<Event> waitFor{foreign};
        CLW_EXPECT_CL_ERROR(rig.queue.marker(waitFor), CL_INVALID_CONTEXT,
                            "clEnqueueMarkerWithWaitList");
        foreign.complete();
    }

    // ---- Contexts, queues, samplers, devices, pipes, SVM ------------------------------------

    void contextWithoutDevices() {
        CLW_EXPECT_CL_ERROR(Context(std::vector<Device>{}), CL_INVALID_VALUE, "clCreateContext");
    }

    void contextOfAMissingDeviceType() {
        CLW_RIG(rig);
        const Platform platform = rig.device.platform();
        CLW_EXPECT_CL_ERROR(Context::fromType(platform, missingDeviceType(platform)),
                            CL_DEVICE_NOT_FOUND, "clCreateContextFromType");
        CLW_EXPECT_WORDS(Context::fromType(platform, missingDeviceType(platform)),
                         "the platform '" + platform.name() +
                             "' has no device of type CL_DEVICE_TYPE_");
    }

    void queueWithInvalidProperties() {
        CLW_RIG(rig);
        CLW_EXPECT_CL_ERROR(CommandQueue(rig.context, rig.device, 0xF000), CL_INVALID_VALUE,
                            "clCreateCommandQueueWithProperties");
    }

    void queueSizeWithoutOnDeviceQueue() {
        CLW_RIG(rig);
        CLW_EXPECT_CL_ERROR(CommandQueue(rig.context, rig.device,
                                         std::vector<cl_queue_properties>{CL_QUEUE_PROPERTIES,
                                                                          CL_QUEUE_PROFILING_ENABLE,
                                                                          CL_QUEUE_SIZE, 1024}),
                            CL_INVALID_VALUE, "clCreateCommandQueueWithProperties");
    }

    void samplerUnnormalizedWithRepeat() {
        CLW_RIG(rig);
        CLW_EXPECT_CL_ERROR(Sampler(rig.context, false, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST),
                            CL_INVALID_VALUE, "clCreateSamplerWithProperties");
        CLW_EXPECT_CL_ERROR(
            Sampler(rig.context, false, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_NEAREST),
            CL_INVALID_VALUE, "clCreateSamplerWithProperties");
        CLW_EXPECT_WORDS(Sampler(rig.context, false, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST),
                         "CL_ADDRESS_REPEAT needs normalized coordinates");
        const std::vector<cl_sampler_properties> properties{CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE,
                                                            CL_SAMPLER_ADDRESSING_MODE,
                                                            CL_ADDRESS_MIRRORED_REPEAT};
        CLW_EXPECT_CL_ERROR(Sampler(rig.context, properties), CL_INVALID_VALUE,
                            "clCreateSamplerWithProperties");
        CLW_EXPECT_WORDS(Sampler(rig.context, properties),
                         "CL_ADDRESS_MIRRORED_REPEAT needs normalized coordinates");
        // Normalized coordinates with either, and unnormalized ones that clamp, are fine.
        QVERIFY(Sampler(rig.context, true, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_NEAREST).get());
        QVERIFY(Sampler(rig.context, false, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST).get());
    }

    // A device that does not partition by counts (CL_DEVICE_PARTITION_PROPERTIES) refuses the
    // partition type itself, CL_INVALID_VALUE; PoCL's CPU device, which does, the counts.
    void partitionByCountsAboveTheUnits() {
        CLW_RIG(rig);
        const cl_uint units = rig.device.info<CL_DEVICE_MAX_COMPUTE_UNITS>();
        if (clw::test::canPartition(rig.device, CL_DEVICE_PARTITION_BY_COUNTS)) {
            CLW_EXPECT_CL_ERROR(rig.device.partitionByCounts({units, 1}),
                                CL_INVALID_DEVICE_PARTITION_COUNT, "clCreateSubDevices");
            return;
        }
        CLW_EXPECT_CL_ERROR(rig.device.partitionByCounts({units, 1}), CL_INVALID_VALUE,
                            "clCreateSubDevices");
        CLW_REQUIRE_POCL(pocl);
        QVERIFY(clw::test::canPartition(pocl, CL_DEVICE_PARTITION_BY_COUNTS));
        const cl_uint poclUnits = pocl.info<CL_DEVICE_MAX_COMPUTE_UNITS>();
        CLW_EXPECT_CL_ERROR(pocl.partitionByCounts({poclUnits, 1}),
                            CL_INVALID_DEVICE_PARTITION_COUNT, "clCreateSubDevices");
    }

    void partitionEquallyAboveTheUnits() {
        CLW_RIG(rig);
        const cl_uint units = rig.device.info<CL_DEVICE_MAX_COMPUTE_UNITS>();
        CLW_EXPECT_CL_ERROR(rig.device.partitionEqually(units + 1), CL_INVALID_VALUE,
                            "clCreateSubDevices");
    }

    void partitionOfNoDevice() {
        const Device none;
        CLW_EXPECT_CL_ERROR(none.partitionEqually(1), CL_INVALID_DEVICE, "clCreateSubDevices");
    }

    void pipeWithoutPipeSupport() {
        CLW_RIG(rig);
        CLW_EXPECT_CL_ERROR(Pipe(rig.context, CL_MEM_READ_WRITE, 4, 16), CL_INVALID_OPERATION,
                            "clCreatePipe");
    }

    void svmFreeOfNothing() {
        CLW_RIG(rig);
        CLW_EXPECT_CL_ERROR(rig.queue.svmFree({}), CL_INVALID_VALUE, "clEnqueueSVMFree");
    }

    void svmCopyToNull() {
        CLW_RIG(rig);
        std::vector<char> host(16);
        CLW_EXPECT_CL_ERROR(rig.queue.svmMemcpy(nullptr, host.data(), host.size()),
                            CL_INVALID_VALUE, "clEnqueueSVMMemcpy");
    }

    void svmAllocationOfZeroBytes() {
        // clSVMAlloc returns no code: the engine names the reason itself.
        CLW_RIG(rig);
        CLW_EXPECT_CL_ERROR(SvmAllocation(rig.context, CL_MEM_READ_WRITE, 0), CL_OUT_OF_RESOURCES,
                            "clSVMAlloc");
        try {
            SvmAllocation(rig.context, CL_MEM_READ_WRITE, 0);
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "the size must be above 0"), error.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestNegativeMemory)
#include "tst_negative_memory.moc"
