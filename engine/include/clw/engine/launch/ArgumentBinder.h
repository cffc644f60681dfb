#pragma once
// Checks argument values against a kernel's signature before a launch and sets them. Every
// rejection is a ClError whose text names the argument and the kernel:
// "argument 2 'float *out' of kernel 'blur': expects a buffer, got a float".
#include "clw/engine/launch/ArgumentValue.h"
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/runtime/Context.h"
#include "clw/engine/runtime/Kernel.h"

#include <span>

namespace clw::engine {

class ArgumentBinder {
public:
    // Codes: CL_INVALID_KERNEL_ARGS (a value missing), CL_INVALID_ARG_INDEX (one too many),
    // CL_INVALID_ARG_VALUE (wrong kind or type), CL_INVALID_ARG_SIZE (wrong size),
    // CL_INVALID_MEM_OBJECT (an image where a buffer goes, ...), CL_INVALID_CONTEXT (memory of
    // another context).
    static void check(const KernelSignature& signature, std::span<const ArgumentValue> values,
                      const Context& context);
    // Sets the values without checks.
    static void set(const Kernel& kernel, std::span<const ArgumentValue> values);
    static void bind(const Kernel& kernel, const KernelSignature& signature,
                     std::span<const ArgumentValue> values, const Context& context) {
        check(signature, values, context);
        set(kernel, values);
    }
    // "argument 2 'float *out' of kernel 'blur'".
    static std::string describe(const KernelSignature& signature, cl_uint index);
};

} // namespace clw::engine
