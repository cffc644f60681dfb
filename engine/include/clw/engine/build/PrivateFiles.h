#pragma once
// The workbench's cache (binaries, vendors folders, the session headers given to compilers) holds
// people's kernels and build options: only the person who runs the workbench may read it. On
// POSIX its folders are 0700 and its files 0600 whatever the umask; on Windows the cache lives
// in the user's own %LOCALAPPDATA%, which other users cannot read, and nothing is changed.
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>

namespace clw::engine {

// Creates `folder` and its missing parents; the ones it creates are the user's alone.
std::error_code createPrivateFolders(const std::filesystem::path& folder);

// Appends `bytes` to `file`, creating it (and its folders) private when it is missing. Best
// effort, as the cache's counters are: false when it could not.
bool appendToPrivateFile(const std::filesystem::path& file, std::string_view bytes);

// What makePrivate changed.
struct PrivacyRepair {
    std::size_t folders = 0; // folders made 0700
    std::size_t files = 0;   // files made 0600
    std::string problem;     // what could not be changed (the first), empty when all could

    bool changedAny() const { return folders + files > 0; }
    // "made 3 folders and 12 files under <root> readable by you alone (other users could read
    // them)", or the problem; empty when nothing was changed and nothing failed.
    std::string note(const std::filesystem::path& root) const;
};

// When `root` lets another user in (a group or other permission bit), makes it and everything
// under it private: folders 0700, files 0600. Links are not followed. A `root` that is already
// private (or missing) is left as it is after one look: nobody else can reach what is under it.
PrivacyRepair makePrivate(const std::filesystem::path& root);

} // namespace clw::engine
