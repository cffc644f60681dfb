#pragma once
// The 2D view: HeatMapData drawn through a colormap over a value range, or as RGB(A) colour when
// three or four channels are shown (images). The wheel zooms about the cursor, a drag pans, and
// moving the mouse picks the element under it (picked(x, y) in full-resolution coordinates).
#include "inspector/Colormap.h"
#include "models/HeatMapData.h"

#include <QImage>
#include <QWidget>

namespace clw::ui {

class HeatMapView : public QWidget {
    Q_OBJECT
public:
    explicit HeatMapView(QWidget* parent = nullptr);

    void setData(HeatMapData data);
    const HeatMapData& data() const { return m_data; }
    void setColormap(Colormap::Name name);
    // Values at or below `low` take the first colour, at or above `high` the last.
    void setRange(double low, double high);
    double low() const { return m_low; }
    double high() const { return m_high; }
    // Fits the whole slice in the widget.
    void fit();
    double zoom() const { return m_zoom; }
    void setZoom(double zoom, QPointF about);
    // The element coordinates under a widget position; false outside the data.
    bool elementAt(QPointF position, std::uint64_t& x, std::uint64_t& y) const;
    const QImage& image() const { return m_image; }

Q_SIGNALS:
    void picked(quint64 x, quint64 y);

protected:
    void paintEvent(QPaintEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void render();

    HeatMapData m_data;
    Colormap::Name m_colormap = Colormap::Viridis;
    double m_low = 0;
    double m_high = 1;
    QImage m_image;
    double m_zoom = 1; // widget pixels per sample
    QPointF m_offset;  // widget position of the image's top-left corner
    QPointF m_dragFrom;
    bool m_dragging = false;
    bool m_fitted = false;
    bool m_userMoved = false;
};

} // namespace clw::ui
