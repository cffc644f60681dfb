#pragma once
// One kernel parameter's declaration read into a KernelArgSignature, with the checks OpenCL C
// makes of kernel arguments. Internal to the engine.
#include "TypeParser.h"

#include "clw/engine/launch/KernelSignature.h"

namespace clw::engine::sig {

// Reads the parameter in tokens [begin, end) of the parser's token list. Throws ParseError for a
// declaration that is malformed or is no valid kernel argument.
KernelArgSignature readKernelArg(TypeParser& types, size_t begin, size_t end, cl_uint index);

} // namespace clw::engine::sig
