#include "launch/TimelineView.h"

#include "models/DurationText.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace clw::ui {

namespace {

constexpr int kGutter = 84; // lane names
constexpr int kRightMargin = 12;
constexpr int kAxisHeight = 24; // tick labels above the lanes
constexpr int kLaneHeight = 26;
constexpr int kLaneGap = 6;
constexpr int kBottomMargin = 8;
constexpr double kZoomStep = 1.5;
constexpr double kMinNsPerPixel = 0.01; // 100 pixels a nanosecond is as close as it gets
constexpr int kDragThreshold = 4;       // pixels a press moves before it is a drag, not a click

// Top to bottom: the order commands usually run in.
constexpr std::array<RunCommand::Kind, 4> kLaneOrder{
    RunCommand::Kind::Upload, RunCommand::Kind::Fill, RunCommand::Kind::Kernel,
    RunCommand::Kind::Download};

QString kindName(RunCommand::Kind kind) {
    switch (kind) {
    case RunCommand::Kind::Kernel:
        return TimelineView::tr("Kernels");
    case RunCommand::Kind::Upload:
        return TimelineView::tr("Uploads");
    case RunCommand::Kind::Download:
        return TimelineView::tr("Downloads");
    case RunCommand::Kind::Fill:
        return TimelineView::tr("Fills");
    }
    return {};
}

QString kindSingular(RunCommand::Kind kind) {
    switch (kind) {
    case RunCommand::Kind::Kernel:
        return TimelineView::tr("kernel");
    case RunCommand::Kind::Upload:
        return TimelineView::tr("upload");
    case RunCommand::Kind::Download:
        return TimelineView::tr("download");
    case RunCommand::Kind::Fill:
        return TimelineView::tr("fill");
    }
    return {};
}

// 1, 2 or 5 times a power of ten, at least `raw`.
double niceStep(double raw) {
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double factor : {1.0, 2.0, 5.0})
        if (factor * power >= raw)
            return factor * power;
    return 10 * power;
}

// A tick's label in the unit of the step, with as many decimals as the step needs.
QString tickLabel(double ns, double step) {
    double scale = 1;
    QString unit = QStringLiteral("ns");
    if (step >= 1e8) {
        scale = 1e9;
        unit = QStringLiteral("s");
    } else if (step >= 1e5) {
        scale = 1e6;
        unit = QStringLiteral("ms");
    } else if (step >= 1e2) {
        scale = 1e3;
        unit = QStringLiteral("µs");
    }
    const double stepInUnit = step / scale;
    const int decimals = std::max(0, int(std::ceil(-std::log10(stepInUnit) - 1e-9)));
    const double value = ns / scale;
    // Avoids "-0".
    return QStringLiteral("%1 %2").arg(
        QString::number(std::abs(value) < stepInUnit / 2 ? 0.0 : value, 'f', decimals), unit);
}

} // namespace

TimelineView::TimelineView(QWidget* parent)
    : QWidget(parent) {
    setFocusPolicy(Qt::WheelFocus);
    setMouseTracking(true);
    setAutoFillBackground(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

QColor TimelineView::kindColor(RunCommand::Kind kind) {
    switch (kind) {
    case RunCommand::Kind::Kernel:
        return QColor(0x2e, 0x7d, 0x32); // green
    case RunCommand::Kind::Upload:
        return QColor(0x15, 0x65, 0xc0); // blue
    case RunCommand::Kind::Download:
        return QColor(0x6a, 0x1b, 0x9a); // purple
    case RunCommand::Kind::Fill:
        return QColor(0xef, 0x6c, 0x00); // orange
    }
    return Qt::gray;
}

void TimelineView::setRecords(std::vector<RunRecord> records) {
    m_records = std::move(records);
    m_bars.clear();
    m_lanes.clear();
    m_hasCommands = false;
    m_spanNs = 0;

    // A command with no profiling times (ended 0) cannot be placed; a queued or submitted time a
    // driver left at 0 counts as the start.
    auto timed = [](const RunCommand& command) {
        return command.times.ended > 0 && command.times.ended >= command.times.started &&
               command.times.started > 0;
    };
    auto queuedOf = [](const RunCommand& command) {
        const auto& t = command.times;
        return t.queued > 0 && t.queued <= t.started ? t.queued : t.started;
    };
    auto submittedOf = [&](const RunCommand& command) {
        const auto& t = command.times;
        return t.submitted >= queuedOf(command) && t.submitted <= t.started ? t.submitted
                                                                            : t.started;
    };

    std::uint64_t origin = std::numeric_limits<std::uint64_t>::max();
    std::array<bool, kLaneOrder.size()> present{};
    for (const RunRecord& record : m_records) {
        for (const RunCommand& command : record.commands) {
            m_hasCommands = true;
            if (!timed(command))
                continue;
            origin = std::min<std::uint64_t>(origin, queuedOf(command));
            for (size_t lane = 0; lane < kLaneOrder.size(); ++lane)
                present[lane] = present[lane] || kLaneOrder[lane] == command.kind;
        }
    }
    std::array<int, kLaneOrder.size()> laneOf{};
    for (size_t lane = 0; lane < kLaneOrder.size(); ++lane) {
        if (present[lane]) {
            laneOf[lane] = int(m_lanes.size());
            m_lanes.push_back(kLaneOrder[lane]);
        }
    }
    for (size_t r = 0; r < m_records.size(); ++r) {
        const std::vector<RunCommand>& commands = m_records[r].commands;
        for (size_t c = 0; c < commands.size(); ++c) {
            const RunCommand& command = commands[c];
            if (!timed(command))
                continue;
            Bar bar;
            bar.record = int(r);
            bar.command = int(c);
            const auto kindAt = std::find(kLaneOrder.begin(), kLaneOrder.end(), command.kind);
            bar.lane = laneOf[size_t(kindAt - kLaneOrder.begin())];
            bar.queued = double(queuedOf(command) - origin);
            bar.submitted = double(submittedOf(command) - origin);
            bar.started = double(command.times.started - origin);
            bar.ended = double(command.times.ended - origin);
            m_spanNs = std::max(m_spanNs, bar.ended);
            m_bars.push_back(bar);
        }
    }
    m_userMoved = false;
    fit();
    updateGeometry();
}

void TimelineView::setSelectedRun(int runId) {
    if (runId == m_selectedRun)
        return;
    m_selectedRun = runId;
    update();
}

QRect TimelineView::plotRect() const {
    return QRect(kGutter, kAxisHeight, std::max(1, width() - kGutter - kRightMargin),
                 std::max(1, height() - kAxisHeight - kBottomMargin));
}

QRectF TimelineView::laneRect(int lane) const {
    const QRect plot = plotRect();
    return QRectF(plot.left(), plot.top() + kLaneGap + lane * (kLaneHeight + kLaneGap),
                  plot.width(), kLaneHeight);
}

double TimelineView::xForNs(double ns) const {
    return plotRect().left() + (ns - m_viewStartNs) / m_nsPerPixel;
}

double TimelineView::nsForX(double x) const {
    return m_viewStartNs + (x - plotRect().left()) * m_nsPerPixel;
}

QRectF TimelineView::runRect(const Bar& bar) const {
    const QRectF lane = laneRect(bar.lane);
    const double left = xForNs(bar.started);
    // A command shorter than a pixel still shows as one.
    const double right = std::max(xForNs(bar.ended), left + 1);
    return QRectF(left, lane.top(), right - left, lane.height());
}

QRectF TimelineView::waitRect(const Bar& bar) const {
    const QRectF lane = laneRect(bar.lane);
    const double left = xForNs(bar.queued);
    const double right = xForNs(bar.started);
    // Thinner than the bar so that the two read as "waiting" and "running".
    return QRectF(left, lane.top() + 6, std::max(0.0, right - left), lane.height() - 12);
}

QRectF TimelineView::barRect(int recordIndex, int commandIndex) const {
    for (const Bar& bar : m_bars)
        if (bar.record == recordIndex && bar.command == commandIndex)
            return runRect(bar);
    return {};
}

int TimelineView::barAt(QPointF position) const {
    // The bar whose run (or, failing that, wait) is under the position; thin bars get a few
    // pixels of slack so that they can be hovered at all.
    int best = -1;
    double bestDistance = std::numeric_limits<double>::max();
    for (size_t i = 0; i < m_bars.size(); ++i) {
        const Bar& bar = m_bars[i];
        const QRectF run = runRect(bar);
        if (position.y() < run.top() || position.y() > run.bottom())
            continue;
        const QRectF wait = waitRect(bar);
        const double left = std::min(run.left(), wait.left()) - 2;
        const double right = run.right() + 2;
        if (position.x() < left || position.x() > right)
            continue;
        const double distance =
            run.contains(position) ? 0 : std::abs(position.x() - run.center().x());
        if (distance < bestDistance) {
            bestDistance = distance;
            best = int(i);
        }
    }
    return best;
}

const RunCommand* TimelineView::commandAt(QPoint position) const {
    const int index = barAt(position);
    if (index < 0)
        return nullptr;
    const Bar& bar = m_bars[size_t(index)];
    return &m_records[size_t(bar.record)].commands[size_t(bar.command)];
}

const RunRecord* TimelineView::recordAt(QPoint position) const {
    const int index = barAt(position);
    return index < 0 ? nullptr : &m_records[size_t(m_bars[size_t(index)].record)];
}

QString TimelineView::toolTipAt(QPoint position) const {
    const int index = barAt(position);
    if (index < 0)
        return {};
    const Bar& bar = m_bars[size_t(index)];
    const RunRecord& record = m_records[size_t(bar.record)];
    const RunCommand& command = record.commands[size_t(bar.command)];
    const QString launch = QString::fromStdString(record.launch.name.empty() ? record.launch.kernel
                                                                             : record.launch.name);
    auto at = [](double ns) { return QStringLiteral("+") + formatDuration(ns); };
    QStringList lines;
    lines << tr("%1 (%2)").arg(command.label, kindSingular(command.kind));
    if (!m_programTimeline)
        lines << tr("Run #%1, launch %2").arg(record.id).arg(launch);
    else if (!record.launch.kernel.empty())
        lines << tr("The program's launch %1, of %2").arg(record.id).arg(launch);
    else
        lines << tr("After the program's last launch");
    lines << tr("Duration: %1").arg(formatDuration(bar.ended - bar.started));
    if (bar.started > bar.queued)
        lines
            << tr("Waited %1 from queued to started").arg(formatDuration(bar.started - bar.queued));
    lines << tr("Queued %1, submitted %2, started %3, ended %4 (from the first command queued)")
                 .arg(at(bar.queued), at(bar.submitted), at(bar.started), at(bar.ended));
    return lines.join(QLatin1Char('\n'));
}

void TimelineView::fit() {
    const double span = m_spanNs > 0 ? m_spanNs : 1000;
    const double width = plotRect().width();
    // A little room either side so that the first and last bars do not touch the edges.
    m_nsPerPixel = std::max(kMinNsPerPixel, span * 1.04 / width);
    m_viewStartNs = -span * 0.02;
    update();
}

void TimelineView::setNsPerPixel(double nsPerPixel, double aboutX) {
    const double anchor = nsForX(aboutX);
    m_nsPerPixel = nsPerPixel;
    m_viewStartNs = anchor - (aboutX - plotRect().left()) * m_nsPerPixel;
    m_userMoved = true;
    clampView();
    update();
}

void TimelineView::zoomIn() {
    setNsPerPixel(m_nsPerPixel / kZoomStep, plotRect().center().x());
}

void TimelineView::zoomOut() {
    setNsPerPixel(m_nsPerPixel * kZoomStep, plotRect().center().x());
}

void TimelineView::clampView() {
    const double span = m_spanNs > 0 ? m_spanNs : 1000;
    const double plotWidth = plotRect().width();
    // Zooming out further than ten times the whole run shows nothing more.
    m_nsPerPixel =
        std::clamp(m_nsPerPixel, kMinNsPerPixel, std::max(kMinNsPerPixel, span * 10 / plotWidth));
    const double visible = plotWidth * m_nsPerPixel;
    // Half a view of commands stays in sight at either end.
    m_viewStartNs =
        std::clamp(m_viewStartNs, -visible / 2, std::max(-visible / 2, span - visible / 2));
}

void TimelineView::panByPixels(double pixels) {
    m_viewStartNs += pixels * m_nsPerPixel;
    m_userMoved = true;
    clampView();
    update();
}

QSize TimelineView::sizeHint() const {
    const int lanes = std::max<int>(1, int(m_lanes.size()));
    return QSize(640, kAxisHeight + kLaneGap + lanes * (kLaneHeight + kLaneGap) + kBottomMargin);
}

QSize TimelineView::minimumSizeHint() const {
    return QSize(kGutter + 120, kAxisHeight + kLaneGap + kLaneHeight + kLaneGap + kBottomMargin);
}

bool TimelineView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void TimelineView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (m_userMoved)
        clampView();
    else
        fit();
}

void TimelineView::wheelEvent(QWheelEvent* event) {
    const QPoint angle = event->angleDelta();
    if (event->modifiers() & Qt::ControlModifier) {
        if (angle.y() == 0)
            return event->ignore();
        const double factor = std::pow(kZoomStep, angle.y() / 120.0);
        setNsPerPixel(m_nsPerPixel / factor, event->position().x());
    } else {
        // Both wheels pan: the lanes fit in height, so time is the only way to go.
        const QPoint pixels = event->pixelDelta();
        double delta = 0;
        if (!pixels.isNull())
            delta = pixels.x() != 0 ? pixels.x() : pixels.y();
        else
            delta = (angle.x() != 0 ? angle.x() : angle.y()) / 120.0 * 60;
        if (delta == 0)
            return event->ignore();
        panByPixels(-delta);
    }
    event->accept();
}

void TimelineView::keyPressEvent(QKeyEvent* event) {
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomIn();
        break;
    case Qt::Key_Minus:
        zoomOut();
        break;
    case Qt::Key_0:
    case Qt::Key_F:
    case Qt::Key_Home:
        m_userMoved = false;
        fit();
        break;
    case Qt::Key_Left:
        panByPixels(-plotRect().width() / 10.0);
        break;
    case Qt::Key_Right:
        panByPixels(plotRect().width() / 10.0);
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_pressed = true;
    m_dragging = false;
    m_pressPosition = event->position().toPoint();
    m_pressViewStartNs = m_viewStartNs;
    event->accept();
}

void TimelineView::mouseMoveEvent(QMouseEvent* event) {
    if (!m_pressed)
        return QWidget::mouseMoveEvent(event);
    const QPoint moved = event->position().toPoint() - m_pressPosition;
    if (!m_dragging && moved.manhattanLength() >= kDragThreshold) {
        m_dragging = true;
        setCursor(Qt::ClosedHandCursor);
    }
    if (m_dragging) {
        m_viewStartNs = m_pressViewStartNs - moved.x() * m_nsPerPixel;
        m_userMoved = true;
        clampView();
        update();
    }
    event->accept();
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !m_pressed)
        return QWidget::mouseReleaseEvent(event);
    m_pressed = false;
    if (m_dragging) {
        m_dragging = false;
        unsetCursor();
    } else if (const RunRecord* record = recordAt(event->position().toPoint())) {
        const int runId = record->id;
        setSelectedRun(runId);
        Q_EMIT runSelected(runId);
    }
    event->accept();
}

QString TimelineView::emptyHint() const {
    if (!m_bars.empty())
        return {};
    if (m_hasCommands)
        return tr("These runs have no profiling times to place on a time axis.");
    // A run that failed before anything finished (a build error, a crashed device host) shows
    // here as the latest; the runs before it keep their timelines.
    const auto failed = std::find_if(m_records.begin(), m_records.end(),
                                     [](const RunRecord& record) { return !record.ok; });
    if (failed != m_records.end())
        return tr("Run %1 failed before a launch or transfer finished: nothing to place here. "
                  "Select an earlier run in History to see its timeline.")
            .arg(failed->id);
    return tr("No launches or transfers yet: run the session (F5) to see them here.");
}

void TimelineView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (m_bars.empty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect().adjusted(12, 12, -12, -12), Qt::AlignCenter | Qt::TextWordWrap,
                         emptyHint());
        return;
    }
    const QRect plot = plotRect();
    paintAxis(painter, plot);

    // Lane names in the gutter, separators across the plot.
    const QColor separator = palette().color(QPalette::Mid);
    for (size_t lane = 0; lane < m_lanes.size(); ++lane) {
        const QRectF laneArea = laneRect(int(lane));
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRectF(6, laneArea.top(), kGutter - 12, laneArea.height()),
                         Qt::AlignVCenter | Qt::AlignLeft, kindName(m_lanes[lane]));
        painter.setPen(separator);
        const double y = laneArea.bottom() + kLaneGap / 2.0;
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
    }

    painter.save();
    painter.setClipRect(plot);
    // The selected run's bars last, so that its outline is never covered.
    auto selected = [&](const Bar& bar) {
        return m_records[size_t(bar.record)].id == m_selectedRun;
    };
    for (const Bar& bar : m_bars)
        if (!selected(bar))
            paintBar(painter, bar, plot);
    for (const Bar& bar : m_bars)
        if (selected(bar))
            paintBar(painter, bar, plot);
    painter.restore();
}

void TimelineView::paintAxis(QPainter& painter, const QRect& plot) const {
    // A tick every 90 pixels or more, at round times.
    const double step = niceStep(std::max(1.0, 90 * m_nsPerPixel));
    const double first = std::ceil(nsForX(plot.left()) / step) * step;
    const double last = nsForX(plot.right());
    const QColor grid = palette().color(QPalette::Midlight);
    const QColor text = palette().color(QPalette::Text);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(QPointF(plot.left(), plot.top()), QPointF(plot.right(), plot.top()));
    for (double t = first; t <= last; t += step) {
        const double x = xForNs(t);
        painter.setPen(grid);
        painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        painter.setPen(text);
        painter.drawLine(QPointF(x, plot.top() - 4), QPointF(x, plot.top()));
        painter.drawText(QRectF(x - 60, 0, 120, kAxisHeight - 5),
                         Qt::AlignHCenter | Qt::AlignBottom, tickLabel(t, step));
    }
}

void TimelineView::paintBar(QPainter& painter, const Bar& bar, const QRect& plot) const {
    const RunRecord& record = m_records[size_t(bar.record)];
    const RunCommand& command = record.commands[size_t(bar.command)];
    const QColor color = kindColor(command.kind);
    // Deep zooms put bar ends millions of pixels away, past what the raster engine's fixed-point
    // coordinates hold: only the visible part is drawn.
    const QRectF visible = QRectF(plot).adjusted(-4, 0, 4, 0);
    auto visiblePart = [&](const QRectF& r) {
        return QRectF(QPointF(std::max(r.left(), visible.left()), r.top()),
                      QPointF(std::min(r.right(), visible.right()), r.bottom()));
    };

    const QRectF wait = visiblePart(waitRect(bar));
    if (wait.width() > 0)
        painter.fillRect(wait, color.lighter(175));

    const QRectF run = visiblePart(runRect(bar));
    if (run.width() <= 0)
        return;
    painter.fillRect(run, color);
    if (m_selectedRun != 0 && record.id == m_selectedRun) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(run.adjusted(1, 1, -1, -1));
    }
    // The label and duration when the bar has room for them.
    if (run.width() > 40) {
        const QRectF textArea = run.adjusted(4, 0, -4, 0);
        const QString text =
            QStringLiteral("%1  %2").arg(command.label, formatDuration(bar.ended - bar.started));
        painter.setPen(Qt::white);
        painter.drawText(textArea, Qt::AlignVCenter | Qt::AlignLeft,
                         fontMetrics().elidedText(text, Qt::ElideRight, int(textArea.width())));
    }
}

} // namespace clw::ui
