#pragma once
// Statistics, histogram and line plot of the shown buffer or of the selected elements, computed
// off the GUI thread by an AnalysisRunner with progress and cancel. Small buffers are analysed as
// soon as they are shown; large ones when asked (Compute).
#include "bridge/BufferSource.h"
#include "bridge/EngineBridge.h"

#include "clw/engine/inspect/BufferShape.h"
#include "clw/engine/inspect/ElementLayout.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;

namespace clw::ui {

class AnalysisRunner;
class HistogramView;
class LinePlotView;
class StatisticsTable;

class AnalysisPanel : public QWidget {
    Q_OBJECT
public:
    // Buffers up to this size are analysed when shown.
    static constexpr std::uint64_t kAutomaticBytes = 64ull * 1024 * 1024;
    using SelectionFn = std::function<std::optional<std::pair<quint64, quint64>>()>;

    AnalysisPanel(EngineBridge& bridge, SelectionFn selection, QWidget* parent = nullptr);
    ~AnalysisPanel() override;

    void setSource(std::shared_ptr<BufferSource> source, const engine::ElementLayout& layout,
                   const engine::BufferShape& shape);
    // Analyses the whole shape or, when "Selection" is chosen and there is one, the selection.
    void compute();
    void cancel();
    AnalysisRunner& runner() const { return *m_runner; }
    StatisticsTable* statistics() const { return m_statistics; }
    HistogramView* histogram() const { return m_histogram; }
    LinePlotView* plot() const { return m_plot; }
    QTabWidget* tabs() const { return m_tabs; }
    QComboBox* scopeBox() const { return m_scope; }

Q_SIGNALS:
    void errorOccurred(const QString& message);

private:
    // The column's histogram and plot are drawn when their tab is shown: a chart drawn out of
    // sight costs the GUI thread up to 15 ms at every result (at every edit in live mode).
    void showColumn();
    void drawShownChart();
    void finished();

    EngineBridge& m_bridge;
    SelectionFn m_selection;
    std::shared_ptr<BufferSource> m_source;
    engine::ElementLayout m_layout;
    engine::BufferShape m_shape;
    AnalysisRunner* m_runner = nullptr;
    QComboBox* m_scope = nullptr;
    QComboBox* m_column = nullptr;
    QPushButton* m_compute = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_range = nullptr;
    QTabWidget* m_tabs = nullptr;
    StatisticsTable* m_statistics = nullptr;
    HistogramView* m_histogram = nullptr;
    LinePlotView* m_plot = nullptr;
    bool m_histogramStale = false;
    bool m_plotStale = false;
};

} // namespace clw::ui
