#pragma once
// Turns captured launches (CaptureRecord) into a session that runs them again: the program's
// sources as built (its -I folders' files among them, so the options lose their -I), the device
// by name, each argument as the kernel's signature types it (buffers and images as .npy of their
// contents before the first launch, scalars, vectors and structs by value, __local sizes,
// samplers), the sizes, and each buffer's contents after the last launch as its expected result.
// Launches of one session run in the program's order over shared buffers. What cannot be
// captured (a program without source, an argument of a kind the session cannot hold, memory
// shared between two arguments) throws CaptureRefusal saying what and why.
#include "clw/engine/capture/CaptureRecord.h"
#include "clw/engine/session/NpyArray.h"
#include "clw/engine/session/Session.h"

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace clw::engine {

class CaptureRefusal : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct CapturedSession {
    Session session;
    std::map<std::string, NpyArray> dataFiles; // relative paths, as SessionFile::write takes them
};

class CapturedSessionBuilder {
public:
    // `launches` are of one program, in order; their data files are read from the record's
    // folder. Throws CaptureRefusal.
    static CapturedSession build(const CaptureRecord& record,
                                 const std::vector<const CapturedLaunchRecord*>& launches);
};

} // namespace clw::engine
