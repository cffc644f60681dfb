#pragma once
// The commands of runs on a device time axis (issue 9, timeline): one lane per kind of command
// (uploads, fills, kernels, downloads), a bar from each command's start to its end with its label
// and duration, and the wait from being queued to starting drawn lighter before it. Times come
// from the events' profiling times (device nanoseconds) and are shown from the first command
// queued. Ctrl+wheel or +/- zooms, a drag or the wheel pans, F or 0 fits; hovering a bar tells
// its times, clicking it selects its run.
#include "models/RunRecord.h"

#include <QWidget>

#include <vector>

namespace clw::ui {

class TimelineView : public QWidget {
    Q_OBJECT
public:
    explicit TimelineView(QWidget* parent = nullptr);

    // Shows the commands of `records` (usually the records of one run of the session) and fits
    // them in the view. Commands without profiling times are left out.
    void setRecords(std::vector<RunRecord> records);
    const std::vector<RunRecord>& records() const { return m_records; }
    void clear() { setRecords({}); }
    // Bars drawn, over all records.
    int barCount() const { return int(m_bars.size()); }

    // The run drawn outlined (0: none). Does not emit runSelected.
    void setSelectedRun(int runId);
    int selectedRun() const { return m_selectedRun; }

    // The view: device nanoseconds per widget pixel, and the time (from the first command
    // queued) at the left edge of the plot.
    double nsPerPixel() const { return m_nsPerPixel; }
    double viewStartNs() const { return m_viewStartNs; }
    // Zooms keeping the time under widget x `aboutX` where it is.
    void setNsPerPixel(double nsPerPixel, double aboutX);
    // The widget x of a time (ns from the first command queued).
    double xForNs(double ns) const;

    // Where a command's bar (start to end) is drawn, in widget coordinates; empty for a command
    // not drawn.
    QRectF barRect(int recordIndex, int commandIndex) const;
    // The command under a widget position and its record (nullptr over no bar).
    const RunCommand* commandAt(QPoint position) const;
    const RunRecord* recordAt(QPoint position) const;
    // The tooltip for a widget position: the command's label, kind, run, duration and its
    // queued / submitted / started / ended times from the first command queued. Empty over no
    // bar.
    QString toolTipAt(QPoint position) const;
    // What the view says in place of bars when it has none (no run yet, a run that failed
    // before any command finished, commands without profiling times); empty when it has bars.
    QString emptyHint() const;

    // A captured program's timeline (CapturedTimeline): its records are the program's launches,
    // not runs of the session, and the tooltips say so.
    void setProgramTimeline(bool program) { m_programTimeline = program; }

    // The colour of a kind's bars (its wait is drawn lighter).
    static QColor kindColor(RunCommand::Kind kind);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

public Q_SLOTS:
    // Shows every command.
    void fit();
    void zoomIn();
    void zoomOut();

Q_SIGNALS:
    // A bar of run `runId` was clicked.
    void runSelected(int runId);

protected:
    bool event(QEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;

private:
    // One command drawn: its times in ns from m_originNs.
    struct Bar {
        int record = 0;
        int command = 0;
        int lane = 0;
        double queued = 0;
        double submitted = 0;
        double started = 0;
        double ended = 0;
    };

    QRect plotRect() const;
    QRectF laneRect(int lane) const;
    QRectF runRect(const Bar& bar) const;
    QRectF waitRect(const Bar& bar) const;
    int barAt(QPointF position) const;
    double nsForX(double x) const;
    // Keeps some of the commands in view whatever the zoom and pan.
    void clampView();
    void panByPixels(double pixels);
    void paintAxis(QPainter& painter, const QRect& plot) const;
    void paintBar(QPainter& painter, const Bar& bar, const QRect& plot) const;

    std::vector<RunRecord> m_records;
    std::vector<Bar> m_bars;
    std::vector<RunCommand::Kind> m_lanes; // the kinds present, top to bottom
    double m_spanNs = 0;                   // the last command's end
    bool m_hasCommands = false;            // any command at all, timed or not
    double m_nsPerPixel = 1;
    double m_viewStartNs = 0;
    // Until the person zooms or pans, a resize fits again.
    bool m_userMoved = false;
    int m_selectedRun = 0;
    bool m_programTimeline = false;
    QPoint m_pressPosition;
    double m_pressViewStartNs = 0;
    bool m_pressed = false;
    bool m_dragging = false;
};

} // namespace clw::ui
