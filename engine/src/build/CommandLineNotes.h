#pragma once
// Clang compiles a build's -D options as a source buffer it calls "<command line>" (NVIDIA's
// driver: "<built-in>"), and a note located there ("<command line>:6:11") means nothing to the
// person. Private to BuildService.
#include "clw/engine/build/Diagnostic.h"

#include <string>
#include <vector>

namespace clw::engine::detail {

// Rewrites each note located in that buffer as the option it came from ("spelled in the
// build option '-DN=4'"): the macro is the name at its diagnostic's place in the main source.
// Such a note then has no file or line, so no editor line is marked for it.
void nameCommandLineOptions(std::vector<Diagnostic>& diagnostics, const std::string& mainName,
                            const std::string& mainText, const std::string& options);

} // namespace clw::engine::detail
