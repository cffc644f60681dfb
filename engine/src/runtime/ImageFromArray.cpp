// Image::fromArray: an image from a C-order host array, as PyOpenCL's image_from_array builds it.
#include "clw/engine/runtime/Image.h"

#include <algorithm>
#include <string>
#include <vector>

namespace clw::engine {

namespace {

constexpr const char* kFunction = "Image::fromArray";

// "(4, 3, 2)", numpy's way.
std::string shapeText(const std::vector<size_t>& shape) {
    std::string text = "(";
    for (size_t i = 0; i < shape.size(); ++i)
        text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

cl_channel_order orderOfChannels(size_t channels) {
    static constexpr cl_channel_order kOrders[] = {CL_R, CL_RG, CL_RGB, CL_RGBA};
    return kOrders[channels - 1];
}

// OpenCL's code for a format the devices do not take is CL_IMAGE_FORMAT_NOT_SUPPORTED, but not
// every driver says it (PoCL 3 answers CL_INVALID_OPERATION), so the list is asked first. An empty
// list means no image support: the driver's own error says that.
void checkFormatListed(const Context& context, const cl_image_format& format, cl_mem_flags access,
                       cl_mem_object_type imageType, const std::string& doing) {
    const std::vector<cl_image_format> listed = context.supportedImageFormats(access, imageType);
    const auto same = [&](const cl_image_format& other) { return other == format; };
    if (listed.empty() || std::any_of(listed.begin(), listed.end(), same))
        return;
    std::string sameOrder;
    for (const cl_image_format& other : listed)
        if (other.image_channel_order == format.image_channel_order)
            sameOrder +=
                (sameOrder.empty() ? "" : ", ") + channelTypeName(other.image_channel_data_type);
    // CL_RGB of float or integer channels is what PyOpenCL's image_from_array asks for with 3
    // channels; OpenCL calls it an invalid format, not an unsupported one.
    const bool invalidRgb = format.image_channel_order == CL_RGB &&
                            !isPackedChannelType(format.image_channel_data_type);
    std::string text = doing + " (the devices do not take " + imageFormatName(format);
    if (invalidRgb)
        text += ": OpenCL's CL_RGB takes only packed channel types such as CL_UNORM_SHORT_565, so "
                "give the array a fourth channel and make it CL_RGBA)";
    else if (sameOrder.empty())
        text += ": they take no " + channelOrderName(format.image_channel_order) +
                " format at all; Context::supportedImageFormats lists what they take)";
    else
        text += "; with " + channelOrderName(format.image_channel_order) + " they take " +
                sameOrder + ")";
    throw ClError(invalidRgb ? CL_INVALID_IMAGE_FORMAT_DESCRIPTOR : CL_IMAGE_FORMAT_NOT_SUPPORTED,
                  kFunction, text);
}

} // namespace

Image Image::fromArrayBytes(const Context& context, std::span<const std::byte> data,
                            const std::vector<size_t>& shape, cl_channel_type type, size_t channels,
                            cl_mem_flags access) {
    const std::string doing = "making an image from an array of shape " + shapeText(shape) +
                              " with " + std::to_string(channels) + " channels of " +
                              channelTypeName(type);
    if (channels < 1 || channels > 4)
        throw ClError(CL_INVALID_VALUE, kFunction,
                      doing + " (an image has 1 to 4 channels: R, RG, RGB or RGBA)");
    if (channels > 1 && (shape.empty() || shape.back() != channels))
        throw ClError(CL_INVALID_VALUE, kFunction,
                      doing + " (with more than one channel the shape's last entry is the "
                              "channel count)");
    const size_t dimensions = shape.size() - (channels > 1 ? 1 : 0);
    if (dimensions != 2 && dimensions != 3)
        throw ClError(CL_INVALID_VALUE, kFunction,
                      doing +
                          " (the image must be 2D, (height, width), or 3D, (depth, height, "
                          "width); it has " +
                          std::to_string(dimensions) + " dimensions)");
    if (access != CL_MEM_READ_ONLY && access != CL_MEM_WRITE_ONLY && access != CL_MEM_READ_WRITE)
        throw ClError(CL_INVALID_VALUE, kFunction,
                      doing + " (access must be CL_MEM_READ_ONLY, CL_MEM_WRITE_ONLY or "
                              "CL_MEM_READ_WRITE)");
    const cl_image_format format{orderOfChannels(channels), type};
    const size_t bytesPerPixel = pixelSize(format);
    if (bytesPerPixel == 0)
        throw ClError(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, kFunction,
                      doing + " (the channel type is not one OpenCL names)");
    size_t pixels = 1;
    for (size_t i = 0; i < dimensions; ++i)
        pixels *= shape[i];
    if (data.size() != pixels * bytesPerPixel)
        throw ClError(CL_INVALID_VALUE, kFunction,
                      doing + " (the shape needs " + std::to_string(pixels * bytesPerPixel) +
                          " bytes of data, " + std::to_string(bytesPerPixel) +
                          " a pixel; there are " + std::to_string(data.size()) + ")");

    const cl_mem_object_type imageType =
        dimensions == 2 ? CL_MEM_OBJECT_IMAGE2D : CL_MEM_OBJECT_IMAGE3D;
    checkFormatListed(context, format, access, imageType, doing);

    // C order: the last index varies fastest, which is the image's x. Tight pitches (0).
    const size_t width = shape[dimensions - 1];
    const size_t height = shape[dimensions - 2];
    // CL_MEM_COPY_HOST_PTR only reads the memory.
    void* host = const_cast<std::byte*>(data.data());
    if (dimensions == 2)
        return create2D(context, access | CL_MEM_COPY_HOST_PTR, format, width, height, 0, host);
    return create3D(context, access | CL_MEM_COPY_HOST_PTR, format, width, height, shape[0], 0, 0,
                    host);
}

} // namespace clw::engine
