#pragma once
// A run on two devices shown buffer by buffer (issue 19), in the buffer inspector's Diff tab:
// the two runs, and for the chosen buffer its verdict with the counts, the largest absolute and
// relative errors and ULPs, the histogram of distances in ULPs, the first differing elements
// (a click goes to the element) and where the elements differ as a picture over the buffer's
// shape (a double-click goes to the element). GUI thread only; values only.
#include "bridge/DifferentialRun.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QTableWidget;

namespace clw::ui {

class HeatMapView;
class MismatchMask;

class DifferentialView : public QWidget {
    Q_OBJECT
public:
    explicit DifferentialView(QWidget* parent = nullptr);
    ~DifferentialView() override;

    // Shows `outcome`, choosing its first buffer that differs (else its first); bufferChosen
    // follows. Null clears the view.
    void setOutcome(std::shared_ptr<const DifferentialOutcome> outcome);
    const std::shared_ptr<const DifferentialOutcome>& outcome() const { return m_outcome; }
    // Shows the comparison of buffer `name`; false when the outcome has none.
    bool showBuffer(const QString& name);
    QString currentBuffer() const;
    // The shown buffer's comparison, or null.
    const engine::BufferComparison* current() const;

    // What the view shows, for tests and screenshots.
    QLabel* runsLabel() const { return m_runs; }
    QComboBox* bufferBox() const { return m_buffers; }
    QLabel* summaryLabel() const { return m_summary; }
    QTableWidget* histogramTable() const { return m_histogram; }
    QTableWidget* differencesTable() const { return m_differences; }
    HeatMapView* maskView() const { return m_mask; }

Q_SIGNALS:
    // A buffer's comparison is shown now (its mask: the inspector highlights it).
    void bufferChosen(const QString& name,
                      std::shared_ptr<const clw::engine::ElementDiff> mismatches);
    // The person asked for an element of a buffer (a row of the first differences, a point of the
    // picture).
    void elementRequested(const QString& name, quint64 element);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void showRuns();
    void showComparison(const engine::BufferComparison& buffer);
    void clearComparison();

    std::shared_ptr<const DifferentialOutcome> m_outcome;
    std::unique_ptr<MismatchMask> m_maskShape;
    QLabel* m_runs = nullptr;
    QComboBox* m_buffers = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_histogram = nullptr;
    QTableWidget* m_differences = nullptr;
    HeatMapView* m_mask = nullptr;
    QLabel* m_maskNote = nullptr;
};

} // namespace clw::ui
