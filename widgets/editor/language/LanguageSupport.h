#pragma once
// The language service for the workspace's tabs: every open kernel and header is a document of
// the one LanguageService, with the compile command of the session's build and device; each
// editor gets an EditorLanguageClient. Go to definition, find references and the outline are
// asked here, for the tab they start from.
#include "editor/language/LanguageFlags.h"
#include "editor/language/LanguageService.h"

#include <QHash>
#include <QObject>
#include <QSet>

namespace clw::ui {

class EditorLanguageClient;
class EditorTabs;
class KernelEditor;

class LanguageSupport : public QObject {
    Q_OBJECT
public:
    static constexpr int kNavigationTimeoutMs = 5000;

    explicit LanguageSupport(EditorTabs& tabs, QObject* parent = nullptr);
    ~LanguageSupport() override;

    LanguageService& service() { return *m_service; }
    EditorLanguageClient* clientFor(const KernelEditor* editor) const;
    // The build's options and include folders, and the chosen device: the files' compile
    // commands follow them.
    void setBuild(const QString& options, const QStringList& includeDirs);
    void setDevice(const LanguageDevice& device);
    // The service's name of a tab: its file, or a file in the service's private folder for a
    // tab never saved.
    QString pathOf(const KernelEditor* editor) const;
    KernelEditor* editorForPath(const QString& path) const;

    void goToDefinition(KernelEditor* editor, int position);
    void findReferences(KernelEditor* editor, int position);
    void requestOutline(KernelEditor* editor);

Q_SIGNALS:
    void definitionFound(const clw::ui::LspLocation& location);
    void referencesFound(const QString& symbol, const QList<clw::ui::LspLocation>& locations);
    void outlineReady(clw::ui::KernelEditor* editor, const QList<clw::ui::SymbolEntry>& symbols);
    // For the status bar, once: the service is off and why, a file it skips, a failed request.
    void message(const QString& text, bool problem);

public Q_SLOTS:
    // The tabs were opened, closed, renamed or reloaded.
    void sync();
    void onTextEdited(clw::ui::KernelEditor* editor);

private:
    QStringList commandFor(const QString& path) const;
    void updateCommands();
    void deactivateAll();

    EditorTabs& m_tabs;
    LanguageService* m_service;
    QHash<const KernelEditor*, EditorLanguageClient*> m_clients;
    QSet<const KernelEditor*> m_refused;
    QString m_options;
    QStringList m_includeDirs;
    LanguageDevice m_device;
    bool m_toldUnavailable = false;
};

} // namespace clw::ui
