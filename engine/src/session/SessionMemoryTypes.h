#pragma once
// What a SessionBuffer's text fields mean to OpenCL: its element layout, its memory flags and, for
// an image, its format and object type. Each throws SessionError naming the buffer and the field.
#include "clw/engine/inspect/ElementLayout.h"
#include "clw/engine/runtime/ClHeaders.h"
#include "clw/engine/session/Session.h"

#include <string>

namespace clw::engine::detail {

// "buffer 'a'": how messages name a buffer or image.
std::string bufferLabel(const SessionBuffer& buffer);

// "launch 'add'": the launch's name, its kernel's where it has none.
std::string launchLabel(const SessionLaunch& launch);

// The element (an image's pixel) as ElementLayout::parse reads `elementType`.
ElementLayout bufferLayout(const SessionBuffer& buffer);
// elementCount() x the element size; throws SessionError when that does not fit in memory's
// size type (a shape of 2^62 floats), before anything is allocated.
size_t bufferBytes(const SessionBuffer& buffer, const ElementLayout& layout);
// True for a scalar or an OpenCL vector (whose .npy form is a dtype and a component axis), false
// for a struct, which travels as bytes.
bool isScalarOrVector(const ElementLayout& layout);

// CL_MEM_READ_WRITE, CL_MEM_READ_ONLY or CL_MEM_WRITE_ONLY from `access`.
cl_mem_flags accessFlags(const SessionBuffer& buffer);

// The image's format from its channel order and type names ("CL_RGBA", "CL_UNORM_INT8"; the
// "CL_" may be left out, case is ignored).
cl_image_format imageFormat(const SessionBuffer& buffer);
// CL_MEM_OBJECT_IMAGE1D / 2D / 3D from the image type, checked against the shape's dimensions.
cl_mem_object_type imageObjectType(const SessionBuffer& buffer);

// width, height, depth of the shape (1 for the dimensions it does not have).
std::uint64_t shapeWidth(const SessionBuffer& buffer);
std::uint64_t shapeHeight(const SessionBuffer& buffer);
std::uint64_t shapeDepth(const SessionBuffer& buffer);

} // namespace clw::engine::detail
