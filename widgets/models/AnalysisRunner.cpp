#include "models/AnalysisRunner.h"

#include "bridge/ElementScanner.h"

#include <algorithm>

namespace clw::ui {

namespace {

struct StepResult {
    std::vector<engine::ColumnStatistics> statistics;
    std::vector<engine::Histogram> histograms;
    std::vector<engine::PlotEnvelope> envelopes;
};

} // namespace

AnalysisRunner::AnalysisRunner(EngineBridge& bridge, QObject* parent)
    : QObject(parent)
    , m_bridge(bridge) {}

AnalysisRunner::~AnalysisRunner() {
    cancel();
}

void AnalysisRunner::start(std::shared_ptr<BufferSource> source,
                           const engine::ElementLayout& layout, const engine::BufferShape& shape,
                           std::uint64_t first, std::uint64_t count, size_t buckets) {
    cancel();
    m_source = std::move(source);
    m_shape = shape;
    m_buckets = buckets;
    m_work = BufferAnalysis();
    m_work.firstElement = first;
    m_work.elementCount = count;
    m_work.layout = layout;
    m_work.statistics.assign(size_t(layout.columnCount()), {});
    m_next = first;
    m_pass = 1;
    m_running = true;
    ++m_run;
    runStep();
}

void AnalysisRunner::cancel() {
    if (m_running && m_job)
        m_bridge.cancel(m_job);
    m_running = false;
    ++m_run;
}

void AnalysisRunner::runStep() {
    const std::uint64_t end = m_work.firstElement + m_work.elementCount;
    const std::uint64_t perStep =
        std::max<std::uint64_t>(1, kStepBytes / std::max<size_t>(1, m_work.layout.size()));
    const std::uint64_t count = std::min(perStep, end - m_next);
    const quint64 run = m_run;
    // Pass 2 steps fill empty copies of the histograms and envelopes; the GUI merges them.
    StepResult empty;
    if (m_pass == 2) {
        for (engine::Histogram h : m_work.histograms)
            empty.histograms.push_back(engine::Histogram(h.low(), h.high(), h.binCount()));
        empty.envelopes.assign(
            m_work.envelopes.size(),
            engine::PlotEnvelope(m_work.firstElement, m_work.elementCount, m_buckets));
    }
    auto job = [source = m_source, shape = m_shape, layout = m_work.layout, pass = m_pass,
                first = m_next, count,
                result = std::move(empty)](const JobContext& context) mutable {
        result.statistics.assign(size_t(layout.columnCount()), {});
        const ElementScanner scanner(*source, shape, layout.size());
        scanner.scan(
            first, count,
            [&](const unsigned char* data, std::uint64_t index, size_t n) {
                for (size_t c = 0; c < layout.columns().size(); ++c) {
                    const engine::ElementColumn& column = layout.columns()[c];
                    const unsigned char* at = data + column.offset;
                    if (pass == 1) {
                        result.statistics[c].addRun(column.scalar, at, n, layout.size());
                    } else {
                        result.histograms[c].addRun(column.scalar, at, n, layout.size());
                        result.envelopes[c].addRun(column.scalar, at, n, layout.size(), index);
                    }
                }
            },
            [&context] { return context.isCancelled(); });
        return result;
    };
    m_next += count;
    m_job = m_bridge.run(this, std::move(job), [this, run](JobResult<StepResult> result) {
        if (run != m_run)
            return; // cancelled or restarted since
        if (!result.ok()) {
            if (!result.error().cancelled())
                fail(tr("Computing statistics failed: %1").arg(result.error().message));
            return;
        }
        StepResult& step = result.value();
        for (size_t c = 0; c < step.statistics.size() && m_pass == 1; ++c)
            m_work.statistics[c].merge(step.statistics[c]);
        for (size_t c = 0; c < step.histograms.size(); ++c)
            m_work.histograms[c].merge(step.histograms[c]);
        for (size_t c = 0; c < step.envelopes.size(); ++c)
            m_work.envelopes[c].merge(step.envelopes[c]);
        stepDone(run);
    });
}

void AnalysisRunner::stepDone(quint64 run) {
    const std::uint64_t end = m_work.firstElement + m_work.elementCount;
    const double total = 2.0 * double(std::max<std::uint64_t>(1, m_work.elementCount));
    const double done =
        double(m_next - m_work.firstElement) + (m_pass == 2 ? double(m_work.elementCount) : 0.0);
    Q_EMIT progressChanged(std::min(1.0, done / total));
    if (run != m_run)
        return; // a slot of progressChanged restarted or cancelled
    if (m_next < end) {
        runStep();
        return;
    }
    if (m_pass == 1) {
        m_pass = 2;
        m_next = m_work.firstElement;
        for (size_t c = 0; c < m_work.statistics.size(); ++c) {
            const engine::ColumnStatistics& s = m_work.statistics[c];
            m_work.histograms.push_back(
                engine::Histogram::forRange(m_work.layout.columns()[c].scalar, s.min, s.max));
        }
        m_work.envelopes.assign(
            m_work.statistics.size(),
            engine::PlotEnvelope(m_work.firstElement, m_work.elementCount, m_buckets));
        if (m_work.elementCount > 0) {
            runStep();
            return;
        }
    }
    m_running = false;
    m_result = std::move(m_work);
    m_work = BufferAnalysis();
    Q_EMIT finished();
}

void AnalysisRunner::fail(const QString& message) {
    m_running = false;
    ++m_run;
    Q_EMIT failed(message);
}

} // namespace clw::ui
