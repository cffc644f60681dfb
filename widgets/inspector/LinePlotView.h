#pragma once
// A line plot of one column over the element index (Qt Charts): the min / max envelope of each
// bucket (engine::PlotEnvelope) as a band, and the values themselves when there is one element a
// bucket.
#include <QChartView>

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace clw::engine {
class PlotEnvelope;
}

namespace clw::ui {

class LinePlotView : public QChartView {
    Q_OBJECT
public:
    explicit LinePlotView(QWidget* parent = nullptr);
    void showEnvelope(const engine::PlotEnvelope& envelope, const QString& title);
    void clear(const QString& message);
    int pointCount() const;

private:
    QLineSeries* m_max = nullptr;
    QLineSeries* m_min = nullptr;
    QAreaSeries* m_band = nullptr;
    QValueAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
};

} // namespace clw::ui
