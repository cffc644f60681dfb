#pragma once
#include "clw/engine/Device.h"
#include "clw/engine/Kernel.h"
#include "clw/engine/KernelSignature.h"

namespace clw::engine {

// The kernel's signature from clGetKernelArgInfo; where the driver gives no arg info (built
// without -cl-kernel-arg-info on drivers that need it), from the program's source preprocessed
// with its build options. reqd_work_group_size comes from CL_KERNEL_COMPILE_WORK_GROUP_SIZE on
// `device` when given.
KernelSignature readSignature(const Kernel& kernel, const Device& device = {});

// Attributes as CL_KERNEL_ATTRIBUTES writes them ("reqd_work_group_size(16,16,1)
// vec_type_hint(float4)") into the signature's fields.
void applyAttributes(const std::string& attributes, KernelSignature& signature);

} // namespace clw::engine
