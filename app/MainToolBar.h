#pragma once
// The main actions where a newcomer looks first (issue 65): Build, Run, Stop, Check, Debug, Live
// and Pin, Capture, with icons and words; and, in a toolbar of its own shown while a debug run
// goes, Step over / into / out, Continue and Continue to the next barrier. Each action is also
// in a menu with its key: the bars only place them.
#include <QList>
#include <QToolBar>

class QAction;
class QMainWindow;

namespace clw::app {

class MainToolBar : public QToolBar {
    Q_OBJECT
public:
    struct Actions {
        QAction* build = nullptr;
        QAction* run = nullptr;
        QAction* stop = nullptr;
        QAction* check = nullptr;
        QAction* debug = nullptr;
        QAction* live = nullptr;
        QAction* pin = nullptr;
        QAction* capture = nullptr;
        QList<QAction*> stepping; // shown while debugging
    };

    // Adds itself and the debugging bar to `window`; gives the actions standard icons.
    MainToolBar(const Actions& actions, QMainWindow& window);

    QToolBar* debuggingBar() const { return m_debugging; }
    // Shows or hides the debugging bar.
    void setDebugging(bool debugging);

private:
    QToolBar* m_debugging;
};

} // namespace clw::app
