#pragma once
// The editor's build (issue 7's live diagnostics) where the driver is: resolves the devices asked
// for, builds each platform's share on the BuildService in parallel, and gives one report of Qt
// values. Runs in a device host (HostSessionService's "build.check"); the editor's
// BuildController sends it there.
#include "bridge/BuildInput.h"
#include "models/BuildReport.h"

namespace clw::engine {
class BuildService;
}

namespace clw::ui {

class BuildTargets;
class JobContext;

BuildReport runEditorBuild(BuildTargets& targets, engine::BuildService& service,
                           const BuildInput& input, const JobContext& job);

} // namespace clw::ui
