#include "bridge/HostConnection.h"

#include "bridge/HostConnectionIo.h"

#include <QThread>

#include <thread>

namespace clw::ui {

std::chrono::microseconds HostLaunch::defaultSpin() {
    // Two polling threads (a caller and the host's reader) and the host's worker need three
    // cores besides the GUI's; fewer, and the polling slows the very work it waits for. Long
    // enough for the reply of a short PoCL run (170-250 us with its request and reply), which a
    // 200 us window missed (bench/results/clw_bench_launch-host.txt).
    constexpr std::chrono::microseconds kSpin(400);
    return std::thread::hardware_concurrency() >= 4 ? kSpin : std::chrono::microseconds(0);
}

HostConnection::HostConnection(Launch launch)
    : m_thread(std::make_unique<QThread>())
    , m_io(new HostConnectionIo(std::move(launch))) {
    m_thread->setObjectName(QStringLiteral("device host I/O"));
    m_io->moveToThread(m_thread.get());
    m_thread->start();
    QMetaObject::invokeMethod(m_io, &HostConnectionIo::start, Qt::QueuedConnection);
}

HostConnection::~HostConnection() {
    Q_ASSERT(QThread::currentThread() != m_thread.get());
    QMetaObject::invokeMethod(
        m_io,
        [io = m_io] {
            io->shutDown();
            delete io;
            QThread::currentThread()->quit();
        },
        Qt::QueuedConnection);
    m_thread->wait();
}

HostConnection::Call HostConnection::request(std::string verb, nlohmann::json body,
                                             std::vector<unsigned char> bulk, Options options) {
    return m_io->request(std::move(verb), std::move(body), {}, std::move(bulk), std::move(options),
                         true);
}

HostConnection::Call HostConnection::requestTyped(std::string verb, std::string typed,
                                                  Options options) {
    return m_io->request(std::move(verb), {}, std::move(typed), {}, std::move(options), true);
}

void HostConnection::post(std::string verb, nlohmann::json body) {
    m_io->request(std::move(verb), std::move(body), {}, {}, {}, false);
}

void HostConnection::postTyped(std::string verb, std::string typed) {
    m_io->request(std::move(verb), {}, std::move(typed), {}, {}, false);
}

void HostConnection::cancel(std::uint64_t id) {
    m_io->cancel(id);
}

void HostConnection::stop(const QString& reason) {
    m_io->stop(reason);
}

bool HostConnection::isStopped() const {
    return m_io->isStopped();
}

QString HostConnection::stoppedMessage() const {
    return m_io->stoppedMessage();
}

QString HostConnection::label() const {
    return m_io->label();
}

void HostConnection::setEndedUnseenCallback(std::function<void(const QString&)> callback) {
    m_io->setEndedUnseenCallback(std::move(callback));
}

} // namespace clw::ui
