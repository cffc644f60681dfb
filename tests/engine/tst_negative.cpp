// Negative cases in the manner of the Khronos CTS api/negative_* tests: each wrong use gives a
// ClError with the exact code, its name and the C function, as the specification defines it and
// PoCL returns it. Cases where PoCL answers a code the specification does not give (images of an
// unsupported format or size, map flags, profiling on a queue without profiling, sampler
// addressing values, a build for a device outside the program) or crashes (a bogus cl_mem
// argument, an oversized __local argument, a truncated binary) are left out.
//
// This file: programs, kernels, launches and error names; tst_negative_memory.cpp has the rest.

#include "NegativeRig.h"

class TestNegative : public QObject {
    Q_OBJECT
private slots:
    // ---- Programs and kernels ----------------------------------------------------------------

    void kernelWithUnknownName() {
        CLW_RIG(rig);
        Program program = rig.built();
        CLW_EXPECT_CL_ERROR(Kernel(program, "nope"), CL_INVALID_KERNEL_NAME, "clCreateKernel");
        try {
            Kernel(program, "nope");
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "creating kernel 'nope' (the program has: "),
                     error.what());
        }
    }

    void kernelOfUnbuiltProgram() {
        CLW_RIG(rig);
        Program program = Program::fromSource(rig.context, kSource);
        CLW_EXPECT_CL_ERROR(Kernel(program, "k"), CL_INVALID_PROGRAM_EXECUTABLE, "clCreateKernel");
    }

    void programKernelInfoBeforeBuild() {
        CLW_RIG(rig);
        Program program = Program::fromSource(rig.context, kSource);
        CLW_EXPECT_CL_ERROR(program.info<CL_PROGRAM_NUM_KERNELS>(), CL_INVALID_PROGRAM_EXECUTABLE,
                            "clGetProgramInfo");
        CLW_EXPECT_CL_ERROR(program.kernelNames(), CL_INVALID_PROGRAM_EXECUTABLE,
                            "clGetProgramInfo");
    }

    void argumentIndexOutOfRange() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "k");
        CLW_EXPECT_CL_ERROR(kernel.setArg(3, 1), CL_INVALID_ARG_INDEX, "clSetKernelArg");
        try {
            kernel.setArg(3, 1);
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "setting argument 3 of kernel 'k'"), error.what());
        }
    }

    void bufferArgumentOfWrongSize() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "k");
        const char bytes[3] = {};
        CLW_EXPECT_CL_ERROR(kernel.setArg(0, sizeof bytes, bytes), CL_INVALID_ARG_SIZE,
                            "clSetKernelArg");
    }

    void scalarArgumentOfWrongSize() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "k");
        CLW_EXPECT_CL_ERROR(kernel.setArg(1, cl_long(1)), CL_INVALID_ARG_SIZE, "clSetKernelArg");
        try {
            kernel.setArg(1, cl_long(1));
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "argument 1 'int value' of kernel 'k'"), error.what());
        }
    }

    void scalarArgumentWithoutValue() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "k");
        CLW_EXPECT_CL_ERROR(kernel.setArg(1, sizeof(cl_int), nullptr), CL_INVALID_ARG_VALUE,
                            "clSetKernelArg");
    }

    void localArgumentOfZeroBytes() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "k");
        CLW_EXPECT_CL_ERROR(kernel.setArg(2, LocalMemory{0}), CL_INVALID_ARG_SIZE,
                            "clSetKernelArg");
        CLW_EXPECT_WORDS(kernel.setArg(2, LocalMemory{0}),
                         "int *scratch' of kernel 'k' to 0 bytes (a __local argument needs its "
                         "size in bytes");
    }

    void argumentInfoIndexOutOfRange() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "k");
        CLW_EXPECT_CL_ERROR(kernel.argument(7), CL_INVALID_ARG_INDEX, "clGetKernelArgInfo");
        CLW_EXPECT_WORDS(kernel.argument(7), "argument 7 of kernel 'k' (the kernel has 3 "
                                             "arguments, indices 0 to 2: CL_KERNEL_NUM_ARGS)");
        CLW_EXPECT_CL_ERROR(kernel.argInfo<CL_KERNEL_ARG_NAME>(3), CL_INVALID_ARG_INDEX,
                            "clGetKernelArgInfo");
        QCOMPARE(kernel.argInfo<CL_KERNEL_ARG_NAME>(2).c_str(), "scratch");
    }

    void cloneOfNoKernel() {
        const Kernel none;
        CLW_EXPECT_CL_ERROR(none.clone(), CL_INVALID_KERNEL, "clCloneKernel");
    }

    void invalidBuildOptionsAreAResult() {
        CLW_RIG(rig);
        Program program = Program::fromSource(rig.context, kSource);
        BuildResult result;
        try {
            result = program.build("-no-such-option-xyz");
        } catch (const ClError& error) {
            QFAIL(error.what());
        }
        QCOMPARE(result.code, CL_INVALID_BUILD_OPTIONS);
        QCOMPARE(errorName(result.code).c_str(), "CL_INVALID_BUILD_OPTIONS");
        QCOMPARE(result.function.c_str(), "clBuildProgram");
        QVERIFY2(contains(result.message(), "building the program failed "
                                            "(CL_INVALID_BUILD_OPTIONS, -43, from clBuildProgram)"),
                 result.message().c_str());
        QCOMPARE(program.build("-cl-std=CL9.9").code, CL_INVALID_BUILD_OPTIONS);
    }

    void binariesForTheWrongNumberOfDevices() {
        CLW_RIG(rig);
        const Binary binary(16, 0);
        CLW_EXPECT_CL_ERROR(Program::fromBinaries(rig.context, {rig.device}, {binary, binary}),
                            CL_INVALID_VALUE, "clCreateProgramWithBinary");
        try {
            Program::fromBinaries(rig.context, {rig.device}, {binary, binary});
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "2 binaries for 1 devices"), error.what());
        }
    }

    void corruptedBinary() {
        CLW_RIG(rig);
        const Binary garbage(4096, 0xAB);
        CLW_EXPECT_CL_ERROR(Program::fromBinaries(rig.context, {rig.device}, {garbage}),
                            CL_INVALID_BINARY, "clCreateProgramWithBinary");
        std::vector<cl_int> status;
        CLW_EXPECT_WORDS(Program::fromBinaries(rig.context, {rig.device}, {garbage}, &status),
                         "the binary for " + rig.device.name() +
                             " was rejected with CL_INVALID_BINARY (its first bytes are those of "
                             "no program binary");
        QVERIFY(status == std::vector<cl_int>{CL_INVALID_BINARY});
        // Text that is not PTX (no comment or directive first) is no binary either.
        const std::string words = "kernel void k() {}";
        CLW_EXPECT_CL_ERROR(
            Program::fromBinaries(rig.context, {rig.device}, {Binary(words.begin(), words.end())}),
            CL_INVALID_BINARY, "clCreateProgramWithBinary");
    }

    void realBinariesAreLeftToTheDriver() {
        // What a driver hands out (a PoCL binary, NVIDIA's PTX) goes back to it, and text that
        // begins as PTX does too, whatever follows: the engine refuses only what is no binary.
        // (Malformed LLVM bitcode is not tried here: NVIDIA 580's reader aborts the process.)
        CLW_RIG(rig);
        const Program built = rig.built();
        Program loaded = Program::fromBinaries(rig.context, {rig.device}, built.binaries());
        CLW_BUILD_OR_FAIL(loaded, "");
        const std::string ptx = "//\n// Generated by NVIDIA NVVM Compiler\n//\n\n.version 8.5\n"
                                "no PTX follows";
        const std::string text = errorText([&] {
            Program::fromBinaries(rig.context, {rig.device}, {Binary(ptx.begin(), ptx.end())});
        });
        QVERIFY2(!contains(text, "its first bytes are those of no program binary"), text.c_str());
    }

    void linkOfNothing() {
        CLW_RIG(rig);
        const auto [program, result] = Program::link(rig.context, {});
        QVERIFY(!program);
        QCOMPARE(result.code, CL_INVALID_VALUE);
        QCOMPARE(result.function.c_str(), "clLinkProgram");
        QVERIFY2(contains(result.message(), "linking the program failed (CL_INVALID_VALUE, -30, "
                                            "from clLinkProgram)\n"),
                 result.message().c_str());
        QVERIFY2(contains(result.message(), "linking no programs: clLinkProgram takes at least one "
                                            "compiled program"),
                 result.message().c_str());
        QCOMPARE(result.devices.size(), size_t(1));
        QCOMPARE(result.devices[0].status, CL_BUILD_ERROR);
    }

    // A device that lists no IL in CL_DEVICE_IL_VERSION refuses any IL with
    // CL_INVALID_OPERATION (OpenCL 3.0); one that takes SPIR-V refuses this truncated header as
    // malformed IL, CL_INVALID_VALUE, which PoCL without SPIR-V answers too.
    void intermediateLanguageWithoutSupport() {
        CLW_RIG(rig);
        const std::vector<std::uint8_t> il{0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0};
        const bool takesIl = !rig.device.tryInfo<CL_DEVICE_IL_VERSION>().value_or("").empty();
        if (takesIl || clw::test::isPocl(rig.device))
            CLW_EXPECT_CL_ERROR(Program::fromIL(rig.context, il), CL_INVALID_VALUE,
                                "clCreateProgramWithIL");
        else
            CLW_EXPECT_CL_ERROR(Program::fromIL(rig.context, il), CL_INVALID_OPERATION,
                                "clCreateProgramWithIL");
    }

    // ---- Launches ----------------------------------------------------------------------------

    void launchWithMissingArguments() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "k");
        CLW_EXPECT_CL_ERROR(rig.queue.ndRange(kernel, NDRange(16)), CL_INVALID_KERNEL_ARGS,
                            "clEnqueueNDRangeKernel");
    }

    void launchWithZeroDimensions() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "fixed");
        kernel.setArg(0, Buffer(rig.context, CL_MEM_READ_WRITE, 64));
        CLW_EXPECT_CL_ERROR(rig.queue.ndRange(kernel, NDRange()), CL_INVALID_WORK_DIMENSION,
                            "clEnqueueNDRangeKernel");
    }

    void localSizeNotDividingGlobal() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "k");
        kernel.setArgs(Buffer(rig.context, CL_MEM_READ_WRITE, 64), 1, LocalMemory{64});
        CLW_EXPECT_CL_ERROR(rig.queue.ndRange(kernel, NDRange(10), NDRange(3)),
                            CL_INVALID_WORK_GROUP_SIZE, "clEnqueueNDRangeKernel");
        try {
            rig.queue.ndRange(kernel, NDRange(10), NDRange(3));
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "launching kernel 'k' over global 10 with local 3"),
                     error.what());
            QVERIFY2(contains(error.what(), "the local size must divide the global size"),
                     error.what());
        }
    }

    void localSizeAboveTheMaximum() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "k");
        const size_t local = 2 * rig.device.info<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
        kernel.setArgs(Buffer(rig.context, CL_MEM_READ_WRITE, local * sizeof(int)), 1,
                       LocalMemory{local * sizeof(int)});
        CLW_EXPECT_CL_ERROR(rig.queue.ndRange(kernel, NDRange(local), NDRange(local)),
                            CL_INVALID_WORK_GROUP_SIZE, "clEnqueueNDRangeKernel");
    }

    void localSizeOtherThanRequired() {
        CLW_RIG(rig);
        Kernel kernel(rig.built(), "fixed");
        kernel.setArg(0, Buffer(rig.context, CL_MEM_READ_WRITE, 64));
        CLW_EXPECT_CL_ERROR(rig.queue.ndRange(kernel, NDRange(16), NDRange(8)),
                            CL_INVALID_WORK_GROUP_SIZE, "clEnqueueNDRangeKernel");
    }

    // ---- Error names -------------------------------------------------------------------------

    void errorNamesCoverEveryCode() {
#define CLW_CODE(c)                                                                                \
    { c, #c }
        const std::pair<cl_int, const char*> codes[] = {
            CLW_CODE(CL_DEVICE_NOT_FOUND),
            CLW_CODE(CL_DEVICE_NOT_AVAILABLE),
            CLW_CODE(CL_COMPILER_NOT_AVAILABLE),
            CLW_CODE(CL_MEM_OBJECT_ALLOCATION_FAILURE),
            CLW_CODE(CL_OUT_OF_RESOURCES),
            CLW_CODE(CL_OUT_OF_HOST_MEMORY),
            CLW_CODE(CL_PROFILING_INFO_NOT_AVAILABLE),
            CLW_CODE(CL_MEM_COPY_OVERLAP),
            CLW_CODE(CL_IMAGE_FORMAT_MISMATCH),
            CLW_CODE(CL_IMAGE_FORMAT_NOT_SUPPORTED),
            CLW_CODE(CL_BUILD_PROGRAM_FAILURE),
            CLW_CODE(CL_MAP_FAILURE),
            CLW_CODE(CL_MISALIGNED_SUB_BUFFER_OFFSET),
            CLW_CODE(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST),
            CLW_CODE(CL_COMPILE_PROGRAM_FAILURE),
            CLW_CODE(CL_LINKER_NOT_AVAILABLE),
            CLW_CODE(CL_LINK_PROGRAM_FAILURE),
            CLW_CODE(CL_DEVICE_PARTITION_FAILED),
            CLW_CODE(CL_KERNEL_ARG_INFO_NOT_AVAILABLE),
            CLW_CODE(CL_INVALID_VALUE),
            CLW_CODE(CL_INVALID_DEVICE_TYPE),
            CLW_CODE(CL_INVALID_PLATFORM),
            CLW_CODE(CL_INVALID_DEVICE),
            CLW_CODE(CL_INVALID_CONTEXT),
            CLW_CODE(CL_INVALID_QUEUE_PROPERTIES),
            CLW_CODE(CL_INVALID_COMMAND_QUEUE),
            CLW_CODE(CL_INVALID_HOST_PTR),
            CLW_CODE(CL_INVALID_MEM_OBJECT),
            CLW_CODE(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR),
            CLW_CODE(CL_INVALID_IMAGE_SIZE),
            CLW_CODE(CL_INVALID_SAMPLER),
            CLW_CODE(CL_INVALID_BINARY),
            CLW_CODE(CL_INVALID_BUILD_OPTIONS),
            CLW_CODE(CL_INVALID_PROGRAM),
            CLW_CODE(CL_INVALID_PROGRAM_EXECUTABLE),
            CLW_CODE(CL_INVALID_KERNEL_NAME),
            CLW_CODE(CL_INVALID_KERNEL_DEFINITION),
            CLW_CODE(CL_INVALID_KERNEL),
            CLW_CODE(CL_INVALID_ARG_INDEX),
            CLW_CODE(CL_INVALID_ARG_VALUE),
            CLW_CODE(CL_INVALID_ARG_SIZE),
            CLW_CODE(CL_INVALID_KERNEL_ARGS),
            CLW_CODE(CL_INVALID_WORK_DIMENSION),
            CLW_CODE(CL_INVALID_WORK_GROUP_SIZE),
            CLW_CODE(CL_INVALID_WORK_ITEM_SIZE),
            CLW_CODE(CL_INVALID_GLOBAL_OFFSET),
            CLW_CODE(CL_INVALID_EVENT_WAIT_LIST),
            CLW_CODE(CL_INVALID_EVENT),
            CLW_CODE(CL_INVALID_OPERATION),
            CLW_CODE(CL_INVALID_GL_OBJECT),
            CLW_CODE(CL_INVALID_BUFFER_SIZE),
            CLW_CODE(CL_INVALID_MIP_LEVEL),
            CLW_CODE(CL_INVALID_GLOBAL_WORK_SIZE),
            CLW_CODE(CL_INVALID_PROPERTY),
            CLW_CODE(CL_INVALID_IMAGE_DESCRIPTOR),
            CLW_CODE(CL_INVALID_COMPILER_OPTIONS),
            CLW_CODE(CL_INVALID_LINKER_OPTIONS),
            CLW_CODE(CL_INVALID_DEVICE_PARTITION_COUNT),
            CLW_CODE(CL_INVALID_PIPE_SIZE),
            CLW_CODE(CL_INVALID_DEVICE_QUEUE),
            CLW_CODE(CL_INVALID_SPEC_ID),
            CLW_CODE(CL_MAX_SIZE_RESTRICTION_EXCEEDED),
        };
#undef CLW_CODE
        // cl.h defines -1..-19 and -30..-72: 62 codes, each named as the header names it.
        QCOMPARE(std::size(codes), size_t(62));
        for (cl_int code = -1; code >= -72; --code) {
            const char* expected = nullptr;
            for (const auto& [value, name] : codes)
                if (value == code)
                    expected = name;
            const std::string name = errorName(code);
            if (expected)
                QCOMPARE(name.c_str(), expected);
            else
                QCOMPARE(name, "CL_UNKNOWN_ERROR(" + std::to_string(code) + ")");
        }
        QCOMPARE(errorName(-20).c_str(), "CL_UNKNOWN_ERROR(-20)");
        QCOMPARE(errorName(-9999).c_str(), "CL_UNKNOWN_ERROR(-9999)");
        QCOMPARE(errorName(CL_SUCCESS).c_str(), "CL_SUCCESS");
        QCOMPARE(errorName(CL_PLATFORM_NOT_FOUND_KHR).c_str(), "CL_PLATFORM_NOT_FOUND_KHR");

        const ClError withDoing(CL_INVALID_ARG_SIZE, "clSetKernelArg", "setting argument 2");
        QCOMPARE(withDoing.what(),
                 "setting argument 2 failed (CL_INVALID_ARG_SIZE, -51, from clSetKernelArg)");
        QCOMPARE(withDoing.name().c_str(), "CL_INVALID_ARG_SIZE");
        QCOMPARE(withDoing.doing().c_str(), "setting argument 2");
        const ClError bare(-9999, "clFinish", "");
        QCOMPARE(bare.what(), "calling clFinish failed (CL_UNKNOWN_ERROR(-9999))");
    }

    // A person reads what() as it is: the words first, then the code, then the C function where
    // it is one; a name inside the engine never shows.
    void errorWordsLeadTheCode() {
        const ClError api(CL_INVALID_ARG_SIZE, "clSetKernelArg",
                          "setting argument 2 `float *out` of kernel `blur`");
        QCOMPARE(api.what(), "setting argument 2 `float *out` of kernel `blur` failed "
                             "(CL_INVALID_ARG_SIZE, -51, from clSetKernelArg)");
        QCOMPARE(api.function().c_str(), "clSetKernelArg");

        const ClError why(CL_INVALID_KERNEL_ARGS, "clSetKernelArg",
                          "setting argument 3 'int n' of kernel 'blur': no value given");
        QCOMPARE(why.what(), "setting argument 3 'int n' of kernel 'blur' failed: no value given "
                             "(CL_INVALID_KERNEL_ARGS, -52, from clSetKernelArg)");

        const std::string nul = "binary_cl.cl: line 1, column 1 holds a NUL byte; OpenCL C sources "
                                "are text: remove it, or open the right file";
        const ClError internal(CL_INVALID_VALUE, "BuildService", "reading the sources: " + nul);
        QCOMPARE(std::string(internal.what()),
                 "reading the sources failed: " + nul + " (CL_INVALID_VALUE, -30)");
        QCOMPARE(internal.function().c_str(), "BuildService");
        QCOMPARE(internal.doing(), "reading the sources: " + nul);
        QCOMPARE(internal.code(), CL_INVALID_VALUE);

        // Only the first ": " outside brackets and backticks starts the reason.
        const ClError bracketed(CL_INVALID_VALUE, "MemoryMap::row",
                                "reading row 3 (a map of 2: rows 0 and 1) of `m: n`");
        QCOMPARE(
            bracketed.what(),
            "reading row 3 (a map of 2: rows 0 and 1) of `m: n` failed (CL_INVALID_VALUE, -30)");
        const ClError empty(CL_INVALID_VALUE, "SvmAllocator", "");
        QCOMPARE(empty.what(), "an OpenCL operation failed (CL_INVALID_VALUE, -30)");

        // A build log under the words: the code ends the first line, where it is seen.
        const ClError logged(CL_BUILD_PROGRAM_FAILURE, "clBuildProgram",
                             "building the stream benchmark: the driver's build log follows\n"
                             "k.cl:1:1: error: x");
        QCOMPARE(logged.what(),
                 "building the stream benchmark failed: the driver's build log follows "
                 "(CL_BUILD_PROGRAM_FAILURE, -11, from clBuildProgram)\nk.cl:1:1: error: x");

        QVERIFY(isClFunctionName("clSetKernelArg"));
        QVERIFY(isClFunctionName("clSVMAlloc"));
        QVERIFY(!isClFunctionName("BuildService"));
        QVERIFY(!isClFunctionName("clw::engine"));
        QVERIFY(!isClFunctionName("cl"));
    }
};

QTEST_GUILESS_MAIN(TestNegative)
#include "tst_negative.moc"
