#pragma once
// printf per work-item (issue 19): a line clicked in the Output dock chooses its work-item in the
// Watch dock (its row and cell, when the watch has a value for it) and as the work-item the
// debugger follows (followed at once while a debug run is paused).
namespace clw::ui {

class DebuggerPanel;
class OutputPanel;
class WatchPanel;

// Connects `output`'s workItemChosen to `watch` and `debugger`, for as long as all three live.
void linkPrintedWorkItems(OutputPanel& output, WatchPanel& watch, DebuggerPanel& debugger);

} // namespace clw::ui
