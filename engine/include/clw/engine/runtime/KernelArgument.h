#pragma once
#include "clw/engine/runtime/ClHeaders.h"

#include <string>

namespace clw::engine {

// What clGetKernelArgInfo says of one argument (needs -cl-kernel-arg-info on some drivers).
struct KernelArgument {
    cl_uint index = 0;
    std::string name;
    std::string typeName; // "float*", "float4", "image2d_t"
    cl_kernel_arg_address_qualifier addressQualifier = CL_KERNEL_ARG_ADDRESS_PRIVATE;
    cl_kernel_arg_access_qualifier accessQualifier = CL_KERNEL_ARG_ACCESS_NONE;
    cl_kernel_arg_type_qualifier typeQualifier = CL_KERNEL_ARG_TYPE_NONE;

    // "float *out" / "__global const float *in": how error messages name the argument.
    std::string declaration() const;
};

} // namespace clw::engine
