#include "FatalSignals.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>

#include <windows.h>

namespace clw::host {

namespace {

void writeLine(const fatal::Line& line) {
    DWORD written = 0;
    WriteFile(GetStdHandle(STD_ERROR_HANDLE), line.text, DWORD(line.length), &written, nullptr);
}

// The frames of this thread, a line each, as glibc's backtrace_symbols_fd writes them: the
// module, the offset in it, the address.
void writeStack() {
    void* frames[48];
    const USHORT count = CaptureStackBackTrace(0, 48, frames, nullptr);
    for (USHORT i = 0; i < count; ++i) {
        HMODULE module = nullptr;
        char path[MAX_PATH] = "?";
        if (GetModuleHandleExA(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS |
                                   GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                               static_cast<LPCSTR>(frames[i]), &module))
            GetModuleFileNameA(module, path, MAX_PATH);
        char place[64];
        std::snprintf(place, sizeof place, "(+0x%llx)[%p]",
                      static_cast<unsigned long long>(static_cast<char*>(frames[i]) -
                                                      reinterpret_cast<char*>(module)),
                      frames[i]);
        writeLine(fatal::line({path, place}));
    }
}

// The names the workbench gives a host's end on Windows (HostConnectionIo), so that both read
// alike.
const char* exceptionName(DWORD code) {
    switch (code) {
    case EXCEPTION_ACCESS_VIOLATION:
        return "EXCEPTION_ACCESS_VIOLATION";
    case EXCEPTION_ILLEGAL_INSTRUCTION:
        return "EXCEPTION_ILLEGAL_INSTRUCTION";
    case EXCEPTION_INT_DIVIDE_BY_ZERO:
        return "EXCEPTION_INT_DIVIDE_BY_ZERO";
    case EXCEPTION_STACK_OVERFLOW:
        return "EXCEPTION_STACK_OVERFLOW";
    case EXCEPTION_IN_PAGE_ERROR:
        return "EXCEPTION_IN_PAGE_ERROR";
    default:
        return "an exception";
    }
}

// Reports the crash on the first thread that has one; a second thread waits for the first to end
// the process.
void report(const char* how) {
    if (fatal::g_reporting.exchange(true)) {
        for (;;)
            Sleep(INFINITE);
    }
    writeLine(fatal::heading(how, how));
    writeStack();
}

LONG WINAPI onException(EXCEPTION_POINTERS* exception) {
    const DWORD code = exception->ExceptionRecord->ExceptionCode;
    report(exceptionName(code));
    // The run command exits with 1; the host ends with the exception's code, which the workbench
    // names.
    TerminateProcess(GetCurrentProcess(), fatal::g_exitWithOne.load() ? 1 : code);
    return EXCEPTION_CONTINUE_SEARCH;
}

void onAbort(int) {
    report("SIGABRT");
    // 3 is what the C runtime's abort() ends a process with.
    TerminateProcess(GetCurrentProcess(), fatal::g_exitWithOne.load() ? 1 : 3);
}

void install() {
    // No dialog: a crash ends the process at once, for the workbench to see.
    SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX);
#ifdef _MSC_VER
    _set_abort_behavior(0, _WRITE_ABORT_MSG | _CALL_REPORTFAULT);
#endif
    std::signal(SIGABRT, onAbort);
    SetUnhandledExceptionFilter(onException);
}

} // namespace

void reportFatalSignals() {
    install();
}

} // namespace clw::host
