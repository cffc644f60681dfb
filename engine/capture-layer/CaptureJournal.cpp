#include "CaptureJournal.h"

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace clw::capture {

namespace {
constexpr std::size_t kTraceBlock = 1 << 16;
constexpr std::uint64_t kProgressEveryNs = 200'000'000;
} // namespace

CaptureJournal::CaptureJournal(const std::string& folder)
    : m_folder(folder) {
    std::error_code error;
    std::filesystem::create_directories(std::filesystem::path(folder) / "data", error);
    m_capture = std::fopen((folder + "/capture.jsonl").c_str(), "w");
    m_trace = std::fopen((folder + "/trace.jsonl").c_str(), "w");
    if (!m_capture || !m_trace)
        std::fprintf(stderr,
                     "clworkbench capture layer: cannot write in %s (%s): nothing is "
                     "captured\n",
                     folder.c_str(), std::strerror(errno));
}

CaptureJournal::~CaptureJournal() {
    writeProgress();
    flushTrace();
    if (m_capture)
        std::fclose(m_capture);
    if (m_trace)
        std::fclose(m_trace);
}

void CaptureJournal::record(const nlohmann::json& line) {
    const std::string text = line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::lock_guard lock(m_mutex);
    if (!m_capture)
        return;
    std::fwrite(text.data(), 1, text.size(), m_capture);
    std::fputc('\n', m_capture);
    std::fflush(m_capture);
}

void CaptureJournal::trace(const std::string& line) {
    std::lock_guard lock(m_mutex);
    m_traceBlock += line;
    m_traceBlock += '\n';
    if (m_traceBlock.size() >= kTraceBlock && m_trace) {
        std::fwrite(m_traceBlock.data(), 1, m_traceBlock.size(), m_trace);
        m_traceBlock.clear();
    }
}

void CaptureJournal::flushTrace() {
    std::lock_guard lock(m_mutex);
    if (!m_trace)
        return;
    std::fwrite(m_traceBlock.data(), 1, m_traceBlock.size(), m_trace);
    m_traceBlock.clear();
    std::fflush(m_trace);
}

bool CaptureJournal::writeData(const std::string& name, const void* bytes, std::size_t size) {
    const std::string path = m_folder + "/data/" + name + ".bin";
    const std::string part = path + ".part";
    std::FILE* file = std::fopen(part.c_str(), "wb");
    bool written = file && std::fwrite(bytes, 1, size, file) == size;
    written = file && std::fclose(file) == 0 && written;
    if (written && std::rename(part.c_str(), path.c_str()) == 0) {
        m_bytes += size;
        return true;
    }
    std::fprintf(stderr, "clworkbench capture layer: could not write %s (%s)\n", path.c_str(),
                 std::strerror(errno));
    std::remove(part.c_str());
    return false;
}

void CaptureJournal::removeData(const std::string& name) {
    std::remove((m_folder + "/data/" + name + ".bin").c_str());
}

void CaptureJournal::countCall(std::uint64_t nowNs) {
    ++m_calls;
    std::uint64_t last = m_progressWrittenNs.load(std::memory_order_relaxed);
    // One thread writes; the others go on.
    if (nowNs - last >= kProgressEveryNs &&
        m_progressWrittenNs.compare_exchange_strong(last, nowNs, std::memory_order_relaxed))
        writeProgress();
}

void CaptureJournal::countLaunch() {
    ++m_launches;
}

void CaptureJournal::countCaptured() {
    ++m_captured;
}

void CaptureJournal::writeProgress() {
    std::lock_guard lock(m_progressMutex);
    const std::string path = m_folder + "/progress.json";
    const std::string part = path + ".part";
    std::FILE* file = std::fopen(part.c_str(), "w");
    if (!file)
        return;
    std::fprintf(file, "{\"calls\":%llu,\"launches\":%llu,\"captured\":%llu,\"bytes\":%llu}\n",
                 (unsigned long long)m_calls.load(), (unsigned long long)m_launches.load(),
                 (unsigned long long)m_captured.load(), (unsigned long long)m_bytes.load());
    if (std::fclose(file) == 0)
        std::rename(part.c_str(), path.c_str());
    else
        std::remove(part.c_str());
}

} // namespace clw::capture
