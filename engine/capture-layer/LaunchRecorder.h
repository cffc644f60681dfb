#pragma once
// Captures the launches the settings ask for: the kernel's arguments as they were set, its sizes,
// and the bytes of every memory object it takes, read just before the launch and just after it
// (the launch waits for what it waited for, then for its queue, so that it sees what the kernel
// saw). A launch whose arguments cannot be captured (an SVM pointer, a pipe, an argument never
// set) or whose memory is over the byte limit runs as it would and is named in the journal as
// skipped, with the reason. Any thread: launches are counted and captured one at a time.
#include "CaptureJournal.h"
#include "CaptureSettings.h"
#include "ObjectTable.h"

#include <CL/cl_icd.h>

#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace clw::capture {

struct LaunchGeometry {
    cl_uint dimensions = 1;
    const size_t* offset = nullptr;
    const size_t* global = nullptr;
    const size_t* local = nullptr;
};

class LaunchRecorder {
public:
    LaunchRecorder(const CaptureSettings& settings, CaptureJournal& journal, ObjectTable& table,
                   const cl_icd_dispatch& next);

    // Runs `enqueue` (the program's own call, which gives the launch's event), capturing the
    // launch around it where the settings ask for it; returns what `enqueue` returned.
    cl_int launch(cl_command_queue queue, cl_kernel kernel, const LaunchGeometry& geometry,
                  cl_uint waits, const cl_event* waitList, const std::function<cl_int()>& enqueue);

private:
    struct Memory {
        cl_mem handle;
        MemRecord record;
    };
    // The arguments as the journal lists them, and the memory they take; a reason when the
    // launch cannot be captured.
    std::string describe(const KernelRecord& kernel, nlohmann::json& arguments,
                         std::vector<Memory>& memory) const;
    // Reads every object of `memory` into data files named `prefix`-m<id>-`when`; the names by
    // object, or a reason.
    std::string read(cl_command_queue queue, const std::vector<Memory>& memory,
                     const std::string& prefix, const char* when, nlohmann::json& files);
    void skip(std::uint64_t count, const KernelRecord& kernel, const std::string& reason);

    const CaptureSettings& m_settings;
    CaptureJournal& m_journal;
    ObjectTable& m_table;
    const cl_icd_dispatch& m_next;
    std::mutex m_mutex;
    std::uint64_t m_count = 0;
    // Pick::Last: the data files of the launch captured before, removed when a later one is.
    std::vector<std::string> m_lastFiles;
    // Pick::Range: the memory read before a launch of the range already.
    std::set<std::uint64_t> m_rangeSeen;
};

} // namespace clw::capture
