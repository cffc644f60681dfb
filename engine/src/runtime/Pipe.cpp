#include "clw/engine/runtime/Pipe.h"

#include <string>

namespace clw::engine {

Pipe::Pipe(const Context& context, cl_mem_flags flags, cl_uint packetSize, cl_uint maxPackets) {
    cl_int code = CL_SUCCESS;
    cl_mem raw = clApi().clCreatePipe(context.get(), flags, packetSize, maxPackets, nullptr, &code);
    checkCl(code, "clCreatePipe", [&] {
        std::string text = "creating a pipe of " + std::to_string(maxPackets) + " packets of " +
                           std::to_string(packetSize) + " bytes";
        if (code == CL_INVALID_OPERATION)
            text += " (the device has no pipe support: CL_DEVICE_PIPE_SUPPORT is false)";
        else if (code == CL_INVALID_PIPE_SIZE)
            text += " (the packet size must be above 0 and at most the device's "
                    "CL_DEVICE_PIPE_MAX_PACKET_SIZE)";
        return text;
    });
    m_handle = Handle<cl_mem>::adopt(raw);
}

} // namespace clw::engine
