#pragma once
// What a capture wrote, read from its folder's captures.json (the index `clworkbench capture`
// writes beside the sessions): each session with its kernel, launches, sizes, device and time on
// the device, and each launch that was not captured, with the reason.
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace clw::ui {

// What the layer counted: OpenCL calls, launches of the kernels asked for, those captured, and
// the data bytes written.
struct CaptureProgress {
    std::uint64_t calls = 0;
    std::uint64_t launches = 0;
    std::uint64_t captured = 0;
    std::uint64_t bytes = 0;

    // From progress.json's object (or captures.json's "progress").
    static CaptureProgress fromJson(const QByteArray& json);
    bool operator==(const CaptureProgress&) const = default;
};

struct CapturedEntry {
    QString session; // absolute path of the .clwb
    QString kernel;
    std::uint64_t first = 0, last = 0; // launch numbers (among the kernels asked for)
    int launches = 1;
    std::vector<std::uint64_t> global, local; // local empty: the driver chose
    QString device;
    std::optional<std::uint64_t> deviceNs;
    QString note; // why it has no expected result, where it has none
};

struct NotCapturedLaunch {
    std::uint64_t launch = 0;
    QString kernel;
    QString reason;
};

struct CaptureResult {
    std::optional<int> exitStatus; // none: crashed or stopped
    bool stopped = false;
    CaptureProgress progress; // the layer's counts at the end
    QString trace;            // absolute path of trace.json
    std::vector<CapturedEntry> sessions;
    std::vector<NotCapturedLaunch> notCaptured;

    // Reads `folder`/captures.json; nullopt with `error` set where it is missing or malformed.
    static std::optional<CaptureResult> read(const QString& folder, QString* error);
};

} // namespace clw::ui
