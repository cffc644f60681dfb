// Programs on the real runtime: source builds that run, failed builds as values, options,
// separate compilation with headers and linking, binaries round trips, program and build info.
#include "ClTestUtil.h"
#include "TestDevice.h"

#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Kernel.h"
#include "clw/engine/runtime/Program.h"

#include <QtTest>

#include <cstring>

#include <algorithm>
#include <numeric>
#include <set>

using namespace clw::engine;
using clw::test::contains;
using clw::test::readBack;

namespace {

const char* const kFillSource = R"CLC(
kernel void fill(global int* out, int base) {
    const int i = get_global_id(0);
    out[i] = base + i * i;
}
)CLC";

// Runs kernel(out, base) over n work-items and returns out.
std::vector<int> runFill(const Context& context, const CommandQueue& queue, const Program& program,
                         const std::string& name, size_t n, int base = 0) {
    Buffer out(context, CL_MEM_WRITE_ONLY, n * sizeof(int));
    Kernel kernel(program, name);
    kernel.setArgs(out, base);
    queue.ndRange(kernel, NDRange(n)).wait();
    return readBack<int>(queue, out, n);
}

std::vector<int> expectedFill(size_t n, int base) {
    std::vector<int> values(n);
    for (size_t i = 0; i < n; ++i)
        values[i] = base + int(i * i);
    return values;
}

// Seam: counts the programs made from intermediate language and from source.
ClApi g_realApi;
int g_ilPrograms = 0, g_sourcePrograms = 0;
cl_program CL_API_CALL countingIl(cl_context context, const void* il, size_t length, cl_int* code) {
    ++g_ilPrograms;
    if (!g_realApi.clCreateProgramWithIL) { // an OpenCL 1.2 loader
        *code = CL_INVALID_OPERATION;
        return nullptr;
    }
    return g_realApi.clCreateProgramWithIL(context, il, length, code);
}
cl_program CL_API_CALL countingSource(cl_context context, cl_uint count, const char** strings,
                                      const size_t* lengths, cl_int* code) {
    ++g_sourcePrograms;
    return g_realApi.clCreateProgramWithSource(context, count, strings, lengths, code);
}

// A program of the built-in kernel `name` of `device` (none when name is empty), and the exact
// error for a name the device does not list.
void checkBuiltInKernels(const Device& device, const std::string& name) {
    Context context(device);
    if (!name.empty()) {
        Program program = Program::withBuiltInKernels(context, {device}, name);
        QVERIFY(bool(program));
        QVERIFY(program.devices() == std::vector<Device>{device});
        QCOMPARE(program.context(), context);
        // Building it is not checked: Debian's PoCL package lacks the sources of its built-in
        // kernels (common_builtin_kernels.cl), so that build fails there.
    }
    CLW_EXPECT_CL_ERROR(Program::withBuiltInKernels(context, {device}, "no.such.kernel"),
                        CL_INVALID_VALUE, "clCreateProgramWithBuiltInKernels");
}

} // namespace

class TestProgram : public QObject {
    Q_OBJECT
private slots:
    // SPIR-V handed over as source goes the way of intermediate language, not clCreateProgramWith
    // NVIDIA 580 fails a build with options it does not take as CL_BUILD_PROGRAM_FAILURE and says
    // so in its log: the engine reports CL_INVALID_BUILD_OPTIONS, as PoCL does itself.
    void optionsTheDriverDoesNotTakeAreInvalidBuildOptions() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const Program program = Program::fromSource(context, kFillSource);
        ScopedClApi seam;
        g_realApi = seam.real();
        seam.api().clBuildProgram = [](cl_program, cl_uint, const cl_device_id*, const char*,
                                       void(CL_CALLBACK*)(cl_program, void*),
                                       void*) -> cl_int { return CL_BUILD_PROGRAM_FAILURE; };
        seam.api().clGetProgramBuildInfo = [](cl_program program, cl_device_id id,
                                              cl_program_build_info param, size_t size, void* value,
                                              size_t* returned) -> cl_int {
            static const char kLog[] = "Error in processing command line: Don't understand "
                                       "command line argument \"-no-such-option\"!";
            if (param != CL_PROGRAM_BUILD_LOG)
                return g_realApi.clGetProgramBuildInfo(program, id, param, size, value, returned);
            if (returned)
                *returned = sizeof kLog;
            if (value && size >= sizeof kLog)
                std::memcpy(value, kLog, sizeof kLog);
            return CL_SUCCESS;
        };
        const BuildResult result = program.build("-no-such-option");
        QCOMPARE(result.code, CL_INVALID_BUILD_OPTIONS);
        QVERIFY(contains(result.combinedLog(), "Don't understand command line argument"));
        // A compile error is still a build failure.
        seam.api().clGetProgramBuildInfo = g_realApi.clGetProgramBuildInfo;
        QCOMPARE(program.build("").code, CL_BUILD_PROGRAM_FAILURE);
    }

    // Source (where it would fail as OpenCL C that is not text).
    void spirVGivenAsSourceIsCreatedAsIl() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const unsigned char header[] = {0x03, 0x02, 0x23, 0x07, 0x00, 0x00, 0x01, 0x00,
                                        0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00};
        const std::string spirv(reinterpret_cast<const char*>(header), sizeof header);
        ScopedClApi seam;
        g_realApi = seam.real();
        g_ilPrograms = g_sourcePrograms = 0;
        seam.api().clCreateProgramWithIL = countingIl;
        seam.api().clCreateProgramWithSource = countingSource;
        try {
            Program::fromSource(context, spirv); // a device may refuse a module of a header only
        } catch (const ClError& error) {
            QCOMPARE(error.function(), std::string("clCreateProgramWithIL"));
        }
        QCOMPARE(g_ilPrograms, 1);
        QCOMPARE(g_sourcePrograms, 0);
        Program::fromSource(context, "__kernel void k() {}"); // OpenCL C stays source
        QCOMPARE(g_sourcePrograms, 1);
    }
    void fromSourceBuildsAndRuns() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        Program program = Program::fromSource(context, kFillSource);
        const BuildResult result = program.build();
        QVERIFY2(result.ok(), result.message().c_str());
        QCOMPARE(result.code, CL_SUCCESS);
        QCOMPARE(result.function.c_str(), "clBuildProgram");
        QVERIFY(result.message().empty());
        QCOMPARE(result.devices.size(), size_t(1));
        QCOMPARE(result.devices[0].device, device);
        QCOMPARE(result.devices[0].status, CL_BUILD_SUCCESS);
        QCOMPARE(result.devices[0].binaryType,
                 cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
        QVERIFY(runFill(context, queue, program, "fill", 64, 7) == expectedFill(64, 7));
    }

    void fromSourcesJoinsTheStrings() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        // The second string uses what the first defines: they form one translation unit.
        const std::vector<std::string> sources{
            "#define OFFSET 100\nint twice(int x) { return 2 * x; }\n",
            "kernel void doubled(global int* out, int base) {\n"
            "    const int i = get_global_id(0);\n"
            "    out[i] = twice(i) + OFFSET + base;\n"
            "}\n"};
        Program program = Program::fromSources(context, sources);
        CLW_BUILD_OR_FAIL(program, "");
        const auto values = runFill(context, queue, program, "doubled", 16, 1);
        for (int i = 0; i < 16; ++i)
            QCOMPARE(values[i], 2 * i + 101);
        QCOMPARE(program.source(), sources[0] + sources[1]);
    }

    void failedBuildIsAResultWithTheLog() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const char* source = "kernel void broken(global int* out) {\n"
                             "    const int i = get_global_id(0);\n"
                             "    out[i] = undefined_symbol_xyz;\n"
                             "}\n";
        Program program = Program::fromSource(context, source);
        BuildResult result;
        try {
            result = program.build();
        } catch (const ClError& error) {
            QFAIL(qPrintable(QStringLiteral("a failed build must not throw: ") +
                             QString::fromStdString(error.what())));
        }
        QVERIFY(!result.ok());
        QCOMPARE(result.code, CL_BUILD_PROGRAM_FAILURE);
        QCOMPARE(result.function.c_str(), "clBuildProgram");
        QCOMPARE(result.devices.size(), size_t(1));
        QCOMPARE(result.devices[0].status, CL_BUILD_ERROR);
        const std::string& log = result.devices[0].log;
        QVERIFY2(contains(log, "undefined_symbol_xyz"), log.c_str());
        // The diagnostic names line 3, where the error is.
        QVERIFY2(contains(log, ":3:"), log.c_str());
        const std::string message = result.message();
        QVERIFY2(contains(message, "building the program failed (CL_BUILD_PROGRAM_FAILURE, -11, "
                                   "from clBuildProgram)\n"),
                 message.c_str());
        QVERIFY2(contains(message, "device " + device.name() + ":"), message.c_str());
        QVERIFY2(contains(message, "undefined_symbol_xyz"), message.c_str());
        QVERIFY(contains(result.combinedLog(), log));
        // A kernel of the failed program is refused with the exact code.
        CLW_EXPECT_CL_ERROR(Kernel(program, "broken"), CL_INVALID_PROGRAM_EXECUTABLE,
                            "clCreateKernel");
    }

    void buildOptionsChangeTheResult() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        const char* source = "kernel void value(global int* out, int base) {\n"
                             "    out[get_global_id(0)] = VALUE + base;\n"
                             "}\n";
        Program three = Program::fromSource(context, source);
        const BuildResult result = three.build("-D VALUE=3");
        QVERIFY2(result.ok(), result.message().c_str());
        QCOMPARE(result.options.c_str(), "-D VALUE=3");
        Program five = Program::fromSource(context, source);
        CLW_BUILD_OR_FAIL(five, "-DVALUE=5");
        QVERIFY(runFill(context, queue, three, "value", 4) == std::vector<int>(4, 3));
        QVERIFY(runFill(context, queue, five, "value", 4) == std::vector<int>(4, 5));
        // Without the definition the source does not compile.
        Program none = Program::fromSource(context, source);
        QCOMPARE(none.build().code, CL_BUILD_PROGRAM_FAILURE);
    }

    void compileWithHeaderThenLinkRuns() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        // "defs.h" exists only as a header program given by name to compile().
        Program header = Program::fromSource(context, "#define SCALE 4\nint bump(int x);\n");
        Program main =
            Program::fromSource(context, "#include \"defs.h\"\n"
                                         "kernel void scaled(global int* out, int base) {\n"
                                         "    const int i = get_global_id(0);\n"
                                         "    out[i] = bump(i) * SCALE + base;\n"
                                         "}\n");
        Program library = Program::fromSource(context, "int bump(int x) { return x + 1; }\n");

        const BuildResult compiled = main.compile("", {{"defs.h", header}});
        QVERIFY2(compiled.ok(), compiled.message().c_str());
        QCOMPARE(compiled.function.c_str(), "clCompileProgram");
        QCOMPARE(compiled.devices.size(), size_t(1));
        QCOMPARE(compiled.devices[0].binaryType,
                 cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT));
        const BuildResult compiledLibrary = library.compile();
        QVERIFY2(compiledLibrary.ok(), compiledLibrary.message().c_str());

        auto [linked, result] = Program::link(context, {main, library});
        QVERIFY2(result.ok(), result.message().c_str());
        QVERIFY(bool(linked));
        QCOMPARE(result.function.c_str(), "clLinkProgram");
        QCOMPARE(result.devices.size(), size_t(1));
        QCOMPARE(result.devices[0].status, CL_BUILD_SUCCESS);
        QCOMPARE(result.devices[0].binaryType,
                 cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
        const auto values = runFill(context, queue, linked, "scaled", 8, 10);
        for (int i = 0; i < 8; ++i)
            QCOMPARE(values[i], (i + 1) * 4 + 10);
    }

    void compileWithoutTheHeaderFails() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Program main =
            Program::fromSource(context, "#include \"missing_defs.h\"\n"
                                         "kernel void k(global int* out) { out[0] = 1; }\n");
        const BuildResult result = main.compile();
        QVERIFY(!result.ok());
        QCOMPARE(result.code, CL_COMPILE_PROGRAM_FAILURE);
        QCOMPARE(result.function.c_str(), "clCompileProgram");
        QVERIFY2(contains(result.combinedLog(), "missing_defs.h"), result.combinedLog().c_str());
        QVERIFY2(contains(result.message(),
                          "compiling the program failed "
                          "(CL_COMPILE_PROGRAM_FAILURE, -15, from clCompileProgram)"),
                 result.message().c_str());
    }

    void linkWithUndefinedFunctionFails() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Program main = Program::fromSource(context, "int missing_function(int x);\n"
                                                    "kernel void k(global int* out) {\n"
                                                    "    out[0] = missing_function(1);\n"
                                                    "}\n");
        const BuildResult compiled = main.compile();
        QVERIFY2(compiled.ok(), compiled.message().c_str());
        std::pair<Program, BuildResult> linked;
        try {
            linked = Program::link(context, {main});
        } catch (const ClError& error) {
            QFAIL(qPrintable(QStringLiteral("a failed link must not throw: ") +
                             QString::fromStdString(error.what())));
        }
        const BuildResult& result = linked.second;
        QVERIFY(!result.ok());
        // PoCL answers CL_LINK_PROGRAM_FAILURE and no program object.
        QCOMPARE(result.code, CL_LINK_PROGRAM_FAILURE);
        QCOMPARE(result.function.c_str(), "clLinkProgram");
        QVERIFY2(contains(result.message(), "linking the program failed (CL_LINK_PROGRAM_FAILURE, "
                                            "-17, from clLinkProgram)"),
                 result.message().c_str());
        if (linked.first) {
            // A driver that returns the failed program keeps the log with it.
            QVERIFY(contains(result.combinedLog(), "missing_function"));
        }
    }

    void binariesRoundTrip() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        Program original = Program::fromSource(context, kFillSource);
        CLW_BUILD_OR_FAIL(original, "");
        const std::vector<Binary> binaries = original.binaries();
        QCOMPARE(binaries.size(), size_t(1));
        QVERIFY(!binaries[0].empty());
        QCOMPARE(original.info<CL_PROGRAM_BINARY_SIZES>(), std::vector<size_t>{binaries[0].size()});

        std::vector<cl_int> status;
        Program restored = Program::fromBinaries(context, {device}, binaries, &status);
        QVERIFY(status == std::vector<cl_int>{CL_SUCCESS});
        QCOMPARE(restored.buildInfo<CL_PROGRAM_BINARY_TYPE>(device),
                 cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
        const BuildResult result = restored.build();
        QVERIFY2(result.ok(), result.message().c_str());
        QVERIFY(restored.kernelNames() == std::vector<std::string>{"fill"});
        const auto fromSource = runFill(context, queue, original, "fill", 128, -3);
        const auto fromBinary = runFill(context, queue, restored, "fill", 128, -3);
        QVERIFY(fromSource == expectedFill(128, -3));
        QVERIFY(fromBinary == fromSource);
    }

    void corruptedBinaryIsRejected() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Program original = Program::fromSource(context, kFillSource);
        CLW_BUILD_OR_FAIL(original, "");
        // Same size, no valid header: CL_INVALID_BINARY for the call and the device, from the
        // engine itself, which knows PoCL's and NVIDIA's binary kinds (NVIDIA takes any bytes).
        // (A binary with a valid header and a damaged body trips an assertion in PoCL.)
        Binary corrupted(original.binaries().at(0).size(), 0xAB);
        std::vector<cl_int> status;
        CLW_EXPECT_CL_ERROR(Program::fromBinaries(context, {device}, {corrupted}, &status),
                            CL_INVALID_BINARY, "clCreateProgramWithBinary");
        QVERIFY(status == std::vector<cl_int>{CL_INVALID_BINARY});
        try {
            Program::fromBinaries(context, {device}, {corrupted});
        } catch (const ClError& error) {
            QVERIFY2(contains(error.what(), "the binary for " + device.name() +
                                                " was rejected with CL_INVALID_BINARY"),
                     error.what());
            QVERIFY2(contains(error.what(), "its first bytes are those of no program binary"),
                     error.what());
        }
    }

    void kernelNamesAndCreateKernels() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        CommandQueue queue(context, device);
        Program program = Program::fromSource(
            context, "kernel void alpha(global int* o, int b) { o[get_global_id(0)] = b + 1; }\n"
                     "kernel void beta(global int* o, int b) { o[get_global_id(0)] = b + 2; }\n"
                     "kernel void gamma(global int* o, int b) { o[get_global_id(0)] = b + 3; }\n");
        CLW_BUILD_OR_FAIL(program, "");
        auto names = program.kernelNames();
        std::sort(names.begin(), names.end());
        QVERIFY(names == (std::vector<std::string>{"alpha", "beta", "gamma"}));

        const std::vector<Kernel> kernels = program.createKernels();
        QCOMPARE(kernels.size(), size_t(3));
        std::set<std::string> created;
        for (const Kernel& kernel : kernels) {
            created.insert(kernel.name());
            QCOMPARE(kernel.program(), program);
            // Each kernel runs and gives its own result.
            Buffer out(context, CL_MEM_WRITE_ONLY, 4 * sizeof(int));
            kernel.setArgs(out, 10);
            queue.ndRange(kernel, NDRange(4)).wait();
            const int expected = kernel.name() == "alpha" ? 11 : kernel.name() == "beta" ? 12 : 13;
            QVERIFY(readBack<int>(queue, out, 4) == std::vector<int>(4, expected));
        }
        QVERIFY(created == (std::set<std::string>{"alpha", "beta", "gamma"}));
    }

    void programInfo() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        const std::string source = "kernel void one(global int* o) { o[0] = 1; }\n"
                                   "kernel void two(global int* o) { o[0] = 2; }\n";
        Program program = Program::fromSource(context, source);
        QCOMPARE(program.info<CL_PROGRAM_NUM_DEVICES>(), cl_uint(1));
        QVERIFY(program.devices() == std::vector<Device>{device});
        QCOMPARE(program.source(), source);
        QCOMPARE(program.context(), context);
        QVERIFY(program.info<CL_PROGRAM_REFERENCE_COUNT>() >= 1);
        CLW_BUILD_OR_FAIL(program, "");
        QCOMPARE(program.info<CL_PROGRAM_NUM_KERNELS>(), size_t(2));
        QCOMPARE(program.kernelNames().size(), size_t(2));
        // A copy is the same program with one more reference; a move steals it.
        const cl_uint before = program.info<CL_PROGRAM_REFERENCE_COUNT>();
        Program copy = program;
        QCOMPARE(copy, program);
        QCOMPARE(program.info<CL_PROGRAM_REFERENCE_COUNT>(), before + 1);
        Program moved = std::move(copy);
        QVERIFY(!copy);
        QCOMPARE(program.info<CL_PROGRAM_REFERENCE_COUNT>(), before + 1);
    }

    void buildInfo() {
        CLW_REQUIRE_DEVICE(device);
        Context context(device);
        Program program = Program::fromSource(context, kFillSource);
        QCOMPARE(program.buildInfo<CL_PROGRAM_BUILD_STATUS>(device), CL_BUILD_NONE);
        QCOMPARE(program.buildInfo<CL_PROGRAM_BINARY_TYPE>(device),
                 cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_NONE));
        const std::string options = "-cl-std=CL1.2 -D UNUSED_MACRO=1";
        const BuildResult result = program.build(options, {device});
        QVERIFY2(result.ok(), result.message().c_str());
        QCOMPARE(result.devices.size(), size_t(1));
        QCOMPARE(program.buildInfo<CL_PROGRAM_BUILD_STATUS>(device), CL_BUILD_SUCCESS);
        QCOMPARE(program.buildInfo<CL_PROGRAM_BUILD_OPTIONS>(device), options);
        QCOMPARE(program.buildInfo<CL_PROGRAM_BINARY_TYPE>(device),
                 cl_program_binary_type(CL_PROGRAM_BINARY_TYPE_EXECUTABLE));
        QCOMPARE(result.devices[0].status, CL_BUILD_SUCCESS);
        QCOMPARE(result.devices[0].log, program.buildInfo<CL_PROGRAM_BUILD_LOG>(device));
    }

    // On the test device, with the first built-in kernel it lists (most GPUs list none: then
    // only the refusal), and on PoCL's CPU device, whose built-in kernels are known.
    void builtInKernelProgram() {
        CLW_REQUIRE_DEVICE(device);
        const std::string builtIns = device.info<CL_DEVICE_BUILT_IN_KERNELS>();
        std::string first = builtIns.substr(0, builtIns.find(';'));
        first.erase(0, std::min(first.size(), first.find_first_not_of(' ')));
        first.erase(first.find_last_not_of(' ') + 1);
        checkBuiltInKernels(device, first);
        if (QTest::currentTestFailed())
            return;
        CLW_REQUIRE_POCL(pocl);
        QVERIFY2(contains(pocl.info<CL_DEVICE_BUILT_IN_KERNELS>(), "pocl.add.i8"),
                 "PoCL lists no pocl.add.i8 among its built-in kernels");
        if (pocl != device || first != "pocl.add.i8")
            checkBuiltInKernels(pocl, "pocl.add.i8");
    }
};

QTEST_GUILESS_MAIN(TestProgram)
#include "tst_program.moc"
