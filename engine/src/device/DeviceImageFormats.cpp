#include "clw/engine/device/DeviceImageFormats.h"

#include "clw/engine/runtime/ClApi.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Device.h"

namespace clw::engine {

namespace {

const cl_mem_object_type kImageTypes[] = {CL_MEM_OBJECT_IMAGE1D,       CL_MEM_OBJECT_IMAGE1D_BUFFER,
                                          CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE2D,
                                          CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D};

} // namespace

std::string memObjectTypeName(cl_mem_object_type type) {
    switch (type) {
    case CL_MEM_OBJECT_BUFFER:
        return "CL_MEM_OBJECT_BUFFER";
    case CL_MEM_OBJECT_IMAGE1D:
        return "CL_MEM_OBJECT_IMAGE1D";
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
        return "CL_MEM_OBJECT_IMAGE1D_BUFFER";
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        return "CL_MEM_OBJECT_IMAGE1D_ARRAY";
    case CL_MEM_OBJECT_IMAGE2D:
        return "CL_MEM_OBJECT_IMAGE2D";
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        return "CL_MEM_OBJECT_IMAGE2D_ARRAY";
    case CL_MEM_OBJECT_IMAGE3D:
        return "CL_MEM_OBJECT_IMAGE3D";
    case CL_MEM_OBJECT_PIPE:
        return "CL_MEM_OBJECT_PIPE";
    default:
        return "0x" + std::to_string(type);
    }
}

std::string memAccessFlagName(cl_mem_flags flags) {
    switch (flags) {
    case CL_MEM_READ_WRITE:
        return "CL_MEM_READ_WRITE";
    case CL_MEM_WRITE_ONLY:
        return "CL_MEM_WRITE_ONLY";
    case CL_MEM_READ_ONLY:
        return "CL_MEM_READ_ONLY";
    case CL_MEM_KERNEL_READ_AND_WRITE:
        return "CL_MEM_KERNEL_READ_AND_WRITE";
    default:
        return std::to_string(flags);
    }
}

DeviceImageFormats readImageFormats(const Device& device) {
    DeviceImageFormats result;
    result.imageSupport = device.tryInfo<CL_DEVICE_IMAGE_SUPPORT>().value_or(false);
    if (!result.imageSupport)
        return result;
    const Context context(device);
    std::vector<cl_mem_flags> flags = {CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY, CL_MEM_READ_WRITE};
    // Read-write images in kernels came with OpenCL 2.0; asking a 1.x driver is an error.
    if (CL_VERSION_MAJOR(device.numericVersion()) >= 2)
        flags.push_back(CL_MEM_KERNEL_READ_AND_WRITE);
    for (cl_mem_flags flag : flags) {
        for (cl_mem_object_type type : kImageTypes) {
            ImageFormatList list;
            list.imageType = type;
            list.flags = flag;
            // Read through the seam directly (not Context::supportedImageFormats) so that a type
            // the driver rejects is recorded with its error rather than thrown.
            cl_uint count = 0;
            list.error =
                clApi().clGetSupportedImageFormats(context.get(), flag, type, 0, nullptr, &count);
            if (list.error == CL_SUCCESS && count > 0) {
                list.formats.resize(count);
                list.error = clApi().clGetSupportedImageFormats(context.get(), flag, type, count,
                                                                list.formats.data(), nullptr);
                if (list.error != CL_SUCCESS)
                    list.formats.clear();
            }
            result.lists.push_back(std::move(list));
        }
    }
    return result;
}

} // namespace clw::engine
