#pragma once
#include "clw/engine/Buffer.h"
#include "clw/engine/ImageFormat.h"

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
