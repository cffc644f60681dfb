#pragma once
// What `clworkbench run` prints, line by line, whether the session ran in this process or in a
// device host (--isolate): both give the same lines for the same run, so that a script reads
// either. Also writes the outputs as DIR/<buffer>.npy for --out.
#include "clw/engine/inspect/BufferComparison.h"
#include "clw/engine/session/NpyArray.h"

#include <QString>
#include <QTextStream>

#include <cstdint>
#include <string>
#include <vector>

namespace clw::app {

class RunPrinter {
public:
    // `outDir`: where --out writes the outputs; empty for none.
    RunPrinter(QTextStream& out, QTextStream& err, QString outDir);

    // Makes the output folder and checks that it can be written, before the run, so that a long
    // run is not lost to it. False, with the reason on err, when it cannot.
    bool prepareOutputFolder();

    // "session: <title>" (the file's name when it has none) and "device: <name> (<platform>)".
    void header(const QString& title, const QString& device, const QString& platform);
    // "warning: ..." on err.
    void warning(const QString& text);
    // "build: 12.3 ms (from the cache)".
    void build(double totalMs, bool fromCache);
    // "launch add: 1 run, min 1.0 µs, median 1.0 µs, max 1.0 µs (global 1024, local 64)": the
    // sizes as launched; an empty local is the driver's choice.
    void launch(const QString& name, const std::vector<double>& durationsNs,
                const std::vector<std::uint64_t>& global, const std::vector<std::uint64_t>& local);
    // What the launch's kernels printed, as they printed it.
    void printed(const QString& text);
    // "output c: float32 (1024)", and " -> DIR/c.npy" once written with --out. Throws NpyError
    // when the file cannot be written.
    void output(const std::string& name, const engine::NpyArray& array);
    // The outputs against the session's expected results (a captured launch's), one line a
    // buffer; false when any differs.
    bool expectations(const std::vector<engine::BufferComparison>& comparisons);
    // After the outputs: how to get them as files, when --out was not given.
    void finish(bool hadOutputs);
    // "clworkbench run: <message>" on err, after what out holds so far.
    void fail(const QString& message);

private:
    QTextStream& m_out;
    QTextStream& m_err;
    QString m_outDir;
};

} // namespace clw::app
