#pragma once
// A run's records and lent buffers in the device-host protocol's typed form (HostRun.proto), as
// session.run sends them back. A record's launch travels as its index, local size and repeat: the
// rest is the plan's launch, which the receiver has, as it has the device's name. Its kernel
// times are those of its kernel commands.
#include "models/RunRecord.h"

#include "HostRun.pb.h"

#include <QString>

namespace clw::ui {

void recordToWire(const RunRecord& record, engine::wire::RunRecord& wire);

// A record read back, its launch taken from `session` and completed with the record's own, on
// the device the run was asked for (`deviceName`, the plan's). Throws std::runtime_error for a
// launch the session does not have.
RunRecord recordFromWire(const engine::wire::RunRecord& wire, const engine::Session& session,
                         const QString& deviceName);

} // namespace clw::ui
