#include "clw/engine/build/CacheFolder.h"

#include "clw/engine/build/PrivateFiles.h"

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <system_error>
#include <thread>

#if defined(_WIN32)
#include <process.h>
#define CLW_GETPID _getpid
#else
#include <fcntl.h>
#include <unistd.h>
#define CLW_GETPID getpid
#endif

namespace clw::engine {

std::filesystem::path defaultCacheFolder() {
    namespace fs = std::filesystem;
    fs::path base;
#if defined(_WIN32)
    if (const char* local = std::getenv("LOCALAPPDATA"))
        base = local;
#elif defined(__APPLE__)
    if (const char* home = std::getenv("HOME"))
        base = fs::path(home) / "Library" / "Caches";
#else
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        base = xdg;
    else if (const char* home = std::getenv("HOME"))
        base = fs::path(home) / ".cache";
#endif
    if (base.empty())
        base = fs::temp_directory_path();
    return base / "clworkbench" / "binaries";
}

namespace {

// Writes `bytes` to the new file `temporary`; returns what failed, empty on success.
std::string writeNewFile(const std::filesystem::path& temporary, std::string_view bytes,
                         FileAccess access) {
#if defined(_WIN32)
    (void)access; // %LOCALAPPDATA% is the user's alone already
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    if (!file)
        return std::strerror(errno);
    file.write(bytes.data(), std::streamsize(bytes.size()));
    file.flush();
    return file ? std::string() : std::strerror(errno);
#else
    // The mode is given at creation: a file made 0644 and changed after could be opened by
    // another user in between.
    const mode_t mode = access == FileAccess::OwnerOnly ? 0600 : 0666;
    const int file = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (file < 0)
        return std::strerror(errno);
    std::string why;
    for (size_t written = 0; written < bytes.size() && why.empty();) {
        const ssize_t count = ::write(file, bytes.data() + written, bytes.size() - written);
        if (count > 0)
            written += size_t(count);
        else if (errno != EINTR)
            why = std::strerror(errno);
    }
    if (::close(file) != 0 && why.empty())
        why = std::strerror(errno);
    return why;
#endif
}

} // namespace

std::string writeFileAtomically(const std::filesystem::path& path, std::string_view bytes,
                                FileAccess access) {
    namespace fs = std::filesystem;
    static std::atomic<unsigned> counter{0};
    std::error_code error;
    if (access == FileAccess::OwnerOnly)
        error = createPrivateFolders(path.parent_path());
    else
        fs::create_directories(path.parent_path(), error);
    if (error)
        return "cannot create " + path.parent_path().string() + ": " + error.message();
    // Unique per process, thread and call: concurrent writers never share a temporary file.
    const fs::path temporary =
        path.string() + ".tmp." + std::to_string(CLW_GETPID()) + "." +
        std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()) % 100000) + "." +
        std::to_string(counter++);
    if (const std::string why = writeNewFile(temporary, bytes, access); !why.empty()) {
        fs::remove(temporary, error);
        return "cannot write " + temporary.string() + ": " + why;
    }
    fs::rename(temporary, path, error);
    if (error) {
        const std::string why = error.message();
        fs::remove(temporary, error);
        return "cannot rename " + temporary.string() + " to " + path.string() + ": " + why;
    }
    return {};
}

} // namespace clw::engine
