#pragma once
// What a buffer of a kernel run is to the person: a kernel argument or a __local variable.
#include "clw/engine/debug/CheckFinding.h"

#include <string>

namespace clw::oclgrind_check {

struct BufferName {
    engine::CheckMemory memory = engine::CheckMemory::Global;
    int argument = -1;
    std::string variable;
};

} // namespace clw::oclgrind_check
