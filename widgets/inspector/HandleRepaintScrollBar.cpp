#include "inspector/HandleRepaintScrollBar.h"

#include <QRegion>
#include <QStyle>
#include <QStyleOptionSlider>

namespace clw::ui {

namespace {
// Beyond the handle's rectangle: the frame or shadow a style draws around it (Fusion's reaches
// 1 pixel out; the test fails without it).
constexpr int kHandleMargin = 4;
} // namespace

HandleRepaintScrollBar::HandleRepaintScrollBar(Qt::Orientation orientation, QWidget* parent)
    : QScrollBar(orientation, parent) {}

void HandleRepaintScrollBar::sliderChange(SliderChange change) {
    // Overlay bars that fade in and out are drawn over what is behind them; a page or arrow held
    // down is drawn pressed, and the pressed part of the groove grows with each step (Windows'
    // style shades it): both repainted whole.
    const bool transient = style()->styleHint(QStyle::SH_ScrollBar_Transient, nullptr, this);
    const bool held = repeatAction() != SliderNoAction;
    if (change != SliderValueChange || m_painted.isEmpty() || transient || held) {
        QScrollBar::sliderChange(change);
        return;
    }
    const QRect now = handleArea();
    update(QRegion(m_painted).united(now));
    m_painted = now;
}

void HandleRepaintScrollBar::paintEvent(QPaintEvent* event) {
    QScrollBar::paintEvent(event);
    m_painted = handleArea();
}

QRect HandleRepaintScrollBar::handleArea() const {
    QStyleOptionSlider option;
    initStyleOption(&option);
    const QRect handle =
        style()->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarSlider, this);
    return handle.adjusted(-kHandleMargin, -kHandleMargin, kHandleMargin, kHandleMargin)
        .intersected(rect());
}

} // namespace clw::ui
