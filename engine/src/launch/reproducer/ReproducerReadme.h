#pragma once
#include "clw/engine/launch/CapturedLaunch.h"

#include <string>

namespace clw::engine::reproducer {

// README.md of a reproducer folder.
std::string readme(const CapturedLaunch& launch);

} // namespace clw::engine::reproducer
