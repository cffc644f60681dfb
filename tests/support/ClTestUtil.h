#pragma once
// Helpers shared by the runtime tests: checking a thrown ClError exactly, building programs that
// must build, and reading buffers back.
#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Program.h"
#include "clw/engine/runtime/UserEvent.h"

#include <initializer_list>

#include <QtTest>

#include <string>
#include <vector>

// Runs `statement` and fails the test unless it throws ClError with exactly `expected` (code and
// name) from `fn`. what() must mention `fn` when it is a C API function ("clSetKernelArg") and must
// not when it is a name inside the engine ("BuildService"): a person reads what() as it is.
#define CLW_EXPECT_CL_ERROR(statement, expected, fn)                                               \
    do {                                                                                           \
        bool clwThrown_ = false;                                                                   \
        try {                                                                                      \
            statement;                                                                             \
        } catch (const ::clw::engine::ClError& clwError_) {                                        \
            clwThrown_ = true;                                                                     \
            const std::string clwWhat_ = clwError_.what();                                         \
            QVERIFY2(                                                                              \
                clwError_.code() == (expected),                                                    \
                qPrintable(QStringLiteral("expected %1, got: %2")                                  \
                               .arg(QLatin1String(#expected), QString::fromStdString(clwWhat_)))); \
            QCOMPARE(clwError_.name().c_str(), #expected);                                         \
            QCOMPARE(clwError_.function().c_str(), fn);                                            \
            QVERIFY2((clwWhat_.find(fn) != std::string::npos) ==                                   \
                         ::clw::engine::isClFunctionName(fn),                                      \
                     clwWhat_.c_str());                                                            \
            QVERIFY2(clwWhat_.find(#expected) != std::string::npos, clwWhat_.c_str());             \
        }                                                                                          \
        QVERIFY2(clwThrown_, "expected ClError " #expected " from " fn);                           \
    } while (0)

// Builds `program` with `options` and fails the test with the build log when it does not build.
#define CLW_BUILD_OR_FAIL(program, options)                                                        \
    do {                                                                                           \
        const ::clw::engine::BuildResult clwBuild_ = (program).build(options);                     \
        QVERIFY2(clwBuild_.ok(), clwBuild_.message().c_str());                                     \
    } while (0)

// Declares `var`, a Program of `source` in `context`, and fails the test with the build log
// when it does not build.
#define CLW_BUILD_PROGRAM(var, context, source)                                                    \
    const ::clw::engine::Program var = ::clw::engine::Program::fromSource(context, source);        \
    CLW_BUILD_OR_FAIL(var, "")

namespace clw::test {

// Reads `count` elements of T from the start of `buffer` (blocking).
template <class T>
std::vector<T> readBack(const engine::CommandQueue& queue, const engine::Buffer& buffer,
                        size_t count) {
    std::vector<T> values(count);
    queue.read(buffer, 0, count * sizeof(T), values.data());
    return values;
}

// A buffer initialised with `values` (CL_MEM_COPY_HOST_PTR).
template <class T>
engine::Buffer bufferWith(const engine::Context& context, std::vector<T> values,
                          cl_mem_flags flags = CL_MEM_READ_WRITE) {
    return engine::Buffer(context, flags | CL_MEM_COPY_HOST_PTR, values.size() * sizeof(T),
                          values.data());
}

// Completes the user events it is given when the test leaves, also by a failed QCOMPARE's early
// return: commands left waiting on an unset user event keep their queue from ever finishing, and
// some drivers (NVIDIA) then hang the release of the queue or the context for good.
class OpenOnExit {
public:
    OpenOnExit(std::initializer_list<engine::UserEvent> gates)
        : m_gates(gates) {}
    OpenOnExit(const OpenOnExit&) = delete;
    OpenOnExit& operator=(const OpenOnExit&) = delete;
    ~OpenOnExit() {
        for (const engine::UserEvent& gate : m_gates) {
            try {
                if (gate.status() > CL_COMPLETE) // not yet set
                    gate.complete();
            } catch (const engine::ClError&) {
                // Already set to an error by the test itself: nothing waits on it any more.
            }
        }
    }

private:
    std::vector<engine::UserEvent> m_gates;
};

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

} // namespace clw::test
