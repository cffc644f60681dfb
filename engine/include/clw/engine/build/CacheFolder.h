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

// Writes `bytes` to a temporary file beside `path`, then renames it over `path`. Returns an empty
// string on success, else what failed ("cannot create ...: Permission denied").
std::string writeFileAtomically(const std::filesystem::path& path, std::string_view bytes);

} // namespace clw::engine
