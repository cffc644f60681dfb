#pragma once
// Whether a buffer's element type is what a pointer parameter points to. A mismatch (an int
// buffer for a float*) is a warning, not an error: the kernel reads the bytes as its own type,
// which is sometimes meant.
#include "clw/engine/launch/KernelSignature.h"

#include <string>

namespace clw::engine {

// Empty when a buffer of `elementType` (as SessionBuffer::elementType spells it: "float4",
// "struct { ... }") holds the parameter's pointee, or when the pointee takes any buffer (void*,
// a struct, size_t); else "holds int, the kernel reads float".
std::string bufferElementMismatch(const KernelArgSignature& parameter,
                                  const std::string& elementType);

} // namespace clw::engine
