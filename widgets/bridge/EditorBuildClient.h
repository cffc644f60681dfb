#pragma once
// The editor's build sent to the device hosts: the devices asked for are grouped by platform
// (the listing host says which platform each name picks), each platform's host builds its share
// (runEditorBuild there) and the parts make one report. A host that stops fails the build with
// its message; a build replaced in the host's queue by a newer one comes back superseded.
#include "bridge/BuildInput.h"
#include "models/BuildReport.h"

namespace clw::ui {

class DeviceHosts;
class JobContext;

// Blocks until every host answered: call on a bridge worker.
BuildReport buildInHosts(DeviceHosts& hosts, const BuildInput& input, const JobContext& job);

} // namespace clw::ui
