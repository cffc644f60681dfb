#include "FaultInjection.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#if defined(__linux__) || defined(__APPLE__)
#include <pthread.h>
#include <unistd.h>
#endif

namespace clw::fakecl {

namespace {

enum class Action { Abort, Segv, Exit, Hang, CacheHang };

struct Fault {
    std::string function;
    std::string thread; // empty: any thread
    Action action;
    const char* actionName;
};

bool parseAction(std::string_view text, Action& action, const char*& name) {
    static constexpr struct {
        const char* name;
        Action action;
    } kActions[] = {{"abort", Action::Abort},
                    {"segv", Action::Segv},
                    {"exit", Action::Exit},
                    {"hang", Action::Hang},
                    {"cachehang", Action::CacheHang}};
    for (const auto& known : kActions)
        if (text == known.name) {
            action = known.action;
            name = known.name;
            return true;
        }
    return false;
}

std::vector<Fault> parseFaults(const char* variable) {
    std::vector<Fault> faults;
    std::string_view rest = variable ? variable : "";
    while (!rest.empty()) {
        const size_t comma = rest.find(',');
        const std::string_view entry = rest.substr(0, comma);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        if (entry.empty())
            continue;
        const size_t colon = entry.find(':');
        Fault fault{};
        if (colon == std::string_view::npos || colon == 0 ||
            !parseAction(entry.substr(colon + 1), fault.action, fault.actionName)) {
            // A typo must not read as "the driver did not fail": say so where the test looks.
            std::fprintf(stderr, "fake OpenCL driver: ignoring '%.*s' in CLW_FAKE_CL_FAULT\n",
                         int(entry.size()), entry.data());
            std::fflush(stderr);
            continue;
        }
        const std::string_view called = entry.substr(0, colon);
        const size_t at = called.find('@');
        fault.function = std::string(called.substr(0, at));
        if (at != std::string_view::npos)
            fault.thread = std::string(called.substr(at + 1));
        faults.push_back(std::move(fault));
    }
    return faults;
}

const std::vector<Fault>& faults() {
    static const std::vector<Fault> parsed = parseFaults(std::getenv("CLW_FAKE_CL_FAULT"));
    return parsed;
}

// The calling thread's name (pthread_setname_np); empty where the system has none.
std::string threadName() {
#if defined(__linux__) || defined(__APPLE__)
    char name[64] = {};
    if (pthread_getname_np(pthread_self(), name, sizeof name) == 0)
        return name;
#endif
    return {};
}

// Read through a volatile so that the compiler cannot see the null pointer and replace the
// store with a trap instruction (SIGILL).
volatile std::uintptr_t nowhere = 0;

// As PoCL does while it writes a kernel-cache entry: a temporary file in its cache folder, open
// and partly written, which a rename would make the entry.
void openCacheTemporary() {
    const char* folder = std::getenv("POCL_CACHE_DIR");
    if (!folder || !*folder)
        return;
    std::string name = std::string(folder) + "/tempfile_XXXXXX";
    const int file = ::mkstemp(name.data()); // left open: the host holds it until it ends
    if (file >= 0) {
        [[maybe_unused]] const ssize_t written = ::write(file, "part", 4);
    }
}

[[noreturn]] void act(const Fault& fault) {
    std::fprintf(stderr, "fake OpenCL driver: %s: %s as CLW_FAKE_CL_FAULT asks\n",
                 fault.function.c_str(), fault.actionName);
    std::fflush(stderr);
    switch (fault.action) {
    case Action::Abort:
        std::abort();
    case Action::Segv:
        *reinterpret_cast<volatile int*>(nowhere) = 1;
        std::abort(); // not reached: the store faults again after any handler returns
    case Action::Exit:
        std::_Exit(3);
    case Action::CacheHang:
        openCacheTemporary();
        [[fallthrough]];
    case Action::Hang:
        for (;;)
            std::this_thread::sleep_for(std::chrono::hours(1));
    }
    std::abort();
}

} // namespace

void faultPoint(const char* function) {
    for (const Fault& fault : faults())
        if (fault.function == function && (fault.thread.empty() || fault.thread == threadName()))
            act(fault);
}

} // namespace clw::fakecl
