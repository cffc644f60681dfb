#pragma once
// One kernel argument of a captured launch (LaunchCapture.h), as plain values: what a reproducer
// needs to set it again outside the workbench.
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/runtime/TransferRegion.h"
#include "clw/engine/session/NpyArray.h"

#include <optional>
#include <string>
#include <vector>

namespace clw::engine {

struct CapturedArgument {
    enum class Kind {
        Scalar,  // a scalar, vector or struct passed by value
        Buffer,  // a __global or __constant buffer
        Local,   // __local memory of a size
        Image,   // an image, read and written whole
        Sampler, // a sampler object
        Null     // a null __global pointer
    };

    Kind kind = Kind::Scalar;
    cl_uint index = 0;
    std::string name;        // the parameter's name; empty where the kernel has none
    std::string declaration; // "__global const float *in", for messages

    // Kind::Scalar: the bytes as clSetKernelArg took them (3-vectors padded to 4).
    std::string typeName; // "float4", "int", "struct Particle"
    ScalarType element = ScalarType::Unknown;
    int vectorWidth = 1;
    std::vector<unsigned char> bytes;
    // A struct or union: its fields, so that launch.json shows the value field by field.
    std::vector<StructField> fields;

    // Kind::Buffer and Kind::Image: the whole contents before and after the launch, typed by
    // the signature (a float4 buffer is float32 of shape (n, 4); a buffer of structs or of
    // unknown elements is uint8 bytes) or by the image format (a trailing channel axis).
    NpyArray input;
    NpyArray expected;
    cl_mem_flags flags = CL_MEM_READ_WRITE; // only the device access bits
    size_t byteSize = 0;
    // The component (or channel) axis: 1 for scalars, 4 for float4 and for float3 (padded in
    // memory), the image's channels. Packed image formats (565, 101010) have 1.
    int components = 1;
    // The earlier argument given the same memory object: the reproducer passes that one again
    // and captures no data of its own.
    std::optional<cl_uint> sameAs;

    // Kind::Local.
    size_t localBytes = 0;

    // Kind::Image: CL_MEM_OBJECT_IMAGE2D etc., the format, and the region read and written
    // (width, height or layers, depth or layers), in pixels.
    cl_mem_object_type imageType = 0;
    cl_image_format format{};
    Size3 region{1, 1, 1};

    // Kind::Sampler.
    bool normalizedCoords = false;
    cl_addressing_mode addressing = CL_ADDRESS_NONE;
    cl_filter_mode filter = CL_FILTER_NEAREST;
};

} // namespace clw::engine
