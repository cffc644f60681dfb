#include "FatalSignals.h"

#include "bridge/HostStopped.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstring>
#include <initializer_list>

#include <execinfo.h>
#include <unistd.h>

namespace clw::host {

namespace {

// What runs now, in two slots: a new text goes to the slot not being read, then becomes current,
// so that the handler never reads a text half written.
char g_activity[2][208];
std::atomic<int> g_currentActivity{0};
std::atomic<bool> g_exitWithOne{false};
// Set by the first thread that a fatal signal hits. Two threads of a driver may crash at once
// (an editor's build and a session's, on lanes of their own): the second one's report would
// interleave with the first's on stderr, where the workbench reads the last words and the stack.
std::atomic<bool> g_reporting{false};

// Writes the parts as one line in one write(2): a write this short to a pipe is atomic, so that
// another thread of the driver writing its own words meanwhile puts them before or after the
// line, never inside it (where the workbench would read them as this line's). write(2) only: the
// handler may run inside malloc or a driver's lock.
void writeLine(std::initializer_list<const char*> parts) {
    char line[512];
    std::size_t length = 0;
    for (const char* part : parts) {
        const std::size_t size = std::min(std::strlen(part), sizeof line - 1 - length);
        std::memcpy(line + length, part, size);
        length += size;
    }
    line[length++] = '\n';
    const ssize_t ignored = ::write(STDERR_FILENO, line, length);
    (void)ignored;
}

// The names the workbench gives a host's end (HostConnectionIo), so that both read alike.
const char* signalName(int number) {
    switch (number) {
    case SIGSEGV:
        return "SIGSEGV";
    case SIGABRT:
        return "SIGABRT";
    case SIGBUS:
        return "SIGBUS";
    case SIGFPE:
        return "SIGFPE";
    case SIGILL:
        return "SIGILL";
    default:
        return "a fatal signal";
    }
}

void writeStack() {
    void* frames[48];
    const int count = backtrace(frames, 48);
    backtrace_symbols_fd(frames, count, STDERR_FILENO);
}

void onFatalSignal(int number) {
    if (g_reporting.exchange(true)) {
        for (;;) // the first report ends the process
            ::pause();
    }
    if (g_exitWithOne.load()) {
        const char* activity = g_activity[g_currentActivity.load()];
        writeLine({"clworkbench run: the run stopped", *activity ? " while " : "", activity, " (",
                   signalName(number),
                   "): the OpenCL driver crashed the process; --isolate runs the session in a "
                   "device host instead",
                   ui::kStackHeading});
        writeStack();
        ::_exit(1);
    }
    writeLine({"clworkbench-host: ", strsignal(number), ui::kStackHeading});
    writeStack();
    // The default action, so that the workbench sees the signal the host died of.
    std::signal(number, SIG_DFL);
    std::raise(number);
}

void install() {
    // backtrace() loads libgcc on first use, which must not happen inside the handler.
    void* warmUp[1];
    backtrace(warmUp, 1);
    for (int number : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL})
        std::signal(number, onFatalSignal);
}

} // namespace

void reportFatalSignals() {
    install();
}

void reportFatalSignalsAndExit() {
    g_exitWithOne.store(true);
    install();
}

void setFatalSignalActivity(const std::string& what) {
    const int next = 1 - g_currentActivity.load();
    const size_t length = std::min(what.size(), sizeof g_activity[next] - 1);
    std::memcpy(g_activity[next], what.data(), length);
    g_activity[next][length] = '\0';
    g_currentActivity.store(next);
}

} // namespace clw::host
