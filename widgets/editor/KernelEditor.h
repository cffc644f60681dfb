#pragma once
// The OpenCL C editor (DESIGN.md §5): a QsciScintilla with the OpenCL lexer, line numbers,
// folding, brace matching, current-line highlight, indentation guides, completion and call tips
// for the builtins and the open files' identifiers, comment toggling, go to line, zoom, light and
// dark themes that follow the system palette, and build diagnostics as squiggles, margin markers,
// inline annotations and tooltips.
#include "editor/EditorTheme.h"
#include "models/BuildReport.h"

#include <QStringList>

#include <Qsci/qsciscintilla.h>

class QsciAPIs;

namespace clw::ui {

class OpenClLexer;

class KernelEditor : public QsciScintilla {
    Q_OBJECT
public:
    // Indicator, marker and style numbers (tests query them).
    static constexpr int kErrorIndicator = 8; // INDIC_CONTAINER: the first free for containers
    static constexpr int kWarningIndicator = 9;
    static constexpr int kFindIndicator = 10;
    static constexpr int kFindingIndicator = 11; // a check's finding (Oclgrind)
    // The language service's errors and warnings (clangd, as the person types).
    static constexpr int kServiceErrorIndicator = 12;
    static constexpr int kServiceWarningIndicator = 13;
    // Semantic highlighting from the language service: the text's colour.
    static constexpr int kMacroIndicator = 14;
    static constexpr int kParameterIndicator = 15;
    static constexpr int kTypeIndicator = 16;
    static constexpr int kErrorMarker = 1;
    static constexpr int kWarningMarker = 2;
    static constexpr int kNoteMarker = 3; // where an error's note points (a macro's definition)
    static constexpr int kFindingMarker = 4;
    static constexpr int kBreakpointMarker = 5;
    static constexpr int kExecutionMarker = 6;     // where a debug run is paused: an arrow
    static constexpr int kExecutionLineMarker = 7; // and the line's background
    static constexpr int kServiceErrorMarker = 8;
    static constexpr int kServiceWarningMarker = 9;
    static constexpr int kDebugMargin = 3; // breakpoints: a click toggles one
    static constexpr int kSymbolMargin = 1;
    static constexpr int kFoldMargin = 2;

    explicit KernelEditor(QWidget* parent = nullptr);
    ~KernelEditor() override;

    OpenClLexer* openClLexer() const { return m_lexer; }
    // Replaces the whole text, NUL characters included (QsciScintilla::setText stops at the
    // first one, which would drop the rest of a file), and empties the undo history.
    void setFullText(const QString& text);
    // The whole text, NUL characters included (QsciScintilla::text stops at the first one).
    QString fullText() const;
    QsciAPIs* apis() const { return m_apis; }
    // True once the completion words are prepared (QsciAPIs prepares them on a thread).
    bool isCompletionReady() const { return m_completionReady; }
    // The identifiers of the open files offered besides the builtins; prepares again only when
    // the list changed.
    void setExtraWords(const QStringList& identifiers);
    // Identifiers of this text worth offering: declared names of three or more characters that
    // are not OpenCL words.
    QStringList identifiers() const;

    // Shows a build's errors and warnings located in this file (replacing the ones shown).
    void setDiagnostics(const QList<BuildDiagnostic>& problems);
    void clearDiagnostics();
    const QList<BuildDiagnostic>& diagnostics() const { return m_diagnostics; }
    // The byte range [start, end) a diagnostic's squiggle covers.
    std::pair<int, int> diagnosticRange(const BuildDiagnostic& diagnostic) const;
    // The diagnostic whose squiggle covers a byte position, or nullptr.
    const BuildDiagnostic* diagnosticAt(int position) const;
    // Shows a check's findings located in this file as their own marks (a boxed squiggle and a
    // margin arrow), beside the build's diagnostics and kept when a build replaces those.
    void setFindings(const QList<BuildDiagnostic>& findings);
    const QList<BuildDiagnostic>& findings() const { return m_findings; }

    // Shows the language service's errors and warnings (as the person types) with marks of their
    // own; one the build reports too (same line and severity, same column or message) is shown
    // once, as the build's.
    void setServiceDiagnostics(const QList<BuildDiagnostic>& problems);
    const QList<BuildDiagnostic>& serviceDiagnostics() const { return m_serviceDiagnostics; }
    // The service's diagnostics that are shown (those the build does not report too).
    QList<BuildDiagnostic> shownServiceDiagnostics() const;

    // Semantic highlighting: byte ranges [start, end) coloured as a macro, parameter or type
    // (kMacroIndicator, kParameterIndicator, kTypeIndicator). Replaces the colours of the text
    // in [from, to) with those of `ranges` (which lie in it); from = to = -1: the whole text.
    struct SemanticRange {
        int start = 0;
        int end = 0;
        int indicator = 0;
    };
    void setSemanticRanges(const QList<SemanticRange>& ranges, int from = -1, int to = -1);

    // With the language service on, its completion and signature help replace the built-in
    // word list's (which comes back when the service is off).
    void setLanguageServiceActive(bool active);
    bool isLanguageServiceActive() const { return m_serviceActive; }

    // Breakpoints, by 1-based line; they move with the text as it is edited.
    QList<int> breakpoints() const;
    void toggleBreakpoint(int line);
    void clearBreakpoints();
    // Marks the line a debug run is paused at (1-based; 0: none).
    void showExecutionLine(int line);
    int executionLine() const;

    // Moves the caret to a 1-based line and byte column (0: the line's first character) and
    // shows it.
    void goToLine(int line, int column = 0);
    // Comments the selected lines (or the caret's line) out with "//", or back in when every
    // one of them is a comment already. One undo step.
    void toggleComment();

    const EditorTheme& theme() const { return m_theme; }
    void applyTheme(const EditorTheme& theme);

    // What Watch offers at a position: the selection, else the identifier there (with a vector
    // component or constant index that follows it: "v.y", "tile[3]"); empty for none.
    QString watchExpressionAt(int position) const;

Q_SIGNALS:
    void completionReady();
    // Watch (the context menu's, Run > Watch): `expression` at the 1-based `line`.
    void watchRequested(const QString& expression, int line);
    void breakpointsChanged();
    // Ctrl+click: go to the definition of what is at `position`.
    void definitionRequested(int position);
    // The mouse rests on `position` where no diagnostic is (the language service's hover);
    // hoverEnded() when it moves on.
    void hoverRequested(int position, const QPoint& globalPoint);
    void hoverEnded();

protected:
    bool event(QEvent* event) override;
    void changeEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    void setUpView();
    void prepareCompletion();
    void renderDiagnostics();
    void showDiagnosticTip(int position, int x, int y);
    bool reportedByBuild(const BuildDiagnostic& problem) const;
    void updateMarginWidth();

    OpenClLexer* m_lexer;
    QsciAPIs* m_apis;
    bool m_completionReady = false;
    bool m_preparing = false;
    bool m_prepareAgain = false;
    QStringList m_extraWords;
    QList<BuildDiagnostic> m_diagnostics;
    QList<BuildDiagnostic> m_findings;
    QList<BuildDiagnostic> m_serviceDiagnostics;
    bool m_serviceActive = false;
    EditorTheme m_theme;
};

} // namespace clw::ui
