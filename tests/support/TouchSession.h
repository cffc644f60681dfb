#pragma once
// A session of one kernel, `touch` in k.cl, that sets x[0] = 1 in an int buffer `x` of 16 that
// starts as 0, 1, 2, ...: the fake driver's crash tests run it (widgets.hostcrashes,
// app.windowcrashes). The fake driver launches nothing, so x keeps its ramp there.
#include "clw/engine/session/SessionFile.h"

namespace clw::test {

inline engine::Session touchSession() {
    return engine::SessionFile::parse(R"({"format": "clworkbench-session", "version": 1,
      "sources": {"main": "k.cl", "files": [{"name": "k.cl",
                  "text": "__kernel void touch(__global int* x) { x[0] = 1; }\n"}],
                  "includeDirs": []},
      "options": "", "devices": [],
      "buffers": [{"name": "x", "type": "int", "shape": [16], "access": "read_write",
                   "init": {"fill": "ramp", "start": 0, "step": 1}, "output": true}],
      "launches": [{"kernel": "touch", "global": [16], "arguments": [{"buffer": "x"}]}]})")
        .session;
}

} // namespace clw::test
