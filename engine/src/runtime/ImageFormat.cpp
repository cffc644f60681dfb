#include "clw/engine/runtime/ImageFormat.h"

namespace clw::engine {

#define CLW_NAME_CASE(x)                                                                           \
    case x:                                                                                        \
        return #x;

std::string channelOrderName(cl_channel_order order) {
    switch (order) {
        CLW_NAME_CASE(CL_R)
        CLW_NAME_CASE(CL_A)
        CLW_NAME_CASE(CL_RG)
        CLW_NAME_CASE(CL_RA)
        CLW_NAME_CASE(CL_RGB)
        CLW_NAME_CASE(CL_RGBA)
        CLW_NAME_CASE(CL_BGRA)
        CLW_NAME_CASE(CL_ARGB)
        CLW_NAME_CASE(CL_INTENSITY)
        CLW_NAME_CASE(CL_LUMINANCE)
        CLW_NAME_CASE(CL_Rx)
        CLW_NAME_CASE(CL_RGx)
        CLW_NAME_CASE(CL_RGBx)
        CLW_NAME_CASE(CL_DEPTH)
        CLW_NAME_CASE(CL_DEPTH_STENCIL)
        CLW_NAME_CASE(CL_sRGB)
        CLW_NAME_CASE(CL_sRGBx)
        CLW_NAME_CASE(CL_sRGBA)
        CLW_NAME_CASE(CL_sBGRA)
        CLW_NAME_CASE(CL_ABGR)
    default:
        return "channel order " + std::to_string(order);
    }
}

std::string channelTypeName(cl_channel_type type) {
    switch (type) {
        CLW_NAME_CASE(CL_SNORM_INT8)
        CLW_NAME_CASE(CL_SNORM_INT16)
        CLW_NAME_CASE(CL_UNORM_INT8)
        CLW_NAME_CASE(CL_UNORM_INT16)
        CLW_NAME_CASE(CL_UNORM_SHORT_565)
        CLW_NAME_CASE(CL_UNORM_SHORT_555)
        CLW_NAME_CASE(CL_UNORM_INT_101010)
        CLW_NAME_CASE(CL_SIGNED_INT8)
        CLW_NAME_CASE(CL_SIGNED_INT16)
        CLW_NAME_CASE(CL_SIGNED_INT32)
        CLW_NAME_CASE(CL_UNSIGNED_INT8)
        CLW_NAME_CASE(CL_UNSIGNED_INT16)
        CLW_NAME_CASE(CL_UNSIGNED_INT32)
        CLW_NAME_CASE(CL_HALF_FLOAT)
        CLW_NAME_CASE(CL_FLOAT)
        CLW_NAME_CASE(CL_UNORM_INT24)
        CLW_NAME_CASE(CL_UNORM_INT_101010_2)
    default:
        return "channel type " + std::to_string(type);
    }
}
#undef CLW_NAME_CASE

std::string imageFormatName(const cl_image_format& format) {
    return channelOrderName(format.image_channel_order) + " / " +
           channelTypeName(format.image_channel_data_type);
}

size_t channelCount(cl_channel_order order) {
    switch (order) {
    case CL_R:
    case CL_A:
    case CL_INTENSITY:
    case CL_LUMINANCE:
    case CL_Rx:
    case CL_DEPTH:
        return 1;
    case CL_RG:
    case CL_RA:
    case CL_RGx:
    case CL_DEPTH_STENCIL:
        return 2;
    case CL_RGB:
    case CL_RGBx:
    case CL_sRGB:
    case CL_sRGBx:
        return 3;
    case CL_RGBA:
    case CL_BGRA:
    case CL_ARGB:
    case CL_ABGR:
    case CL_sRGBA:
    case CL_sBGRA:
        return 4;
    default:
        return 0;
    }
}

size_t channelTypeSize(cl_channel_type type) {
    switch (type) {
    case CL_SNORM_INT8:
    case CL_UNORM_INT8:
    case CL_SIGNED_INT8:
    case CL_UNSIGNED_INT8:
        return 1;
    case CL_SNORM_INT16:
    case CL_UNORM_INT16:
    case CL_SIGNED_INT16:
    case CL_UNSIGNED_INT16:
    case CL_HALF_FLOAT:
    case CL_UNORM_SHORT_565: // packed types hold the whole pixel
    case CL_UNORM_SHORT_555:
        return 2;
    case CL_SIGNED_INT32:
    case CL_UNSIGNED_INT32:
    case CL_FLOAT:
    case CL_UNORM_INT_101010:
    case CL_UNORM_INT_101010_2:
    case CL_UNORM_INT24:
        return 4;
    default:
        return 0;
    }
}

bool isPackedChannelType(cl_channel_type type) {
    return type == CL_UNORM_SHORT_565 || type == CL_UNORM_SHORT_555 ||
           type == CL_UNORM_INT_101010 || type == CL_UNORM_INT_101010_2 || type == CL_UNORM_INT24;
}

std::string pixelTypeName(const cl_image_format& format) {
    std::string scalar;
    switch (format.image_channel_data_type) {
    case CL_UNORM_INT8:
    case CL_UNSIGNED_INT8:
        scalar = "uchar";
        break;
    case CL_SNORM_INT8:
    case CL_SIGNED_INT8:
        scalar = "char";
        break;
    case CL_UNORM_INT16:
    case CL_UNSIGNED_INT16:
        scalar = "ushort";
        break;
    case CL_SNORM_INT16:
    case CL_SIGNED_INT16:
        scalar = "short";
        break;
    case CL_SIGNED_INT32:
        scalar = "int";
        break;
    case CL_UNSIGNED_INT32:
        scalar = "uint";
        break;
    case CL_HALF_FLOAT:
        scalar = "half";
        break;
    case CL_FLOAT:
        scalar = "float";
        break;
    default:
        return {};
    }
    const size_t channels = channelCount(format.image_channel_order);
    if (channels == 1)
        return scalar;
    if (channels == 2 || channels == 4)
        return scalar + std::to_string(channels);
    return {}; // 3 channels: no OpenCL type of three packed scalars
}

size_t pixelSize(const cl_image_format& format) {
    const size_t bytes = channelTypeSize(format.image_channel_data_type);
    if (isPackedChannelType(format.image_channel_data_type))
        return bytes;
    return bytes * channelCount(format.image_channel_order);
}

} // namespace clw::engine
