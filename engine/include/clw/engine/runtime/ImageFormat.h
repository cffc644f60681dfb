#pragma once
// Helpers for cl_image_format: names and sizes.
#include "clw/engine/runtime/ClHeaders.h"

#include <string>

namespace clw::engine {

// "CL_RGBA" and "CL_FLOAT".
std::string channelOrderName(cl_channel_order order);
std::string channelTypeName(cl_channel_type type);
// "CL_RGBA / CL_FLOAT".
std::string imageFormatName(const cl_image_format& format);
// Channels of an order (4 for CL_RGBA); 0 when unknown.
size_t channelCount(cl_channel_order order);
// Bytes of one channel of a type (PyOpenCL's dtype_size); a packed type (CL_UNORM_SHORT_565, ...)
// holds the whole pixel and gives its size. 0 when unknown.
size_t channelTypeSize(cl_channel_type type);
bool isPackedChannelType(cl_channel_type type);
// The type a pixel of `format` reads as on the host ("uchar4" for CL_RGBA / CL_UNORM_INT8);
// empty where no OpenCL type fits (three channels, packed types).
std::string pixelTypeName(const cl_image_format& format);
// Bytes per pixel of a format, the element size of an image of it (PyOpenCL's itemsize); 0 when
// unknown.
size_t pixelSize(const cl_image_format& format);

inline bool operator==(const cl_image_format& a, const cl_image_format& b) {
    return a.image_channel_order == b.image_channel_order &&
           a.image_channel_data_type == b.image_channel_data_type;
}

} // namespace clw::engine
