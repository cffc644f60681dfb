#pragma once
#include "clw/engine/runtime/MemoryObject.h"

namespace clw::engine {

// An OpenCL 2.0 pipe. Devices without CL_DEVICE_PIPE_SUPPORT answer CL_INVALID_OPERATION.
class Pipe : public MemoryObject {
public:
    Pipe() = default;
    Pipe(const Context& context, cl_mem_flags flags, cl_uint packetSize, cl_uint maxPackets);
    static Pipe retain(cl_mem raw) { return Pipe(Handle<cl_mem>::retain(raw)); }

    template <cl_pipe_info P>
    typename PipeInfo<P>::type pipeInfo() const {
        return detail::queryInfo<typename PipeInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) { return clApi().clGetPipeInfo(get(), P, s, v, r); },
            "clGetPipeInfo", PipeInfo<P>::kName);
    }
    cl_uint packetSize() const { return pipeInfo<CL_PIPE_PACKET_SIZE>(); }
    cl_uint maxPackets() const { return pipeInfo<CL_PIPE_MAX_PACKETS>(); }

private:
    explicit Pipe(Handle<cl_mem> handle)
        : MemoryObject(std::move(handle)) {}
};

} // namespace clw::engine
