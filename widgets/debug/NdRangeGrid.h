#pragma once
// A kernel run's ND-range drawn as a grid of work-items (issue 18): one cell a work-item, work-
// groups outlined; the work-items a finding involves filled. A 1-D range is one row a
// work-group, a 2-D range is x across and y down, a 3-D range its z slices one under another.
// Hovering a cell names the work-item; clicking it selects it.
#include "clw/engine/debug/CheckFinding.h"

#include <QWidget>

#include <set>
#include <vector>

namespace clw::ui {

class NdRangeGrid : public QWidget {
    Q_OBJECT
public:
    // The most cells drawn; a larger range draws a message instead.
    static constexpr std::uint64_t kMaxCells = 1 << 20;

    explicit NdRangeGrid(QWidget* parent = nullptr);

    // The range (1 to 3 sizes each; an empty local size: one group) and the work-items to fill.
    void setRange(const std::vector<std::uint64_t>& global,
                  const std::vector<std::uint64_t>& local);
    void setHighlighted(const std::vector<engine::CheckIds>& workItems);
    const std::set<engine::CheckIds>& highlighted() const { return m_highlighted; }
    std::optional<engine::CheckIds> selected() const { return m_selected; }
    void setSelected(std::optional<engine::CheckIds> workItem);

    // The work-item under a point of the widget, if any.
    std::optional<engine::CheckIds> workItemAt(const QPoint& point) const;
    // Where a work-item's cell is drawn.
    QRect cellRect(const engine::CheckIds& workItem) const;
    QSize sizeHint() const override;

Q_SIGNALS:
    void workItemClicked(const clw::engine::CheckIds& workItem);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    // The cell grid: columns and rows of one slice, the slices, the work-items a row holds.
    struct Layout {
        std::uint64_t columns = 0, rows = 0, slices = 0;
    };
    Layout layout() const;
    bool drawable() const;
    std::uint64_t total() const;
    QPoint cellOrigin(std::uint64_t column, std::uint64_t row, std::uint64_t slice) const;

    engine::CheckIds m_global{1, 1, 1};
    engine::CheckIds m_local{1, 1, 1};
    unsigned m_dimensions = 1;
    std::set<engine::CheckIds> m_highlighted;
    std::optional<engine::CheckIds> m_selected;
    int m_cell = 12;
};

} // namespace clw::ui
