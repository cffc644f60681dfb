#pragma once
// The session's kernels and headers, one KernelEditor per tab: open, save, save as, revert, close,
// modified markers ("name*"), and reload when a file changed on disk (asking first when the tab
// has unsaved edits). It also answers what a build compiles: every open file, named the way
// `#include "x.h"` spells it relative to the main file, so that includes resolve to the open
// (possibly unsaved) text first.
#include "bridge/BuildInput.h"
#include "editor/KernelEditor.h" // complete: signals carry KernelEditor*

#include <QByteArray>
#include <QFileSystemWatcher>
#include <QHash>
#include <QMessageBox>
#include <QTabWidget>

#include <functional>

namespace clw::ui {

class EditorTabs : public QTabWidget {
    Q_OBJECT
public:
    // Asks the person a question (reload? save before closing?); injectable so that tests
    // answer without a dialog. Returns the button chosen.
    using Question = std::function<QMessageBox::StandardButton(
        const QString& title, const QString& text, QMessageBox::StandardButtons buttons)>;

    explicit EditorTabs(QWidget* parent = nullptr);
    ~EditorTabs() override;

    void setQuestion(Question question) { m_question = std::move(question); }

    // A new unsaved tab ("untitled-1.cl" when name is empty).
    KernelEditor* newFile(const QString& text = {}, const QString& name = {});
    // Opens a file in a new tab, or shows the tab that has it. nullptr (and problem()) on error.
    KernelEditor* openFile(const QString& path);
    // Saves to the tab's file; asks for none (returns false) when the tab was never saved.
    bool save(KernelEditor* editor);
    bool saveAs(KernelEditor* editor, const QString& path);
    // Discards the edits: reads the file again (nothing for a tab never saved).
    bool revert(KernelEditor* editor);
    // Closes a tab, asking to save unsaved edits; false when the person cancelled.
    bool closeEditor(KernelEditor* editor);

    KernelEditor* currentEditor() const;
    KernelEditor* editorAt(int index) const;
    QList<KernelEditor*> editors() const;
    QString filePath(const KernelEditor* editor) const;
    // The tab's name as a build names it relative to the folder of `main` (see sources()).
    QString sourceName(const KernelEditor* editor, const KernelEditor* main) const;
    KernelEditor* editorForSource(const QString& name, const KernelEditor* main) const;
    bool isHeader(const KernelEditor* editor) const;
    // The tab's file is not UTF-8: it is shown a character per byte.
    bool isBytewise(const KernelEditor* editor) const;
    // Every open file as a build input whose main file is `main`.
    BuildSources sources(const KernelEditor* main) const;
    // Identifiers of every open file, for completion.
    QStringList identifiers() const;

Q_SIGNALS:
    void currentEditorChanged(clw::ui::KernelEditor* editor);
    // The text of a tab changed (typing, undo, reload).
    void textEdited(clw::ui::KernelEditor* editor);
    void saved(clw::ui::KernelEditor* editor);
    // A tab was replaced by the file's new content from disk.
    void reloaded(clw::ui::KernelEditor* editor);
    // Tabs were opened, closed or renamed.
    void filesChanged();
    // Something went wrong that the person must see (the workspace shows it in the status bar).
    void problem(const QString& message);

private:
    struct Document {
        QString path;         // absolute; empty until saved
        QString untitledName; // for a tab never saved
        QByteArray diskHash;  // of the content last read or written: our own writes are no change
        bool asking = false;  // a reload question is open
        // The file is not UTF-8: shown a character per byte and written back byte for byte.
        bool bytewise = false;
    };

    KernelEditor* addEditor(const QString& text, Document document);
    bool writeFile(KernelEditor* editor, const QString& path);
    bool loadInto(KernelEditor* editor, const QString& path, bool keepView);
    void onFileChanged(const QString& path);
    void checkDisk(const QString& path);
    void updateTitle(KernelEditor* editor);
    KernelEditor* editorForPath(const QString& path) const;
    QMessageBox::StandardButton ask(const QString& title, const QString& text,
                                    QMessageBox::StandardButtons buttons);

    QHash<const KernelEditor*, Document> m_documents;
    QFileSystemWatcher m_watcher;
    Question m_question;
    int m_untitledCount = 0;
};

} // namespace clw::ui
