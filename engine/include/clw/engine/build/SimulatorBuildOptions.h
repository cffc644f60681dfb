#pragma once
// What a build for Oclgrind adds to the person's options, so that the program holds nothing
// Oclgrind cannot run. Oclgrind 21.10 (Debian 12's) interprets LLVM IR and stops the whole
// process with "Undefined external function: llvm.assume" when it creates a kernel that calls
// __builtin_assume (CLBlast's kernels do, under __has_builtin): the define makes each call a
// no-op, which an assumption is for a program that holds to it. Shown in the build's effective
// options, and part of the cache key with them.
#include "clw/engine/runtime/Device.h"

#include <string>
#include <vector>

namespace clw::engine {

// The options added for `devices` (one platform's): empty but for Oclgrind.
std::string simulatorBuildOptions(const std::vector<Device>& devices);

} // namespace clw::engine
