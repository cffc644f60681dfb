#include "FaultInjection.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace clw::fakecl {

namespace {

enum class Action { Abort, Segv, Exit, Hang };

struct Fault {
    std::string function;
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
                    {"hang", Action::Hang}};
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
        fault.function = std::string(entry.substr(0, colon));
        faults.push_back(std::move(fault));
    }
    return faults;
}

const std::vector<Fault>& faults() {
    static const std::vector<Fault> parsed = parseFaults(std::getenv("CLW_FAKE_CL_FAULT"));
    return parsed;
}

// Read through a volatile so that the compiler cannot see the null pointer and replace the
// store with a trap instruction (SIGILL).
volatile std::uintptr_t nowhere = 0;

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
    case Action::Hang:
        for (;;)
            std::this_thread::sleep_for(std::chrono::hours(1));
    }
    std::abort();
}

} // namespace

void faultPoint(const char* function) {
    for (const Fault& fault : faults())
        if (fault.function == function)
            act(fault);
}

} // namespace clw::fakecl
