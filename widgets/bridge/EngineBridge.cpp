#include "bridge/EngineBridge.h"

#include "clw/engine/runtime/ClError.h"

namespace clw::ui {

EngineBridge::EngineBridge(int workerThreads)
    : m_dispatcher(std::make_unique<QObject>())
    , m_pool(std::make_unique<WorkerPool>(workerThreads)) {
    m_dispatcher->setObjectName(QStringLiteral("clw.bridge.dispatcher"));
}

EngineBridge::~EngineBridge() {
    cancelAll();
    m_pool.reset();       // runs what is queued (cancelled: quick) and joins the workers
    m_dispatcher.reset(); // drops the deliveries still posted to it
}

std::shared_ptr<detail::JobState> EngineBridge::registerJob(JobOptions options) {
    auto state = std::make_shared<detail::JobState>();
    state->tag = std::move(options.tag);
    std::lock_guard lock(m_mutex);
    state->id = m_nextId++;
    if (!state->tag.empty()) {
        for (auto& [id, other] : m_jobs) {
            if (other->tag == state->tag && !other->started.load(std::memory_order_acquire))
                other->cancelled.store(true, std::memory_order_release);
        }
    }
    m_jobs.emplace(state->id, state);
    return state;
}

void EngineBridge::finishJob(JobId id) {
    std::lock_guard lock(m_mutex);
    m_jobs.erase(id);
}

bool EngineBridge::cancel(JobId id) {
    std::lock_guard lock(m_mutex);
    const auto it = m_jobs.find(id);
    if (it == m_jobs.end())
        return false;
    it->second->cancelled.store(true, std::memory_order_release);
    return true;
}

void EngineBridge::cancelAll() {
    std::lock_guard lock(m_mutex);
    for (auto& [id, state] : m_jobs)
        state->cancelled.store(true, std::memory_order_release);
}

int EngineBridge::activeJobs() const {
    std::lock_guard lock(m_mutex);
    return int(m_jobs.size());
}

JobError EngineBridge::errorFromCurrentException() {
    try {
        throw;
    } catch (const engine::ClError& error) {
        return {JobError::Kind::Failed, QString::fromStdString(error.what()), error.code()};
    } catch (const std::exception& error) {
        return {JobError::Kind::Failed, QString::fromStdString(error.what()), 0};
    } catch (...) {
        // Reported, not swallowed: the job's caller shows this text.
        return {JobError::Kind::Failed,
                QStringLiteral("the work failed with an error that carries no description"), 0};
    }
}

} // namespace clw::ui
