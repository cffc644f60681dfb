#pragma once
// printf per work-item (issue 19): what a launch printed, cut into lines, each with the global id
// of the work-item that printed it. The program built for a run has every printf tagged
// (PrintfTagger): the output of one call is framed as
//     \001clw X Y Z\002 <what the person's format printed> \003
// where X Y Z is the work-item's global id. Control characters no person prints, in a frame a
// driver's own output never has, so that untagged text (a driver's message, a printf in an
// included header) is told apart: it has no work-item.
#include "clw/engine/debug/CheckFinding.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clw::engine {

// The frame around one tagged printf's output.
inline constexpr std::string_view kPrintfTagOpen = "\001clw ";
inline constexpr char kPrintfTagClose = '\002';
inline constexpr char kPrintfTagEnd = '\003';

struct PrintedLine {
    std::optional<CheckIds> workItem; // none: untagged text (a driver's own output)
    std::string text;                 // without the frame and without the line's '\n'
    bool operator==(const PrintedLine&) const = default;
};

// The lines of a captured text, in the order printed. A printf whose text holds '\n' in the
// middle gives several lines, all of its work-item; one work-item's printfs without '\n' between
// them make one line ("%d " in a loop, then "\n"), and another work-item's printf starts a new
// one. A line left open at the end (no '\n') is kept. A frame cut off (a bounded capture drops
// the middle of a long output) ends where the next frame starts, or with the text; a stray
// closing or end byte is dropped.
std::vector<PrintedLine> splitPrintedLines(std::string_view captured);

} // namespace clw::engine
