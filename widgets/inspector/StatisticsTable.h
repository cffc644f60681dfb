#pragma once
// The statistics of a BufferAnalysis: one row per column of the element type (min, max, mean,
// standard deviation, counts of NaN, Inf, denormals and zeros), NaN and Inf counts highlighted.
#include <QTableWidget>

namespace clw::ui {

struct BufferAnalysis;

class StatisticsTable : public QTableWidget {
    Q_OBJECT
public:
    enum Column { Name, Min, Max, Mean, StdDev, NaNs, Infs, Denormals, Zeros, Count, ColumnCount };

    explicit StatisticsTable(QWidget* parent = nullptr);
    void showAnalysis(const BufferAnalysis& analysis);
};

} // namespace clw::ui
