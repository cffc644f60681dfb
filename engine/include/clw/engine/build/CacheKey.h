#pragma once
// The binary cache's key (DESIGN.md §2): a SHA-256 over length-prefixed fields, so that no two
// different field lists hash alike. The fields are kept for `cache list` to explain an entry.
#include "clw/engine/build/IncludeScan.h"
#include "clw/engine/runtime/Device.h"

#include <string>
#include <utility>
#include <vector>

namespace clw::engine {

struct CacheKey {
    static constexpr int kFormatVersion = 1;

    std::vector<std::pair<std::string, std::string>> fields;
    std::string digest; // 64 hex digits

    // Cache-format version, platform and device identity, driver version, normalized options,
    // source, and the content digest of every resolved include.
    static CacheKey make(const Device& device, const std::string& normalizedOptions,
                         const std::string& source, const std::vector<ResolvedInclude>& includes);
    // Only a field list: used by tests to check what goes in.
    static CacheKey fromFields(std::vector<std::pair<std::string, std::string>> fields);
};

// Options with runs of whitespace collapsed and ends trimmed: "-D A=1   -cl-fast-relaxed-math".
std::string normalizeOptions(const std::string& options);

} // namespace clw::engine
