#pragma once
// A scroll bar whose value changes repaint only where its handle was and where it is now, not the
// whole bar. Qt 6.4's raster engine hands every fill taller than about 96 lines to
// QThreadPool::globalInstance() in pieces and waits until the pool's threads have run them; a
// whole repaint of a tall bar at each scroll step waited on the pool about ten times, and on a
// machine of 2 cores a woken pool thread can take milliseconds to run: dragged over a 1 GiB buffer,
// the inspector's longest stall was 18-33 ms (clw_bench_inspector). The handle's few lines are
// filled on the GUI thread alone. This relies on a style drawing the groove alike on both sides of
// the handle, as the Fusion, Windows and macOS styles do. Every other change (range, page step,
// style, pressed or hovered parts, a page or arrow held down) repaints the bar as QScrollBar does.
#include <QRect>
#include <QScrollBar>

namespace clw::ui {

class HandleRepaintScrollBar : public QScrollBar {
    Q_OBJECT
public:
    explicit HandleRepaintScrollBar(Qt::Orientation orientation, QWidget* parent = nullptr);

protected:
    void sliderChange(SliderChange change) override;
    void paintEvent(QPaintEvent* event) override;

private:
    // Where the style draws the handle now, with a margin for its border.
    QRect handleArea() const;

    QRect m_painted; // the handle's area as painted, or as due at the next paint; empty before one
};

} // namespace clw::ui
