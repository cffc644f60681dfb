#pragma once
// A row of an info table: one OpenCL info parameter, its name, how its bytes are read and its
// unit. The device browser and `clworkbench devices` list these; typed accessors use the same
// tables (DeviceInfo.h, PlatformInfo.h, ObjectInfo.h), so there is no second list.
#include "clw/engine/runtime/ClHeaders.h"

namespace clw::engine {

enum class InfoKind {
    Text,         // char[]
    Bool,         // cl_bool
    UInt,         // cl_uint
    ULong,        // cl_ulong
    Size,         // size_t
    Bits,         // a cl_bitfield (cl_ulong) of flags
    Enum,         // a cl_uint enumeration
    SizeList,     // size_t[]
    UIntList,     // cl_uint[]
    Version,      // cl_version
    NameVersions, // cl_name_version[]
    Bytes,        // raw bytes (UUIDs, binaries sizes, structs)
    Handle,       // one object handle
    HandleList,   // object handles
    Properties,   // zero-terminated property list (intptr_t or cl_ulong)
    ImageFormat,  // cl_image_format
};

struct InfoParam {
    cl_uint id;
    const char* name;
    InfoKind kind;
    const char* unit; // "bytes", "MHz", "ns", "bits", "pixels" or ""
};

// Expands one X-macro row of an info table into an InfoParam.
#define CLW_INFO_ROW(P, T, K, U) ::clw::engine::InfoParam{P, #P, ::clw::engine::InfoKind::K, U},

} // namespace clw::engine
