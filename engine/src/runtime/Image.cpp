#include "clw/engine/runtime/Image.h"

#include <string>

namespace clw::engine {

namespace {

const char* imageTypeName(cl_mem_object_type type) {
    switch (type) {
    case CL_MEM_OBJECT_IMAGE1D:
        return "1D";
    case CL_MEM_OBJECT_IMAGE1D_BUFFER:
        return "1D buffer";
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        return "1D array";
    case CL_MEM_OBJECT_IMAGE2D:
        return "2D";
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        return "2D array";
    case CL_MEM_OBJECT_IMAGE3D:
        return "3D";
    default:
        return "unknown-type";
    }
}

std::string describeImage(const cl_image_format& format, const cl_image_desc& desc) {
    std::string text = std::string("a ") + imageTypeName(desc.image_type) + " image of " +
                       std::to_string(desc.image_width);
    switch (desc.image_type) {
    case CL_MEM_OBJECT_IMAGE2D:
        text += "x" + std::to_string(desc.image_height);
        break;
    case CL_MEM_OBJECT_IMAGE3D:
        text += "x" + std::to_string(desc.image_height) + "x" + std::to_string(desc.image_depth);
        break;
    case CL_MEM_OBJECT_IMAGE1D_ARRAY:
        text += " pixels x " + std::to_string(desc.image_array_size) + " layers";
        break;
    case CL_MEM_OBJECT_IMAGE2D_ARRAY:
        text += "x" + std::to_string(desc.image_height) + " pixels x " +
                std::to_string(desc.image_array_size) + " layers";
        break;
    default:
        break;
    }
    text += " (" + imageFormatName(format) + ")";
    return text;
}

cl_image_desc makeDesc(cl_mem_object_type type, size_t width) {
    cl_image_desc desc{};
    desc.image_type = type;
    desc.image_width = width;
    desc.image_height = 1;
    desc.image_depth = 1;
    desc.image_array_size = 1;
    return desc;
}

} // namespace

Image::Image(const Context& context, cl_mem_flags flags, const cl_image_format& format,
             const cl_image_desc& desc, void* hostPtr) {
    cl_int code = CL_SUCCESS;
    cl_mem raw = clApi().clCreateImage(context.get(), flags, &format, &desc, hostPtr, &code);
    checkCl(code, "clCreateImage", [&] {
        std::string text = "creating " + describeImage(format, desc);
        if (code == CL_IMAGE_FORMAT_NOT_SUPPORTED || code == CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
            text += " (Context::supportedImageFormats lists what the device takes)";
        else if (code == CL_INVALID_IMAGE_SIZE)
            text += " (above the device's CL_DEVICE_IMAGE*_MAX_* limits)";
        else if (code == CL_INVALID_OPERATION)
            text += " (the device may have no image support, CL_DEVICE_IMAGE_SUPPORT; PoCL also "
                    "says this for a format Context::supportedImageFormats does not list)";
        return text;
    });
    m_handle = Handle<cl_mem>::adopt(raw);
}

Image Image::create1D(const Context& context, cl_mem_flags flags, const cl_image_format& format,
                      size_t width, void* hostPtr) {
    return Image(context, flags, format, makeDesc(CL_MEM_OBJECT_IMAGE1D, width), hostPtr);
}

Image Image::create2D(const Context& context, cl_mem_flags flags, const cl_image_format& format,
                      size_t width, size_t height, size_t rowPitch, void* hostPtr) {
    cl_image_desc desc = makeDesc(CL_MEM_OBJECT_IMAGE2D, width);
    desc.image_height = height;
    desc.image_row_pitch = rowPitch;
    return Image(context, flags, format, desc, hostPtr);
}

Image Image::create3D(const Context& context, cl_mem_flags flags, const cl_image_format& format,
                      size_t width, size_t height, size_t depth, size_t rowPitch, size_t slicePitch,
                      void* hostPtr) {
    cl_image_desc desc = makeDesc(CL_MEM_OBJECT_IMAGE3D, width);
    desc.image_height = height;
    desc.image_depth = depth;
    desc.image_row_pitch = rowPitch;
    desc.image_slice_pitch = slicePitch;
    return Image(context, flags, format, desc, hostPtr);
}

Image Image::create1DArray(const Context& context, cl_mem_flags flags,
                           const cl_image_format& format, size_t width, size_t arraySize) {
    cl_image_desc desc = makeDesc(CL_MEM_OBJECT_IMAGE1D_ARRAY, width);
    desc.image_array_size = arraySize;
    return Image(context, flags, format, desc);
}

Image Image::create2DArray(const Context& context, cl_mem_flags flags,
                           const cl_image_format& format, size_t width, size_t height,
                           size_t arraySize) {
    cl_image_desc desc = makeDesc(CL_MEM_OBJECT_IMAGE2D_ARRAY, width);
    desc.image_height = height;
    desc.image_array_size = arraySize;
    return Image(context, flags, format, desc);
}

Image Image::fromBuffer(const Context& context, cl_mem_flags flags, const cl_image_format& format,
                        size_t width, const Buffer& buffer) {
    cl_image_desc desc = makeDesc(CL_MEM_OBJECT_IMAGE1D_BUFFER, width);
    desc.buffer = buffer.get();
    return Image(context, flags, format, desc);
}

} // namespace clw::engine
