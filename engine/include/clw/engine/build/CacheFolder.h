#pragma once
// What differs by platform for the binary cache: where it lives, and writing a file so that a
// reader sees the old content or the new, never a part.
#include <filesystem>
#include <string>
#include <string_view>

namespace clw::engine {

// The platform's cache folder for the workbench's binaries: $XDG_CACHE_HOME (or ~/.cache) on
// Linux, %LOCALAPPDATA% on Windows, ~/Library/Caches on macOS; then "clworkbench/binaries".
std::filesystem::path defaultCacheFolder();

// Who may read a file written: a person's own files (sessions, .npy, reproducers) as the umask
// says; the cache's only the user (PrivateFiles.h).
enum class FileAccess { AsUmaskSays, OwnerOnly };

// Writes `bytes` to a temporary file beside `path`, then renames it over `path`. Missing folders
// are created, private ones for OwnerOnly. Returns an empty string on success, else what failed
// ("cannot create ...: Permission denied").
std::string writeFileAtomically(const std::filesystem::path& path, std::string_view bytes,
                                FileAccess access = FileAccess::AsUmaskSays);

} // namespace clw::engine
