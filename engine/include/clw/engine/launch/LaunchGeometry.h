#pragma once
// Checks a launch's ND-range against the device's and the kernel's limits (DESIGN.md §2
// Launches) and says which limit and what would fit.
#include "clw/engine/launch/KernelLimits.h"
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/runtime/NDRange.h"

#include <optional>
#include <string>

namespace clw::engine {

struct LaunchGeometry {
    NDRange global;
    NDRange local;  // dimensions() == 0: the driver chooses
    NDRange offset; // dimensions() == 0: none
    // The seeds' g_times_l: `global` counts work-groups, and the real global size is
    // global * local.
    bool groupsTimesLocal = false;
    // The seeds' allow_empty_ndrange: a global size with a 0 is no error but enqueues a marker.
    bool allowEmpty = false;
};

struct GeometryCheck {
    bool ok = true;
    cl_int code = CL_SUCCESS; // when not ok: the error clEnqueueNDRangeKernel gives for it
    bool empty = false;       // nothing to run: enqueue a marker
    NDRange global;           // after g_times_l
    NDRange local;            // after reqd_work_group_size filled it in
    std::string problem;      // which limit, and what would fit
    std::optional<NDRange> suggestedLocal;
};

// Never throws: the result says what is wrong.
GeometryCheck checkGeometry(const LaunchGeometry& geometry, const KernelLimits& limits,
                            const KernelSignature& signature, cl_ulong localArgumentBytes = 0);
// A local size that divides `global` and fits the limits, preferring multiples of the preferred
// work-group size multiple and then the largest work-group.
NDRange suggestLocalSize(const NDRange& global, const KernelLimits& limits);

} // namespace clw::engine
