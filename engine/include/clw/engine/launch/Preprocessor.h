#pragma once
// A small OpenCL C preprocessor, enough to read kernel signatures where a driver gives no
// argument info: #include from the source set and include directories, object-like and
// function-like macros, conditionals, and the macros OpenCL C predefines. It keeps the line
// structure of the main file (each line stays on its line; an included file's text is framed by
// `#line N "file"` markers), so that what reads its output can name source lines.
#include "clw/engine/build/SourceSet.h"
#include "clw/engine/launch/PreprocessorOptions.h"

#include <string>
#include <vector>

namespace clw::engine {

struct PreprocessedSource {
    std::string text;
    // What a compiler would warn or fail on but the preprocessor went past: an include not
    // found, an #error, an unterminated #if, a malformed directive. "kernel.cl:12: ..." each.
    std::vector<std::string> warnings;
    std::vector<std::string> includedFiles; // resolved names, in the order first included
};

// Preprocesses the set's main file. Predefined: __OPENCL_VERSION__ 300, __OPENCL_C_VERSION__
// (options.openclCVersion), CL_VERSION_1_0 ... CL_VERSION_3_0, __ENDIAN_LITTLE__ 1,
// __IMAGE_SUPPORT__ 1, __kernel_exec(X, typen), kernel_exec(X, typen), __FILE__, __LINE__, and
// __FAST_RELAXED_MATH__ with -cl-fast-relaxed-math; then the options' -D and -U. #pragma and
// #line are dropped; #error becomes a warning. Never throws for bad input.
PreprocessedSource preprocess(const SourceSet& sources, const PreprocessorOptions& options = {});

} // namespace clw::engine
