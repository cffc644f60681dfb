#pragma once
// The inspector's table over a BufferTableModel of any size: the model holds a window of rows the
// size of the viewport, and a scroll bar of this widget's own spans every element (a QTableView
// with one row per element would keep a header entry per row: 2 GiB of them for a 1 GiB float
// buffer). Wheel, arrows, Page Up / Down and Ctrl+Home / End move the window.
#include <QWidget>

#include <cstdint>
#include <optional>
#include <utility>

class QScrollBar;
class QTableView;

namespace clw::ui {

class BufferTableModel;

class BufferTableView : public QWidget {
    Q_OBJECT
public:
    explicit BufferTableView(BufferTableModel& model, QWidget* parent = nullptr);

    QTableView* table() const { return m_table; }
    QScrollBar* scrollBar() const { return m_scroll; }
    // Shows `element` (in the window's upper third) and makes it the current row.
    void scrollToElement(quint64 element);
    quint64 firstVisibleElement() const;
    // Elements fully visible.
    int visibleRows() const;
    // The selected rows as [first, last] elements; nullopt without a selection.
    std::optional<std::pair<quint64, quint64>> selectedElements() const;
    // The element of the current row, if any.
    std::optional<quint64> currentElement() const;

Q_SIGNALS:
    void currentElementChanged(quint64 element);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void updateRange();
    void applyWindow();
    void scrollBy(qint64 rows);
    void setFirstElement(quint64 element);

    BufferTableModel& m_model;
    QTableView* m_table = nullptr;
    QScrollBar* m_scroll = nullptr;
    quint64 m_scale = 1; // elements per scroll-bar step, for buffers of more than ~2^30 rows
    bool m_updating = false;
};

} // namespace clw::ui
