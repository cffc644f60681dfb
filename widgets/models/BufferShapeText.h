#pragma once
// How a bound buffer's shape reads in the launch panel: the session's order (width first, as
// OpenCL counts work-items) beside numpy's (rows first), so that the two are never confused.
#include "clw/engine/session/Session.h"

#include <QString>

namespace clw::ui {

// "'m': 5 x 3 float (width x height); numpy shape (3, 5)", "'v': 1024 float4; numpy shape
// (1024, 4)". Where the element type does not parse, the numpy shape is left out.
QString bufferShapeText(const engine::SessionBuffer& buffer);

} // namespace clw::ui
