#pragma once
// The seeds' capture_call: runs one launch and records it with the data it read and wrote, so
// that writeReproducer() (ReproducerWriter.h) can replay it outside the workbench.
#include "clw/engine/launch/CapturedLaunch.h"
#include "clw/engine/launch/LaunchRequest.h"
#include "clw/engine/runtime/CommandQueue.h"

namespace clw::engine {

class LaunchCapture {
public:
    // Runs `request` once on `queue` and records it: waits for request.waitFor, reads every
    // buffer and image argument, runs the kernel, waits for it (clFinish), reads them again.
    // Synchronous and blocking: call it on an engine worker thread, never on the GUI thread.
    // The kernel really runs, so buffers it writes hold its results afterwards, as with any
    // launch; request.repeat is ignored (one run).
    //
    // `sources` and `options` are what the program was built from (the BuildRequest's), since a
    // cl_program knows neither its headers nor the options without the engine's additions.
    //
    // Throws ClError, naming the argument where one is at fault, for what ArgumentBinder and
    // checkGeometry() reject and for what cannot be captured: SVM pointers ("argument 2 ... :
    // SVM pointers cannot be captured yet"), device queues, pipes, image1d_buffer images and
    // an empty ND-range. A kernel that fails on the device throws with its status.
    static CapturedLaunch capture(const CommandQueue& queue, const LaunchRequest& request,
                                  const SourceSet& sources, const std::string& options);
    // As above with the program's own source (CL_PROGRAM_SOURCE, no headers) and the options
    // of its last build for the queue's device (CL_PROGRAM_BUILD_OPTIONS): for programs built
    // directly rather than by the BuildService.
    static CapturedLaunch capture(const CommandQueue& queue, const LaunchRequest& request);
};

} // namespace clw::engine
