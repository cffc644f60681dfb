#pragma once
// A check's findings as the editor marks them (issue 18, Check): one error mark a finding at its
// source place, its description and launch in the message. A finding with no place (a launch the
// driver refused) has no mark: the Findings dock lists it.
#include "models/BuildReport.h"

#include "clw/engine/debug/CheckReport.h"

#include <QList>

namespace clw::ui {

QList<BuildDiagnostic> findingMarks(const engine::CheckReport& report);

} // namespace clw::ui
