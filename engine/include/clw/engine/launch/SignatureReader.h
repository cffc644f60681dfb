#pragma once
#include "clw/engine/build/SourceSet.h"
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/runtime/Device.h"
#include "clw/engine/runtime/Kernel.h"

#include <string>

namespace clw::engine {

// The kernel's signature from clGetKernelArgInfo; where the driver gives no arg info (built
// without -cl-kernel-arg-info on drivers that need it), from the program's source preprocessed
// with its build options. reqd_work_group_size comes from CL_KERNEL_COMPILE_WORK_GROUP_SIZE on
// `device` when given.
// Types the driver names but the engine cannot type from the name alone (a typedef such as
// DATA_TYPE, an enum, a struct) are resolved from the program's source when the program has one
// (see resolveFromSource).
KernelSignature readSignature(const Kernel& kernel, const Device& device = {});

// The driver keeps the person's typedef names in CL_KERNEL_ARG_TYPE_NAME ("DATA_TYPE",
// "real_arg", "Particle"). This reads `sources` as the compiler did (preprocessed with
// `buildOptions`: -D, -U, -I, -cl-std) and gives each argument that parseArgType left unknown,
// or whose pointee or struct size it left unknown, the type the source resolves it to; the
// driver's spelling stays in typeName and `resolution` says what it became. Where the source
// cannot tell (it does not parse, or it has no such kernel or another parameter list),
// `resolution` of each unknown argument says why. Never throws for the source's problems.
void resolveFromSource(KernelSignature& signature, const SourceSet& sources,
                       const std::string& buildOptions);

// Attributes as CL_KERNEL_ATTRIBUTES writes them ("reqd_work_group_size(16,16,1)
// vec_type_hint(float4)") into the signature's fields.
void applyAttributes(const std::string& attributes, KernelSignature& signature);

} // namespace clw::engine
