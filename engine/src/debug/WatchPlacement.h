#pragma once
// Where a watch's store goes for a line of a function (the rules in WatchInstrumentation.h):
// the text to add before and after it, and the scope the store sees. Internal to the engine.
#include "KernelStructure.h"

#include <cstddef>
#include <string>

namespace clw::engine::code {

struct WatchPlacement {
    std::string problem;     // why no store can go there; the rest is unset then
    std::size_t storeAt = 0; // byte offset where the store is inserted
    // A statement braced with its store: '{' at `braceOpen`, '}' at `braceClose` (byte offsets).
    bool braced = false;
    std::size_t braceOpen = 0;
    std::size_t braceClose = 0;
    int block = 0;         // the store's block, for looking names up
    std::size_t scope = 0; // the token index the store sees names from
};

WatchPlacement placeWatch(const SourceStructure& source, const Function& function, unsigned line);

} // namespace clw::engine::code
