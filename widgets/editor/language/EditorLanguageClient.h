#pragma once
// The language service in one editor: completion in QScintilla's list (with kinds and details),
// signature help as a call tip, hover as a tooltip, the service's diagnostics as their own marks
// and semantic highlighting. Every answer is for one version of the text; an answer to an older
// text is dropped (and, for completion, asked again), never shown.
#include "editor/KernelEditor.h"
#include "editor/language/LspValues.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <vector>

namespace clw::ui {

class KernelEditor;
class LanguageService;

class EditorLanguageClient : public QObject {
    Q_OBJECT
public:
    static constexpr int kCompletionTimeoutMs = 2000;
    static constexpr int kHoverTimeoutMs = 2000;
    static constexpr int kMaxSignaturesShown = 12;
    static constexpr int kTokenSliceLines = 400; // semantic colours painted per event-loop turn

    // Lives as long as the editor (its child); `path` is the document's name for the service.
    EditorLanguageClient(KernelEditor* editor, LanguageService& service, const QString& path);

    KernelEditor* editor() const { return m_editor; }
    QString path() const { return m_path; }
    void setPath(const QString& path) { m_path = path; }
    // Off: the editor's built-in completion comes back, the service's marks go.
    void setActive(bool active);
    bool isActive() const { return m_active; }

    // The service's items in the list on screen (empty when none is).
    const QList<CompletionEntry>& shownEntries() const { return m_shownEntries; }
    // Asks for completion at the caret now (Ctrl+Space, or as the person types).
    void complete();
    // Asks for the signature of the call the caret is in.
    void showSignature();
    // The service's position of a byte position of the editor, and back.
    LspPosition lspPosition(int position) const;
    int editorPosition(const LspPosition& position) const;

    // Asks for what the service shows for a file it built (diagnostics come by themselves).
    void refreshSemanticTokens();

Q_SIGNALS:
    void completionShown(int count);
    void signatureShown(const QString& text);
    void hoverShown(const QString& text);
    void diagnosticsShown(int count);
    void semanticTokensShown(int count);

private:
    void onCharAdded(int character);
    void onListChosen();
    void onHover(int position, const QPoint& globalPoint);
    void onDiagnostics(const QString& path, int version, const QList<ServiceDiagnostic>& list);
    void showList(const QList<CompletionEntry>& entries);
    int wordStart() const;
    // After two characters of a word, a '.' or a "->".
    bool isCompletionPlace() const;
    void registerKindImages();
    bool isCurrent(int version) const;
    void paintTokens();
    void paintNextSlice();

    QPointer<KernelEditor> m_editor;
    LanguageService& m_service;
    QString m_path;
    bool m_active = false;
    bool m_completing = false;    // a completion request is on its way
    bool m_completeAgain = false; // and the text moved on since it was sent
    bool m_listShown = false;     // the list on screen is the service's
    bool m_textRead = false;      // the server has read the file (its diagnostics came)
    bool m_completeWhenRead = false;
    QList<CompletionEntry> m_shownEntries;
    int m_hoverPosition = -1;
    bool m_tokensPending = false;
    std::vector<int> m_tokenData; // the server's last semantic tokens, relative encoding
    QString m_tokenResultId;
    struct TokenSlice {
        int firstLine = 0;
        int endLine = 0;
        QList<KernelEditor::SemanticRange> ranges;
    };
    QList<TokenSlice> m_slices; // still to paint, for m_paintVersion of the text
    int m_paintVersion = 0;
    int m_paintedRanges = 0;
};

} // namespace clw::ui
