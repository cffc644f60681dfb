#pragma once
// A run's outputs against the results its session expects (SessionBuffer::expected: a captured
// launch's buffers just after it), buffer by buffer under each buffer's tolerance (bit for bit
// when it gives none). Values only: no OpenCL.
#include "clw/engine/inspect/BufferComparison.h"
#include "clw/engine/inspect/OutputComparison.h"
#include "clw/engine/session/Session.h"

#include <filesystem>
#include <vector>

namespace clw::engine {

class ExpectedOutputs {
public:
    // One comparison for each buffer with an expected result, in the session's order: the run's
    // output (A) against the file (the reference). A file that is missing or does not read is a
    // Missing comparison saying so; a tolerance that does not read throws ToleranceError.
    static std::vector<BufferComparison>
    compare(const Session& session, const std::filesystem::path& folder, const RunOutputs& outputs);
};

} // namespace clw::engine
