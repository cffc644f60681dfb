#pragma once
// The workbench's end of a debug run's channel (issue 18): a local socket in a folder only the
// user can read, which the Oclgrind plugin's debugger (engine/oclgrind-check/DebugSession.h)
// connects to from the device host; one JSON object a line each way. No network listener. Read
// on the GUI thread through a QSocketNotifier: nothing blocks. POSIX (Linux and macOS): Windows
// has neither the plugin nor this end yet.
#include <nlohmann/json.hpp>

#include <QObject>
#include <QString>

#include <memory>

class QSocketNotifier;
class QTemporaryDir;

namespace clw::ui {

class DebugChannel : public QObject {
    Q_OBJECT
public:
    explicit DebugChannel(QObject* parent = nullptr);
    ~DebugChannel() override;

    // Listens on a new socket; its path for the plugin, empty (with `problem`) when it failed.
    QString listen(QString& problem);
    bool isConnected() const { return m_connection >= 0; }
    void send(const nlohmann::json& message);
    void close();

Q_SIGNALS:
    void received(const nlohmann::json& message);

private:
    void accept();
    void read();

    std::unique_ptr<QTemporaryDir> m_folder;
    int m_listener = -1;
    int m_connection = -1;
    QSocketNotifier* m_acceptNotifier = nullptr;
    QSocketNotifier* m_readNotifier = nullptr;
    std::string m_received;
};

} // namespace clw::ui
