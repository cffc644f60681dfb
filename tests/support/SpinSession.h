#pragma once
// A session whose one launch never ends on PoCL: `spin` waits for its int buffer `x`, which
// starts at zero, to change. The device host's watchdog, Stop and Restart tests run it.
#include "clw/engine/session/Session.h"

namespace clw::test {

inline const char* const kSpinSource = "__kernel void spin(__global int* x) {\n"
                                       "    while (*(volatile __global int*)x == 0) {}\n"
                                       "}\n";

inline engine::Session spinSession() {
    engine::Session session;
    session.sources = engine::SourceSet::single(kSpinSource, "spin.cl");
    session.devices = {"Portable Computing Language"};
    engine::SessionBuffer x;
    x.name = "x";
    x.elementType = "int";
    x.shape = {1};
    session.buffers = {x};
    engine::SessionLaunch launch;
    launch.kernel = "spin";
    launch.global = {1};
    engine::SessionArgument argument;
    argument.kind = engine::SessionArgument::Kind::Buffer;
    argument.buffer = "x";
    launch.arguments = {argument};
    session.launches = {launch};
    return session;
}

} // namespace clw::test
