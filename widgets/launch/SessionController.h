#pragma once
// The open session and its device side, for the panels of the workbench loop (issue 9): the
// session document (sources, buffers, launches) and its edits, the chosen device, the build of
// its program, runs / run N / work-group-size sweeps of its launches, the run history, and the
// device buffers of the latest run as inspector sources. Builds and runs happen in the device host
// of the chosen device's platform (DESIGN.md §2a), waited for on the bridge's workers; results
// come back as values (DESIGN.md §3). A host that crashes or hangs fails the run with a message
// that says so; the session, the history and the last buffers shown stay as they were.
//
// A run starts from the session's initial contents: each run creates fresh device buffers, fills
// them by their rules and runs the session's launches in order, so that a run is reproducible and
// the buffers of the run before stay as they were for "diff against the previous run".
#include "bridge/HostSessionClient.h"
#include "launch/LiveOutcome.h"
#include "models/RunRecord.h"

#include "clw/engine/launch/KernelLimits.h"
#include "clw/engine/launch/KernelSignature.h"
#include "clw/engine/session/Session.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace clw::ui {

class BufferSource;
class DeviceHosts;
class EngineBridge;
class ProgressRelay;
struct RunOutcome;

class SessionController : public QObject {
    Q_OBJECT
public:
    // The bridge and the hosts must outlive the controller.
    SessionController(EngineBridge& bridge, DeviceHosts& hosts, QObject* parent = nullptr);
    ~SessionController() override;

    // ---- The document ----
    const engine::Session& session() const { return m_session; }
    // The session file; empty for a session never saved.
    QString filePath() const { return m_filePath; }
    // Where data files and include directories resolve: the file's folder, else the current one.
    QString folder() const;
    bool isModified() const { return m_modified; }
    // Replaces the document (a session opened or a new one): clears the build, the runs and the
    // history. Emits sessionOpened.
    void openSession(engine::Session session, const QString& filePath);
    // The document was saved as `filePath`: not modified any more.
    void markSaved(const QString& filePath);
    // The document differs from its file (a recovered autosave).
    void markModified() { setModified(true); }

    // Edits; each emits sessionChanged and marks the session modified (unchanged values do not).
    void setSources(const engine::SourceSet& sources);
    void setOptions(const std::string& options);
    void setLaunch(int index, const engine::SessionLaunch& launch);
    // Appends a launch; returns its index.
    int addLaunch(const engine::SessionLaunch& launch);
    void removeLaunch(int index);
    // Adds a buffer, or replaces the one of the same name.
    void setBuffer(const engine::SessionBuffer& buffer);
    void removeBuffer(const std::string& name);

    // ---- The device ----
    // The device builds and runs use, by name (a substring of the platform or device name, as
    // --device takes it; empty: the default device), found by the listing device host when the
    // next build or run starts. With `recordInSession` the
    // session keeps the choice (its `devices`, as `clworkbench run` reads it). Opening a session
    // that names a device chooses it.
    void chooseDevice(const QString& name, bool recordInSession = false);
    bool hasDevice() const;
    QString deviceName() const { return m_deviceName; }

    // ---- The program ----
    // Builds the session's sources for the device on a worker. buildFinished follows. Asked for
    // during a build or run, it builds once that is done.
    void build();
    bool isBuilt() const;
    // The kernels of the last successful build, with their signatures.
    const std::vector<engine::KernelSignature>& kernels() const { return m_kernels; }
    const engine::KernelSignature* kernel(const std::string& name) const;
    // The device's and the kernel's limits; nullopt before a build or for an unknown kernel.
    std::optional<engine::KernelLimits> limits(const std::string& kernel) const;

    // ---- Runs ----
    // Runs the session: builds first when the sources changed, fresh buffers with their initial
    // contents, every launch in order (each `repeat` times). One RunRecord per launch.
    void run();
    // Runs the launches before `launchIndex` once, then that launch `times` times.
    void runRepeated(int launchIndex, int times);
    // Runs the launches before `launchIndex` once, then that launch at every local size the
    // device and kernel allow that divides the global size (non-uniform work-groups aside),
    // `repeat` times each; sweepFinished gives the best and worst by median.
    void sweep(int launchIndex);
    // Cancels the run, sweep or build in progress (what has not started yet).
    void cancel();
    // Ends the device host of the build or run in progress at once (a kernel that never ends):
    // the run fails saying so, and the next build or run starts a new host.
    void stop();
    // After a host stopped: a new host gets the session's state back, its program built and its
    // buffers made from their initial contents (shown in the inspector); nothing is launched.
    void restart();
    bool isBusy() const { return m_busy; }
    // Busy with a run (Run, Run N times, a sweep; not a build or live mode's run).
    bool isRunning() const { return m_busy && m_running; }
    // How long builds and launches may run before the device host is ended: the session's
    // `watchdog`, an edit like the others (sessionChanged, modified). A build or run in progress
    // keeps the limits it started with; the next one takes the new ones.
    void setWatchdog(const engine::SessionWatchdog& watchdog);
    WatchdogLimits watchdogLimits() const { return WatchdogLimits::of(m_session.watchdog); }

    // ---- Live mode (issue 21) ----
    // The launch limit of a live run: a loop typed halfway is ended soon (the session's own
    // limit when that is shorter).
    static constexpr std::chrono::milliseconds kLiveLaunchLimit{2000};
    // Whether the session is in live mode: an edit like the others (sessionChanged, modified),
    // so that the session file remembers it.
    void setLive(bool on);
    // Save formats the kernels with clang-format first: an edit like the others.
    void setFormatOnSave(bool on);
    bool isLive() const { return m_session.live; }
    // Runs the session as run() does, but as a live run: on the live watchdog limit, its records
    // kept apart from the history (pinLive adds them), no runFinished, buildFinished or
    // errorOccurred; liveRunFinished says what came of it. Its results are dropped (Stale) when
    // the session's work (sources, options, buffers, launches, device) changed while it ran.
    // False, and nothing starts, while a build or run is in progress.
    bool runLive();
    // The records of the latest live run that was shown; empty when none.
    const std::vector<RunRecord>& liveRecords() const { return m_liveRecords; }
    // Puts the latest live result into the run history (historyChanged); false when none.
    bool pinLive();

    const std::vector<RunRecord>& history() const { return m_history; }
    const RunRecord* record(int runId) const;
    // Puts a run's configuration back into its launch (setLaunch).
    void restore(int runId);

    // The device buffers of the latest run as inspector sources, by buffer name; empty before
    // the first run. previousSource() is the same buffer of the run before (nullptr if none).
    QStringList bufferNames() const;
    std::shared_ptr<BufferSource> bufferSource(const QString& name) const;
    std::shared_ptr<BufferSource> previousSource(const QString& name) const;
    // What the buffer held before the latest run's launches (its initial contents).
    std::shared_ptr<BufferSource> initialSource(const QString& name) const;
    // What the session expects a buffer to hold after a run (a captured launch's result), as of
    // the last run; null for a buffer with no expected result.
    std::shared_ptr<BufferSource> expectedSource(const QString& name) const;

Q_SIGNALS:
    void sessionOpened();
    void sessionChanged();
    void modifiedChanged(bool modified);
    void deviceChanged(const QString& name);
    void buildStarted();
    // ok, and the message to show (the first error with what to do, or "Built in 12 ms").
    void buildFinished(bool ok, const QString& message);
    void kernelsChanged();
    void busyChanged(bool busy);
    // Progress of a run or sweep: `done` of `total` steps, and what runs now.
    void progress(const QString& what, int done, int total);
    void runFinished(const clw::ui::RunRecord& record);
    void sweepFinished(const clw::ui::SweepResult& result);
    // The latest run's buffers are new sources (bufferSource) for `names`.
    void buffersReady(const QStringList& names);
    // A run's outputs against the session's expected results (before buffersReady): one line a
    // buffer, as `clworkbench run` prints them; `allEqual` when every one equals.
    void expectationsChecked(const QStringList& lines, bool allEqual);
    void historyChanged();
    // A live run ended (runLive).
    void liveRunFinished(const clw::ui::LiveOutcome& outcome);
    // While a build or run goes on, after its current step has run for a second: the seconds
    // left before the watchdog ends the device host (the limit of the step: a build's or a
    // launch's). -1 when the work ended or a new step started.
    void watchdogCountdown(int secondsLeft);
    // Something failed; `where` is "build", "run", "launch NAME", "buffer NAME" or "session".
    void errorOccurred(const QString& where, const QString& message);
    // Something ran but may not be meant: an include folder that does not exist, a buffer of
    // another element type than its pointer's.
    void warned(const QString& message);

private:
    void setModified(bool modified);
    void setBusy(bool busy);
    void edited();
    using SourceMap = std::map<QString, std::shared_ptr<BufferSource>>;
    void startRun(RunRecord::Mode mode, int launchIndex, int times, bool launch = true,
                  bool live = false);
    void finishLiveRun(RunOutcome outcome, const engine::Session& ranWith);
    void abandonJob();
    void setDeviceName(const QString& name);
    void setProgram(const RemoteProgram& program, bool built);
    void releaseOnWorker(std::vector<SourceMap> sources);
    // The watchdog's countdown: a new step (a build, a launch) restarts it with its limit.
    void startStep(std::chrono::milliseconds limit);
    void tickCountdown();
    void finishRun(RunOutcome outcome);

    EngineBridge& m_bridge;
    DeviceHosts& m_hosts;
    engine::Session m_session;
    QString m_filePath;
    bool m_modified = false;
    bool m_busy = false;
    QString m_deviceName;
    std::vector<engine::KernelSignature> m_kernels;
    std::map<std::string, engine::KernelLimits> m_limits;
    std::vector<RunRecord> m_history;
    std::vector<RunRecord> m_liveRecords;
    int m_nextRunId = 1;
    // The session's side of its device host, and what the host last built.
    std::shared_ptr<HostSessionClient> m_client;
    // The limits of the build or run in progress, as it started: the countdown counts to them.
    WatchdogLimits m_jobLimits;
    QTimer m_countdown;
    QElapsedTimer m_stepClock;
    std::chrono::milliseconds m_stepLimit{0};
    bool m_built = false;
    engine::SourceSet m_builtSources;
    std::string m_builtOptions;
    // The buffers of the latest and previous runs.
    std::map<QString, std::shared_ptr<BufferSource>> m_sources;
    std::map<QString, std::shared_ptr<BufferSource>> m_previous;
    std::map<QString, std::shared_ptr<BufferSource>> m_initial;
    std::map<QString, std::shared_ptr<BufferSource>> m_expected;
    bool m_running = false;
    quint64 m_activeJob = 0;
    std::shared_ptr<ProgressRelay> m_relay; // progress from workers, closed when this goes
    bool m_buildAgain = false;              // build() was asked for while busy
    // Counts sessions opened and devices chosen: a job's result of an older one is dropped.
    quint64 m_generation = 0;
};

} // namespace clw::ui
