#include "SessionMemoryTypes.h"

#include "clw/engine/inspect/LayoutError.h"
#include "clw/engine/runtime/ImageFormat.h"
#include "clw/engine/session/SessionError.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <limits>

namespace clw::engine::detail {

namespace {

std::string upper(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::toupper(c)); });
    return text;
}

// The constant whose name (as ImageFormat.h prints it) is `text`, "CL_" optional, any case.
template <class T, class Name>
bool findByName(const std::string& text, std::initializer_list<T> candidates, Name name, T& out) {
    std::string wanted = upper(text);
    if (wanted.rfind("CL_", 0) != 0)
        wanted = "CL_" + wanted;
    for (T candidate : candidates)
        if (upper(name(candidate)) == wanted) {
            out = candidate;
            return true;
        }
    return false;
}

} // namespace

std::string bufferLabel(const SessionBuffer& buffer) {
    return (buffer.image ? "image '" : "buffer '") + buffer.name + "'";
}

std::string launchLabel(const SessionLaunch& launch) {
    return "launch '" + (launch.name.empty() ? launch.kernel : launch.name) + "'";
}

ElementLayout bufferLayout(const SessionBuffer& buffer) {
    try {
        ElementLayout layout = ElementLayout::parse(buffer.elementType);
        if (layout.isHex())
            throw LayoutError("a hex view is no element type; name the type the kernel uses");
        return layout;
    } catch (const LayoutError& error) {
        throw SessionError(bufferLabel(buffer) + ": type '" + buffer.elementType +
                           "' does not read: " + error.what());
    }
}

size_t bufferBytes(const SessionBuffer& buffer, const ElementLayout& layout) {
    const std::uint64_t count = buffer.elementCount();
    if (layout.size() == 0 || count > std::numeric_limits<size_t>::max() / layout.size())
        throw SessionError(bufferLabel(buffer) + ": " + std::to_string(count) + " elements of " +
                           std::to_string(layout.size()) +
                           " bytes are more than any memory holds; make its shape smaller");
    return size_t(count * layout.size());
}

bool isScalarOrVector(const ElementLayout& layout) {
    const std::optional<ScalarType> scalar = layout.commonScalar();
    const int width = layout.columnCount();
    if (!scalar || layout.isHex() ||
        (width != 1 && width != 2 && width != 3 && width != 4 && width != 8 && width != 16))
        return false;
    try {
        const ElementLayout plain = ElementLayout::scalar(*scalar, width);
        // A struct of four floats has a vector's columns but not its alignment.
        return plain.columns() == layout.columns() && plain.size() == layout.size() &&
               plain.alignment() == layout.alignment();
    } catch (const LayoutError&) {
        return false; // a scalar without a fixed size: no .npy dtype either
    }
}

cl_mem_flags accessFlags(const SessionBuffer& buffer) {
    if (buffer.access == "read_write" || buffer.access.empty())
        return CL_MEM_READ_WRITE;
    if (buffer.access == "read_only")
        return CL_MEM_READ_ONLY;
    if (buffer.access == "write_only")
        return CL_MEM_WRITE_ONLY;
    throw SessionError(bufferLabel(buffer) + ": access '" + buffer.access +
                       "' is none of read_write, read_only, write_only");
}

cl_image_format imageFormat(const SessionBuffer& buffer) {
    const SessionBuffer::Image& image = *buffer.image;
    cl_image_format format{};
    if (!findByName<cl_channel_order>(image.channelOrder,
                                      {CL_R,    CL_A,     CL_RG,    CL_RA,        CL_RGB,
                                       CL_RGBA, CL_BGRA,  CL_ARGB,  CL_INTENSITY, CL_LUMINANCE,
                                       CL_Rx,   CL_RGx,   CL_RGBx,  CL_DEPTH,     CL_DEPTH_STENCIL,
                                       CL_sRGB, CL_sRGBx, CL_sRGBA, CL_sBGRA,     CL_ABGR},
                                      channelOrderName, format.image_channel_order))
        throw SessionError(bufferLabel(buffer) + ": channel order '" + image.channelOrder +
                           "' is not an OpenCL channel order such as CL_RGBA or CL_R");
    if (!findByName<cl_channel_type>(
            image.channelType,
            {CL_SNORM_INT8, CL_SNORM_INT16, CL_UNORM_INT8, CL_UNORM_INT16, CL_UNORM_SHORT_565,
             CL_UNORM_SHORT_555, CL_UNORM_INT_101010, CL_SIGNED_INT8, CL_SIGNED_INT16,
             CL_SIGNED_INT32, CL_UNSIGNED_INT8, CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT,
             CL_FLOAT, CL_UNORM_INT24, CL_UNORM_INT_101010_2},
            channelTypeName, format.image_channel_data_type))
        throw SessionError(bufferLabel(buffer) + ": channel type '" + image.channelType +
                           "' is not an OpenCL channel type such as CL_UNORM_INT8 or CL_FLOAT");
    return format;
}

cl_mem_object_type imageObjectType(const SessionBuffer& buffer) {
    const std::string& type = buffer.image->type;
    cl_mem_object_type object = 0;
    size_t dimensions = 0;
    if (type == "image1d_t") {
        object = CL_MEM_OBJECT_IMAGE1D;
        dimensions = 1;
    } else if (type == "image2d_t") {
        object = CL_MEM_OBJECT_IMAGE2D;
        dimensions = 2;
    } else if (type == "image3d_t") {
        object = CL_MEM_OBJECT_IMAGE3D;
        dimensions = 3;
    } else {
        throw SessionError(bufferLabel(buffer) + ": image type '" + type +
                           "' is none of image1d_t, image2d_t, image3d_t");
    }
    if (buffer.shape.size() != dimensions)
        throw SessionError(bufferLabel(buffer) + ": an " + type + " takes " +
                           std::to_string(dimensions) + " sizes in `shape`, not " +
                           std::to_string(buffer.shape.size()));
    return object;
}

std::uint64_t shapeWidth(const SessionBuffer& buffer) {
    return buffer.shape.empty() ? 0 : buffer.shape[0];
}

std::uint64_t shapeHeight(const SessionBuffer& buffer) {
    return buffer.shape.size() > 1 ? buffer.shape[1] : 1;
}

std::uint64_t shapeDepth(const SessionBuffer& buffer) {
    return buffer.shape.size() > 2 ? buffer.shape[2] : 1;
}

} // namespace clw::engine::detail
