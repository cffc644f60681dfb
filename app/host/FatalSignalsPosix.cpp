#include "FatalSignals.h"

#include <csignal>
#include <cstring>
#include <initializer_list>

#include <execinfo.h>
#include <unistd.h>

namespace clw::host {

namespace {

void writeLine(const fatal::Line& line) {
    // write(2) only: the handler may run inside malloc or a driver's lock.
    const ssize_t ignored = ::write(STDERR_FILENO, line.text, line.length);
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
    if (fatal::g_reporting.exchange(true)) {
        for (;;) // the first report ends the process
            ::pause();
    }
    writeLine(fatal::heading(signalName(number), strsignal(number)));
    writeStack();
    if (fatal::g_exitWithOne.load())
        ::_exit(1);
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

} // namespace clw::host
