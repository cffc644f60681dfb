#include "clw/engine/launch/LaunchGeometry.h"

#include <algorithm>

namespace clw::engine {

namespace {

std::string text(const NDRange& range) {
    std::string out = "(";
    for (unsigned i = 0; i < range.dimensions(); ++i)
        out += (i ? ", " : "") + std::to_string(range[i]);
    return out + ")";
}

NDRange makeRange(unsigned dims, const size_t* values) {
    switch (dims) {
    case 1:
        return NDRange(values[0]);
    case 2:
        return NDRange(values[0], values[1]);
    case 3:
        return NDRange(values[0], values[1], values[2]);
    default:
        return NDRange();
    }
}

// The largest divisor of n that is at most limit, preferring multiples of `preferred`.
size_t largestDivisor(size_t n, size_t limit, size_t preferred) {
    limit = std::max<size_t>(1, std::min(limit, n));
    size_t best = 1;
    for (size_t d = limit; d >= 1; --d) {
        if (n % d != 0)
            continue;
        if (d % preferred == 0)
            return d;
        best = std::max(best, d);
        if (d == 1)
            break;
    }
    return best;
}

} // namespace

NDRange suggestLocalSize(const NDRange& global, const KernelLimits& limits) {
    const unsigned dims = global.dimensions();
    size_t budget = std::max<size_t>(1, limits.maxWorkGroupSize());
    size_t local[3] = {1, 1, 1};
    for (unsigned i = 0; i < dims; ++i) {
        const size_t itemLimit =
            i < limits.maxWorkItemSizes.size() ? limits.maxWorkItemSizes[i] : budget;
        local[i] = largestDivisor(std::max<size_t>(global[i], 1), std::min(itemLimit, budget),
                                  i == 0 ? limits.preferredMultiple : 1);
        budget /= local[i];
    }
    return makeRange(dims, local);
}

GeometryCheck checkGeometry(const LaunchGeometry& geometry, const KernelLimits& limits,
                            const KernelSignature& signature, cl_ulong localArgumentBytes) {
    GeometryCheck check;
    // With g_times_l the sizes may differ in length (the seeds': as PyOpenCL, the longer one
    // counts and the missing entries are 1).
    const unsigned dims = geometry.groupsTimesLocal
                              ? std::max(geometry.global.dimensions(), geometry.local.dimensions())
                              : geometry.global.dimensions();
    const auto entry = [](const NDRange& range, unsigned i) {
        return i < range.dimensions() ? range[i] : size_t(1);
    };
    auto fail = [&](cl_int code, std::string problem) {
        check.ok = false;
        check.code = code;
        check.problem = std::move(problem);
        return check;
    };
    if (dims < 1 || dims > 3)
        return fail(CL_INVALID_WORK_DIMENSION,
                    "an ND-range has 1 to 3 dimensions; the global size has " +
                        std::to_string(dims));
    if (dims > limits.maxDimensions)
        return fail(CL_INVALID_WORK_DIMENSION,
                    "the device runs at most " + std::to_string(limits.maxDimensions) +
                        " dimensions (CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS); the global size has " +
                        std::to_string(dims));
    if (geometry.local.dimensions() && geometry.local.dimensions() != dims &&
        !geometry.groupsTimesLocal)
        return fail(CL_INVALID_WORK_GROUP_SIZE, "the local size " + text(geometry.local) + " has " +
                                                    std::to_string(geometry.local.dimensions()) +
                                                    " dimensions, the global size " +
                                                    text(geometry.global) + " has " +
                                                    std::to_string(dims));
    if (geometry.offset.dimensions() && geometry.offset.dimensions() != dims)
        return fail(CL_INVALID_GLOBAL_OFFSET, "the offset " + text(geometry.offset) + " has " +
                                                  std::to_string(geometry.offset.dimensions()) +
                                                  " dimensions, the global size " +
                                                  std::to_string(dims));

    size_t local[3] = {0, 0, 0};
    bool haveLocal = geometry.local.dimensions() != 0;
    for (unsigned i = 0; i < dims && haveLocal; ++i)
        local[i] = entry(geometry.local, i);
    // allow_empty_ndrange: a 0 in the local size makes the range empty too (a marker).
    for (unsigned i = 0; i < dims && haveLocal && geometry.allowEmpty; ++i)
        if (local[i] == 0) {
            check.empty = true;
            return check;
        }

    // reqd_work_group_size fixes the local size.
    std::array<size_t, 3> required = signature.reqdWorkGroupSize;
    if (required[0] == 0)
        required = limits.compileWorkGroupSize;
    if (required[0] != 0) {
        const NDRange requiredRange = makeRange(dims, required.data());
        if (!haveLocal) {
            for (unsigned i = 0; i < dims; ++i)
                local[i] = required[i];
            haveLocal = true;
        } else {
            for (unsigned i = 0; i < dims; ++i) {
                if (local[i] != required[i]) {
                    check.suggestedLocal = requiredRange;
                    return fail(CL_INVALID_WORK_GROUP_SIZE,
                                "kernel '" + signature.name + "' requires the local size " +
                                    text(requiredRange) +
                                    " (reqd_work_group_size); the launch asks for " +
                                    text(geometry.local));
                }
            }
        }
    }

    size_t global[3] = {entry(geometry.global, 0), entry(geometry.global, 1),
                        entry(geometry.global, 2)};
    if (geometry.groupsTimesLocal) {
        if (!haveLocal)
            return fail(CL_INVALID_WORK_GROUP_SIZE,
                        "g_times_l counts work-groups, so it needs a local size");
        for (unsigned i = 0; i < dims; ++i)
            global[i] *= local[i];
    }
    check.global = makeRange(dims, global);
    if (haveLocal)
        check.local = makeRange(dims, local);

    for (unsigned i = 0; i < dims; ++i) {
        if (global[i] == 0) {
            if (geometry.allowEmpty) {
                check.empty = true;
                return check;
            }
            return fail(CL_INVALID_GLOBAL_WORK_SIZE,
                        "the global size is 0 in dimension " + std::to_string(i) +
                            "; allow empty ND-ranges to enqueue a marker instead");
        }
    }

    if (haveLocal) {
        size_t total = 1;
        for (unsigned i = 0; i < dims; ++i) {
            if (local[i] == 0)
                return fail(CL_INVALID_WORK_GROUP_SIZE,
                            "the local size is 0 in dimension " + std::to_string(i));
            if (i < limits.maxWorkItemSizes.size() && local[i] > limits.maxWorkItemSizes[i]) {
                check.suggestedLocal = suggestLocalSize(check.global, limits);
                return fail(CL_INVALID_WORK_ITEM_SIZE,
                            "the local size " + std::to_string(local[i]) + " in dimension " +
                                std::to_string(i) + " is above the device's limit of " +
                                std::to_string(limits.maxWorkItemSizes[i]) +
                                " (CL_DEVICE_MAX_WORK_ITEM_SIZES); " + text(*check.suggestedLocal) +
                                " would fit");
            }
            total *= local[i];
        }
        if (total > limits.maxWorkGroupSize()) {
            check.suggestedLocal = suggestLocalSize(check.global, limits);
            return fail(CL_INVALID_WORK_GROUP_SIZE,
                        "a work-group of " + std::to_string(total) +
                            " work-items is above the largest this kernel can run with on the "
                            "device, " +
                            std::to_string(limits.maxWorkGroupSize()) +
                            " (CL_KERNEL_WORK_GROUP_SIZE / CL_DEVICE_MAX_WORK_GROUP_SIZE); " +
                            text(*check.suggestedLocal) + " would fit");
        }
        if (!limits.nonUniformWorkGroups) {
            for (unsigned i = 0; i < dims; ++i) {
                if (global[i] % local[i] != 0) {
                    check.suggestedLocal = suggestLocalSize(check.global, limits);
                    return fail(CL_INVALID_WORK_GROUP_SIZE,
                                "the global size " + std::to_string(global[i]) + " in dimension " +
                                    std::to_string(i) + " is not a multiple of the local size " +
                                    std::to_string(local[i]) +
                                    " and the device (or the program's OpenCL C version) has no "
                                    "non-uniform work-groups; " +
                                    text(*check.suggestedLocal) + " would divide it");
                }
            }
        }
    }

    const cl_ulong needed = limits.kernelLocalMemory + localArgumentBytes;
    if (limits.deviceLocalMemory && needed > limits.deviceLocalMemory)
        return fail(CL_OUT_OF_RESOURCES,
                    "the kernel needs " + std::to_string(needed) + " bytes of local memory (" +
                        std::to_string(limits.kernelLocalMemory) + " declared in the kernel, " +
                        std::to_string(localArgumentBytes) +
                        " in __local arguments); the device has " +
                        std::to_string(limits.deviceLocalMemory) + " (CL_DEVICE_LOCAL_MEM_SIZE)");
    return check;
}

} // namespace clw::engine
