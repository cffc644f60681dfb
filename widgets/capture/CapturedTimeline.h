#pragma once
// A captured program's trace.json as the Timeline's records: its commands on the device (kernels,
// transfers, fills and copies), each queue's times already on one clock. Each launch is a record
// numbered as the program made it, with the transfers enqueued since the launch before; the
// transfers after the last launch are a record of their own.
#include "models/RunRecord.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace clw::ui {

class CapturedTimeline {
public:
    // The records of a Chrome trace's "device" events; throws std::runtime_error for text that is
    // not a trace.
    static std::vector<RunRecord> fromChromeTrace(const QByteArray& json);
};

} // namespace clw::ui
