// Every OpenCL entry point is looked up at run time in the library loaded at the first call
// (engine/src/runtime/ClApi.cpp): here they resolve to the loader's functions; where the library
// lacks one newer than 1.2, its stub fails with CL_INVALID_OPERATION and the engine's ClError says
// that the library lacks the function.
#include "ClSymbolLookup.h"
#include "MissingClEntry.h"
#include "TestDevice.h"

#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/SvmAllocation.h"

#include <QtTest>

#include <algorithm>
#include <string>

#if !defined(_WIN32)
#include <dlfcn.h>
#endif

using namespace clw::engine;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace

class TestSymbolLookup : public QObject {
    Q_OBJECT

private slots:
    // Each later entry of a fresh table is what the lookup finds in the OpenCL library, or the
    // stub where it finds nothing.
    void laterEntriesAreTheLibrarysFunctions() {
        const ClApi fresh;
#define CLW_CHECK_ENTRY(name)                                                                      \
    {                                                                                              \
        void* found = lookUpClSymbol(#name);                                                       \
        if (found)                                                                                 \
            QVERIFY2(reinterpret_cast<void*>(fresh.name) == found, #name);                         \
        else                                                                                       \
            QVERIFY2(fresh.name == missingClEntry<decltype(&::name)>(), #name);                    \
        QVERIFY2(fresh.name == clApi().name, #name);                                               \
    }
        CLW_CL_FUNCTIONS_LATER(CLW_CHECK_ENTRY)
#undef CLW_CHECK_ENTRY
    }

    // Those of OpenCL 1.0 to 1.2 are looked up too: every one is the library's own function.
    void coreEntriesAreTheLibrarysFunctions() {
        QVERIFY(openClLibraryLoaded());
        const ClApi fresh;
#define CLW_CHECK_CORE(name)                                                                       \
    QVERIFY2(lookUpClSymbol(#name) &&                                                              \
                 reinterpret_cast<void*>(fresh.name) == lookUpClSymbol(#name),                     \
             #name);
        CLW_CL_FUNCTIONS_1_2(CLW_CHECK_CORE)
#undef CLW_CHECK_CORE
    }

    // Debian 12's ICD loader (ocl-icd 2.3) exports every OpenCL 3.0 function: none is a stub,
    // and the lookup agrees with the dynamic linker's look-up in libOpenCL.so.1.
    void linuxLoaderHasEveryLaterFunction() {
#if defined(__linux__)
        QVERIFY(missingClFunctions().empty());
        void* loader = dlopen("libOpenCL.so.1", RTLD_LAZY | RTLD_NOLOAD);
        QVERIFY2(loader, "the engine loaded libOpenCL.so.1");
        for (const char* name : {"clCreateBufferWithProperties", "clSVMAlloc", "clCloneKernel",
                                 "clSetContextDestructorCallback", "clCreateProgramWithIL"}) {
            void* found = lookUpClSymbol(name);
            QVERIFY2(found, name);
            QCOMPARE(found, dlsym(loader, name));
        }
        QCOMPARE(reinterpret_cast<void*>(clApi().clSVMAlloc), lookUpClSymbol("clSVMAlloc"));
#else
        QSKIP("The ICD loader's version is known only on the project's Linux machines");
#endif
    }

    void unknownNameResolvesToTheStub() {
        QVERIFY(!lookUpClSymbol("clNoSuchEntryPointCLW"));
        using CreateBuffer = decltype(&::clCreateBufferWithProperties);
        const CreateBuffer entry = resolveClEntry<CreateBuffer>("clNoSuchEntryPointCLW");
        QVERIFY(entry == missingClEntry<CreateBuffer>());
        cl_int code = CL_SUCCESS;
        QVERIFY(!entry(nullptr, nullptr, CL_MEM_READ_WRITE, 16, nullptr, &code));
        QCOMPARE(code, CL_INVALID_OPERATION);
    }

    // Every kind of stub fails the way its function fails.
    void stubsFailWithInvalidOperation() {
        cl_ulong time = 7;
        QCOMPARE(missingClEntry<decltype(&::clGetHostTimer)>()(nullptr, &time),
                 CL_INVALID_OPERATION);
        QCOMPARE(time, cl_ulong(7));

        cl_int code = CL_SUCCESS;
        QVERIFY(!missingClEntry<decltype(&::clCloneKernel)>()(nullptr, &code));
        QCOMPARE(code, CL_INVALID_OPERATION);
        // errcode_ret may be null.
        QVERIFY(!missingClEntry<decltype(&::clCreateCommandQueueWithProperties)>()(
            nullptr, nullptr, nullptr, nullptr));

        QVERIFY(!missingClEntry<decltype(&::clSVMAlloc)>()(nullptr, CL_MEM_READ_WRITE, 64, 0));
        missingClEntry<decltype(&::clSVMFree)>()(nullptr, nullptr); // does nothing

        QCOMPARE(missingClEntry<decltype(&::clEnqueueSVMMemcpy)>()(nullptr, CL_TRUE, nullptr,
                                                                   nullptr, 0, 0, nullptr, nullptr),
                 CL_INVALID_OPERATION);
    }

    // As on Apple's OpenCL 1.2 framework: the engine's error names the missing function.
    void engineErrorSaysTheLibraryLacksIt() {
        CLW_REQUIRE_DEVICE(device);
        ScopedClApi scoped;
        scoped.api().clGetDeviceAndHostTimer =
            missingClEntry<decltype(&::clGetDeviceAndHostTimer)>();
        const char* version = missingClFunctionVersion("clGetDeviceAndHostTimer");
        QVERIFY(version);
        QCOMPARE(std::string(version), std::string("2.1"));
        QVERIFY(!missingClFunctionVersion("clGetDeviceInfo"));
        try {
            (void)device.deviceAndHostTimer();
            QFAIL("no ClError from a missing clGetDeviceAndHostTimer");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_OPERATION);
            QCOMPARE(error.function(), std::string("clGetDeviceAndHostTimer"));
            QVERIFY2(contains(error.what(), "OpenCL library") &&
                         contains(error.what(), "has no clGetDeviceAndHostTimer (OpenCL 2.1)"),
                     error.what());
        }
        // A test's own replacement is not a missing function.
        scoped.api().clGetDeviceAndHostTimer = [](cl_device_id, cl_ulong*, cl_ulong*) -> cl_int {
            return CL_INVALID_OPERATION;
        };
        QVERIFY(!missingClFunctionVersion("clGetDeviceAndHostTimer"));
        try {
            (void)device.deviceAndHostTimer();
            QFAIL("no ClError from the replacement");
        } catch (const ClError& error) {
            QVERIFY2(!contains(error.what(), "has no"), error.what());
        }
    }

    // clSVMAlloc gives no code: the engine must not blame the device or the size.
    void svmAllocationSaysTheLibraryLacksIt() {
        CLW_REQUIRE_DEVICE(device);
        const Context context(device);
        ScopedClApi scoped;
        scoped.api().clSVMAlloc = missingClEntry<decltype(&::clSVMAlloc)>();
        const auto missing = missingClFunctions();
        QVERIFY(std::find(missing.begin(), missing.end(), "clSVMAlloc") != missing.end());
        try {
            SvmAllocation allocation(context, CL_MEM_READ_WRITE, 64);
            QFAIL("no ClError from a missing clSVMAlloc");
        } catch (const ClError& error) {
            QCOMPARE(error.code(), CL_INVALID_OPERATION);
            QVERIFY2(contains(error.what(), "has no clSVMAlloc (OpenCL 2.0)"), error.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestSymbolLookup)
#include "tst_symbollookup.moc"
