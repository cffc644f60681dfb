#include "editor/KernelEditor.h"

#include "editor/OpenClBuiltins.h"
#include "editor/OpenClLexer.h"
#include "editor/OpenClWords.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QEvent>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QRegularExpression>
#include <QScreen>
#include <QSet>
#include <QToolTip>

#include <memory>

#include <Qsci/qsciapis.h>
#include <Qsci/qscistyle.h>

#include <algorithm>

namespace clw::ui {

namespace {

// Annotation styles: fixed numbers above the lexer's and Scintilla's predefined ones (32-39),
// so that re-rendering never allocates new ones.
constexpr int kErrorAnnotationStyle = 120;
constexpr int kWarningAnnotationStyle = 121;

// The builtins' signatures, shared by every editor: QsciAPIs wants them one by one.
const QStringList& builtinApiEntries() {
    static const QStringList entries = [] {
        QStringList list;
        for (const OpenClBuiltins::Entry& entry : OpenClBuiltins::instance().entries())
            list.append(entry.signature);
        return list;
    }();
    return entries;
}

long send(const KernelEditor* editor, unsigned int message, unsigned long wParam = 0,
          long lParam = 0) {
    return editor->SendScintilla(message, wParam, lParam);
}

} // namespace

KernelEditor::KernelEditor(QWidget* parent)
    : QsciScintilla(parent)
    , m_lexer(new OpenClLexer(this))
    , m_apis(new QsciAPIs(m_lexer))
    , m_theme(EditorTheme::forPalette(QApplication::palette())) {
    setUpView();
    connect(m_apis, &QsciAPIs::apiPreparationFinished, this, [this] {
        m_preparing = false;
        if (m_prepareAgain) { // the words changed while the thread read the old ones
            prepareCompletion();
            return;
        }
        m_completionReady = true;
        Q_EMIT completionReady();
    });
    prepareCompletion();
}

KernelEditor::~KernelEditor() {
    // Stop a preparation thread that still reads this editor's word list.
    m_apis->cancelPreparation();
}

void KernelEditor::setUpView() {
    setUtf8(true);
    setLexer(m_lexer);
    setEolMode(EolUnix);

    setMarginType(0, NumberMargin);
    setMarginType(kSymbolMargin, SymbolMargin);
    setMarginWidth(kSymbolMargin, 16);
    setMarginMarkerMask(kSymbolMargin, (1 << kErrorMarker) | (1 << kWarningMarker) |
                                           (1 << kNoteMarker) | (1 << kFindingMarker) |
                                           (1 << kServiceErrorMarker) |
                                           (1 << kServiceWarningMarker));
    // A click in the line numbers or the markers toggles a breakpoint, as in every IDE (the
    // margins then select no line).
    setMarginSensitivity(0, true);
    setMarginSensitivity(kSymbolMargin, true);
    setFolding(BoxedTreeFoldStyle, kFoldMargin);
    markerDefine(Circle, kErrorMarker);
    markerDefine(RightTriangle, kWarningMarker);
    markerDefine(SmallRectangle, kNoteMarker);
    markerDefine(RightArrow, kFindingMarker);
    setMarginType(kDebugMargin, SymbolMargin);
    setMarginWidth(kDebugMargin, 14);
    setMarginMarkerMask(kDebugMargin, (1 << kBreakpointMarker) | (1 << kExecutionMarker));
    setMarginSensitivity(kDebugMargin, true);
    markerDefine(Circle, kBreakpointMarker);
    markerDefine(RightArrow, kExecutionMarker);
    markerDefine(Background, kExecutionLineMarker);
    connect(this, &QsciScintilla::marginClicked, this,
            [this](int margin, int line, Qt::KeyboardModifiers) {
                if (margin == 0 || margin == kSymbolMargin || margin == kDebugMargin)
                    toggleBreakpoint(line + 1);
            });
    connect(this, &QsciScintilla::linesChanged, this, &KernelEditor::updateMarginWidth);

    setAutoIndent(true);
    setIndentationsUseTabs(false);
    setTabWidth(4);
    setIndentationWidth(4);
    setIndentationGuides(true);
    setBraceMatching(SloppyBraceMatch);
    setCaretLineVisible(true);
    setEdgeMode(EdgeNone);
    setAnnotationDisplay(AnnotationBoxed);
    // The horizontal scroll bar follows the longest line seen, not a fixed 2000 pixels.
    send(this, SCI_SETSCROLLWIDTH, 1);
    send(this, SCI_SETSCROLLWIDTHTRACKING, 1);

    indicatorDefine(SquiggleIndicator, kErrorIndicator);
    indicatorDefine(SquiggleIndicator, kWarningIndicator);
    indicatorDefine(StraightBoxIndicator, kFindIndicator);
    indicatorDefine(SquigglePixmapIndicator, kFindingIndicator);
    // The service's marks are dotted and dashed, so that they read as "not from a build yet".
    indicatorDefine(DotsIndicator, kServiceErrorIndicator);
    indicatorDefine(DashesIndicator, kServiceWarningIndicator);
    for (int indicator : {kMacroIndicator, kParameterIndicator, kTypeIndicator})
        indicatorDefine(TextColorIndicator, indicator);
    markerDefine(LeftRectangle, kServiceErrorMarker);
    markerDefine(LeftRectangle, kServiceWarningMarker);
    setIndicatorDrawUnder(true, kFindIndicator);

    setAutoCompletionSource(AcsAPIs);
    setAutoCompletionThreshold(2);
    setAutoCompletionCaseSensitivity(true);
    setAutoCompletionReplaceWord(false);
    setAutoCompletionUseSingle(AcusNever);
    setCallTipsStyle(CallTipsNoContext);
    setCallTipsVisible(0); // every overload at once
    setCallTipsPosition(CallTipsBelowText);

    // Hovering over a squiggle shows its message.
    send(this, SCI_SETMOUSEDWELLTIME, 400);
    connect(this, &QsciScintillaBase::SCN_DWELLSTART, this, &KernelEditor::showDiagnosticTip);
    connect(this, &QsciScintillaBase::SCN_DWELLEND, this, [this] {
        QToolTip::hideText();
        Q_EMIT hoverEnded();
    });

    applyTheme(m_theme);
}

void KernelEditor::setFullText(const QString& text) {
    const QByteArray bytes = text.toUtf8();
    const bool readOnly = isReadOnly();
    setReadOnly(false);
    send(this, SCI_CLEARALL);
    SendScintilla(SCI_APPENDTEXT, uintptr_t(bytes.size()), bytes.constData());
    send(this, SCI_EMPTYUNDOBUFFER);
    setReadOnly(readOnly);
}

QString KernelEditor::fullText() const {
    const long length = send(this, SCI_GETLENGTH);
    QByteArray bytes(length + 1, '\0');
    const_cast<KernelEditor*>(this)->SendScintilla(SCI_GETTEXT, uintptr_t(length + 1),
                                                   bytes.data());
    return QString::fromUtf8(bytes.constData(), length);
}

void KernelEditor::applyTheme(const EditorTheme& theme) {
    m_theme = theme;
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_lexer->applyTheme(theme, font);
    setMarginsFont(font);
    setMarginsBackgroundColor(theme.marginPaper);
    setMarginsForegroundColor(theme.marginText);
    setFoldMarginColors(theme.foldMargin, theme.foldMargin);
    setCaretLineBackgroundColor(theme.caretLine);
    setCaretForegroundColor(theme.caret);
    setSelectionBackgroundColor(theme.selection);
    setMatchedBraceBackgroundColor(theme.braceMatchPaper);
    setMatchedBraceForegroundColor(theme.braceMatchText);
    setUnmatchedBraceForegroundColor(theme.braceBadText);
    setIndentationGuidesForegroundColor(theme.indentGuide);
    setIndentationGuidesBackgroundColor(theme.paper);
    setIndicatorForegroundColor(theme.error, kErrorIndicator);
    setIndicatorForegroundColor(theme.warning, kWarningIndicator);
    setIndicatorForegroundColor(theme.findMatch, kFindIndicator);
    setIndicatorForegroundColor(theme.error, kFindingIndicator);
    setIndicatorForegroundColor(theme.error, kServiceErrorIndicator);
    setIndicatorForegroundColor(theme.warning, kServiceWarningIndicator);
    setMarkerBackgroundColor(theme.error, kServiceErrorMarker);
    setMarkerBackgroundColor(theme.warning, kServiceWarningMarker);
    // Macros as the preprocessor's colour, parameters and typedef'd types in colours of their own.
    setIndicatorForegroundColor(theme.styles[OpenClLexer::Constant], kMacroIndicator);
    setIndicatorForegroundColor(
        theme.isDark() ? QColor(0xd0, 0xa0, 0xe0) : QColor(0x80, 0x30, 0x90), kParameterIndicator);
    setIndicatorForegroundColor(theme.styles[OpenClLexer::Type], kTypeIndicator);
    setMarkerBackgroundColor(theme.error, kFindingMarker);
    setMarkerForegroundColor(theme.error, kFindingMarker);
    setMarkerBackgroundColor(QColor(0xc0, 0x20, 0x20), kBreakpointMarker);
    setMarkerForegroundColor(QColor(0x80, 0x10, 0x10), kBreakpointMarker);
    setMarkerBackgroundColor(QColor(0xf0, 0xc0, 0x20), kExecutionMarker);
    setMarkerForegroundColor(QColor(0x80, 0x60, 0x00), kExecutionMarker);
    setMarkerBackgroundColor(theme.findMatch, kExecutionLineMarker);
    setMarkerBackgroundColor(theme.error, kErrorMarker);
    setMarkerForegroundColor(theme.error, kErrorMarker);
    setMarkerBackgroundColor(theme.warning, kWarningMarker);
    setMarkerForegroundColor(theme.warning, kWarningMarker);
    setMarkerBackgroundColor(theme.marginText, kNoteMarker);
    setMarkerForegroundColor(theme.marginText, kNoteMarker);
    updateMarginWidth();
    renderDiagnostics(); // annotation styles take the new colours
}

void KernelEditor::changeEvent(QEvent* event) {
    QsciScintilla::changeEvent(event);
    if (event->type() == QEvent::PaletteChange ||
        event->type() == QEvent::ApplicationPaletteChange) {
        const EditorTheme wanted = EditorTheme::forPalette(QApplication::palette());
        if (wanted.name != m_theme.name)
            applyTheme(wanted);
    }
}

QString KernelEditor::watchExpressionAt(int position) const {
    if (hasSelectedText() && !selectedText().contains(QLatin1Char('\n')))
        return selectedText().trimmed();
    const int start = int(send(this, SCI_WORDSTARTPOSITION, ulong(position), 1));
    int end = int(send(this, SCI_WORDENDPOSITION, ulong(position), 1));
    if (end <= start)
        return {};
    const int line = int(send(this, SCI_LINEFROMPOSITION, ulong(start)));
    const int lineStart = int(send(this, SCI_POSITIONFROMLINE, ulong(line)));
    const QByteArray rest = text(line).toUtf8().mid(end - lineStart);
    // A component (".y", ".s2") or a constant index ("[3]") right after the name belongs to it.
    static const QRegularExpression tail(QStringLiteral("^(\\.[xyzwsS][0-9a-fA-F]?|\\[[0-9]+\\])"));
    const QRegularExpressionMatch match = tail.match(QString::fromUtf8(rest));
    const QByteArray word = text(line).toUtf8().mid(start - lineStart, end - start);
    const QString name = QString::fromUtf8(word);
    if (name.isEmpty() || !(name[0].isLetter() || name[0] == QLatin1Char('_')))
        return {};
    return match.hasMatch() ? name + match.captured(1) : name;
}

void KernelEditor::contextMenuEvent(QContextMenuEvent* event) {
    std::unique_ptr<QMenu> menu(createStandardContextMenu());
    const int position =
        event->reason() == QContextMenuEvent::Mouse
            ? int(send(this, SCI_POSITIONFROMPOINT, ulong(event->pos().x()), event->pos().y()))
            : int(send(this, SCI_GETCURRENTPOS));
    const QString expression = watchExpressionAt(position);
    if (!expression.isEmpty()) {
        const int line = int(send(this, SCI_LINEFROMPOSITION, ulong(position))) + 1;
        menu->addSeparator();
        QAction* watch = menu->addAction(tr("Watch `%1` at line %2").arg(expression).arg(line));
        watch->setObjectName(QStringLiteral("watchHereAction"));
        connect(watch, &QAction::triggered, this,
                [this, expression, line] { Q_EMIT watchRequested(expression, line); });
    }
    menu->exec(event->globalPos());
}

bool KernelEditor::event(QEvent* event) {
    // Esc belongs to the window (Stop, Shift+Esc Cancel) unless the editor shows a popup of its
    // own for it to close: QScintilla would otherwise take every Esc for itself.
    if (event->type() == QEvent::ShortcutOverride &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape && !isListActive() &&
        !send(this, SCI_CALLTIPACTIVE)) {
        event->ignore();
        return false;
    }
    return QsciScintilla::event(event);
}

void KernelEditor::keyPressEvent(QKeyEvent* event) {
    // QScintilla places its completion list and call tips on the screen under the caret and
    // crashes when there is none (the caret scrolled or moved outside every screen): no popup
    // for this key then.
    const long caret = send(this, SCI_GETCURRENTPOS);
    const QPoint point(int(send(this, SCI_POINTXFROMPOSITION, 0, caret)),
                       int(send(this, SCI_POINTYFROMPOSITION, 0, caret)));
    if (QGuiApplication::screenAt(viewport()->mapToGlobal(point))) {
        QsciScintilla::keyPressEvent(event);
        return;
    }
    const int threshold = autoCompletionThreshold();
    const CallTipsStyle tips = callTipsStyle();
    setAutoCompletionThreshold(-1);
    setCallTipsStyle(CallTipsNone);
    QsciScintilla::keyPressEvent(event);
    setAutoCompletionThreshold(threshold);
    setCallTipsStyle(tips);
}

void KernelEditor::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton && event->modifiers() == Qt::ControlModifier) {
        const QPoint point = event->position().toPoint();
        const long position = send(this, SCI_POSITIONFROMPOINTCLOSE, ulong(point.x()), point.y());
        if (position >= 0) {
            send(this, SCI_GOTOPOS, ulong(position));
            Q_EMIT definitionRequested(int(position));
            event->accept();
            return;
        }
    }
    QsciScintilla::mousePressEvent(event);
}

void KernelEditor::updateMarginWidth() {
    // Room for one more digit than the line count needs, so the margin rarely jumps.
    setMarginWidth(0, QString(QString::number(std::max(lines(), 99)).size() + 1, QLatin1Char('9')));
}

void KernelEditor::setExtraWords(const QStringList& identifiers) {
    QStringList sorted = identifiers;
    sorted.sort();
    sorted.removeDuplicates();
    if (sorted == m_extraWords)
        return;
    m_extraWords = sorted;
    prepareCompletion();
}

void KernelEditor::prepareCompletion() {
    m_completionReady = false;
    // QsciAPIs' thread reads the raw list while it prepares: never change it under the thread.
    m_prepareAgain = m_preparing;
    if (m_preparing)
        return;
    m_preparing = true;
    m_apis->clear();
    for (const QString& entry : builtinApiEntries())
        m_apis->add(entry);
    for (const QString& word : std::as_const(m_extraWords))
        m_apis->add(word);
    m_apis->prepare(); // on QsciAPIs' own thread; completionReady() follows
}

QStringList KernelEditor::identifiers() const {
    static const QRegularExpression word(QStringLiteral("\\b[A-Za-z_][A-Za-z0-9_]{2,}\\b"));
    QSet<QString> seen;
    QStringList result;
    const QString content = text();
    for (auto it = word.globalMatch(content); it.hasNext();) {
        const QString name = it.next().captured();
        if (seen.contains(name))
            continue;
        seen.insert(name);
        if (OpenClWords::classify(name) == OpenClWords::Kind::Identifier)
            result.append(name);
    }
    return result;
}

std::pair<int, int> KernelEditor::diagnosticRange(const BuildDiagnostic& diagnostic) const {
    const int line = std::clamp(diagnostic.line - 1, 0, std::max(0, lines() - 1));
    const int lineStart = int(send(this, SCI_POSITIONFROMLINE, ulong(line)));
    const int lineEnd = int(send(this, SCI_GETLINEENDPOSITION, ulong(line)));
    if (diagnostic.column <= 0) {
        // No column: the line's text without its indentation.
        const int indent = int(send(this, SCI_GETLINEINDENTPOSITION, ulong(line)));
        return {indent, std::max(lineEnd, indent + 1)};
    }
    const int start = std::min(lineStart + diagnostic.column - 1, lineEnd);
    if (diagnostic.endLine > 0) {
        const int last = std::clamp(diagnostic.endLine - 1, line, std::max(0, lines() - 1));
        const int lastStart = int(send(this, SCI_POSITIONFROMLINE, ulong(last)));
        const int lastEnd = int(send(this, SCI_GETLINEENDPOSITION, ulong(last)));
        const int end = std::min(lastStart + std::max(diagnostic.endColumn - 1, 0), lastEnd);
        if (end > start)
            return {start, end};
    }
    if (start >= lineEnd) // at the end of the line ("expected ';'"): mark its last character
        return {std::max(lineStart, lineEnd - 1), std::max(lineEnd, lineStart + 1)};
    // The word at the column (an identifier or a number), else one character.
    int end = int(send(this, SCI_WORDENDPOSITION, ulong(start), 1));
    if (end <= start)
        end = int(send(this, SCI_POSITIONAFTER, ulong(start)));
    return {start, std::min(end, lineEnd)};
}

const BuildDiagnostic* KernelEditor::diagnosticAt(int position) const {
    for (const QList<BuildDiagnostic>* list : {&m_diagnostics, &m_findings, &m_serviceDiagnostics})
        for (const BuildDiagnostic& diagnostic : *list) {
            const auto [start, end] = diagnosticRange(diagnostic);
            if (position >= start && position < end &&
                (list != &m_serviceDiagnostics || !reportedByBuild(diagnostic)))
                return &diagnostic;
        }
    return nullptr;
}

bool KernelEditor::reportedByBuild(const BuildDiagnostic& problem) const {
    // The same problem: on the same line with the same severity, and at the same column or in
    // the same words. The words may differ in more than case (clangd capitalizes, and the
    // driver's clang may be another version), so the column alone is enough.
    for (const BuildDiagnostic& built : m_diagnostics)
        if (built.line == problem.line && built.severity == problem.severity &&
            (built.column == problem.column ||
             built.message.compare(problem.message, Qt::CaseInsensitive) == 0))
            return true;
    return false;
}

void KernelEditor::setServiceDiagnostics(const QList<BuildDiagnostic>& problems) {
    m_serviceDiagnostics = problems;
    renderDiagnostics();
}

QList<BuildDiagnostic> KernelEditor::shownServiceDiagnostics() const {
    QList<BuildDiagnostic> shown;
    for (const BuildDiagnostic& problem : m_serviceDiagnostics)
        if (!reportedByBuild(problem))
            shown.append(problem);
    return shown;
}

void KernelEditor::setSemanticRanges(const QList<SemanticRange>& ranges, int from, int to) {
    const int length = int(send(this, SCI_GETLENGTH));
    if (from < 0 || to < 0) {
        from = 0;
        to = length;
    }
    from = std::clamp(from, 0, length);
    to = std::clamp(to, from, length);
    for (int indicator : {kMacroIndicator, kParameterIndicator, kTypeIndicator}) {
        send(this, SCI_SETINDICATORCURRENT, ulong(indicator));
        send(this, SCI_INDICATORCLEARRANGE, ulong(from), to - from);
    }
    for (const SemanticRange& range : ranges) {
        if (range.start < from || range.end > to || range.end <= range.start)
            continue;
        send(this, SCI_SETINDICATORCURRENT, ulong(range.indicator));
        send(this, SCI_INDICATORFILLRANGE, ulong(range.start), range.end - range.start);
    }
}

void KernelEditor::setLanguageServiceActive(bool active) {
    if (m_serviceActive == active)
        return;
    m_serviceActive = active;
    // The service answers completion and signature help itself (EditorLanguageClient); the word
    // list's own popups would show over its answers.
    setAutoCompletionSource(active ? AcsNone : AcsAPIs);
    setCallTipsStyle(active ? CallTipsNone : CallTipsNoContext);
}

void KernelEditor::setFindings(const QList<BuildDiagnostic>& findings) {
    m_findings = findings;
    renderDiagnostics();
}

void KernelEditor::setDiagnostics(const QList<BuildDiagnostic>& problems) {
    m_diagnostics = problems;
    renderDiagnostics();
}

void KernelEditor::clearDiagnostics() {
    setDiagnostics({});
}

void KernelEditor::renderDiagnostics() {
    const int length = int(send(this, SCI_GETLENGTH));
    for (int indicator : {kErrorIndicator, kWarningIndicator, kFindingIndicator,
                          kServiceErrorIndicator, kServiceWarningIndicator}) {
        send(this, SCI_SETINDICATORCURRENT, ulong(indicator));
        send(this, SCI_INDICATORCLEARRANGE, 0, length);
    }
    markerDeleteAll(kErrorMarker);
    markerDeleteAll(kWarningMarker);
    markerDeleteAll(kNoteMarker);
    markerDeleteAll(kFindingMarker);
    markerDeleteAll(kServiceErrorMarker);
    markerDeleteAll(kServiceWarningMarker);
    clearAnnotations();
    // The service's marks have no annotation: lines that come and go as the person types would
    // move the text under the caret.
    for (const BuildDiagnostic& problem : shownServiceDiagnostics()) {
        const bool error = problem.severity == DiagnosticSeverity::Error;
        const auto [start, end] = diagnosticRange(problem);
        send(this, SCI_SETINDICATORCURRENT,
             ulong(error ? kServiceErrorIndicator : kServiceWarningIndicator));
        send(this, SCI_INDICATORFILLRANGE, ulong(start), end - start);
        markerAdd(int(send(this, SCI_LINEFROMPOSITION, ulong(start))),
                  error ? kServiceErrorMarker : kServiceWarningMarker);
    }
    if (m_diagnostics.isEmpty() && m_findings.isEmpty())
        return;

    const QFont font = m_lexer->font(OpenClLexer::Default);
    const QsciStyle errorStyle(kErrorAnnotationStyle, tr("Error annotation"), m_theme.error,
                               m_theme.errorPaper, font);
    const QsciStyle warningStyle(kWarningAnnotationStyle, tr("Warning annotation"), m_theme.warning,
                                 m_theme.warningPaper, font);
    // Several messages on one line share one annotation, styled by the worst of them.
    QMap<int, QPair<QStringList, bool>> annotations; // line -> (messages, has an error)
    for (const BuildDiagnostic& diagnostic : std::as_const(m_diagnostics)) {
        const bool error = diagnostic.severity == DiagnosticSeverity::Error;
        const bool note = diagnostic.severity == DiagnosticSeverity::Note;
        const auto [start, end] = diagnosticRange(diagnostic);
        const int line = int(send(this, SCI_LINEFROMPOSITION, ulong(start)));
        // A note marks its line and says what it is for; the squiggle stays on the problem.
        if (!note) {
            send(this, SCI_SETINDICATORCURRENT, ulong(error ? kErrorIndicator : kWarningIndicator));
            send(this, SCI_INDICATORFILLRANGE, ulong(start), end - start);
        }
        markerAdd(line, error ? kErrorMarker : note ? kNoteMarker : kWarningMarker);
        auto& entry = annotations[line];
        const QString where = diagnostic.device.contains(QLatin1Char(','))
                                  ? QStringLiteral(" [%1]").arg(diagnostic.device)
                                  : QString();
        entry.first.append(QStringLiteral("%1: %2%3")
                               .arg(severityText(diagnostic.severity), diagnostic.message, where));
        entry.second = entry.second || error;
    }
    for (const BuildDiagnostic& finding : std::as_const(m_findings)) {
        const auto [start, end] = diagnosticRange(finding);
        const int line = int(send(this, SCI_LINEFROMPOSITION, ulong(start)));
        send(this, SCI_SETINDICATORCURRENT, ulong(kFindingIndicator));
        send(this, SCI_INDICATORFILLRANGE, ulong(start), end - start);
        markerAdd(line, kFindingMarker);
        auto& entry = annotations[line];
        entry.first.append(tr("check: %1").arg(finding.message));
        entry.second = true;
    }
    for (auto it = annotations.cbegin(); it != annotations.cend(); ++it)
        annotate(it.key(), it.value().first.join(QLatin1Char('\n')),
                 it.value().second ? errorStyle : warningStyle);
}

void KernelEditor::showDiagnosticTip(int position, int x, int y) {
    const BuildDiagnostic* diagnostic = position >= 0 ? diagnosticAt(position) : nullptr;
    if (!diagnostic) {
        if (position >= 0)
            Q_EMIT hoverRequested(position, viewport()->mapToGlobal(QPoint(x, y)));
        return;
    }
    QString tip =
        QStringLiteral("%1: %2").arg(severityText(diagnostic->severity), diagnostic->message);
    for (const QString& note : diagnostic->notes)
        tip += QLatin1Char('\n') + note;
    if (!diagnostic->device.isEmpty())
        tip += QLatin1Char('\n') + tr("(%1)").arg(diagnostic->device);
    QToolTip::showText(viewport()->mapToGlobal(QPoint(x, y)), tip, viewport());
}

QList<int> KernelEditor::breakpoints() const {
    QList<int> lines;
    for (int line = const_cast<KernelEditor*>(this)->markerFindNext(0, 1 << kBreakpointMarker);
         line >= 0;
         line = const_cast<KernelEditor*>(this)->markerFindNext(line + 1, 1 << kBreakpointMarker))
        lines.append(line + 1);
    return lines;
}

void KernelEditor::toggleBreakpoint(int line) {
    if (line < 1 || line > lines())
        return;
    if (markersAtLine(line - 1) & (1 << kBreakpointMarker))
        markerDelete(line - 1, kBreakpointMarker);
    else
        markerAdd(line - 1, kBreakpointMarker);
    Q_EMIT breakpointsChanged();
}

void KernelEditor::clearBreakpoints() {
    markerDeleteAll(kBreakpointMarker);
    Q_EMIT breakpointsChanged();
}

void KernelEditor::showExecutionLine(int line) {
    markerDeleteAll(kExecutionMarker);
    markerDeleteAll(kExecutionLineMarker);
    if (line < 1 || line > lines())
        return;
    markerAdd(line - 1, kExecutionMarker);
    markerAdd(line - 1, kExecutionLineMarker);
}

int KernelEditor::executionLine() const {
    const int line = const_cast<KernelEditor*>(this)->markerFindNext(0, 1 << kExecutionMarker);
    return line < 0 ? 0 : line + 1;
}

void KernelEditor::goToLine(int line, int column) {
    const int target = std::clamp(line - 1, 0, std::max(0, lines() - 1));
    const int lineStart = int(send(this, SCI_POSITIONFROMLINE, ulong(target)));
    const int lineEnd = int(send(this, SCI_GETLINEENDPOSITION, ulong(target)));
    const int position = column > 0 ? std::min(lineStart + column - 1, lineEnd)
                                    : int(send(this, SCI_GETLINEINDENTPOSITION, ulong(target)));
    send(this, SCI_ENSUREVISIBLEENFORCEPOLICY, ulong(target));
    send(this, SCI_GOTOPOS, ulong(position));
    send(this, SCI_VERTICALCENTRECARET);
    setFocus(Qt::OtherFocusReason);
}

void KernelEditor::toggleComment() {
    int lineFrom = 0, indexFrom = 0, lineTo = 0, indexTo = 0;
    if (hasSelectedText()) {
        getSelection(&lineFrom, &indexFrom, &lineTo, &indexTo);
        if (indexTo == 0 && lineTo > lineFrom)
            --lineTo; // a selection ending at a line start leaves that line alone
    } else {
        getCursorPosition(&lineFrom, &indexFrom);
        lineTo = lineFrom;
    }
    static const QRegularExpression commented(QStringLiteral("^(\\s*)// ?"));
    bool allCommented = true;
    int indent = INT_MAX;
    for (int line = lineFrom; line <= lineTo; ++line) {
        const QString content = text(line);
        if (content.trimmed().isEmpty())
            continue;
        allCommented = allCommented && commented.match(content).hasMatch();
        indent = std::min(indent, int(send(this, SCI_GETLINEINDENTATION, ulong(line))));
    }
    if (indent == INT_MAX)
        return; // only blank lines
    beginUndoAction();
    for (int line = lineFrom; line <= lineTo; ++line) {
        const QString content = text(line);
        if (content.trimmed().isEmpty())
            continue;
        const int lineStart = int(send(this, SCI_POSITIONFROMLINE, ulong(line)));
        if (allCommented) {
            const QRegularExpressionMatch match = commented.match(content);
            const int from = lineStart + int(match.captured(1).toUtf8().size());
            const int length = int(match.capturedLength(0) - match.capturedLength(1));
            send(this, SCI_DELETERANGE, ulong(from), length);
        } else {
            // Insert at the common indentation column so that the block stays aligned.
            const int position = int(send(this, SCI_FINDCOLUMN, ulong(line), indent));
            SendScintilla(SCI_INSERTTEXT, uintptr_t(position), "// ");
        }
    }
    endUndoAction();
}

} // namespace clw::ui
