// The OpenCL runtime's own findings: what the ICD loader does with a NULL platform, against
// clinfo's "NULL platform behavior" section on the test device's loader (success or failure of
// each call, the platform and devices it picked), and clinfo's "ICD loader properties" labels.
// Through the C-API seam: a loader without clGetICDLoaderInfoOCLICD is "not supported", a query
// that fails keeps its code, and NULL-platform calls that fail (or succeed and then fail) become
// outcomes with the code's name, every context released, no exception thrown.
#include "clw/engine/device/IcdLoaderInfo.h"
#include "clw/engine/device/NullPlatformBehavior.h"
#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/Platform.h"

#include "TestDevice.h"

#include <QProcess>
#include <QtTest>

#include <atomic>
#include <cstring>

using namespace clw::engine;

namespace {

// One line of clinfo's NULL platform section, with the names it printed under it.
struct ClinfoCall {
    QString label;
    QString value;
    QString platformName;
    QStringList deviceNames;
};

// clinfo prints "  <label padded>  <value>", sub-lines "    Platform Name  <value>"; no label
// holds two spaces in a row, so the first double space ends it.
std::pair<QString, QString> splitLine(const QString& line) {
    const QString text = line.trimmed();
    const qsizetype gap = text.indexOf(QStringLiteral("  "));
    if (gap < 0)
        return {text, QString()};
    return {text.left(gap), text.mid(gap).trimmed()};
}

struct ClinfoHuman {
    QList<ClinfoCall> nullPlatform;
    QMap<QString, QString> icdLoader; // "ICD loader Name" -> value
};

ClinfoHuman parseClinfo(const QString& output) {
    ClinfoHuman parsed;
    enum { Before, NullSection, LoaderSection } section = Before;
    for (const QString& line : output.split(QLatin1Char('\n'))) {
        if (line == QLatin1String("NULL platform behavior")) {
            section = NullSection;
            continue;
        }
        if (line == QLatin1String("ICD loader properties")) {
            section = LoaderSection;
            continue;
        }
        if (line.trimmed().isEmpty() || section == Before)
            continue;
        const auto [label, value] = splitLine(line);
        if (section == LoaderSection) {
            if (line.startsWith(QLatin1String("  ICD loader ")))
                parsed.icdLoader[label] = value;
        } else if (line.startsWith(QLatin1String("    ")) && !parsed.nullPlatform.isEmpty()) {
            if (label == QLatin1String("Platform Name"))
                parsed.nullPlatform.last().platformName = value;
            else if (label == QLatin1String("Device Name"))
                parsed.nullPlatform.last().deviceNames << value;
        } else if (line.startsWith(QLatin1String("  cl"))) {
            parsed.nullPlatform.append({label, value, {}, {}});
        }
    }
    return parsed;
}

QString qs(const std::string& text) {
    return QString::fromStdString(text);
}

// Stand-ins for a loader that refuses a NULL platform, forwarding real platforms.
cl_int refusingPlatformInfo(cl_platform_id id, cl_platform_info param, size_t size, void* value,
                            size_t* sizeRet) {
    if (!id)
        return CL_INVALID_PLATFORM;
    return ::clGetPlatformInfo(id, param, size, value, sizeRet);
}

cl_int refusingDeviceIds(cl_platform_id id, cl_device_type type, cl_uint capacity,
                         cl_device_id* devices, cl_uint* count) {
    if (!id) {
        if (count)
            *count = 3; // a count left behind by a failing call must not be trusted
        return CL_INVALID_PLATFORM;
    }
    return ::clGetDeviceIDs(id, type, capacity, devices, count);
}

// GPU contexts fail with a code clinfo has no words for, the others with no platform.
cl_context refusingContextFromType(const cl_context_properties* properties, cl_device_type type,
                                   void(CL_CALLBACK* notify)(const char*, const void*, size_t,
                                                             void*),
                                   void* user, cl_int* error) {
    if (!properties) {
        if (error)
            *error = type == CL_DEVICE_TYPE_GPU ? CL_OUT_OF_RESOURCES : CL_INVALID_PLATFORM;
        return nullptr;
    }
    return ::clCreateContextFromType(properties, type, notify, user, error);
}

// The test device's platform, which contextOnTestPlatform names where a call names none: the
// loader hands a NULL platform to its first driver, which may refuse it (NVIDIA's does), and the
// tests of what follows a context need one made on every machine.
cl_platform_id g_testPlatform = nullptr;

cl_context contextOnTestPlatform(const cl_context_properties* properties, cl_device_type type,
                                 void(CL_CALLBACK* notify)(const char*, const void*, size_t, void*),
                                 void* user, cl_int* error) {
    const cl_context_properties named[] = {
        CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(g_testPlatform), 0};
    return ::clCreateContextFromType(properties ? properties : named, type, notify, user, error);
}

// Counts the contexts made and released through the seam.
std::atomic<int> g_created{0};
std::atomic<int> g_released{0};

cl_context countingContextFromType(const cl_context_properties* properties, cl_device_type type,
                                   void(CL_CALLBACK* notify)(const char*, const void*, size_t,
                                                             void*),
                                   void* user, cl_int* error) {
    cl_context context = contextOnTestPlatform(properties, type, notify, user, error);
    if (context)
        ++g_created;
    return context;
}

cl_context countingContext(const cl_context_properties* properties, cl_uint count,
                           const cl_device_id* devices,
                           void(CL_CALLBACK* notify)(const char*, const void*, size_t, void*),
                           void* user, cl_int* error) {
    cl_context context = ::clCreateContext(properties, count, devices, notify, user, error);
    if (context)
        ++g_created;
    return context;
}

cl_int countingRelease(cl_context context) {
    ++g_released;
    return ::clReleaseContext(context);
}

// A context that will not say which devices it has.
cl_int failingContextInfo(cl_context, cl_context_info, size_t, void*, size_t*) {
    return CL_OUT_OF_HOST_MEMORY;
}

// ocl-icd's query, faked: a name without its terminator, a vendor it does not know.
cl_int fakeLoaderInfo(cl_uint param, size_t size, void* value, size_t* sizeRet) {
    const char* text = param == kIcdlName         ? "Fake Loader"
                       : param == kIcdlVersion    ? "9.8.7"
                       : param == kIcdlOclVersion ? "OpenCL 3.0"
                                                  : nullptr;
    if (!text)
        return CL_INVALID_VALUE;
    const size_t length = std::strlen(text) + (param == kIcdlName ? 0 : 1);
    if (sizeRet)
        *sizeRet = length;
    if (value)
        std::memcpy(value, text, std::min(size, length));
    return CL_SUCCESS;
}

const NullPlatformOutcome& outcomeOf(const NullPlatformBehavior& behavior, NullPlatformCall call,
                                     cl_device_type type = 0) {
    static const NullPlatformOutcome missing;
    const NullPlatformOutcome* found = behavior.find(call, type);
    return found ? *found : missing;
}

} // namespace

class TestRuntimeProbe : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void nullPlatformBehaviorEqualsClinfo();
    void icdLoaderLabelsEqualClinfo();
    void loaderWithoutQueryIsNotSupported();
    void loaderQueryFailuresKeepTheirCode();
    void refusedNullPlatformIsAnOutcome();
    void failureAfterTheCallNamesItsFunction();
    void everyContextIsReleased();
    void outcomeTextInClinfosWords();
};

void TestRuntimeProbe::nullPlatformBehaviorEqualsClinfo() {
    CLW_REQUIRE_DEVICE(device);
    QProcess process;
    process.start(QStringLiteral("clinfo"), QStringList());
    QVERIFY2(process.waitForFinished(60000) && process.exitCode() == 0,
             "clinfo did not run: install clinfo (scripts/setup)");
    const ClinfoHuman clinfo = parseClinfo(QString::fromUtf8(process.readAllStandardOutput()));
    QVERIFY2(clinfo.nullPlatform.size() >= 9, "clinfo printed no NULL platform behavior section");

    NullPlatformBehavior behavior;
    QVERIFY_THROWS_NO_EXCEPTION(behavior = probeNullPlatformBehavior());
    QVERIFY2(behavior.listingError.empty(), behavior.listingError.c_str());

    // The same calls, in the same order.
    QStringList ours, theirs;
    for (const NullPlatformOutcome& outcome : behavior.outcomes)
        ours << qs(outcome.label);
    for (const ClinfoCall& call : clinfo.nullPlatform)
        theirs << call.label;
    QCOMPARE(ours, theirs);

    for (qsizetype i = 0; i < theirs.size(); ++i) {
        const NullPlatformOutcome& outcome = behavior.outcomes[size_t(i)];
        const ClinfoCall& call = clinfo.nullPlatform[i];
        const QString text = qs(outcome.text());
        const QString where = call.label + QStringLiteral(": clinfo '") + call.value +
                              QStringLiteral("', the engine '") + text + QLatin1Char('\'');
        if (outcome.succeeded()) {
            // "Portable Computing Language", "Success [POCL]", "Success (1)" word for word.
            QVERIFY2(text == call.value, qPrintable(where));
        } else {
            // clinfo's words, then the code's name: "No devices found in platform (...)".
            QVERIFY2(text.startsWith(call.value + QStringLiteral(" (")) &&
                         text.contains(qs(errorName(outcome.code))),
                     qPrintable(where));
            QVERIFY2(!call.value.startsWith(QLatin1String("Success")), qPrintable(where));
        }
        if (outcome.call == NullPlatformCall::ContextFromType && outcome.succeeded()) {
            QCOMPARE(qs(outcome.platformName), call.platformName);
            QStringList devices;
            for (const std::string& name : outcome.deviceNames)
                devices << qs(name);
            QCOMPARE(devices, call.deviceNames);
        }
    }

    // A context of every type comes from the platform the loader picks, with all its devices.
    // With several platforms, the loader's first driver may refuse a NULL platform (NVIDIA's
    // does); clinfo saw the same above.
    const NullPlatformOutcome& all =
        outcomeOf(behavior, NullPlatformCall::ContextFromType, CL_DEVICE_TYPE_ALL);
    const std::vector<Platform> platforms = Platform::all();
    if (platforms.size() > 1 && !all.succeeded()) {
        QCOMPARE(all.code, CL_INVALID_PLATFORM);
        QCOMPARE(all.function, std::string("clCreateContextFromType"));
    } else {
        QVERIFY2(all.succeeded(), all.text().c_str());
        const auto picked =
            std::find_if(platforms.begin(), platforms.end(),
                         [&](const Platform& p) { return p.name() == all.platformName; });
        QVERIFY2(picked != platforms.end(), all.platformName.c_str());
        std::vector<std::string> pickedDevices;
        for (const Device& each : picked->devices())
            pickedDevices.push_back(each.name());
        QCOMPARE(all.deviceNames, pickedDevices);
    }
    // With one platform, every NULL call finds it, the test device's. With several, the loader
    // hands a NULL platform in clGetDeviceIDs to its first platform's driver, which may refuse it
    // (NVIDIA's does: "No platform").
    const NullPlatformOutcome& ids = outcomeOf(behavior, NullPlatformCall::DeviceIds);
    if (platforms.size() == 1 || ids.succeeded()) {
        QVERIFY2(ids.succeeded(), ids.text().c_str());
        QVERIFY(!ids.platformName.empty());
        QCOMPARE(ids.platformSuffix.empty(), false);
        if (platforms.size() == 1)
            QCOMPARE(ids.platformName, device.platform().name());
    } else {
        QCOMPARE(ids.code, CL_INVALID_PLATFORM);
    }
}

void TestRuntimeProbe::icdLoaderLabelsEqualClinfo() {
    QProcess process;
    process.start(QStringLiteral("clinfo"), QStringList());
    QVERIFY2(process.waitForFinished(60000) && process.exitCode() == 0,
             "clinfo did not run: install clinfo (scripts/setup)");
    const ClinfoHuman clinfo = parseClinfo(QString::fromUtf8(process.readAllStandardOutput()));
    const IcdLoaderInfo info = readIcdLoaderInfo();
    QCOMPARE(info.available, !clinfo.icdLoader.isEmpty());
    QCOMPARE(qsizetype(info.properties.size()), clinfo.icdLoader.size());
    for (const IcdLoaderProperty& property : info.properties)
        QCOMPARE(qs(property.value), clinfo.icdLoader.value(qs(property.label)));
}

void TestRuntimeProbe::loaderWithoutQueryIsNotSupported() {
    ScopedClApi scoped;
    scoped.api().clGetICDLoaderInfoOCLICD = nullptr; // the Khronos loader, Apple's framework
    IcdLoaderInfo info;
    QVERIFY_THROWS_NO_EXCEPTION(info = readIcdLoaderInfo());
    QVERIFY(!info.available);
    QVERIFY(info.properties.empty());
    QVERIFY(info.value(kIcdlName).empty());
    QCOMPARE(std::string(kIcdLoaderNotSupported), std::string("not supported by this ICD loader"));
}

void TestRuntimeProbe::loaderQueryFailuresKeepTheirCode() {
    ScopedClApi scoped;
    scoped.api().clGetICDLoaderInfoOCLICD = fakeLoaderInfo;
    const IcdLoaderInfo info = readIcdLoaderInfo();
    QVERIFY(info.available);
    QCOMPARE(info.properties.size(), size_t(4));
    QCOMPARE(info.properties[0].name, std::string("CL_ICDL_NAME"));
    QCOMPARE(info.properties[0].label, std::string("ICD loader Name"));
    QCOMPARE(info.properties[0].value, std::string("Fake Loader")); // no terminator: still whole
    QCOMPARE(info.properties[1].name, std::string("CL_ICDL_VENDOR"));
    QVERIFY(!info.properties[1].supported());
    QCOMPARE(info.properties[1].error, CL_INVALID_VALUE);
    QVERIFY(info.value(kIcdlVendor).empty());
    QCOMPARE(info.value(kIcdlVersion), std::string("9.8.7"));
    QCOMPARE(info.properties[3].label, std::string("ICD loader Profile"));
    QCOMPARE(info.value(kIcdlOclVersion), std::string("OpenCL 3.0"));
}

void TestRuntimeProbe::refusedNullPlatformIsAnOutcome() {
    CLW_REQUIRE_DEVICE(device);
    Q_UNUSED(device) // the other platform's context needs one
    ScopedClApi scoped;
    scoped.api().clGetPlatformInfo = refusingPlatformInfo;
    scoped.api().clGetDeviceIDs = refusingDeviceIds;
    scoped.api().clCreateContextFromType = refusingContextFromType;
    NullPlatformBehavior behavior;
    QVERIFY_THROWS_NO_EXCEPTION(behavior = probeNullPlatformBehavior());

    const NullPlatformOutcome& name = outcomeOf(behavior, NullPlatformCall::PlatformName);
    QCOMPARE(name.code, CL_INVALID_PLATFORM);
    QCOMPARE(name.text(), std::string("No platform (CL_INVALID_PLATFORM)"));
    QVERIFY(name.platformName.empty());
    const NullPlatformOutcome& ids = outcomeOf(behavior, NullPlatformCall::DeviceIds);
    QCOMPARE(ids.code, CL_INVALID_PLATFORM);
    QVERIFY(ids.deviceNames.empty());

    // No default platform: no device for the default context, which is not attempted; another
    // platform's device still makes one without platform properties.
    const NullPlatformOutcome& byDefault = outcomeOf(behavior, NullPlatformCall::DefaultContext);
    QVERIFY(!byDefault.attempted);
    QCOMPARE(byDefault.code, CL_INVALID_PLATFORM);
    QCOMPARE(byDefault.text(), std::string("No platform (CL_INVALID_PLATFORM)"));
    const NullPlatformOutcome* other = behavior.find(NullPlatformCall::OtherContext);
    QVERIFY(other);
    QVERIFY2(other->succeeded(), other->text().c_str());
    QVERIFY(!other->deviceNames.empty());

    // A code clinfo has no words for reads as the function's failure with the code's name.
    const NullPlatformOutcome& gpu =
        outcomeOf(behavior, NullPlatformCall::ContextFromType, CL_DEVICE_TYPE_GPU);
    QCOMPARE(gpu.code, CL_OUT_OF_RESOURCES);
    QCOMPARE(gpu.function, std::string("clCreateContextFromType"));
    QCOMPARE(gpu.text(),
             std::string("Calling clCreateContextFromType failed (CL_OUT_OF_RESOURCES, -5)"));
    const cl_device_type refused[] = {CL_DEVICE_TYPE_DEFAULT, CL_DEVICE_TYPE_CPU,
                                      CL_DEVICE_TYPE_ALL};
    for (cl_device_type type : refused) {
        const NullPlatformOutcome& outcome =
            outcomeOf(behavior, NullPlatformCall::ContextFromType, type);
        QCOMPARE(outcome.code, CL_INVALID_PLATFORM);
        QVERIFY(outcome.deviceNames.empty());
    }
    QCOMPARE(behavior.outcomes.size(), size_t(10)); // 2 queries, 2 contexts, 6 types
}

void TestRuntimeProbe::failureAfterTheCallNamesItsFunction() {
    CLW_REQUIRE_DEVICE(device);
    const NullPlatformOutcome plainIds =
        outcomeOf(probeNullPlatformBehavior(), NullPlatformCall::DeviceIds);
    ScopedClApi scoped;
    g_testPlatform = device.platform().get();
    scoped.api().clCreateContextFromType = contextOnTestPlatform;
    scoped.api().clGetContextInfo = failingContextInfo;
    NullPlatformBehavior behavior;
    QVERIFY_THROWS_NO_EXCEPTION(behavior = probeNullPlatformBehavior());
    // The test device's platform makes the context, and the question that follows fails.
    const NullPlatformOutcome& all =
        outcomeOf(behavior, NullPlatformCall::ContextFromType, CL_DEVICE_TYPE_ALL);
    QCOMPARE(all.code, CL_OUT_OF_HOST_MEMORY);
    QCOMPARE(all.function, std::string("clGetContextInfo"));
    QCOMPARE(all.text(),
             std::string("Calling clGetContextInfo failed (CL_OUT_OF_HOST_MEMORY, -6)"));
    // The calls that need no context question are unaffected.
    const NullPlatformOutcome& ids = outcomeOf(behavior, NullPlatformCall::DeviceIds);
    QCOMPARE(ids.code, plainIds.code);
    QCOMPARE(ids.text(), plainIds.text());
}

void TestRuntimeProbe::everyContextIsReleased() {
    CLW_REQUIRE_DEVICE(device);
    ScopedClApi scoped;
    g_testPlatform = device.platform().get();
    scoped.api().clCreateContext = countingContext;
    scoped.api().clCreateContextFromType = countingContextFromType;
    scoped.api().clReleaseContext = countingRelease;
    g_created = 0;
    g_released = 0;
    const NullPlatformBehavior behavior = probeNullPlatformBehavior();
    // The default context, DEFAULT and ALL, and CPU (PoCL) or GPU (NVIDIA) on the test device's
    // platform.
    QVERIFY(g_created >= 3);
    QCOMPARE(g_released.load(), g_created.load());
}

void TestRuntimeProbe::outcomeTextInClinfosWords() {
    NullPlatformOutcome outcome;
    outcome.call = NullPlatformCall::ContextFromType;
    outcome.function = "clCreateContextFromType";
    outcome.deviceNames = {"a", "b"};
    QCOMPARE(outcome.text(), std::string("Success (2)"));
    outcome.code = CL_DEVICE_NOT_AVAILABLE;
    QCOMPARE(outcome.text(), std::string("No devices available in platform "
                                         "(CL_DEVICE_NOT_AVAILABLE)"));
    outcome.code = CL_INVALID_DEVICE_TYPE;
    QCOMPARE(outcome.text(), std::string("Invalid device type for platform "
                                         "(CL_INVALID_DEVICE_TYPE)"));
    outcome.call = NullPlatformCall::DeviceIds;
    outcome.code = CL_DEVICE_NOT_FOUND;
    outcome.platformName = "Empty ICD"; // the one platform without devices: the default, then
    QCOMPARE(outcome.text(), std::string("No devices found in platform (CL_DEVICE_NOT_FOUND): "
                                         "Empty ICD"));
    outcome.code = CL_SUCCESS;
    outcome.platformSuffix = "POCL";
    QCOMPARE(outcome.text(), std::string("Success [POCL]"));
    outcome.call = NullPlatformCall::OtherContext;
    outcome.attempted = false;
    outcome.code = CL_DEVICE_NOT_FOUND;
    outcome.platformName.clear();
    QCOMPARE(outcome.text(), std::string("No devices in other platforms (CL_DEVICE_NOT_FOUND)"));
}

QTEST_GUILESS_MAIN(TestRuntimeProbe)
#include "tst_runtimeprobe.moc"
