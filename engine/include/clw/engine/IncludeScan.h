#pragma once
// Finds every file a build pulls in through #include, so that the cache key covers their
// contents (a header edit must miss). Conditionals are not evaluated: an include inside #if
// counts too, which can only make the key more careful.
#include "clw/engine/SourceSet.h"

#include <string>
#include <vector>

namespace clw::engine {

struct ResolvedInclude {
    std::string spelled;  // as written: "common.h"
    std::string resolved; // the set's file name, or the path found in an include directory
    bool fromSet = false;
    bool found = false; // false: neither the set nor the directories have it
    std::string digest; // SHA-256 of the content, hex; empty when not found
};

// The includes reachable from the set's main file, each once, in discovery order.
std::vector<ResolvedInclude> scanIncludes(const SourceSet& sources);
// The `#include` names written in one file's text (comments skipped).
std::vector<std::string> includeNames(const std::string& text);

} // namespace clw::engine
