#pragma once
// The OpenCL drivers of the workbench's own processes: the system's, with Oclgrind added
// (engine::OclgrindRegistration). A test that compares what a clworkbench process lists with what
// it reads in its own process (or with clinfo started from it) takes the same drivers first, in
// initTestCase: before its first OpenCL call and before any thread. The clworkbench it starts
// then finds OCL_ICD_VENDORS set and keeps it, so both list the same platforms in the same order.
#include "clw/engine/debug/OclgrindRegistration.h"

#include <QtTest>

// Fails the calling test function (QVERIFY2 returns) when the vendors folder cannot be written.
#define CLW_USE_WORKBENCH_DRIVERS()                                                                \
    do {                                                                                           \
        const auto registration = ::clw::engine::OclgrindRegistration::applyToThisProcess();       \
        QVERIFY2(registration.problem.empty(), registration.problem.c_str());                      \
    } while (false)
