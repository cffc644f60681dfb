#pragma once
// printf per work-item (issue 19): the program built for a run has each of its printf calls
// tagged with the global id of the work-item that prints, so that what a launch printed can be
// cut into lines that each name their work-item (PrintedLines). The person's text in the editor
// and on disk never changes; only what is built for a run.
//
//     printf("x = %d\n", x);
// is built as
//     printf("\001clw %u %u %u\002""x = %d\n""\003", (uint)get_global_id(0),
//            (uint)get_global_id(1), (uint)get_global_id(2), x);
// but on one line: no newline is ever added, so every line keeps its number and the compiler's
// diagnostics stay on the person's lines (a column after a tagged call on its line moves). Adjacent
// string literals are one literal in every C compiler (OpenCL C 1.2 and 3.0 alike).
#include "clw/engine/build/SourceSet.h"

#include <string>
#include <string_view>

namespace clw::engine {

struct PrintfTagging {
    std::string source; // the text to build: the input itself when no call was tagged
    int tagged = 0;     // printf calls given the tag
    // printf calls left as they are: the format is no string literal (a macro, a variable).
    int untagged = 0;
};

// Tags every call `printf(` whose format is a string literal or adjacent literals. Reads the text
// as tokens: comments, string and character literals, preprocessor directive lines (with their
// continuations) and identifiers that merely contain "printf" (my_printf, printf_x, s.printf)
// are left alone.
PrintfTagging tagPrintfCalls(std::string_view source);

// Tags the calls of the main file of `sources` (the file compiled; a header it includes is left
// as it is, and what it prints has no work-item). The main file's text changes only where a call
// was tagged. Counts the calls as tagPrintfCalls does.
PrintfTagging tagPrintfCalls(SourceSet& sources);

} // namespace clw::engine
