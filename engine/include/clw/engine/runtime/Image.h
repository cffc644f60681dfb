#pragma once
#include "clw/engine/runtime/ArrayChannelType.h"
#include "clw/engine/runtime/Buffer.h"
#include "clw/engine/runtime/ImageFormat.h"

#include <cstddef>
#include <ranges>
#include <span>
#include <vector>

namespace clw::engine {

// An image of any type: 1D, 1D buffer, 1D array, 2D, 2D array, 3D.
class Image : public MemoryObject {
public:
    Image() = default;
    Image(const Context& context, cl_mem_flags flags, const cl_image_format& format,
          const cl_image_desc& desc, void* hostPtr = nullptr);
    static Image retain(cl_mem raw) { return Image(Handle<cl_mem>::retain(raw)); }

    static Image create1D(const Context& context, cl_mem_flags flags, const cl_image_format& format,
                          size_t width, void* hostPtr = nullptr);
    static Image create2D(const Context& context, cl_mem_flags flags, const cl_image_format& format,
                          size_t width, size_t height, size_t rowPitch = 0,
                          void* hostPtr = nullptr);
    static Image create3D(const Context& context, cl_mem_flags flags, const cl_image_format& format,
                          size_t width, size_t height, size_t depth, size_t rowPitch = 0,
                          size_t slicePitch = 0, void* hostPtr = nullptr);
    static Image create1DArray(const Context& context, cl_mem_flags flags,
                               const cl_image_format& format, size_t width, size_t arraySize);
    static Image create2DArray(const Context& context, cl_mem_flags flags,
                               const cl_image_format& format, size_t width, size_t height,
                               size_t arraySize);
    // A 1D image whose pixels are the bytes of `buffer`.
    static Image fromBuffer(const Context& context, cl_mem_flags flags,
                            const cl_image_format& format, size_t width, const Buffer& buffer);

    // A 2D or 3D image holding a copy of a C-order host array (the seeds' image_from_array,
    // CL_MEM_COPY_HOST_PTR). `shape` is the array's, as numpy gives it: (height, width) or
    // (depth, height, width), and with channels > 1 a last entry equal to `channels`. The format
    // is the first `channels` of RGBA (CL_R, CL_RG, CL_RGB, CL_RGBA) with the channel type of
    // the element type (ArrayChannelType.h). As in PyOpenCL, pixel (x, y) is array[y][x]: a
    // kernel's coordinates are the array's indices reversed. access: CL_MEM_READ_ONLY (PyOpenCL's
    // mode "r"), CL_MEM_WRITE_ONLY ("w") or CL_MEM_READ_WRITE.
    //
    // Throws ClError with CL_INVALID_VALUE for a shape that is not 2D or 3D, a channel count
    // outside 1..4 or one the shape does not end with, data whose size does not match the shape
    // or another access. A format the context's devices do not list
    // (Context::supportedImageFormats) is CL_IMAGE_FORMAT_NOT_SUPPORTED, checked before the
    // driver sees it because not every driver gives that code (PoCL 3 says
    // CL_INVALID_OPERATION); 3 channels of float or integer data are CL_RGB, which OpenCL takes
    // only with packed types, and are CL_INVALID_IMAGE_FORMAT_DESCRIPTOR where not listed: pad
    // them to 4. Any other refusal is the driver's code (CL_INVALID_OPERATION without images).
    template <std::ranges::contiguous_range Array>
    static Image fromArray(const Context& context, const Array& data,
                           const std::vector<size_t>& shape, size_t channels = 1,
                           cl_mem_flags access = CL_MEM_READ_ONLY, bool normalizedInts = false) {
        using T = std::ranges::range_value_t<Array>;
        const std::span<const T> values(std::ranges::data(data), std::ranges::size(data));
        return fromArrayBytes(context, std::as_bytes(values), shape,
                              arrayChannelType<T>(normalizedInts), channels, access);
    }
    // The same from raw bytes and an explicit channel type (CL_HALF_FLOAT, which has no C++
    // type, or a normalized type): data holds shape's pixels of pixelSize() bytes each.
    static Image fromArrayBytes(const Context& context, std::span<const std::byte> data,
                                const std::vector<size_t>& shape, cl_channel_type type,
                                size_t channels = 1, cl_mem_flags access = CL_MEM_READ_ONLY);

    template <cl_image_info P>
    typename ImageInfo<P>::type imageInfo() const {
        return detail::queryInfo<typename ImageInfo<P>::type>(
            [&](size_t s, void* v, size_t* r) { return clApi().clGetImageInfo(get(), P, s, v, r); },
            "clGetImageInfo", ImageInfo<P>::kName);
    }
    cl_image_format format() const { return imageInfo<CL_IMAGE_FORMAT>(); }
    size_t width() const { return imageInfo<CL_IMAGE_WIDTH>(); }
    size_t height() const { return imageInfo<CL_IMAGE_HEIGHT>(); }
    size_t depth() const { return imageInfo<CL_IMAGE_DEPTH>(); }
    size_t arraySize() const { return imageInfo<CL_IMAGE_ARRAY_SIZE>(); }
    size_t elementSize() const { return imageInfo<CL_IMAGE_ELEMENT_SIZE>(); }
    size_t rowPitch() const { return imageInfo<CL_IMAGE_ROW_PITCH>(); }
    size_t slicePitch() const { return imageInfo<CL_IMAGE_SLICE_PITCH>(); }

private:
    explicit Image(Handle<cl_mem> handle)
        : MemoryObject(std::move(handle)) {}
};

} // namespace clw::engine
