#pragma once
// A captured program's timeline (the capture layer's trace.jsonl) as a Chrome trace: the JSON of
// the Trace Event Format, which Perfetto and chrome://tracing open (trace.json). The host's calls
// lie on one track per thread; the commands' device times on one track per queue, moved onto the
// host's clock (the device's profiling clock is another time base). Values only: no OpenCL.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace clw::engine {

struct TraceJournalLine; // a line of trace.jsonl as the quick reader took it (ChromeTrace.cpp)

// What the timeline held, for a line of text beside the trace.
struct TraceSummary {
    std::size_t calls = 0;
    // The kernel of each clEnqueueNDRangeKernel and clEnqueueTask in the order they were called
    // (by start time, ties in the journal's order); "" where the journal named none.
    std::vector<std::string> launches;
    // Each of those launches' nanoseconds on the device (START..END); 0 where not timed.
    std::vector<std::uint64_t> launchDeviceNs;
    // Kernel name -> nanoseconds its commands ran on the device (START..END), where timed.
    std::map<std::string, std::uint64_t> kernelDeviceNs;
};

class ChromeTrace {
public:
    // Reads trace.jsonl's text. `queueDevices` names each queue's device (CaptureRecord's
    // queueDevices()), for the queues' track names. A last line cut short (the program crashed
    // as the block was written) is left out; anything else malformed throws std::runtime_error
    // naming the line.
    static ChromeTrace fromJournal(const std::string& text,
                                   const std::map<std::uint64_t, std::string>& queueDevices = {});

    // {"traceEvents": [...], "displayTimeUnit": "ns"}: times in microseconds from the first call.
    nlohmann::json json() const;
    // The same as text (what trace.json holds), written without building the document: an event
    // a line.
    std::string text() const;
    const TraceSummary& summary() const { return m_summary; }

private:
    struct Call {
        std::string name;
        std::uint64_t start = 0, duration = 0, thread = 0;
        std::uint64_t queue = 0, event = 0; // 0: none
        std::string kernel;
        bool hasKernel = false;
    };
    // An event's profiling times: QUEUED, SUBMIT, START, END; or the status it failed with.
    struct EventTimes {
        bool timed = false;
        std::uint64_t at[4] = {};
        std::int64_t status = 0; // where not timed
    };

    // One parsed line; throws std::invalid_argument saying what is wrong with it.
    void add(const nlohmann::json& line);
    // A line read by the quick reader (the layer's own lines); false where it is not one, for
    // add() to read and judge.
    bool addFlat(const TraceJournalLine& line);
    void summarize();
    // Per queue, what a device time of it adds up with to give host nanoseconds from the first
    // call (modulo 2^64: the two clocks' readings are far apart, the sums are not).
    std::map<std::uint64_t, std::uint64_t> queueOffsets() const;

    std::vector<Call> m_calls; // by start time, ties in the journal's order
    std::map<std::uint64_t, EventTimes> m_events;
    std::map<std::uint64_t, std::string> m_queueDevices;
    TraceSummary m_summary;
};

} // namespace clw::engine
