#include "clw/engine/build/PrivateFiles.h"

#if defined(_WIN32)
#include <fstream>
#else
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace clw::engine {

namespace fs = std::filesystem;

std::error_code createPrivateFolders(const fs::path& folder) {
    std::error_code error;
#if defined(_WIN32)
    fs::create_directories(folder, error);
#else
    std::error_code missing; // is_directory's own: a folder not there yet is no failure
    if (folder.empty() || fs::is_directory(folder, missing))
        return {};
    if (const fs::path parent = folder.parent_path(); parent != folder && !parent.empty())
        if (const std::error_code failed = createPrivateFolders(parent))
            return failed;
    if (::mkdir(folder.c_str(), 0700) != 0 && errno != EEXIST) // EEXIST: another process won
        error = std::error_code(errno, std::generic_category());
#endif
    return error;
}

bool appendToPrivateFile(const fs::path& file, std::string_view bytes) {
    if (createPrivateFolders(file.parent_path()))
        return false;
#if defined(_WIN32)
    std::ofstream stream(file, std::ios::app | std::ios::binary);
    stream.write(bytes.data(), std::streamsize(bytes.size()));
    return bool(stream);
#else
    const int handle = ::open(file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (handle < 0)
        return false;
    const bool whole = ::write(handle, bytes.data(), bytes.size()) == ssize_t(bytes.size());
    ::close(handle);
    return whole;
#endif
}

std::string PrivacyRepair::note(const fs::path& root) const {
    std::string text;
    if (changedAny()) {
        const auto count = [](std::size_t n, const char* one, const char* many) {
            return std::to_string(n) + " " + (n == 1 ? one : many);
        };
        text = "made " + count(folders, "folder", "folders") + " and " +
               count(files, "file", "files") + " under " + root.string() +
               " readable by you alone (other users could read them)";
    }
    if (!problem.empty())
        text += (text.empty() ? "" : "; ") + problem;
    return text;
}

PrivacyRepair makePrivate(const fs::path& root) {
    PrivacyRepair repair;
#if !defined(_WIN32)
    struct stat status {};
    if (::lstat(root.c_str(), &status) != 0 || !S_ISDIR(status.st_mode) ||
        (status.st_mode & 077) == 0)
        return repair;
    const auto ownerOnly = [&repair](const fs::path& path, mode_t mode, std::size_t& counter) {
        if (::chmod(path.c_str(), mode) == 0)
            ++counter;
        else if (repair.problem.empty())
            repair.problem = "cannot make " + path.string() + " private: " + std::strerror(errno);
    };
    ownerOnly(root, 0700, repair.folders);
    std::error_code error;
    for (fs::recursive_directory_iterator it(root, error), end; !error && it != end;
         it.increment(error)) {
        if (::lstat(it->path().c_str(), &status) != 0)
            continue; // removed meanwhile by another process (an eviction)
        if (S_ISDIR(status.st_mode) && (status.st_mode & 07777) != 0700)
            ownerOnly(it->path(), 0700, repair.folders);
        else if (S_ISREG(status.st_mode) && (status.st_mode & 077) != 0)
            ownerOnly(it->path(), 0600, repair.files);
    }
    if (error && repair.problem.empty())
        repair.problem = "cannot look through " + root.string() + ": " + error.message();
#else
    (void)root;
#endif
    return repair;
}

} // namespace clw::engine
