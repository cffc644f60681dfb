#pragma once
// A debug run with breakpoints (issue 18): the session on Oclgrind in device hosts of its own
// (bridge/CheckRun::debug) on a bridge worker, the plugin's debugger following one work-item
// over a DebugChannel. paused() says where it stopped with its locals; the step commands go back
// the same way; Stop ends the host. GUI thread only.
#include "clw/engine/debug/CheckFinding.h"
#include "clw/engine/session/Session.h"

#include <nlohmann/json.hpp>

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <filesystem>
#include <memory>

namespace clw::ui {

class DebugChannel;
class DeviceHosts;
class EngineBridge;

struct DebugLocal {
    QString name;
    QString type;
    QStringList values; // one a component or element; one for a scalar or a pointer
};

// A buffer or __local memory as it is at a pause.
struct DebugMemory {
    QString name; // the session buffer bound to the argument, else the argument's name
    int argument = -1;
    bool local = false; // the followed work-item's group's __local memory
    QByteArray bytes;
};

struct DebugStop {
    QString reason; // "breakpoint", "step", "barrier"
    QString kernel;
    engine::CheckIds workItem{0, 0, 0};
    QString file; // as the session names it
    int line = 0;
    int column = 0;
    int depth = 0; // calls deep
    QList<DebugLocal> locals;
    QList<DebugMemory> memory;
};

class DebugController : public QObject {
    Q_OBJECT
public:
    explicit DebugController(EngineBridge& bridge, QObject* parent = nullptr);
    ~DebugController() override;

    // Starts a debug run of `session`, following `workItem`, with breakpoints at `lines` of
    // `file` (the session's name). False while a run (debug, check or watch) is on.
    bool start(const engine::Session& session, const std::filesystem::path& folder,
               const QString& file, const QList<int>& lines, const engine::CheckIds& workItem);
    bool isRunning() const { return m_hosts != nullptr; }
    bool isPaused() const { return m_paused; }

    void continueRun();
    void stepOver();
    void stepInto();
    void stepOut();
    void toBarrier();
    void follow(const engine::CheckIds& workItem);
    // Ends the run now: its host is stopped.
    void stop();

Q_SIGNALS:
    void started();
    void paused(const clw::ui::DebugStop& stop);
    void resumed();
    void problem(const QString& message); // the plugin's: a line with no code, a work-item
                                          // outside the range
    void kernelFinished(const QString& kernel);
    void ended(const QString& failure); // empty when the run went through

private:
    void command(const char* verb);
    void onMessage(const nlohmann::json& message);

    EngineBridge& m_bridge;
    DebugChannel* m_channel;
    std::shared_ptr<DeviceHosts> m_hosts;
    QString m_mainFile;
    engine::Session m_session; // of the run: its launches name the buffers
    bool m_paused = false;
    bool m_stopped = false;
};

} // namespace clw::ui
