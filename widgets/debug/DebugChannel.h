#pragma once
// The workbench's end of a debug run's channel (issue 18): a local socket that the Oclgrind
// plugin's debugger (engine/oclgrind-check/DebugSession.h) connects to from the device host; one
// JSON object a line each way. No network listener: a Unix socket in a folder only the user can
// read, or on Windows a named pipe only the user can open (QLocalServer's own forms, so that one
// file serves every system). Read on the GUI thread from Qt's event loop: nothing blocks.
#include <nlohmann/json.hpp>

#include <QObject>
#include <QString>

#include <memory>
#include <string>

class QLocalServer;
class QLocalSocket;
class QTemporaryDir;

namespace clw::ui {

class DebugChannel : public QObject {
    Q_OBJECT
public:
    explicit DebugChannel(QObject* parent = nullptr);
    ~DebugChannel() override;

    // Listens on a new socket; its name for the plugin, empty (with `problem`) when it failed.
    QString listen(QString& problem);
    bool isConnected() const { return m_connection != nullptr; }
    void send(const nlohmann::json& message);
    void close();

Q_SIGNALS:
    void received(const nlohmann::json& message);

private:
    void accept();
    void read();
    void dropConnection();

    std::unique_ptr<QTemporaryDir> m_folder;
    QLocalServer* m_server = nullptr;
    QLocalSocket* m_connection = nullptr;
    std::string m_received;
};

} // namespace clw::ui
