#pragma once
// An exclusive lock on a file, between processes and between threads of one process (each lock
// opens the file anew), released by the destructor or when the process ends, however it ends. The
// binary cache holds one while it builds and extracts a binary that is not cached yet, so that
// processes sharing a cache build each program once, and a driver that serializes its own cache
// folder into the binary (PoCL) never does so while another of them writes to that folder.
#include <filesystem>
#include <string>

namespace clw::engine {

class CacheFileLock {
public:
    // Blocks until the lock on `path` (created with its folder if need be) is held. Where it
    // cannot be taken (a read-only folder), held() is false and why() says why: the caller goes
    // on without it.
    explicit CacheFileLock(const std::filesystem::path& path);
    ~CacheFileLock();
    CacheFileLock(CacheFileLock&& other) noexcept;
    CacheFileLock& operator=(CacheFileLock&& other) noexcept;
    CacheFileLock(const CacheFileLock&) = delete;
    CacheFileLock& operator=(const CacheFileLock&) = delete;

    bool held() const noexcept { return m_held; }
    const std::string& why() const noexcept { return m_why; }

private:
    void release() noexcept;
#if defined(_WIN32)
    using File = void*; // a HANDLE
#else
    using File = int;
#endif
    File m_file{};
    bool m_held = false;
    std::string m_why;
};

} // namespace clw::engine
