#pragma once
// The engine objects behind an open session on one device: its context, the launch service (one
// queue, one worker), the program last built from the session's sources, and the buffers of the
// latest run. Owned by the SessionController and used by one of its jobs at a time (the
// controller runs one job after another), never by the GUI thread.
#include "clw/engine/build/BuildOutcome.h"
#include "clw/engine/launch/KernelLimits.h"
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/launch/LaunchService.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Program.h"
#include "clw/engine/session/Session.h"
#include "clw/engine/session/SessionResources.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clw::ui {

struct SessionDeviceState {
    // Creates the context and the launch service (OpenCL calls: on a worker).
    explicit SessionDeviceState(const engine::Device& device);

    engine::Device device;
    engine::Context context;
    std::unique_ptr<engine::LaunchService> launches;

    // What the program was built from; a run rebuilds when the session's differ.
    engine::SourceSet builtSources;
    std::string builtOptions;
    bool built = false;
    engine::Program program;
    std::vector<engine::KernelSignature> kernels; // by name; every kernel, or those launched
    // What the program was built from as the driver got it: kernel signatures that the driver
    // types by name only (typedefs, structs) are resolved from it.
    engine::SourceSet signatureSources;
    std::string signatureOptions;
    std::map<std::string, engine::KernelLimits> limits;
    // Whether a source of the program calls printf: only then does the device host finish a
    // launch's queue before taking what it printed.
    bool mayPrint = true;

    std::shared_ptr<engine::SessionResources> resources; // of the latest run

    bool needsBuild(const engine::Session& session) const {
        return !built || builtSources != session.sources || builtOptions != session.options;
    }
};

} // namespace clw::ui
