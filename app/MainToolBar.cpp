#include "MainToolBar.h"

#include <QAction>
#include <QMainWindow>
#include <QStyle>

#include <iterator>

namespace clw::app {

namespace {

void setIcon(QAction* action, QStyle::StandardPixmap pixmap, const QStyle& style) {
    if (action && action->icon().isNull())
        action->setIcon(style.standardIcon(pixmap));
}

} // namespace

MainToolBar::MainToolBar(const Actions& actions, QMainWindow& window)
    : QToolBar(tr("Main actions"), &window)
    , m_debugging(new QToolBar(tr("Debugging"), &window)) {
    setObjectName(QStringLiteral("mainToolBar"));
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    const QStyle& style = *window.style();
    setIcon(actions.build, QStyle::SP_DialogApplyButton, style);
    setIcon(actions.run, QStyle::SP_MediaPlay, style);
    setIcon(actions.stop, QStyle::SP_MediaStop, style);
    setIcon(actions.check, QStyle::SP_DialogYesButton, style);
    setIcon(actions.debug, QStyle::SP_MediaSeekForward, style);
    setIcon(actions.live, QStyle::SP_BrowserReload, style);
    setIcon(actions.pin, QStyle::SP_DialogSaveButton, style);
    setIcon(actions.capture, QStyle::SP_DialogOpenButton, style);
    for (QAction* action : {actions.build, actions.run, actions.stop})
        if (action)
            addAction(action);
    addSeparator();
    for (QAction* action : {actions.check, actions.debug})
        if (action)
            addAction(action);
    addSeparator();
    for (QAction* action : {actions.live, actions.pin})
        if (action)
            addAction(action);
    addSeparator();
    if (actions.capture)
        addAction(actions.capture);
    window.addToolBar(this);

    m_debugging->setObjectName(QStringLiteral("debuggingToolBar"));
    m_debugging->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    const QStyle::StandardPixmap stepIcons[] = {QStyle::SP_ArrowRight, QStyle::SP_ArrowUp,
                                                QStyle::SP_MediaPlay, QStyle::SP_MediaSkipForward,
                                                QStyle::SP_BrowserStop};
    for (qsizetype i = 0; i < actions.stepping.size(); ++i) {
        if (i < qsizetype(std::size(stepIcons)))
            setIcon(actions.stepping[i], stepIcons[i], style);
        m_debugging->addAction(actions.stepping[i]);
    }
    window.addToolBar(m_debugging);
    m_debugging->hide();
}

void MainToolBar::setDebugging(bool debugging) {
    m_debugging->setVisible(debugging);
}

} // namespace clw::app
