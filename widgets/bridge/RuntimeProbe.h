#pragma once
// Reads the ICD loader's properties and its NULL-platform behavior through the engine into a
// RuntimeEntry. Calls OpenCL (and creates a few contexts): run it on a worker thread, never on
// the GUI thread.
#include "bridge/RuntimeEntry.h"

namespace clw::ui {

// Never throws for an OpenCL failure: a loader without the query, or one refusing a NULL
// platform, is a value in the entry.
RuntimeEntry readRuntimeEntry();

} // namespace clw::ui
