#pragma once
// A differential run's verdict (issue 19): the output buffers of run A compared with those of run
// B, the reference, each element under the buffer's tolerance (ToleranceRules.h). The runs are
// the same session on two devices, or two sessions with the same buffers (a changed kernel on
// the reference's device). Values only: no OpenCL, no threads.
#include "clw/engine/inspect/BufferComparison.h"
#include "clw/engine/inspect/ToleranceRules.h"
#include "clw/engine/session/NpyArray.h"
#include "clw/engine/session/Session.h"

#include <string>
#include <utility>
#include <vector>

namespace clw::engine {

// A run's output buffers as SessionRun::outputs gives them.
using RunOutputs = std::vector<std::pair<std::string, NpyArray>>;

class OutputComparison {
public:
    // Compares every output of either run: A's in A's order, then those only B has. A buffer's
    // element type and shape come from its run's session (`a` and `b` may be the same); each
    // array is as SessionResources::read gives it (a scalar or vector type as its dtype with a
    // component axis, a struct as uint8 rows). A buffer in one run only, or whose type, shape or
    // byte count differ, is a difference with its problem said, and nothing of it is compared.
    static OutputComparison compare(const Session& a, const RunOutputs& outputsA, const Session& b,
                                    const RunOutputs& outputsB, const ToleranceRules& rules = {});

    const std::vector<BufferComparison>& buffers() const { return m_buffers; }
    const BufferComparison* find(const std::string& name) const;
    // Buffers whose status is not Within.
    size_t differingBuffers() const;
    bool differs() const { return differingBuffers() != 0; }

private:
    std::vector<BufferComparison> m_buffers;
};

} // namespace clw::engine
