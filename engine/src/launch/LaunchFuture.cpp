#include "clw/engine/launch/LaunchFuture.h"

#include "LaunchWorker.h"

namespace clw::engine {

void LaunchFuture::runIfNotStarted() {
    if (m_future.wait_for(std::chrono::seconds(0)) == std::future_status::ready)
        return;
    if (const auto worker = m_service.lock())
        worker->runIfFirst(m_job);
}

LaunchResult LaunchFuture::get() {
    runIfNotStarted();
    return m_future.get();
}

void LaunchFuture::wait() {
    runIfNotStarted();
    m_future.wait();
}

} // namespace clw::engine
