// engine.fakedriver: the fake OpenCL driver of tests/fakecl, which tests of crashing and hanging
// drivers stand on. In this process it is only dlopened and checked as the ICD loader would see
// it; through the loader it runs in children (clw_fakedriver_child) whose OCL_ICD_VENDORS names
// it, so that this process and every other test keep the drivers installed on the machine.
#include <CL/cl_icd.h>

#include <QProcess>
#include <QtTest>

#include <csignal>
#include <cstring>
#include <dlfcn.h>

namespace {

// What a child did: how it ended and what it printed.
struct ChildRun {
    QProcess::ExitStatus exitStatus = QProcess::NormalExit;
    int exitCode = -1; // the signal, for a crash
    QStringList lines; // stdout
    QString errors;    // stderr
};

QString faultLine(const char* function, const char* action) {
    return QStringLiteral("fake OpenCL driver: %1: %2 as CLW_FAKE_CL_FAULT asks")
        .arg(QLatin1String(function), QLatin1String(action));
}

void appendOption(QProcessEnvironment& environment, const QString& name, const QString& option) {
    const QString value = environment.value(name);
    environment.insert(name, value.isEmpty() ? option : value + QLatin1Char(':') + option);
}

// A child that sees the fake driver and no other, with `fault` as CLW_FAKE_CL_FAULT.
void startChild(QProcess& process, const QString& fault) {
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("OCL_ICD_VENDORS"), QStringLiteral(CLW_FAKE_ICD_VENDORS));
    environment.remove(QStringLiteral("OCL_ICD_FILENAMES"));
    environment.remove(QStringLiteral("OPENCL_LAYERS"));
    if (fault.isEmpty())
        environment.remove(QStringLiteral("CLW_FAKE_CL_FAULT"));
    else
        environment.insert(QStringLiteral("CLW_FAKE_CL_FAULT"), fault);
    // Under the sanitizer presets a SIGSEGV must stay a crash, not become the sanitizer's report
    // and exit status.
    appendOption(environment, QStringLiteral("ASAN_OPTIONS"), QStringLiteral("handle_segv=0"));
    appendOption(environment, QStringLiteral("TSAN_OPTIONS"), QStringLiteral("handle_segv=0"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(CLW_FAKEDRIVER_CHILD), {});
}

ChildRun finish(QProcess& process) {
    ChildRun run;
    if (!process.waitForFinished(60000))
        qWarning("the child did not end within a minute");
    run.exitStatus = process.exitStatus();
    run.exitCode = process.exitCode();
    run.lines = QString::fromUtf8(process.readAllStandardOutput()).split(QLatin1Char('\n'));
    run.errors = QString::fromUtf8(process.readAllStandardError());
    return run;
}

ChildRun runChild(const QString& fault) {
    QProcess process;
    startChild(process, fault);
    return finish(process);
}

QString describe(const ChildRun& run) {
    return QStringLiteral("exit status %1, code %2\nstdout:\n%3\nstderr:\n%4")
        .arg(run.exitStatus == QProcess::CrashExit ? QStringLiteral("crash")
                                                   : QStringLiteral("normal"))
        .arg(run.exitCode)
        .arg(run.lines.join(QLatin1Char('\n')), run.errors);
}

QStringList linesStartingWith(const ChildRun& run, const QString& prefix) {
    QStringList found;
    for (const QString& line : run.lines)
        if (line.startsWith(prefix))
            found << line;
    return found;
}

const QString kPlatformLine =
    QStringLiteral("platform CL Workbench Fake Platform | CL Workbench | OpenCL 1.2 fake");
const QString kDeviceLine = QStringLiteral("device Fake Device | CPU | OpenCL 1.2 fake");

} // namespace

class FakeDriverTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void everyDispatchEntryIsFilled();
    void objectsBeginWithTheDispatchTable();
    void infoQueriesFollowTheSpecification();
    void engineSeesOnlyTheFakeDriver();
    void abortInBuildIsACrash();
    void hangInReadKeepsTheChildRunning();
    void segvInDeviceInfoCrashesTheProbe();
    void exitEndsTheChildWithStatus3();

private:
    template <class T>
    T symbol(const char* name) {
        return reinterpret_cast<T>(dlsym(m_library, name));
    }

    void* m_library = nullptr;
    cl_platform_id m_platform = nullptr;
    const cl_icd_dispatch* m_table = nullptr;
};

void FakeDriverTest::initTestCase() {
    qunsetenv("CLW_FAKE_CL_FAULT"); // this process's own calls must not fail
    // RTLD_NOW: a symbol the driver lacks fails here, not in the middle of a call.
    m_library = dlopen(CLW_FAKE_ICD, RTLD_NOW | RTLD_LOCAL);
    QVERIFY2(m_library, dlerror());
    const auto getPlatforms = symbol<clIcdGetPlatformIDsKHR_fn>("clIcdGetPlatformIDsKHR");
    QVERIFY(getPlatforms);
    cl_uint count = 0;
    QCOMPARE(getPlatforms(1, &m_platform, &count), CL_SUCCESS);
    QCOMPARE(count, 1u);
    m_table = *reinterpret_cast<const cl_icd_dispatch* const*>(m_platform);
    QVERIFY(m_table);
}

void FakeDriverTest::cleanupTestCase() {
    if (m_library)
        dlclose(m_library);
}

void FakeDriverTest::everyDispatchEntryIsFilled() {
    const auto* entries = reinterpret_cast<void* const*>(m_table);
    for (size_t i = 0; i < sizeof(cl_icd_dispatch) / sizeof(void*); ++i)
        QVERIFY2(entries[i], qPrintable(QStringLiteral("dispatch entry %1 is NULL").arg(i)));
    // The loader's way in, and what an unimplemented entry answers.
    const auto lookUp = symbol<void* (*)(const char*)>("clGetExtensionFunctionAddress");
    QVERIFY(lookUp);
    QVERIFY(lookUp("clIcdGetPlatformIDsKHR"));
    QVERIFY(lookUp("clGetPlatformInfo"));
    QCOMPARE(lookUp("clNoSuchFunctionfake"), nullptr);
    cl_int code = CL_SUCCESS;
    QCOMPARE(m_table->clCreateImage2D(nullptr, 0, nullptr, 1, 1, 0, nullptr, &code), nullptr);
    QCOMPARE(code, CL_INVALID_OPERATION);
    QCOMPARE(m_table->clSetCommandQueueProperty(nullptr, 0, CL_FALSE, nullptr),
             CL_INVALID_OPERATION);
    QCOMPARE(m_table->clSVMAlloc(nullptr, 0, 64, 0), nullptr);
}

void FakeDriverTest::objectsBeginWithTheDispatchTable() {
    const auto tableOf = [](const void* object) {
        return *static_cast<const cl_icd_dispatch* const*>(object);
    };
    cl_device_id device = nullptr;
    QCOMPARE(m_table->clGetDeviceIDs(m_platform, CL_DEVICE_TYPE_CPU, 1, &device, nullptr),
             CL_SUCCESS);
    QCOMPARE(tableOf(device), m_table);
    cl_int code = CL_INVALID_VALUE;
    cl_context context = m_table->clCreateContext(nullptr, 1, &device, nullptr, nullptr, &code);
    QCOMPARE(code, CL_SUCCESS);
    QCOMPARE(tableOf(context), m_table);
    cl_command_queue queue = m_table->clCreateCommandQueue(context, device, 0, &code);
    QCOMPARE(tableOf(queue), m_table);
    cl_mem buffer = m_table->clCreateBuffer(context, CL_MEM_READ_WRITE, 64, nullptr, &code);
    QCOMPARE(tableOf(buffer), m_table);
    const char* source = "kernel void k(global int* x) {}";
    cl_program program = m_table->clCreateProgramWithSource(context, 1, &source, nullptr, &code);
    QCOMPARE(tableOf(program), m_table);
    QCOMPARE(m_table->clBuildProgram(program, 0, nullptr, nullptr, nullptr, nullptr), CL_SUCCESS);
    cl_kernel kernel = m_table->clCreateKernel(program, "k", &code);
    QCOMPARE(code, CL_SUCCESS);
    QCOMPARE(tableOf(kernel), m_table);
    cl_event event = m_table->clCreateUserEvent(context, &code);
    QCOMPARE(tableOf(event), m_table);
    for (cl_int released :
         {m_table->clReleaseEvent(event), m_table->clReleaseKernel(kernel),
          m_table->clReleaseProgram(program), m_table->clReleaseMemObject(buffer),
          m_table->clReleaseCommandQueue(queue), m_table->clReleaseContext(context)})
        QCOMPARE(released, CL_SUCCESS);
}

void FakeDriverTest::infoQueriesFollowTheSpecification() {
    cl_device_id device = nullptr;
    QCOMPARE(m_table->clGetDeviceIDs(m_platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr),
             CL_SUCCESS);
    size_t size = 0;
    QCOMPARE(m_table->clGetDeviceInfo(device, CL_DEVICE_NAME, 0, nullptr, &size), CL_SUCCESS);
    QCOMPARE(size, sizeof "Fake Device");
    char small[4] = {};
    QCOMPARE(m_table->clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof small, small, nullptr),
             CL_INVALID_VALUE);
    size_t sizes[3] = {};
    QCOMPARE(
        m_table->clGetDeviceInfo(device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof sizes, sizes, &size),
        CL_SUCCESS);
    QCOMPARE(size, sizeof sizes);
    QCOMPARE(sizes[2], size_t(256));
    QCOMPARE(m_table->clGetDeviceInfo(device, 0x7fff, 0, nullptr, &size), CL_INVALID_VALUE);
    const auto platformInfo = symbol<decltype(&::clGetPlatformInfo)>("clGetPlatformInfo");
    char suffix[16] = {};
    QCOMPARE(platformInfo(m_platform, CL_PLATFORM_ICD_SUFFIX_KHR, sizeof suffix, suffix, nullptr),
             CL_SUCCESS);
    QCOMPARE(QLatin1String(suffix), QLatin1String("fake"));
}

void FakeDriverTest::engineSeesOnlyTheFakeDriver() {
    const ChildRun run = runChild({});
    QVERIFY2(run.exitStatus == QProcess::NormalExit && run.exitCode == 0,
             qPrintable(describe(run)));
    // One platform: the installed drivers (PoCL) are not listed.
    QCOMPARE(linesStartingWith(run, QStringLiteral("platform ")), QStringList{kPlatformLine});
    QCOMPARE(
        linesStartingWith(run, QStringLiteral("device ")),
        (QStringList{kDeviceLine, QStringLiteral("device info unanswered of OpenCL 1.2: none")}));
    QVERIFY2(run.lines.contains(QStringLiteral("build ok kernels add;scale")),
             qPrintable(describe(run)));
    QVERIFY2(run.lines.contains(QStringLiteral("binary is the source, rebuilt kernels add;scale")),
             qPrintable(describe(run)));
    QVERIFY2(run.lines.contains(QStringLiteral("roundtrip equal 256")), qPrintable(describe(run)));
    QVERIFY2(run.lines.contains(QStringLiteral("launch ok times increasing")),
             qPrintable(describe(run)));
    QVERIFY2(run.lines.contains(QStringLiteral(
                 "build-error CL_BUILD_PROGRAM_FAILURE <source>:1:1: error: #error no such luck")),
             qPrintable(describe(run)));
    QVERIFY2(run.lines.contains(QStringLiteral("done")), qPrintable(describe(run)));
    QVERIFY2(!run.errors.contains(QStringLiteral("fake OpenCL driver")), qPrintable(run.errors));
}

void FakeDriverTest::abortInBuildIsACrash() {
    const ChildRun run = runChild(QStringLiteral("clBuildProgram:abort"));
    QVERIFY2(run.exitStatus == QProcess::CrashExit, qPrintable(describe(run)));
    QCOMPARE(run.exitCode, SIGABRT);
    QVERIFY2(run.errors.contains(faultLine("clBuildProgram", "abort")), qPrintable(run.errors));
    // It died in the build, after the probe.
    QVERIFY2(run.lines.contains(kDeviceLine), qPrintable(describe(run)));
    QVERIFY2(run.lines.contains(QStringLiteral("step build")), qPrintable(describe(run)));
    QVERIFY2(linesStartingWith(run, QStringLiteral("build ")).isEmpty(), qPrintable(describe(run)));
}

void FakeDriverTest::hangInReadKeepsTheChildRunning() {
    QProcess process;
    startChild(process, QStringLiteral("clEnqueueReadBuffer:hang"));
    QVERIFY2(process.waitForStarted(60000), qPrintable(process.errorString()));
    // Wait until it reached the read: only then does "still running" say that the read hangs.
    const QString line = faultLine("clEnqueueReadBuffer", "hang");
    process.setReadChannel(QProcess::StandardError); // what waitForReadyRead waits for
    QString errors;
    QDeadlineTimer deadline(60000);
    while (!errors.contains(line) && process.state() == QProcess::Running &&
           !deadline.hasExpired()) {
        process.waitForReadyRead(int(deadline.remainingTime()));
        errors += QString::fromUtf8(process.readAllStandardError());
    }
    QVERIFY2(errors.contains(line), qPrintable(errors));
    QVERIFY(!process.waitForFinished(1000));
    QCOMPARE(process.state(), QProcess::Running);
    const QString output = QString::fromUtf8(process.readAllStandardOutput());
    QVERIFY2(output.contains(QStringLiteral("step buffer\n")), qPrintable(output));
    QVERIFY2(!output.contains(QStringLiteral("roundtrip")), qPrintable(output));
    process.kill();
    QVERIFY(process.waitForFinished(10000));
    QCOMPARE(process.exitStatus(), QProcess::CrashExit);
}

void FakeDriverTest::segvInDeviceInfoCrashesTheProbe() {
    const ChildRun run = runChild(QStringLiteral("clGetDeviceInfo:segv"));
    QVERIFY2(run.exitStatus == QProcess::CrashExit, qPrintable(describe(run)));
    QCOMPARE(run.exitCode, SIGSEGV);
    QVERIFY2(run.errors.contains(faultLine("clGetDeviceInfo", "segv")), qPrintable(run.errors));
    // The platform was listed; no device got as far as its name.
    QVERIFY2(run.lines.contains(kPlatformLine), qPrintable(describe(run)));
    QVERIFY2(run.lines.contains(QStringLiteral("step devices")), qPrintable(describe(run)));
    QVERIFY2(linesStartingWith(run, QStringLiteral("device ")).isEmpty(),
             qPrintable(describe(run)));
}

void FakeDriverTest::exitEndsTheChildWithStatus3() {
    const ChildRun run = runChild(QStringLiteral("clCreateContext:exit"));
    QVERIFY2(run.exitStatus == QProcess::NormalExit, qPrintable(describe(run)));
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.errors.contains(faultLine("clCreateContext", "exit")), qPrintable(run.errors));
    QVERIFY2(run.lines.contains(QStringLiteral("step context")), qPrintable(describe(run)));
    QVERIFY2(!run.lines.contains(QStringLiteral("step build")), qPrintable(describe(run)));
}

QTEST_GUILESS_MAIN(FakeDriverTest)
#include "tst_fakedriver.moc"
