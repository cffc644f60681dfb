#include "clw/engine/build/CacheFolder.h"

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

std::string writeFileAtomically(const std::filesystem::path& path, std::string_view bytes) {
    namespace fs = std::filesystem;
    static std::atomic<unsigned> counter{0};
    std::error_code error;
    fs::create_directories(path.parent_path(), error);
    if (error)
        return "cannot create " + path.parent_path().string() + ": " + error.message();
    // Unique per process, thread and call: concurrent writers never share a temporary file.
    const fs::path temporary =
        path.string() + ".tmp." + std::to_string(CLW_GETPID()) + "." +
        std::to_string(std::hash<std::thread::id>()(std::this_thread::get_id()) % 100000) + "." +
        std::to_string(counter++);
    {
        std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
        if (!file)
            return "cannot write " + temporary.string() + ": " + std::strerror(errno);
        file.write(bytes.data(), std::streamsize(bytes.size()));
        file.flush();
        if (!file) {
            const std::string why = std::strerror(errno);
            file.close();
            fs::remove(temporary, error);
            return "cannot write " + temporary.string() + ": " + why;
        }
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
