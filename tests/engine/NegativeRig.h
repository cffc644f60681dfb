#pragma once
// What the negative tests (tst_negative*.cpp) share: a rig of one device, context, queue and a
// small program, and checks of a ClError's code and of the engine's own words.
#include "ClTestUtil.h"
#include "TestDevice.h"

#include "clw/engine/Engine.h"

#include <QtTest>

#include <optional>

using namespace clw::engine;
using clw::test::contains;

namespace {

const char* const kSource = R"CLC(
kernel void k(global int* out, int value, local int* scratch) {
    scratch[get_local_id(0)] = value;
    out[get_global_id(0)] = scratch[get_local_id(0)];
}
__attribute__((reqd_work_group_size(4, 1, 1)))
kernel void fixed(global int* out) {
    out[get_global_id(0)] = 1;
}
)CLC";

struct Rig : clw::test::DeviceRig {
    using DeviceRig::DeviceRig;
    Program built() const {
        Program program = Program::fromSource(context, kSource);
        const BuildResult result = program.build("-cl-kernel-arg-info");
        if (!result.ok())
            qFatal("%s", result.message().c_str());
        return program;
    }
};

#define CLW_RIG(rig)                                                                               \
    CLW_REQUIRE_DEVICE(rig##Device);                                                               \
    Rig rig(rig##Device)

// What the ClError that `statement` throws says, or a note that it threw none.
template <class Statement>
std::string errorText(Statement&& statement) {
    try {
        statement();
    } catch (const ClError& error) {
        return error.what();
    }
    return "(no ClError was thrown)";
}

// Fails the test unless what() of the ClError that `statement` throws contains `words`. Some
// drivers (NVIDIA 580) accept calls the specification says must fail, and the engine refuses them
// itself; PoCL refuses them too, so the engine's own words are what show that its check ran.
#define CLW_EXPECT_WORDS(statement, words)                                                         \
    do {                                                                                           \
        const std::string clwText_ = errorText([&] { statement; });                                \
        QVERIFY2(contains(clwText_, words), clwText_.c_str());                                     \
    } while (0)

} // namespace
