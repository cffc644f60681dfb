#pragma once
// Runs a kernel named `k` that writes one int to its only argument, one work-item, and returns
// what it wrote: how the build and cache tests see which program they were given.
#include "clw/engine/runtime/CommandQueue.h"
#include "clw/engine/runtime/Kernel.h"

namespace clw::test {

inline int kernelValue(const engine::Context& context, const engine::Device& device,
                       const engine::Program& program) {
    engine::CommandQueue queue(context, device);
    engine::Kernel kernel(program, "k");
    engine::Buffer out(context, CL_MEM_WRITE_ONLY, sizeof(cl_int));
    kernel.setArg(0, out);
    queue.ndRange(kernel, 1);
    cl_int value = -1;
    queue.read(out, 0, sizeof value, &value);
    return value;
}

} // namespace clw::test
