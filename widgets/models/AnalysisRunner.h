#pragma once
// Computes a BufferAnalysis off the GUI thread: a first pass for the statistics, a second for the
// histograms (whose range the first pass found) and the plot envelopes. Each pass is cut into steps
// of about 64 MiB, one bridge job each, so that progress is known and a cancel stops within a
// step; the GUI thread only merges the small per-step results.
#include "bridge/BufferSource.h"
#include "bridge/EngineBridge.h"
#include "models/BufferAnalysis.h"

#include "clw/engine/inspect/BufferShape.h"

#include <QObject>

#include <memory>

namespace clw::ui {

class AnalysisRunner : public QObject {
    Q_OBJECT
public:
    static constexpr std::uint64_t kStepBytes = 64ull * 1024 * 1024;

    explicit AnalysisRunner(EngineBridge& bridge, QObject* parent = nullptr);
    ~AnalysisRunner() override;

    // Analyses elements [first, first + count) of a resolved shape; a running analysis is
    // cancelled (its results never arrive). `buckets` bounds the plot envelope.
    void start(std::shared_ptr<BufferSource> source, const engine::ElementLayout& layout,
               const engine::BufferShape& shape, std::uint64_t first, std::uint64_t count,
               size_t buckets = 2048);
    void cancel();
    bool isRunning() const { return m_running; }
    // The last finished analysis.
    const BufferAnalysis& result() const { return m_result; }

Q_SIGNALS:
    void progressChanged(double fraction);
    void finished();
    void failed(const QString& message);

private:
    void runStep();
    void stepDone(quint64 run);
    void fail(const QString& message);

    EngineBridge& m_bridge;
    std::shared_ptr<BufferSource> m_source;
    engine::BufferShape m_shape;
    BufferAnalysis m_work;
    BufferAnalysis m_result;
    size_t m_buckets = 2048;
    std::uint64_t m_next = 0; // next element of the current pass
    int m_pass = 0;           // 1: statistics, 2: histograms and envelopes
    quint64 m_run = 0;        // stamps steps: results of an older run are dropped
    JobId m_job = 0;
    bool m_running = false;
};

} // namespace clw::ui
