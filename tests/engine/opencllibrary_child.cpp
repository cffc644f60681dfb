// The child process of engine.opencllibrary: loads the OpenCL library as every engine process
// does, with whatever CLW_OPENCL_LIBRARY and current folder its parent gave it, and prints what
// came of it, one line each: "loaded 0|1", "problem <openClLibraryProblem()>", then "platforms
// <count>" or, when listing them threw, "error <code> <doing()>". Exits 0.
#include "ClSymbolLookup.h"

#include "clw/engine/runtime/ClError.h"
#include "clw/engine/runtime/Platform.h"

#include <cstdio>

using namespace clw::engine;

int main() {
    std::printf("loaded %d\n", openClLibraryLoaded() ? 1 : 0);
    std::printf("problem %s\n", openClLibraryProblem().c_str());
    try {
        std::printf("platforms %zu\n", Platform::all().size());
    } catch (const ClError& error) {
        std::printf("error %d %s\n", int(error.code()), error.doing().c_str());
    }
    return 0;
}
