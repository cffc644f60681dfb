#pragma once
// The layer's one state, made by clInitLayer: the loader's table to call on (`next`), the table
// the loader calls (`own`), and, where `clworkbench capture` asked for it, what records.
#include "CallTrace.h"
#include "CaptureJournal.h"
#include "CaptureSettings.h"
#include "LaunchRecorder.h"
#include "ObjectTable.h"

#include <CL/cl_icd.h>

#include <memory>

namespace clw::capture {

struct Layer {
    cl_icd_dispatch next{};
    cl_icd_dispatch own{};
    CaptureSettings settings;
    std::unique_ptr<CaptureJournal> journal;
    ObjectTable table;
    std::unique_ptr<CallTrace> trace;
    std::unique_ptr<LaunchRecorder> recorder;
};

Layer& layer();

// Fills `table` with the hooks that record what a capture needs (LayerHooks.cpp), over the timed
// pass-through every other call has.
void installHooks(cl_icd_dispatch& table);

// Times a call into the trace when it goes out of scope.
class TracedCall {
public:
    explicit TracedCall(const char* name)
        : m_name(name)
        , m_start(CallTrace::now()) {}
    ~TracedCall() { layer().trace->call(m_name, m_start, CallTrace::now(), event, queue, detail); }
    TracedCall(const TracedCall&) = delete;
    TracedCall& operator=(const TracedCall&) = delete;
    cl_event event = nullptr; // retained for the trace
    std::uint64_t queue = 0;
    std::string detail;

private:
    const char* m_name;
    std::uint64_t m_start;
};

} // namespace clw::capture
