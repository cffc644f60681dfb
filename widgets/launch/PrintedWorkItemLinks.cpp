#include "launch/PrintedWorkItemLinks.h"

#include "debug/DebuggerPanel.h"
#include "debug/WatchPanel.h"
#include "launch/OutputPanel.h"

namespace clw::ui {

void linkPrintedWorkItems(OutputPanel& output, WatchPanel& watch, DebuggerPanel& debugger) {
    QObject::connect(&output, &OutputPanel::workItemChosen, &watch,
                     [&watch](const engine::CheckIds& id) { watch.selectGlobalId(id); });
    QObject::connect(&output, &OutputPanel::workItemChosen, &debugger, &DebuggerPanel::setWorkItem);
}

} // namespace clw::ui
