#pragma once
// The build panel: the last build's diagnostics per device (a click jumps to the place), the raw
// compiler logs, and the build options with presets (-cl-fast-relaxed-math, -cl-std=, -D
// defines, -I directories), the devices to build for and the "build as you type" switch.
#include "models/BuildReport.h"
#include "models/BuildSettingsStore.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QMenu;
class QPlainTextEdit;
class QPushButton;
class QToolButton;
class QTreeView;

namespace clw::ui {

class DiagnosticsModel;

class DiagnosticsPanel : public QWidget {
    Q_OBJECT
public:
    explicit DiagnosticsPanel(QWidget* parent = nullptr);

    void setReport(const BuildReport& report);
    // The devices offered besides "Default device" and "All devices".
    void setDeviceNames(const QStringList& names);
    BuildChoices choices() const;
    void setChoices(const BuildChoices& choices);
    void setLive(bool on);
    // Selects the next (or previous) diagnostic with a place and jumps to it, wrapping around
    // (F8 / Shift+F8). False when there is none.
    bool showNextDiagnostic(bool forward = true);

    DiagnosticsModel* model() const { return m_model; }
    QTreeView* view() const { return m_view; }
    QLineEdit* optionsEdit() const { return m_options; }
    QComboBox* deviceCombo() const { return m_devices; }
    QCheckBox* liveBox() const { return m_live; }
    QPushButton* buildButton() const { return m_build; }
    QPlainTextEdit* logView() const { return m_log; }

Q_SIGNALS:
    void jumpRequested(const QString& file, int line, int column);
    // The options or the devices changed (the workspace remembers them and builds again).
    void choicesChanged();
    void buildRequested();
    void liveToggled(bool on);

private:
    void buildPresetMenu();
    void setOptions(const QString& options);
    void jumpTo(const QModelIndex& index);

    DiagnosticsModel* m_model;
    QTreeView* m_view;
    QPlainTextEdit* m_log;
    QLineEdit* m_options;
    QToolButton* m_presets;
    QMenu* m_presetMenu;
    QComboBox* m_devices;
    QCheckBox* m_live;
    QPushButton* m_build;
};

} // namespace clw::ui
