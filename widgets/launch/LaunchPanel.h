#pragma once
// The launch panel of the workbench loop (issue 9): pick a kernel of the built program, bind its
// arguments with editors that fit their types, set the global and local size and offset against
// the device's and the kernel's limits, then Run (F5), run N times, or sweep the work-group
// sizes, and read the times. Everything goes through the SessionController: the panel edits the
// session's launches (setLaunch, addLaunch, setBuffer) and never calls OpenCL.
//
// Which launch is shown: the session's launch of the picked kernel (the first one when there are
// several; the launch picker shows the others), created with unset arguments the first time a
// kernel is picked.
#include <QTimer>
#include <QWidget>

#include <cstdint>
#include <vector>

class QAction;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace clw::ui {

class ArgumentDelegate;
class GeometryEditor;
class LaunchArgumentsModel;
class NewBufferDialog;
class RunResultsView;
class SessionController;
struct RunRecord;
struct SweepResult;

class LaunchPanel : public QWidget {
    Q_OBJECT
public:
    // The controller must outlive the panel.
    explicit LaunchPanel(SessionController& controller, QWidget* parent = nullptr);
    ~LaunchPanel() override;

    // Run (F5): runs the session's launches in order. For the main window's Run menu.
    QAction* runAction() const { return m_runAction; }
    // Runs the shown launch N times (N from the panel's spin box), the launches before it once.
    QAction* runRepeatedAction() const { return m_runRepeatedAction; }
    // Runs the shown launch at every local size that fits and shows the best and the worst.
    QAction* sweepAction() const { return m_sweepAction; }
    // Cancels the run, sweep or build in progress.
    QAction* cancelAction() const { return m_cancelAction; }
    // "Run on two devices...": the session on two devices, every output compared (issue 19).
    // The panel only offers it; whoever runs it connects to its triggered().
    QAction* twoDevicesAction() const { return m_twoDevicesAction; }

    // The session's index of the shown launch; -1 when none is shown.
    int currentLaunch() const { return m_launchIndex; }
    // The kernel of the shown launch; empty when none is shown.
    QString currentKernel() const;
    // Shows the session's launch `index` (-1: none).
    void showLaunch(int index);
    // Shows the first launch of `kernel`, adding one (SessionController::addLaunch) with the
    // signature's arguments unset when the session has none. False for a kernel the panel does
    // not know (not built, in no launch).
    bool selectKernel(const QString& kernel);

    LaunchArgumentsModel* argumentsModel() const { return m_model; }
    GeometryEditor* geometryEditor() const { return m_geometry; }
    // Opens "New buffer..." for the argument at `row`, proposing the pointee's element type and
    // the launch's global size; on OK the buffer joins the session and is bound to the argument.
    // Window-modal, not blocking; the dialog deletes itself when closed. nullptr for a row that
    // takes no buffer.
    NewBufferDialog* newBufferForArgument(int row);
    // The error line ("Launch 'add': ..."); empty when there is nothing wrong to say.
    QString errorText() const;

private:
    void buildActions();
    void buildLayout();
    void connectController();

    // The controller's news.
    void sessionOpened();
    void sessionChanged();
    void kernelsChanged();
    void runFinished(const RunRecord& record);
    void sweepFinished(const SweepResult& result);
    void errorOccurred(const QString& where, const QString& message);
    void progress(const QString& what, int done, int total);

    // The person's requests.
    void run();
    void runRepeated();
    void sweep();
    void applySizes(const std::vector<std::uint64_t>& global,
                    const std::vector<std::uint64_t>& local,
                    const std::vector<std::uint64_t>& offset);
    // Commits an argument being edited and the geometry as typed; false (with the reason in the
    // error line) when the geometry does not read.
    bool commitPending();

    void fillKernelPicker();
    void fillLaunchPicker();
    void updateLimits();
    void updateActions();
    void showError(const QString& text);

    SessionController& m_controller;
    int m_launchIndex = -1;

    QComboBox* m_kernelPicker = nullptr;
    QComboBox* m_launchPicker = nullptr;
    QLabel* m_launchLabel = nullptr;
    LaunchArgumentsModel* m_model = nullptr;
    ArgumentDelegate* m_delegate = nullptr;
    QTableView* m_table = nullptr;
    GeometryEditor* m_geometry = nullptr;
    QAction* m_runAction = nullptr;
    QAction* m_runRepeatedAction = nullptr;
    QAction* m_sweepAction = nullptr;
    QAction* m_cancelAction = nullptr;
    QAction* m_twoDevicesAction = nullptr;
    QPushButton* m_runButton = nullptr;
    QSpinBox* m_runCount = nullptr;
    QPushButton* m_runRepeatedButton = nullptr;
    QPushButton* m_sweepButton = nullptr;
    QPushButton* m_twoDevicesButton = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QProgressBar* m_progress = nullptr;
    // The progress bar shows once a run has lasted a moment: one that ends sooner (live mode's,
    // as the person types) changes nothing here, where every change lays out the window again.
    QTimer m_progressReveal;
    QLabel* m_errorLabel = nullptr;
    RunResultsView* m_results = nullptr;
};

} // namespace clw::ui
