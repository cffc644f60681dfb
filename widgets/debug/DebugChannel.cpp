#include "debug/DebugChannel.h"

#include <QCoreApplication>
#include <QLocalServer>
#include <QLocalSocket>
#include <QTemporaryDir>
#include <QUuid>

namespace clw::ui {

DebugChannel::DebugChannel(QObject* parent)
    : QObject(parent) {}

DebugChannel::~DebugChannel() {
    close();
}

QString DebugChannel::listen(QString& problem) {
    close();
#ifdef Q_OS_WIN
    // A named pipe has no folder; a name nobody can guess, and UserAccessOption below.
    const QString name = QStringLiteral("clworkbench-debug-%1-%2")
                             .arg(QCoreApplication::applicationPid())
                             .arg(QUuid::createUuid().toString(QUuid::Id128));
#else
    m_folder = std::make_unique<QTemporaryDir>(); // made 0700: only the user reaches the socket
    if (!m_folder->isValid()) {
        problem =
            tr("no private folder for the debugger's socket: %1").arg(m_folder->errorString());
        m_folder.reset();
        return {};
    }
    const QString name = m_folder->filePath(QStringLiteral("debug.sock"));
#endif
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    m_server->setMaxPendingConnections(1);
    if (!m_server->listen(name)) {
        problem = tr("the debugger's socket: %1").arg(m_server->errorString());
        close();
        return {};
    }
    connect(m_server, &QLocalServer::newConnection, this, &DebugChannel::accept);
    return m_server->fullServerName();
}

void DebugChannel::accept() {
    while (QLocalSocket* connection = m_server->nextPendingConnection()) {
        if (m_connection) {
            connection->abort(); // one debugger a run: a second host's is refused
            connection->deleteLater();
            continue;
        }
        m_connection = connection;
        connect(m_connection, &QLocalSocket::readyRead, this, &DebugChannel::read);
        connect(m_connection, &QLocalSocket::disconnected, this, &DebugChannel::dropConnection);
    }
}

void DebugChannel::read() {
    if (!m_connection)
        return;
    const QByteArray bytes = m_connection->readAll();
    m_received.append(bytes.constData(), size_t(bytes.size()));
    for (size_t end; (end = m_received.find('\n')) != std::string::npos;) {
        const nlohmann::json message =
            nlohmann::json::parse(m_received.substr(0, end), nullptr, false);
        m_received.erase(0, end + 1);
        if (!message.is_discarded())
            Q_EMIT received(message);
    }
}

// The host went: its end of the run. What it wrote last is read first.
void DebugChannel::dropConnection() {
    read();
    if (m_connection) {
        m_connection->disconnect(this);
        m_connection->deleteLater();
        m_connection = nullptr;
    }
}

void DebugChannel::send(const nlohmann::json& message) {
    if (!m_connection)
        return;
    const std::string line = message.dump() + "\n";
    m_connection->write(line.data(), qint64(line.size()));
    m_connection->flush(); // now, not at the event loop's next turn: the debugger waits for it
}

void DebugChannel::close() {
    if (m_connection) {
        m_connection->disconnect(this);
        m_connection->abort();
        m_connection->deleteLater();
        m_connection = nullptr;
    }
    if (m_server) {
        m_server->close(); // removes the socket file
        delete m_server;
        m_server = nullptr;
    }
    m_received.clear();
    m_folder.reset();
}

} // namespace clw::ui
