#pragma once
// A histogram (engine::Histogram) drawn with Qt Charts as a filled step outline over the value
// axis, with the counts of values outside the range and of non-finite values in the title.
#include <QChartView>

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace clw::engine {
class Histogram;
}

namespace clw::ui {

class HistogramView : public QChartView {
    Q_OBJECT
public:
    explicit HistogramView(QWidget* parent = nullptr);
    void showHistogram(const engine::Histogram& histogram, const QString& title);
    void clear(const QString& message);
    // Points of the outline (two a bin), for tests.
    int pointCount() const;

private:
    QLineSeries* m_upper = nullptr;
    QLineSeries* m_lower = nullptr;
    QAreaSeries* m_area = nullptr;
    QValueAxis* m_x = nullptr;
    QValueAxis* m_y = nullptr;
};

} // namespace clw::ui
