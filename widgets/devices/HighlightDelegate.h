#pragma once
// Paints rows a model marks: a background where `highlightRole` is true (the comparison's
// differing rows), dimmed text where `enabledRole` is false (unsupported properties). Models stay
// Qt Core only; the colours live here.
#include <QColor>
#include <QStyledItemDelegate>

namespace clw::ui {

class HighlightDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    // A role of -1 is not looked at.
    HighlightDelegate(int highlightRole, int enabledRole, QObject* parent = nullptr);
    // The background of highlighted rows: a light amber.
    static QColor highlightColor();

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override;

private:
    int m_highlightRole;
    int m_enabledRole;
};

} // namespace clw::ui
