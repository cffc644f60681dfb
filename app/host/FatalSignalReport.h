#pragma once
// What the crash handlers of both systems share (FatalSignalsPosix.cpp, FatalSignalsWindows.cpp):
// what runs now, who reports, and the report's first line. Everything here may run in a handler:
// no allocation, no lock.
#include "bridge/HostStopped.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <string>

namespace clw::host::fatal {

// What runs now, in two slots: a new text goes to the slot not being read, then becomes current,
// so that the handler never reads a text half written.
inline char g_activity[2][208];
inline std::atomic<int> g_currentActivity{0};
// `clworkbench run` in its own process (reportFatalSignalsAndExit), not the device host.
inline std::atomic<bool> g_exitWithOne{false};
// Set by the first thread that crashes. Two threads of a driver may crash at once (an editor's
// build and a session's, on lanes of their own): the second one's report would interleave with
// the first's on stderr, where the workbench reads the last words and the stack.
inline std::atomic<bool> g_reporting{false};

inline void setActivity(const std::string& what) {
    const int next = 1 - g_currentActivity.load();
    const std::size_t length = std::min(what.size(), sizeof g_activity[next] - 1);
    std::memcpy(g_activity[next], what.data(), length);
    g_activity[next][length] = '\0';
    g_currentActivity.store(next);
}

// A line gathered to be written at once: a write this short to a pipe is atomic, so that another
// thread of the driver writing its own words meanwhile puts them before or after the line, never
// inside it (where the workbench would read them as this line's).
struct Line {
    char text[512];
    std::size_t length = 0;
};

inline Line line(std::initializer_list<const char*> parts) {
    Line line;
    for (const char* part : parts) {
        const std::size_t size = std::min(std::strlen(part), sizeof line.text - 1 - line.length);
        std::memcpy(line.text + line.length, part, size);
        line.length += size;
    }
    line.text[line.length++] = '\n';
    return line;
}

// The report's first line, which the stack follows. `runHow` names the crash in the workbench's
// words ("SIGSEGV"), for `clworkbench run`; `hostHow` in the system's, for the host.
inline Line heading(const char* runHow, const char* hostHow) {
    if (!g_exitWithOne.load())
        return line({"clworkbench-host: ", hostHow, ui::kStackHeading});
    const char* activity = g_activity[g_currentActivity.load()];
    return line({"clworkbench run: the run stopped", *activity ? " while " : "", activity, " (",
                 runHow,
                 "): the OpenCL driver crashed the process; --isolate runs the session in a "
                 "device host instead",
                 ui::kStackHeading});
}

} // namespace clw::host::fatal
