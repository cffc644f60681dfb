#pragma once
// The program's timeline: every OpenCL call with its start and end on the host's steady clock,
// and for each command enqueued, its queued, submitted, started and ended times from the
// device's profiling (the layer turns queue profiling on where the program did not). A command's
// event is kept until it has completed and its times are read: at clFinish, clWaitForEvents, a
// blocking call, every few hundred commands, and at the end. Any thread.
#include "CaptureJournal.h"

#include <CL/cl_icd.h>

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace clw::capture {

class CallTrace {
public:
    CallTrace(CaptureJournal& journal, const cl_icd_dispatch& next);

    // Nanoseconds on the steady clock (the trace's time base).
    static std::uint64_t now();
    // A call that returned. `event` (retained by the caller for the trace, or null) is the
    // command's; `detail` is more of the line's JSON members ("\"k\":\"add\""), or empty.
    void call(const char* name, std::uint64_t start, std::uint64_t end, cl_event event,
              std::uint64_t queue, const std::string& detail);
    // Reads the times of the commands that completed and lets their events go; with `wait`,
    // waits for the rest first (the end of the program).
    void harvest(bool wait);

private:
    struct Pending {
        std::uint64_t sequence;
        cl_event event;
        std::uint64_t queue;
    };

    CaptureJournal& m_journal;
    const cl_icd_dispatch& m_next;
    std::mutex m_mutex;
    std::uint64_t m_sequence = 0;
    std::vector<Pending> m_pending;
};

} // namespace clw::capture
