#pragma once
// The workbench window: docks for the kernel editor, the devices and the buffer inspector.
#include <QMainWindow>

class QDockWidget;
class QLabel;
class QsciScintilla;

namespace clw::ui {
class BufferInspector;
class DeviceBrowserPanel;
class EditorWorkspace;
} // namespace clw::ui

namespace clw::app {

class WorkbenchContext;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    // The context must outlive the window.
    explicit MainWindow(WorkbenchContext& context, QWidget* parent = nullptr);
    ~MainWindow() override;

    // The editor of the file builds compile (a ui::KernelEditor).
    QsciScintilla* kernelEditor() const;
    ui::EditorWorkspace* editorWorkspace() const { return m_workspace; }
    ui::DeviceBrowserPanel* deviceBrowser() const { return m_deviceBrowser; }
    ui::BufferInspector* bufferInspector() const { return m_bufferInspector; }
    // The status bar's device line ("Default device: ...").
    QString deviceStatus() const;

private:
    QDockWidget* addDock(const QString& title, const QString& objectName, QWidget* content,
                         Qt::DockWidgetArea area);
    void arrangeDocks();
    void createEditor();
    void createBufferInspector();
    void createMenus();
    void showDevices();
    void showProbeError(const QString& message);

    WorkbenchContext& m_context;
    ui::EditorWorkspace* m_workspace = nullptr;
    ui::DeviceBrowserPanel* m_deviceBrowser = nullptr;
    ui::BufferInspector* m_bufferInspector = nullptr;
    QLabel* m_deviceStatus = nullptr;
};

} // namespace clw::app
