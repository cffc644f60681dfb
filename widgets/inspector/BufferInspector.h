#pragma once
// The buffer inspector panel (issue 8), in the manner of RenderDoc's buffer viewer: a typed, paged
// table of any buffer or image (BufferTableView over BufferTableModel), its format line, statistics
// with a histogram and a line plot, a 2D view, a diff against another buffer or the previous
// contents, and fill / import / export. Every read and write runs on the bridge's workers; the
// GUI thread formats cached bytes only.
//
// Buffers come from whoever owns them (launches, sessions: addBuffer), or from a .npy file opened
// here. The format of each is remembered by name, for the session and in the settings.
#include "bridge/BufferSource.h"
#include "bridge/DifferentialRun.h"
#include "bridge/EngineBridge.h"

#include "clw/engine/inspect/ElementFormat.h"

#include <QWidget>

#include <map>
#include <memory>
#include <optional>

class QComboBox;
class QLabel;
class QSettings;
class QSplitter;
class QTabWidget;

namespace clw::ui {

class AnalysisPanel;
class BufferFileActions;
class BufferTableModel;
class BufferTableView;
class DiffPanel;
class FormatBar;
class HeatMapPanel;

class BufferInspector : public QWidget {
    Q_OBJECT
public:
    // `settings` (may be null) keeps the formats between runs.
    BufferInspector(EngineBridge& bridge, QSettings* settings, QWidget* parent = nullptr);
    ~BufferInspector() override;

    // Adds a buffer (or replaces one of the same name) and shows it, as `format` or else as the
    // format remembered for the name, the source's natural type (images), or float. `show`
    // false: the caller shows one after adding several (a run's buffers, each live edit's).
    void addBuffer(const QString& name, std::shared_ptr<BufferSource> source,
                   std::optional<engine::ElementFormat> format = std::nullopt, bool show = true);
    void removeBuffer(const QString& name);
    QStringList bufferNames() const;
    // The source of a buffer added, or null.
    std::shared_ptr<BufferSource> source(const QString& name) const;
    void showBuffer(const QString& name);
    QString currentBuffer() const;
    // Remembers a buffer's contents (a device-side copy) as its "previous contents" for the diff:
    // call before a launch. Runs on a worker; snapshotTaken follows.
    void takeSnapshot(const QString& name);
    // Sets a buffer's "previous contents" for the diff to `previous` (the same buffer of the run
    // before, which the run left alone): no copy is made.
    void setPrevious(const QString& name, std::shared_ptr<BufferSource> previous);
    // Sets what a buffer held before the last launch (the diff offers it first).
    void setBeforeLaunch(const QString& name, std::shared_ptr<BufferSource> before);
    // Sets what a captured session expects a buffer to hold after the run (null: nothing). The
    // diff offers it first, and showing the buffer compares with it: the table highlights the
    // elements that differ from the program's own result.
    void setExpected(const QString& name, std::shared_ptr<BufferSource> expected);
    // Highlights, in the table, the elements of the shown buffer that differ from its previous
    // contents (setPrevious: the previous live result), through the diff. False when the shown
    // buffer has no previous contents.
    bool highlightChanges();
    // A launch or another panel changed a buffer: the views read it again.
    void refresh(const QString& name);
    // Shows a run on two devices (issue 19): each output of each run added as "A: name" and
    // "B: name", and the comparison in the Diff tab, whose chosen buffer is shown (A's) with its
    // differing elements highlighted. Null hides the comparison.
    void showDifferential(std::shared_ptr<const DifferentialOutcome> outcome);
    // "A: c", "B: c": the inspector's name of a buffer of run A or B (the reference).
    static QString differentialName(const QString& buffer, bool reference);

    BufferTableModel* model() const { return m_model; }
    BufferTableView* tableView() const { return m_view; }
    FormatBar* formatBar() const { return m_formatBar; }
    AnalysisPanel* analysis() const { return m_analysis; }
    HeatMapPanel* heatMap() const { return m_heatMap; }
    DiffPanel* diff() const { return m_diff; }
    BufferFileActions* actions() const { return m_actions; }
    QTabWidget* sideTabs() const { return m_sideTabs; }
    // The status line: the last message, error or not.
    QString statusText() const;

Q_SIGNALS:
    void snapshotTaken(const QString& name);
    void bufferShown(const QString& name);
    // A read or write of the shown buffer failed (also shown under the table, which a short dock
    // may scroll out of view): the window logs it.
    void accessFailed(const QString& message);

private:
    struct Entry {
        std::shared_ptr<BufferSource> source;
        std::shared_ptr<BufferSource> snapshot;
        engine::ElementFormat format;
        std::shared_ptr<BufferSource> beforeLaunch;
        std::shared_ptr<BufferSource> expected;
    };

    void applyFormat(const engine::ElementFormat& format);
    void formatApplied();
    void updateReferences();
    void navigateDiff(bool forward);
    void connectDifferential();
    void showStatus(const QString& message, bool error);
    void rememberFormat(const QString& name, const engine::ElementFormat& format);
    std::optional<engine::ElementFormat> rememberedFormat(const QString& name) const;
    void buildToolbar();
    Entry* current();

    EngineBridge& m_bridge;
    QSettings* m_settings = nullptr;
    std::map<QString, Entry> m_entries;
    BufferTableModel* m_model = nullptr;
    BufferTableView* m_view = nullptr;
    FormatBar* m_formatBar = nullptr;
    AnalysisPanel* m_analysis = nullptr;
    HeatMapPanel* m_heatMap = nullptr;
    DiffPanel* m_diff = nullptr;
    BufferFileActions* m_actions = nullptr;
    QComboBox* m_buffers = nullptr;
    QTabWidget* m_sideTabs = nullptr;
    QSplitter* m_split = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace clw::ui
