#include "devices/HighlightDelegate.h"

#include <QPalette>

namespace clw::ui {

HighlightDelegate::HighlightDelegate(int highlightRole, int enabledRole, QObject* parent)
    : QStyledItemDelegate(parent)
    , m_highlightRole(highlightRole)
    , m_enabledRole(enabledRole) {}

QColor HighlightDelegate::highlightColor() {
    return QColor(255, 226, 150);
}

void HighlightDelegate::initStyleOption(QStyleOptionViewItem* option,
                                        const QModelIndex& index) const {
    QStyledItemDelegate::initStyleOption(option, index);
    if (m_highlightRole >= 0 && index.data(m_highlightRole).toBool()) {
        option->backgroundBrush = highlightColor();
        // Dark text on the light background whatever the theme.
        option->palette.setColor(QPalette::Text, Qt::black);
    }
    if (m_enabledRole >= 0) {
        const QVariant enabled = index.data(m_enabledRole);
        if (enabled.isValid() && !enabled.toBool())
            option->palette.setColor(QPalette::Text,
                                     option->palette.color(QPalette::Disabled, QPalette::Text));
    }
}

} // namespace clw::ui
