#include "clw/engine/build/CacheFileLock.h"

#include "clw/engine/build/PrivateFiles.h"

#include <cerrno>
#include <cstring>
#include <utility>

#if defined(_WIN32)
#include <windows.h>
#else
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>
#endif

namespace clw::engine {

CacheFileLock::CacheFileLock(const std::filesystem::path& path) {
    createPrivateFolders(path.parent_path()); // a failure shows as the open's
#if defined(_WIN32)
    HANDLE file = CreateFileW(path.c_str(), GENERIC_READ | GENERIC_WRITE,
                              FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                              OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (file == INVALID_HANDLE_VALUE) {
        m_why = "cannot open " + path.string() + " (error " + std::to_string(GetLastError()) + ")";
        return;
    }
    OVERLAPPED whole{};
    if (!LockFileEx(file, LOCKFILE_EXCLUSIVE_LOCK, 0, MAXDWORD, MAXDWORD, &whole)) {
        m_why = "cannot lock " + path.string() + " (error " + std::to_string(GetLastError()) + ")";
        CloseHandle(file);
        return;
    }
    m_file = file;
    m_held = true;
#else
    const int file = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (file < 0) {
        m_why = "cannot open " + path.string() + ": " + std::strerror(errno);
        return;
    }
    int result;
    do
        result = ::flock(file, LOCK_EX);
    while (result != 0 && errno == EINTR);
    if (result != 0) {
        m_why = "cannot lock " + path.string() + ": " + std::strerror(errno);
        ::close(file);
        return;
    }
    m_file = file;
    m_held = true;
#endif
}

CacheFileLock::CacheFileLock(CacheFileLock&& other) noexcept
    : m_file(other.m_file)
    , m_held(std::exchange(other.m_held, false))
    , m_why(std::move(other.m_why)) {}

CacheFileLock& CacheFileLock::operator=(CacheFileLock&& other) noexcept {
    if (this != &other) {
        release();
        m_file = other.m_file;
        m_held = std::exchange(other.m_held, false);
        m_why = std::move(other.m_why);
    }
    return *this;
}

CacheFileLock::~CacheFileLock() {
    release();
}

void CacheFileLock::release() noexcept {
    if (!std::exchange(m_held, false))
        return;
#if defined(_WIN32)
    CloseHandle(m_file); // closing the handle releases its lock
#else
    ::close(m_file); // closing the descriptor releases its flock
#endif
}

} // namespace clw::engine
