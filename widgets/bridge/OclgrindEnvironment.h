#pragma once
// The environment a device host starts with, Oclgrind added (engine::OclgrindRegistration): the
// GUI process never loads OpenCL, so its hosts are where the workbench's own vendors folder
// applies. An environment that names its drivers already (OCL_ICD_VENDORS: a person's choice, a
// test's fake driver) is returned unchanged.
#include "clw/engine/debug/OclgrindRegistration.h"

#include <QProcessEnvironment>

namespace clw::ui {

// Writes the vendors folder when needed (small files: call it off the GUI thread). A folder that
// cannot be written leaves Oclgrind out with a warning in the log; the drivers stay the system's.
QProcessEnvironment withOclgrind(QProcessEnvironment environment);
// The variables of `environment`, as the engine's registrations read them.
engine::OclgrindRegistration::Lookup variablesOf(const QProcessEnvironment& environment);

} // namespace clw::ui
