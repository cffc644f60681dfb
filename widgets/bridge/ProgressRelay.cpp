#include "bridge/ProgressRelay.h"

#include <QMetaObject>

namespace clw::ui {

std::shared_ptr<ProgressRelay> ProgressRelay::create(QObject* receiver) {
    return std::shared_ptr<ProgressRelay>(new ProgressRelay(receiver));
}

void ProgressRelay::post(std::function<void()> update) {
    // Held while posting so that close() cannot complete (and the receiver die) in between.
    std::lock_guard lock(m_mutex);
    if (m_receiver)
        QMetaObject::invokeMethod(m_receiver, std::move(update), Qt::QueuedConnection);
}

void ProgressRelay::close() {
    std::lock_guard lock(m_mutex);
    m_receiver = nullptr;
}

} // namespace clw::ui
