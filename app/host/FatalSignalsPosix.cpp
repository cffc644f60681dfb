#include "FatalSignals.h"

#include "bridge/HostStopped.h"

#include <csignal>
#include <cstring>
#include <initializer_list>

#include <execinfo.h>
#include <unistd.h>

namespace clw::host {

namespace {

void writeText(const char* text) {
    // write(2) only: the handler may run inside malloc or a driver's lock.
    const ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
    (void)ignored;
}

void onFatalSignal(int number) {
    writeText("clworkbench-host: ");
    writeText(strsignal(number));
    writeText(ui::kStackHeading);
    writeText("\n");
    void* frames[48];
    const int count = backtrace(frames, 48);
    backtrace_symbols_fd(frames, count, STDERR_FILENO);
    // The default action, so that the workbench sees the signal the host died of.
    std::signal(number, SIG_DFL);
    std::raise(number);
}

} // namespace

void reportFatalSignals() {
    // backtrace() loads libgcc on first use, which must not happen inside the handler.
    void* warmUp[1];
    backtrace(warmUp, 1);
    for (int number : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL})
        std::signal(number, onFatalSignal);
}

} // namespace clw::host
