#pragma once
// The ICD loader's own properties, clinfo's "ICD loader properties": name, vendor, version and
// the OpenCL version it implements, from ocl-icd's clGetICDLoaderInfoOCLICD through the seam
// (ClApi::clGetICDLoaderInfoOCLICD). Other loaders (Khronos', Apple's framework) have no such
// query: the result then says so, it is not an error.
#include "clw/engine/runtime/ClHeaders.h"

#include <string>
#include <vector>

namespace clw::engine {

// ocl-icd's cl_icdl_info values (ocl_icd.h); no Khronos header names them.
inline constexpr cl_uint kIcdlOclVersion = 1;
inline constexpr cl_uint kIcdlVersion = 2;
inline constexpr cl_uint kIcdlName = 3;
inline constexpr cl_uint kIcdlVendor = 4;

// What the device browser and `clworkbench devices` show when the loader has no query.
inline constexpr const char* kIcdLoaderNotSupported = "not supported by this ICD loader";

struct IcdLoaderProperty {
    cl_uint id = 0;
    std::string name;          // "CL_ICDL_NAME", as `clinfo --raw` prints it
    std::string label;         // "ICD loader Name", as clinfo prints it
    cl_int error = CL_SUCCESS; // what the query answered when it gave no value
    std::string value;         // "OpenCL ICD Loader"

    bool supported() const { return error == CL_SUCCESS; }
};

struct IcdLoaderInfo {
    // Whether the loader has clGetICDLoaderInfoOCLICD; properties is empty when it has not.
    bool available = false;
    // Name, vendor, version and profile (CL_ICDL_OCL_VERSION), clinfo's order.
    std::vector<IcdLoaderProperty> properties;

    // The value of a property, empty when it is absent or its query failed.
    std::string value(cl_uint id) const;
};

// Asks the loader through clApi(); a failing query is kept in its property's error, never thrown.
IcdLoaderInfo readIcdLoaderInfo();

} // namespace clw::engine
