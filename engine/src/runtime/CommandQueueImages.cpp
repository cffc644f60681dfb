// CommandQueue: image transfers, fills, copies and maps.
#include "clw/engine/runtime/CommandQueue.h"

#include "QueueSupport.h"

#include <algorithm>

namespace clw::engine {

using detail::enqueued;
using detail::extentText;
using detail::keptAlive;
using detail::RawWaitList;
using detail::tupleText;

std::string detail::imageText(const Image& image) {
    try {
        std::string text = "a ";
        switch (image.type()) {
        case CL_MEM_OBJECT_IMAGE1D:
            text += "1D";
            break;
        case CL_MEM_OBJECT_IMAGE1D_BUFFER:
            text += "1D buffer";
            break;
        case CL_MEM_OBJECT_IMAGE1D_ARRAY:
            text += "1D array";
            break;
        case CL_MEM_OBJECT_IMAGE2D:
            text += "2D";
            break;
        case CL_MEM_OBJECT_IMAGE2D_ARRAY:
            text += "2D array";
            break;
        case CL_MEM_OBJECT_IMAGE3D:
            text += "3D";
            break;
        default:
            break;
        }
        text += " image of " +
                extentText({image.width(), std::max<size_t>(image.height(), 1),
                            std::max<size_t>(image.depth(), 1)}) +
                " pixels";
        if (const size_t layers = image.arraySize())
            text += " x " + std::to_string(layers) + " layers";
        return text + " (" + imageFormatName(image.format()) + ")";
    } catch (const ClError&) {
        return "an image";
    }
}

namespace {

std::string describeImageRegion(const char* verb, const Size3& origin, const Size3& region,
                                const char* preposition, const Image& image) {
    return std::string(verb) + " a " + extentText(region) + " region at origin " +
           tupleText(origin) + " " + preposition + " " + detail::imageText(image);
}

const char* hostPitchHint(cl_int code) {
    return code == CL_INVALID_VALUE ? " (the region must lie inside the image, and host pitches "
                                      "be 0 or at least the packed row / slice size)"
                                    : "";
}

} // namespace

Event CommandQueue::readImage(const Image& image, const Size3& origin, const Size3& region,
                              void* host, size_t rowPitch, size_t slicePitch, bool blocking,
                              WaitList waitFor, std::shared_ptr<const void> keepAlive) const {
    const RawWaitList wait(waitFor, "clEnqueueReadImage");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueReadImage(
        get(), image.get(), blocking ? CL_TRUE : CL_FALSE, origin.data(), region.data(), rowPitch,
        slicePitch, host, wait.size(), wait.data(), &event);
    return keptAlive(enqueued(code, event, "clEnqueueReadImage",
                              [&] {
                                  return describeImageRegion("reading", origin, region, "of",
                                                             image) +
                                         hostPitchHint(code);
                              }),
                     blocking, std::move(keepAlive));
}

Event CommandQueue::writeImage(const Image& image, const Size3& origin, const Size3& region,
                               const void* host, size_t rowPitch, size_t slicePitch, bool blocking,
                               WaitList waitFor, std::shared_ptr<const void> keepAlive) const {
    const RawWaitList wait(waitFor, "clEnqueueWriteImage");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueWriteImage(
        get(), image.get(), blocking ? CL_TRUE : CL_FALSE, origin.data(), region.data(), rowPitch,
        slicePitch, host, wait.size(), wait.data(), &event);
    return keptAlive(enqueued(code, event, "clEnqueueWriteImage",
                              [&] {
                                  return describeImageRegion("writing", origin, region, "to",
                                                             image) +
                                         hostPitchHint(code);
                              }),
                     blocking, std::move(keepAlive));
}

Event CommandQueue::fillImage(const Image& image, const void* color, const Size3& origin,
                              const Size3& region, WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueFillImage");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueFillImage(get(), image.get(), color, origin.data(),
                                                   region.data(), wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueFillImage",
                    [&] { return describeImageRegion("filling", origin, region, "of", image); });
}

Event CommandQueue::copyImage(const Image& src, const Image& dst, const Size3& srcOrigin,
                              const Size3& dstOrigin, const Size3& region, WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueCopyImage");
    cl_event event = nullptr;
    const cl_int code =
        clApi().clEnqueueCopyImage(get(), src.get(), dst.get(), srcOrigin.data(), dstOrigin.data(),
                                   region.data(), wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueCopyImage", [&] {
        std::string text = describeImageRegion("copying", srcOrigin, region, "of", src) +
                           " to origin " + tupleText(dstOrigin) + " of " + detail::imageText(dst);
        if (code == CL_IMAGE_FORMAT_MISMATCH)
            text += " (both images must have the same format)";
        return text;
    });
}

Event CommandQueue::copyImageToBuffer(const Image& src, const Buffer& dst, const Size3& srcOrigin,
                                      const Size3& region, size_t dstOffset,
                                      WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueCopyImageToBuffer");
    cl_event event = nullptr;
    const cl_int code = clApi().clEnqueueCopyImageToBuffer(
        get(), src.get(), dst.get(), srcOrigin.data(), region.data(), dstOffset, wait.size(),
        wait.data(), &event);
    return enqueued(code, event, "clEnqueueCopyImageToBuffer", [&] {
        return describeImageRegion("copying", srcOrigin, region, "of", src) + " to offset " +
               std::to_string(dstOffset) + " of " + detail::bufferText(dst);
    });
}

Event CommandQueue::copyBufferToImage(const Buffer& src, const Image& dst, size_t srcOffset,
                                      const Size3& dstOrigin, const Size3& region,
                                      WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueCopyBufferToImage");
    cl_event event = nullptr;
    const cl_int code =
        clApi().clEnqueueCopyBufferToImage(get(), src.get(), dst.get(), srcOffset, dstOrigin.data(),
                                           region.data(), wait.size(), wait.data(), &event);
    return enqueued(code, event, "clEnqueueCopyBufferToImage", [&] {
        return "copying from offset " + std::to_string(srcOffset) + " of " +
               detail::bufferText(src) + " " +
               describeImageRegion("into", dstOrigin, region, "of", dst);
    });
}

Mapping CommandQueue::mapImage(const Image& image, cl_map_flags flags, const Size3& origin,
                               const Size3& region, bool blocking, WaitList waitFor) const {
    const RawWaitList wait(waitFor, "clEnqueueMapImage");
    cl_event event = nullptr;
    cl_int code = CL_SUCCESS;
    Mapping mapping;
    void* data = clApi().clEnqueueMapImage(
        get(), image.get(), blocking ? CL_TRUE : CL_FALSE, flags, origin.data(), region.data(),
        &mapping.rowPitch, &mapping.slicePitch, wait.size(), wait.data(), &event, &code);
    mapping.event = enqueued(code, event, "clEnqueueMapImage", [&] {
        return describeImageRegion("mapping", origin, region, "of", image);
    });
    mapping.data = data;
    return mapping;
}

} // namespace clw::engine
