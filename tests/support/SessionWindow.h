#pragma once
// The main window offscreen with a session of the test's, written to a file of its own: how the
// window tests of the device host begin (app.hostrecovery, app.watchdoglimits, app.hostendsidle).
#include "MainWindow.h"
#include "WorkbenchContext.h"
#include "session/SessionWorkflow.h"

#include "clw/engine/session/SessionFile.h"

#include <QTemporaryDir>
#include <QTest>

namespace clw::test {

struct SessionWindow {
    explicit SessionWindow(const engine::Session& session, const QString& name)
        : file(folder.filePath(name))
        , window(context) {
        engine::SessionFile::write(file.toStdString(), session);
    }

    // Shows the window and opens the file in it; false when either failed.
    bool open() {
        window.show();
        return QTest::qWaitForWindowExposed(&window) && window.sessions()->open(file);
    }

    QTemporaryDir folder;
    QString file; // the session's file, in `folder`
    app::WorkbenchContext context;
    app::MainWindow window;
};

} // namespace clw::test
