#pragma once
// Finds every file a build pulls in through #include, so that the cache key covers their
// contents (a header edit must miss). Headers are searched as the compiler searches them: a quoted
// include first beside the file that includes it, then the -I folders of the build options (and
// CLW_BUILD_OPTIONS), then the set's own files, then the set's include folders. Conditionals are
// not evaluated: an include inside #if counts too, which can only make the key more careful. What
// the scan cannot be sure of (a computed #include, __has_include, a header in none of those
// folders, which the driver may find in folders of its own) is said, and the build then leaves
// the cache alone rather than trust a key that may miss a header.
#include "clw/engine/build/SourceSet.h"

#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

struct ResolvedInclude {
    std::string spelled;  // as written: "common.h"
    std::string resolved; // the set's file name, or the path found in an include directory
    bool fromSet = false;
    bool found = false; // false: neither the set nor the directories have it
    std::string digest; // SHA-256 of the content, hex; empty when not found
};

struct IncludeScanResult {
    std::vector<ResolvedInclude> includes; // each once, in discovery order
    // Why the compiler may read a header the scan did not see; empty when the scan is sure.
    std::string uncertain;
    // The first header read from a folder that holds a NUL byte, said as nulByteProblem says
    // it; empty when there is none. The driver would read it only up to that byte.
    std::string nulByte;
};

// The includes reachable from the set's main file. `options` are the build options as the
// driver gets them: their -I folders are searched too.
IncludeScanResult scanIncludes(const SourceSet& sources, std::string_view options = {});

} // namespace clw::engine
