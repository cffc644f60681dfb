#include "inspector/HeatMapView.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace clw::ui {

HeatMapView::HeatMapView(QWidget* parent)
    : QWidget(parent) {
    setObjectName(QStringLiteral("heatMapView"));
    setMouseTracking(true);
    setMinimumSize(160, 120);
    setCursor(Qt::CrossCursor);
}

void HeatMapView::setData(HeatMapData data) {
    const bool sameSize =
        data.sampledWidth == m_data.sampledWidth && data.sampledHeight == m_data.sampledHeight;
    m_data = std::move(data);
    render();
    if (!sameSize || !m_fitted)
        fit(); // a new slice size starts fitted; a reload of the same size keeps zoom and pan
    update();
}

void HeatMapView::setColormap(Colormap::Name name) {
    m_colormap = name;
    render();
    update();
}

void HeatMapView::setRange(double low, double high) {
    m_low = low;
    m_high = high;
    render();
    update();
}

void HeatMapView::render() {
    const int w = m_data.sampledWidth;
    const int h = m_data.sampledHeight;
    if (w <= 0 || h <= 0) {
        m_image = QImage();
        return;
    }
    m_image = QImage(w, h, QImage::Format_ARGB32);
    const Colormap map(m_colormap);
    const double span = m_high > m_low ? m_high - m_low : 1.0;
    const auto unit = [&](float v) { return std::clamp((double(v) - m_low) / span, 0.0, 1.0); };
    for (int y = 0; y < h; ++y) {
        auto* line = reinterpret_cast<QRgb*>(m_image.scanLine(y));
        for (int x = 0; x < w; ++x) {
            if (m_data.channels >= 3) {
                const auto channel = [&](int c) {
                    return int(std::lround(255 * unit(m_data.at(x, y, c))));
                };
                const float r = m_data.at(x, y, 0);
                if (std::isnan(r)) {
                    line[x] = Colormap::noValueColor();
                    continue;
                }
                const int alpha = m_data.channels == 4 ? std::max(64, channel(3)) : 255;
                line[x] = qRgba(channel(0), channel(1), channel(2), alpha);
                continue;
            }
            const float v = m_data.at(x, y, 0);
            if (!std::isfinite(v)) {
                // NaN magenta; infinities take the end of the map they point to.
                line[x] = std::isnan(v) ? Colormap::noValueColor() : map.table()[v > 0 ? 255 : 0];
                continue;
            }
            line[x] = map.table()[size_t(std::lround(unit(v) * 255))];
        }
    }
}

void HeatMapView::fit() {
    if (m_image.isNull())
        return;
    m_zoom = std::min(double(width()) / m_image.width(), double(height()) / m_image.height());
    m_zoom = std::max(m_zoom, 1e-3);
    m_offset = QPointF((width() - m_image.width() * m_zoom) / 2,
                       (height() - m_image.height() * m_zoom) / 2);
    m_fitted = true;
    m_userMoved = false;
    update();
}

void HeatMapView::setZoom(double zoom, QPointF about) {
    zoom = std::clamp(zoom, 1e-3, 256.0);
    // Keep the sample under `about` where it is.
    const QPointF sample = (about - m_offset) / m_zoom;
    m_zoom = zoom;
    m_offset = about - sample * m_zoom;
    m_userMoved = true;
    update();
}

bool HeatMapView::elementAt(QPointF position, std::uint64_t& x, std::uint64_t& y) const {
    if (m_image.isNull())
        return false;
    const QPointF sample = (position - m_offset) / m_zoom;
    if (sample.x() < 0 || sample.y() < 0 || sample.x() >= m_image.width() ||
        sample.y() >= m_image.height())
        return false;
    x = std::min<std::uint64_t>(std::uint64_t(sample.x() * double(m_data.step)), m_data.width - 1);
    y = std::min<std::uint64_t>(std::uint64_t(sample.y() * double(m_data.step)), m_data.height - 1);
    return true;
}

void HeatMapView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Mid));
    if (m_image.isNull()) {
        painter.drawText(rect(), Qt::AlignCenter, tr("No 2D data"));
        return;
    }
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false); // pixels stay pixels
    painter.drawImage(QRectF(m_offset, QSizeF(m_image.width() * m_zoom, m_image.height() * m_zoom)),
                      m_image);
}

void HeatMapView::wheelEvent(QWheelEvent* event) {
    const double factor = std::pow(1.0015, event->angleDelta().y());
    setZoom(m_zoom * factor, event->position());
    event->accept();
}

void HeatMapView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_dragging = true;
        m_dragFrom = event->position();
        setCursor(Qt::ClosedHandCursor);
    }
}

void HeatMapView::mouseMoveEvent(QMouseEvent* event) {
    if (m_dragging) {
        m_offset += event->position() - m_dragFrom;
        m_dragFrom = event->position();
        m_userMoved = true;
        update();
    }
    std::uint64_t x = 0;
    std::uint64_t y = 0;
    if (elementAt(event->position(), x, y))
        Q_EMIT picked(x, y);
}

void HeatMapView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        m_dragging = false;
        setCursor(Qt::CrossCursor);
    }
}

void HeatMapView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (!m_userMoved)
        fit(); // follows the widget's size until the person zooms or pans
}

} // namespace clw::ui
