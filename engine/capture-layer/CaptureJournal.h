#pragma once
// Where the layer writes what it saw, in the folder `clworkbench capture` gave it:
//   capture.jsonl   one JSON object a line, written and flushed as each thing happens, so that
//                   a program that crashes leaves what was captured before (programs, builds,
//                   kernels, memory objects, samplers, queues, launches, launches skipped)
//   trace.jsonl     every OpenCL call with its times, and the profiling times of the commands
//                   enqueued (CallTrace), buffered and written in blocks
//   data/NAME.bin   a memory object's bytes, before or after a captured launch: written to a
//                   temporary file and renamed, so a name that exists holds all its bytes
//   progress.json   calls, launches seen, launches captured and data bytes written so far,
//                   rewritten (whole, by a rename) at most five times a second, for the
//                   workbench's progress while the program runs
// docs/capture-journal.md describes the lines. Any thread.
#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace clw::capture {

class CaptureJournal {
public:
    // Opens (creates) the two files in `folder`; writes nothing where it cannot, and says so once
    // on standard error.
    explicit CaptureJournal(const std::string& folder);
    ~CaptureJournal();
    CaptureJournal(const CaptureJournal&) = delete;
    CaptureJournal& operator=(const CaptureJournal&) = delete;

    void record(const nlohmann::json& line);
    // Appended to the trace's block; the block goes to the file when it is full or flushed.
    void trace(const std::string& line);
    void flushTrace();
    // Writes data/NAME.bin whole; false (said on standard error) when it could not: a full disk.
    bool writeData(const std::string& name, const void* bytes, std::size_t size);
    void removeData(const std::string& name);

    // Progress: counted here, written to progress.json now and then (and at the end).
    void countCall(std::uint64_t nowNs);
    void countLaunch();
    void countCaptured();
    void writeProgress();

private:
    std::string m_folder;
    std::mutex m_mutex;
    std::FILE* m_capture = nullptr;
    std::FILE* m_trace = nullptr;
    std::string m_traceBlock;
    std::atomic<std::uint64_t> m_calls{0}, m_launches{0}, m_captured{0}, m_bytes{0};
    std::atomic<std::uint64_t> m_progressWrittenNs{0};
    std::mutex m_progressMutex;
};

} // namespace clw::capture
