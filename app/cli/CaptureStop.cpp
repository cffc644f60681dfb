#include "cli/CaptureStop.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>

#include <atomic>
#include <csignal>

#ifdef _WIN32
#include <windows.h>
#endif

namespace clw::app {

namespace {

std::atomic<bool> g_signalled{false};

// How long the program has to end after a request to stop before it is terminated, and then
// before it is killed.
constexpr int kGraceMs = 2000;
constexpr int kTerminateMs = 3000;

#ifdef _WIN32
BOOL WINAPI onConsoleEvent(DWORD event) {
    if (event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT)
        return FALSE;
    g_signalled = true;
    return TRUE;
}
#else
void onSignal(int) {
    g_signalled = true;
}
struct sigaction g_previous[3];
constexpr int kSignals[3] = {SIGTERM, SIGINT, SIGHUP};
#endif

} // namespace

CaptureStop::CaptureStop(QString stopFile)
    : m_stopFile(std::move(stopFile)) {
    g_signalled = false;
#ifdef _WIN32
    SetConsoleCtrlHandler(onConsoleEvent, TRUE);
#else
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int i = 0; i < 3; ++i)
        sigaction(kSignals[i], &action, &g_previous[i]);
#endif
}

CaptureStop::~CaptureStop() {
#ifdef _WIN32
    SetConsoleCtrlHandler(onConsoleEvent, FALSE);
#else
    for (int i = 0; i < 3; ++i)
        sigaction(kSignals[i], &g_previous[i], nullptr);
#endif
}

bool CaptureStop::requested() const {
    return g_signalled || QFileInfo::exists(m_stopFile);
}

bool CaptureStop::waitFor(QProcess& program) {
    // waitForFinished() is false for a process that has finished already: the state decides.
    while (program.state() != QProcess::NotRunning && !program.waitForFinished(100))
        if (requested())
            break;
    if (program.state() == QProcess::NotRunning)
        return false;
    // Ctrl+C reached the program too: it may be ending by itself.
    if (!program.waitForFinished(kGraceMs)) {
        program.terminate();
        if (!program.waitForFinished(kTerminateMs)) {
            program.kill();
            program.waitForFinished(-1);
        }
    }
    return true;
}

} // namespace clw::app
