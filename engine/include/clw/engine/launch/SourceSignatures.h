#pragma once
// Kernel signatures read from OpenCL C source, for drivers that give no kernel argument info.
// The names, type names and qualifiers are those clang-based drivers (PoCL among them) report
// through clGetKernelArgInfo for the same source built with -cl-kernel-arg-info, so that either
// path gives the same KernelSignature.
#include "clw/engine/build/SourceSet.h"
#include "clw/engine/launch/KernelSignature.h"

#include <string>
#include <vector>

namespace clw::engine {

// Every kernel defined in `source`, in source order. `source` is preprocessed text (see
// preprocess()); errors name `fileName` and the line, or the file and line of a `#line N "file"`
// marker; other directives are skipped, and comments are allowed. Typedefs and struct definitions
// before a kernel are resolved. Throws ClError(CL_INVALID_KERNEL_DEFINITION,
// "parseKernelSignatures") naming the kernel, the argument and the file and line when a signature
// is malformed or invalid for a kernel (a pointer to a pointer, a pointer outside __global /
// __constant /
// __local, an unknown type, a kernel not returning void).
std::vector<KernelSignature> parseKernelSignatures(const std::string& source,
                                                   const std::string& fileName = "source");

// Preprocesses the set's main file with the -D / -U / -I / -cl-std of `buildOptions`, then
// parses it. The preprocessor's warnings (an include not found, an #error) go to `warnings`
// when given: a signature read past them may miss what the driver would have seen. Throws as
// parseKernelSignatures does.
std::vector<KernelSignature> signaturesFromSource(const SourceSet& sources,
                                                  const std::string& buildOptions = {},
                                                  std::vector<std::string>* warnings = nullptr);

} // namespace clw::engine
