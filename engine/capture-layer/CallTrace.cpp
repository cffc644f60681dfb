#include "CallTrace.h"

#include <atomic>
#include <chrono>

namespace clw::capture {

namespace {
// Events kept before the trace looks whether they have completed.
constexpr std::size_t kHarvestEvery = 256;

std::uint64_t threadNumber() {
    static std::atomic<std::uint64_t> last{0};
    thread_local const std::uint64_t number = ++last;
    return number;
}
} // namespace

CallTrace::CallTrace(CaptureJournal& journal, const cl_icd_dispatch& next)
    : m_journal(journal)
    , m_next(next) {}

std::uint64_t CallTrace::now() {
    return std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                             std::chrono::steady_clock::now().time_since_epoch())
                             .count());
}

void CallTrace::call(const char* name, std::uint64_t start, std::uint64_t end, cl_event event,
                     std::uint64_t queue, const std::string& detail) {
    std::string line = "{\"c\":\"";
    line += name;
    line += "\",\"t\":" + std::to_string(start) + ",\"d\":" + std::to_string(end - start) +
            ",\"th\":" + std::to_string(threadNumber());
    if (queue)
        line += ",\"q\":" + std::to_string(queue);
    if (!detail.empty())
        line += "," + detail;
    bool harvestNow = false;
    if (event) {
        std::lock_guard lock(m_mutex);
        const std::uint64_t sequence = ++m_sequence;
        line += ",\"e\":" + std::to_string(sequence);
        m_pending.push_back({sequence, event, queue});
        harvestNow = m_pending.size() >= kHarvestEvery;
    }
    line += "}";
    m_journal.trace(line);
    m_journal.countCall(end);
    if (harvestNow)
        harvest(false);
}

void CallTrace::harvest(bool wait) {
    std::vector<Pending> pending;
    {
        std::lock_guard lock(m_mutex);
        pending.swap(m_pending);
    }
    std::vector<Pending> keep;
    for (const Pending& command : pending) {
        if (wait)
            m_next.clWaitForEvents(1, &command.event);
        cl_int status = CL_COMPLETE;
        if (m_next.clGetEventInfo(command.event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                                  &status, nullptr) == CL_SUCCESS &&
            status > CL_COMPLETE) {
            keep.push_back(command);
            continue;
        }
        cl_ulong times[4] = {};
        const cl_profiling_info what[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                           CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
        bool timed = status == CL_COMPLETE;
        for (int i = 0; i < 4 && timed; ++i)
            timed = m_next.clGetEventProfilingInfo(command.event, what[i], sizeof times[i],
                                                   &times[i], nullptr) == CL_SUCCESS;
        std::string line = "{\"ev\":" + std::to_string(command.sequence);
        if (timed)
            line += ",\"s\":[" + std::to_string(times[0]) + "," + std::to_string(times[1]) + "," +
                    std::to_string(times[2]) + "," + std::to_string(times[3]) + "]";
        else
            line += ",\"status\":" + std::to_string(status);
        m_journal.trace(line + "}");
        m_next.clReleaseEvent(command.event);
    }
    if (!keep.empty()) {
        std::lock_guard lock(m_mutex);
        m_pending.insert(m_pending.begin(), keep.begin(), keep.end());
    }
}

} // namespace clw::capture
